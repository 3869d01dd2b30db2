import { BILL_MESSAGES } from '@karya/domain/bill-schemas';
import { financialYearOf } from '@karya/domain/gst';
import { INVOICE_MESSAGES } from '@karya/domain/invoice-schemas';
import { INVALID_UPI_TRANSACTION_ID } from '@karya/domain/payment-methods';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billRefunds,
  bills,
  creditNotes,
  documentNumberCounters,
  serialUnits,
  stockMovements,
  technicianStock,
} from '../../src/db/schema';
import {
  type BillAnswer,
  type Branch,
  createBill,
  createItem,
  expectOk,
  giveQuantity,
  giveSerials,
  hireTechnician,
  type Item,
  line,
  MAHARASHTRA_GSTIN,
  openBranch,
  openWorld,
  saveBusiness,
  startedOrder,
  type Technician,
  type World,
} from './invoice-world';

/**
 * Issue 39 item 6, decision 041: cancelling an invoice with money on it asks what becomes of
 * the money (a refund voucher, or the customer's advance), a Tax Invoice is reversed by a
 * credit note, and the job can be billed again once, the advance applied, no stock moved.
 */

let world: World;
let kothrud: Branch;
let baner: Branch;
let camera: Item;
let cable: Item;
let installation: Item;
const FY = financialYearOf(new Date()).label;

beforeAll(async () => {
  world = await openWorld();
  await saveBusiness(world);
  kothrud = await openBranch(world, 'Kothrud', { gstin: MAHARASHTRA_GSTIN, stateCode: '27' });
  // No GSTIN: bills of supply, which no credit note reverses.
  baner = await openBranch(world, 'Baner', { stateCode: '27' });
  camera = await createItem(world, {
    type: 'serialized-product',
    name: 'Dome Camera 2MP',
    salePrice: 8000,
    hsnSac: '85258900',
    gstRate: 18,
  });
  cable = await createItem(world, {
    type: 'generic-product',
    name: 'CAT6 Cable (m)',
    salePrice: 50,
    hsnSac: '85444299',
    gstRate: 18,
    priceIncludesTax: false,
  });
  installation = await createItem(world, {
    type: 'service',
    name: 'Camera Installation',
    salePrice: 1000,
    hsnSac: '998729',
    gstRate: 18,
  });
});
afterAll(() => world.t.close());

let serial = 0;
interface Job {
  technician: Technician;
  bill: BillAnswer;
  serialNumber: string;
}

/**
 * A confirmed invoice of a camera, its installation and 3 m of cable (₹9,177 at Kothrud),
 * with what the technician collected on the spot.
 */
async function paidJob(branch: Branch, paid: number | undefined, method = 'cash'): Promise<Job> {
  const technician = await hireTechnician(world, branch);
  serial += 1;
  const serialNumber = `CN-CAM-${branch.name}-${serial}`;
  await giveSerials(branch, technician, camera, [serialNumber]);
  await giveQuantity(branch, technician, cable, 5);
  const order = await startedOrder(branch, technician, { stateCode: '27' });
  const draft = await createBill(technician, order, [
    line(camera, { serialNumber }),
    line(installation),
    line(cable, { quantity: 3 }),
  ]);
  const body =
    method === 'online'
      ? { billId: draft._id, paymentMethod: 'online', transactionId: `UPI${Date.now()}${serial}` }
      : { billId: draft._id, paymentMethod: 'cash', paidAmount: paid ?? draft.total };
  const confirmed = await technician.http.post('/api/confirm-order-bill', body);
  await expectOk(confirmed);
  return { technician, bill: confirmed.json().data, serialNumber };
}

const cancel = (as: Branch['manager'], billId: string, extra: Record<string, unknown> = {}) =>
  as.post('/api/cancel-invoice', { billId, reason: 'Wrong customer GSTIN', ...extra });

const sameLines = (bill: BillAnswer, price?: (item: BillAnswer) => number) =>
  bill.items.map((item: BillAnswer) => ({
    lineId: item._id,
    name: item.name,
    price: price ? price(item) : item.price,
  }));

const correct = (as: Branch['manager'], bill: BillAnswer, extra: Record<string, unknown> = {}) =>
  as.post('/api/issue-corrected-invoice', { billId: bill._id, lines: sameLines(bill), ...extra });

async function billRow(id: string) {
  const [row] = await world.t.db.select().from(bills).where(eq(bills.id, id));
  return row;
}

async function seriesLast(branch: Branch, series: string): Promise<number> {
  const [row] = await world.t.db
    .select({ last: documentNumberCounters.last })
    .from(documentNumberCounters)
    .where(
      and(
        eq(documentNumberCounters.branchId, branch.id),
        eq(documentNumberCounters.series, series),
      ),
    );
  return row?.last ?? 0;
}

/** Everything the ledger and the technicians' hands say about a job's stock. */
async function stockOf(job: Job) {
  const [moves] = await world.t.db
    .select({ count: sql<number>`count(*)::int` })
    .from(stockMovements)
    .where(eq(stockMovements.workOrderId, job.bill.workOrderId));
  const [held] = await world.t.db
    .select({ quantity: technicianStock.quantity })
    .from(technicianStock)
    .where(
      and(
        eq(technicianStock.technicianId, job.technician.id),
        eq(technicianStock.itemId, cable._id),
      ),
    );
  const [unit] = await world.t.db
    .select({ location: serialUnits.location, billId: serialUnits.billId })
    .from(serialUnits)
    .where(eq(serialUnits.serialNumber, job.serialNumber));
  return { moves: moves?.count, cableHeld: held?.quantity, unit };
}

describe('cancelling an invoice with money on it', () => {
  it('is refused without a word on the money: 409 naming what was received and how, nothing changed', async () => {
    const job = await paidJob(kothrud, undefined);
    const before = await seriesLast(kothrud, 'credit-note');
    const refused = await cancel(kothrud.manager, job.bill._id);
    expect(refused.statusCode).toBe(409);
    const receipt = job.bill.payments[0].receiptNumber;
    expect(refused.json().message).toBe(
      INVOICE_MESSAGES.paidInvoiceNeedsChoice('₹9,177.00', `cash, receipt ${receipt}`),
    );
    const row = await billRow(job.bill._id);
    expect(row?.cancelledAt).toBeNull();
    expect(await seriesLast(kothrud, 'credit-note')).toBe(before);
    const notes = await world.t.db
      .select()
      .from(creditNotes)
      .where(eq(creditNotes.billId, job.bill._id));
    expect(notes).toEqual([]);
  });

  it('checks the choice: 400 for a bad one, 409 for another amount or money on an unpaid invoice', async () => {
    const job = await paidJob(kothrud, 5000);
    const bad: [Record<string, unknown>, string][] = [
      [{ outcome: 'refund', amount: 5000 }, INVOICE_MESSAGES.refundMethodRequired],
      [{ outcome: 'refund', amount: 5000, method: 'online' }, INVALID_UPI_TRANSACTION_ID],
      [
        { outcome: 'refund', amount: 5000, method: 'cheque' },
        INVOICE_MESSAGES.refundMethodRequired,
      ],
      [{ outcome: 'burn', amount: 5000 }, INVOICE_MESSAGES.moneyOutcomeRequired],
      [{ outcome: 'advance', amount: -5 }, INVOICE_MESSAGES.amountPositive],
      [{ outcome: 'advance', amount: 0 }, INVOICE_MESSAGES.amountPositive],
    ];
    for (const [money, message] of bad) {
      const response = await cancel(kothrud.manager, job.bill._id, { money });
      expect(response.statusCode, JSON.stringify(money)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const other = await cancel(kothrud.manager, job.bill._id, {
      money: { outcome: 'advance', amount: 4000 },
    });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(INVOICE_MESSAGES.moneyChoiceAmount('₹5,000.00'));
    expect((await billRow(job.bill._id))?.cancelledAt).toBeNull();

    const unpaid = await paidJob(kothrud, 0);
    const nothing = await cancel(kothrud.manager, unpaid.bill._id, {
      money: { outcome: 'advance', amount: 10 },
    });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe(INVOICE_MESSAGES.nothingReceived);
    expect((await billRow(unpaid.bill._id))?.cancelledAt).toBeNull();
  });

  it('admins and the branch’s managers only, for both the cancel and the corrected invoice', async () => {
    const job = await paidJob(kothrud, 100);
    const money = { outcome: 'advance', amount: 100 };
    expect((await cancel(job.technician.http, job.bill._id, { money })).statusCode).toBe(403);
    const otherBranch = await cancel(baner.manager, job.bill._id, { money });
    expect(otherBranch.statusCode).toBe(404);
    expect(otherBranch.json().message).toBe(BILL_MESSAGES.billNotFound);
    expect((await billRow(job.bill._id))?.cancelledAt).toBeNull();

    await expectOk(await cancel(kothrud.manager, job.bill._id, { money }));
    expect((await correct(job.technician.http, job.bill)).statusCode).toBe(403);
    expect((await correct(baner.manager, job.bill)).statusCode).toBe(404);
    const unknown = await kothrud.manager.post('/api/issue-corrected-invoice', {
      billId: '00000000-0000-4000-8000-000000000000',
      lines: sameLines(job.bill),
    });
    expect(unknown.statusCode).toBe(404);
    // The admin may correct any branch's invoice.
    await expectOk(await correct(world.admin, job.bill));
  });

  it('refunds in cash with a voucher of its own series, and reverses the Tax Invoice by a credit note', async () => {
    const job = await paidJob(kothrud, undefined);
    const vouchers = await seriesLast(kothrud, 'refund');
    const notes = await seriesLast(kothrud, 'credit-note');
    const invoices = await seriesLast(kothrud, 'invoice');
    const response = await cancel(kothrud.manager, job.bill._id, {
      money: { outcome: 'refund', amount: 9177, method: 'cash' },
    });
    await expectOk(response);
    const voucher = `VKOTH/${FY}/${String(vouchers + 1).padStart(4, '0')}`;
    expect(response.json().message).toBe(INVOICE_MESSAGES.invoiceCancelledDone);
    const { invoice, dueAmount } = response.json().data;
    expect(dueAmount).toBe(0);
    // The original keeps its number; no invoice number was taken.
    expect(invoice.number).toBe(job.bill.invoice.number);
    expect(await seriesLast(kothrud, 'invoice')).toBe(invoices);
    expect(invoice.cancellation).toMatchObject({
      money: 'refund',
      received: 9177,
      advanceHeld: 0,
      refunds: [{ voucherNumber: voucher, amount: 9177, method: 'cash', transactionId: null }],
      correctedBy: null,
    });
    const note = invoice.cancellation.creditNote;
    expect(note).toMatchObject({
      number: `CKOTH/${FY}/${String(notes + 1).padStart(4, '0')}`,
      invoiceNumber: job.bill.invoice.number,
      invoiceDate: job.bill.invoice.date,
      reason: 'Wrong customer GSTIN',
      // Every head the invoice charged, taken back: CGST and SGST within the state, no IGST.
      taxable: job.bill.tax.taxable,
      cgst: job.bill.tax.cgst,
      sgst: job.bill.tax.sgst,
      igst: 0,
      roundOff: job.bill.tax.roundOff,
      total: 9177,
    });
    expect(note.lines).toEqual(
      job.bill.items.map((item: BillAnswer) => ({
        name: item.name,
        unit: item.unit,
        quantity: item.quantity,
        hsnSac: item.hsnSac,
        gstRate: item.gstRate,
        taxable: item.taxable,
        cgst: item.cgst,
        sgst: item.sgst,
        igst: item.igst,
        total: item.amount,
      })),
    );

    // The next cancellation takes the next credit note: the series runs without gaps.
    const next = await paidJob(kothrud, 0);
    const second = await cancel(kothrud.manager, next.bill._id);
    await expectOk(second);
    expect(second.json().message).toBe(INVOICE_MESSAGES.invoiceCancelledDone);
    expect(second.json().data.invoice.cancellation.creditNote.number).toBe(
      `CKOTH/${FY}/${String(notes + 2).padStart(4, '0')}`,
    );
    expect(second.json().data.invoice.cancellation).toMatchObject({ money: null, received: 0 });
  });

  it('refunds by UPI with the refund’s own transaction id, never one already recorded', async () => {
    const job = await paidJob(kothrud, undefined, 'online');
    const paidWith = job.bill.payments[0].transactionId;
    const reused = await cancel(kothrud.manager, job.bill._id, {
      money: { outcome: 'refund', amount: 9177, method: 'online', transactionId: paidWith },
    });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe(INVOICE_MESSAGES.transactionIdUsed);
    expect((await billRow(job.bill._id))?.cancelledAt).toBeNull();

    const refundId = `RFND${Date.now()}`;
    const refunded = await cancel(kothrud.manager, job.bill._id, {
      money: { outcome: 'refund', amount: 9177, method: 'online', transactionId: refundId },
    });
    await expectOk(refunded);
    expect(refunded.json().data.invoice.cancellation.refunds).toMatchObject([
      { amount: 9177, method: 'online', transactionId: refundId },
    ]);
    // That id has now paid something: no payment may be recorded with it.
    const other = await paidJob(kothrud, 100);
    const payment = await kothrud.manager.post('/api/record-bill-payment', {
      billId: other.bill._id,
      amount: 50,
      paymentMethod: 'online',
      transactionId: refundId,
    });
    expect(payment.statusCode).toBe(409);
    expect(payment.json().message).toBe(INVOICE_MESSAGES.transactionIdUsed);
  });

  it('a bill of supply is cancelled with no credit note', async () => {
    const job = await paidJob(baner, 0);
    const response = await cancel(baner.manager, job.bill._id);
    await expectOk(response);
    expect(job.bill.invoice.kind).toBe('bill-of-supply');
    expect(response.json().data.invoice.cancellation.creditNote).toBeNull();
    expect(await seriesLast(baner, 'credit-note')).toBe(0);
  });
});

describe('the corrected invoice', () => {
  it('applies the advance kept, takes the next invoice number and moves no stock', async () => {
    const job = await paidJob(kothrud, undefined);
    const kept = await cancel(kothrud.manager, job.bill._id, {
      money: { outcome: 'advance', amount: 9177 },
    });
    await expectOk(kept);
    expect(kept.json().message).toBe(INVOICE_MESSAGES.invoiceCancelledDone);
    expect(kept.json().data).toMatchObject({ paidAmount: 9177, dueAmount: 0 });
    expect(kept.json().data.invoice.cancellation).toMatchObject({
      money: 'advance',
      received: 9177,
      advanceHeld: 9177,
      refunds: [],
    });
    const dues = await kothrud.manager.get('/api/outstanding-dues?pageSize=100');
    expect(dues.json().data.map((row: BillAnswer) => row.billId)).not.toContain(job.bill._id);

    const stockBefore = await stockOf(job);
    expect(stockBefore.unit).toEqual({ location: 'customer', billId: job.bill._id });
    const invoices = await seriesLast(kothrud, 'invoice');

    // The installation was under-charged: ₹1,500 instead of ₹1,000.
    const response = await kothrud.manager.post('/api/issue-corrected-invoice', {
      billId: job.bill._id,
      lines: sameLines(job.bill, (item) =>
        item.name === 'Camera Installation' ? 1500 : item.price,
      ),
    });
    await expectOk(response);
    expect(response.json().message).toBe(INVOICE_MESSAGES.correctedInvoiceIssued);
    const corrected = response.json().data;
    expect(corrected.invoice).toMatchObject({
      number: `KOTH/${FY}/${String(invoices + 1).padStart(5, '0')}`,
      kind: 'tax-invoice',
      corrects: {
        billId: job.bill._id,
        number: job.bill.invoice.number,
        date: job.bill.invoice.date,
      },
      cancelledAt: null,
    });
    expect(corrected.billNumber).not.toBe(job.bill.billNumber);
    expect(corrected).toMatchObject({
      status: 'confirmed',
      orderId: job.bill.orderId,
      total: 9677,
      paidAmount: 9177,
      dueAmount: 500,
      paymentStatus: 'partial',
    });
    expect(
      corrected.items.map((item: BillAnswer) => [item.name, item.quantity, item.price]),
    ).toEqual([
      ['Dome Camera 2MP', 1, 8000],
      ['Camera Installation', 1, 1500],
      ['CAT6 Cable (m)', 3, 50],
    ]);
    expect(corrected.items[0].serialNumber).toBe(job.serialNumber);
    // The advance is applied under the receipt it came in on: no new receipt for old money.
    expect(corrected.payments).toMatchObject([
      {
        receiptNumber: job.bill.payments[0].receiptNumber,
        amount: 9177,
        method: 'cash',
        advanceOf: { billId: job.bill._id, number: job.bill.invoice.number },
      },
    ]);
    // No stock moved: the ledger, the technician's cable and the camera are as they were.
    expect(await stockOf(job)).toEqual(stockBefore);

    // The cancelled invoice names its correction and holds no advance any more.
    const original = await kothrud.manager.get(`/api/get-bill-details/${job.bill._id}`);
    expect(original.json().data.invoice).toMatchObject({
      number: job.bill.invoice.number,
      cancellation: {
        money: 'advance',
        advanceHeld: 0,
        correctedBy: { billId: corrected._id, number: corrected.invoice.number },
      },
    });
    // Dues: the corrected invoice owes its ₹500; the cancelled one nothing.
    const after = await kothrud.manager.get('/api/outstanding-dues?pageSize=100');
    const rows = after.json().data.filter((row: BillAnswer) => row.orderId === job.bill.orderId);
    expect(rows).toMatchObject([
      { billId: corrected._id, invoiceNumber: corrected.invoice.number, paid: 9177, due: 500 },
    ]);

    // Once only.
    const again = await correct(kothrud.manager, job.bill);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(INVOICE_MESSAGES.alreadyCorrected(corrected.invoice.number));
  });

  it('refunds the part of the advance over a smaller corrected invoice, and asks how first', async () => {
    const job = await paidJob(kothrud, undefined);
    await expectOk(
      await cancel(kothrud.manager, job.bill._id, { money: { outcome: 'advance', amount: 9177 } }),
    );
    const cheaper = sameLines(job.bill, (item) =>
      item.name === 'Camera Installation' ? 500 : item.price,
    );
    const refused = await kothrud.manager.post('/api/issue-corrected-invoice', {
      billId: job.bill._id,
      lines: cheaper,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      INVOICE_MESSAGES.advanceOverTotal('₹9,177.00', '₹8,677.00'),
    );
    const countBills = async () =>
      (
        await world.t.db
          .select({ id: bills.id })
          .from(bills)
          .where(eq(bills.workOrderId, job.bill.workOrderId))
      ).length;
    expect(await countBills()).toBe(1);

    const vouchers = await seriesLast(kothrud, 'refund');
    const response = await kothrud.manager.post('/api/issue-corrected-invoice', {
      billId: job.bill._id,
      lines: cheaper,
      refund: { method: 'cash' },
    });
    await expectOk(response);
    expect(response.json().data).toMatchObject({
      total: 8677,
      paidAmount: 8677,
      dueAmount: 0,
      paymentStatus: 'paid',
    });
    const refunds = await world.t.db
      .select()
      .from(billRefunds)
      .where(eq(billRefunds.billId, job.bill._id));
    expect(refunds).toMatchObject([
      {
        voucherNumber: `VKOTH/${FY}/${String(vouchers + 1).padStart(4, '0')}`,
        amountPaise: 50_000,
      },
    ]);
  });

  it('after a refund the corrected invoice owes its whole total', async () => {
    const job = await paidJob(kothrud, 2000);
    await expectOk(
      await cancel(kothrud.manager, job.bill._id, {
        money: { outcome: 'refund', amount: 2000, method: 'cash' },
      }),
    );
    const response = await correct(kothrud.manager, job.bill);
    await expectOk(response);
    expect(response.json().data).toMatchObject({
      total: 9177,
      paidAmount: 0,
      dueAmount: 9177,
      payments: [],
    });
  });

  it('refuses lines that are not exactly the cancelled invoice’s, and an invoice that stands', async () => {
    const job = await paidJob(kothrud, 0);
    const standing = await correct(kothrud.manager, job.bill);
    expect(standing.statusCode).toBe(409);
    expect(standing.json().message).toBe(INVOICE_MESSAGES.notCancelledInvoice);

    await expectOk(await cancel(kothrud.manager, job.bill._id));
    const lines = sameLines(job.bill);
    const wrong: unknown[] = [
      lines.slice(1),
      [...lines, lines[0]],
      [...lines.slice(1), { ...lines[0], lineId: '00000000-0000-4000-8000-000000000000' }],
      [],
    ];
    for (const attempt of wrong) {
      const response = await kothrud.manager.post('/api/issue-corrected-invoice', {
        billId: job.bill._id,
        lines: attempt,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(INVOICE_MESSAGES.correctedLinesMismatch);
    }
    const badPrice = await kothrud.manager.post('/api/issue-corrected-invoice', {
      billId: job.bill._id,
      lines: lines.map((l: BillAnswer) => ({ ...l, price: -1 })),
    });
    expect(badPrice.statusCode).toBe(400);
    expect(badPrice.json().message).toBe(INVOICE_MESSAGES.pricePositive);
    const noName = await kothrud.manager.post('/api/issue-corrected-invoice', {
      billId: job.bill._id,
      lines: lines.map((l: BillAnswer) => ({ ...l, name: ' ' })),
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe(INVOICE_MESSAGES.lineNameRequired);
    const [count] = await world.t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(bills)
      .where(eq(bills.workOrderId, job.bill.workOrderId));
    expect(count?.n).toBe(1);
  });
});
