import { BILL_MESSAGES } from '@karya/domain/bill-schemas';
import { buildUpiDueLink, financialYearOf, indiaDate } from '@karya/domain/gst';
import { INVOICE_MESSAGES } from '@karya/domain/invoice-schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billPayments, bills } from '../../src/db/schema';
import { nextInvoiceNumber } from '../../src/modules/billing/invoice-issue';
import { createBranch, createPaidBill } from '../helpers/factories';
import {
  type BillAnswer,
  type Branch,
  type CustomerSetting,
  confirmBill,
  createBill,
  createItem,
  expectOk,
  giveQuantity,
  giveSerials,
  hireTechnician,
  type Item,
  KARNATAKA_CUSTOMER_GSTIN,
  line,
  MAHARASHTRA_GSTIN,
  openBranch,
  openWorld,
  saveBusiness,
  startedOrder,
  UPI_DEFAULT,
  type World,
} from './invoice-world';

/**
 * GST invoices (issue 19, decision 020): a bill is taxed when it is made and becomes a
 * numbered tax invoice or bill of supply when it is confirmed.
 */

let world: World;
let kothrud: Branch;
let baner: Branch;
let camera: Item;
let cable: Item;
let installation: Item;
const FY = financialYearOf(new Date());

const MAHARASHTRA = { code: '27', name: 'Maharashtra' };
const KARNATAKA = { code: '29', name: 'Karnataka' };

beforeAll(async () => {
  world = await openWorld();
  await saveBusiness(world);
  kothrud = await openBranch(world, 'Kothrud', { gstin: MAHARASHTRA_GSTIN, stateCode: '27' });
  baner = await openBranch(world, 'Baner', { stateCode: '27' });
  camera = await createItem(world, {
    type: 'serialized-product',
    name: 'Dome Camera 2MP',
    salePrice: 11800,
    hsnSac: '85258900',
    gstRate: 18,
  });
  // Priced without tax: the customer pays the price and the tax on top.
  cable = await createItem(world, {
    type: 'generic-product',
    name: 'CAT6 Cable (m)',
    salePrice: 99.99,
    hsnSac: '85444299',
    gstRate: 18,
    priceIncludesTax: false,
  });
  installation = await createItem(world, {
    type: 'service',
    name: 'Camera Installation',
    salePrice: 590,
    hsnSac: '998729',
    gstRate: 18,
  });
});
afterAll(() => world.t.close());

let serial = 0;
/** A technician of the branch holding one camera and one metre of cable, on a started order. */
async function billable(branch: Branch, customer: CustomerSetting = {}) {
  const technician = await hireTechnician(world, branch);
  serial += 1;
  const serialNumber = `CAM-${branch.name}-${serial}`;
  await giveSerials(branch, technician, camera, [serialNumber]);
  await giveQuantity(branch, technician, cable, 1);
  const order = await startedOrder(branch, technician, customer);
  const items = [line(camera, { serialNumber }), line(installation), line(cable)];
  return { technician, order, items };
}

const lineTax = (bill: BillAnswer) =>
  bill.items.map((item: BillAnswer) => ({
    name: item.name,
    hsnSac: item.hsnSac,
    gstRate: item.gstRate,
    priceIncludesTax: item.priceIncludesTax,
    warranty: item.warranty,
    price: item.price,
    amount: item.amount,
    taxable: item.taxable,
    cgst: item.cgst,
    sgst: item.sgst,
    igst: item.igst,
  }));

describe('a branch with a GSTIN of a registered business issues tax invoices', () => {
  it('a customer in the same state: CGST + SGST on the Bill Summary, then a numbered invoice', async () => {
    const { technician, order, items } = await billable(kothrud, { stateCode: '27' });
    const draft = await createBill(technician, order, items);
    expect(lineTax(draft)).toEqual([
      {
        name: 'Dome Camera 2MP',
        hsnSac: '85258900',
        gstRate: 18,
        priceIncludesTax: true,
        warranty: '1 year',
        price: 11800,
        amount: 11800,
        taxable: 10000,
        cgst: 900,
        sgst: 900,
        igst: 0,
      },
      {
        name: 'Camera Installation',
        hsnSac: '998729',
        gstRate: 18,
        priceIncludesTax: true,
        warranty: '',
        price: 590,
        amount: 590,
        taxable: 500,
        cgst: 45,
        sgst: 45,
        igst: 0,
      },
      {
        name: 'CAT6 Cable (m)',
        hsnSac: '85444299',
        gstRate: 18,
        priceIncludesTax: false,
        warranty: '1 year',
        price: 99.99,
        amount: 117.99,
        taxable: 99.99,
        cgst: 9,
        sgst: 9,
        igst: 0,
      },
    ]);
    // 12,507.99 to the rupee: a round-off of one paisa.
    expect(draft).toMatchObject({
      status: 'pending',
      total: 12508,
      dueAmount: 12508,
      tax: {
        intraState: true,
        placeOfSupply: MAHARASHTRA,
        taxable: 10599.99,
        cgst: 954,
        sgst: 954,
        igst: 0,
        roundOff: 0.01,
      },
      invoice: null,
      payments: [],
      dueUpiLink: null,
    });

    const paid = await confirmBill(technician, draft._id, 12508);
    const today = indiaDate(new Date());
    expect(paid.invoice).toEqual({
      number: `KOTH/${FY.label}/00001`,
      kind: 'tax-invoice',
      date: today,
      financialYear: FY.startYear,
      placeOfSupply: MAHARASHTRA,
      supplier: {
        legalName: 'Karya Installers Private Limited',
        tradeName: 'Karya Security',
        logo: null,
        // The branch has no address or phone of its own: the business's are printed.
        address: '12 FC Road, Pune 411004',
        phone: '020 2555 1234',
        email: 'accounts@karya.example',
        branchName: 'Kothrud',
        gstin: MAHARASHTRA_GSTIN,
        state: MAHARASHTRA,
      },
      recipient: {
        name: 'Meera Joshi',
        phone: expect.stringMatching(/^\+9196\d{8}$/),
        address: 'Baner Road, Pune',
        state: MAHARASHTRA,
        gstin: null,
      },
      reverseCharge: false,
      totalInWords: 'Rupees Twelve Thousand Five Hundred Eight Only',
      cancelledAt: null,
      cancellationReason: null,
    });
    expect(paid).toMatchObject({
      status: 'confirmed',
      billNumber: expect.stringMatching(/^BILL-KOTH-\d{8}-\d{4}$/),
      paymentStatus: 'paid',
      dueAmount: 0,
      dueUpiLink: null,
      payments: [
        {
          receiptNumber: `RKOTH/${FY.label}/0001`,
          amount: 12508,
          method: 'cash',
          transactionId: null,
          receivedBy: { _id: technician.id },
        },
      ],
    });
    // The split stays as it was shown before payment.
    expect(paid.tax).toEqual(draft.tax);
    expect(lineTax(paid)).toEqual(lineTax(draft));

    const details = await kothrud.manager.get(`/api/get-bill-details/${paid._id}`);
    await expectOk(details);
    expect(details.json().data.invoice).toEqual(paid.invoice);
  });

  it('each head is its rate of the printed taxable value; the odd paisa goes to the round off (issue 39 item 9)', async () => {
    const service = await createItem(world, {
      type: 'service',
      name: 'Safe Lock Service',
      salePrice: 500,
      hsnSac: '998729',
      gstRate: 18,
    });
    const technician = await hireTechnician(world, kothrud);
    const order = await startedOrder(kothrud, technician, { stateCode: '27' });
    const draft = await createBill(technician, order, [line(service)]);
    // 9 % of ₹423.73 is ₹38.1357: ₹38.14 each. Before, taxable read ₹423.72, whose 9 % is ₹38.13.
    // The line is taxable + tax, ₹500.01; the bill still asks ₹500, the round off taking the paisa.
    expect(lineTax(draft)[0]).toMatchObject({
      amount: 500.01,
      taxable: 423.73,
      cgst: 38.14,
      sgst: 38.14,
    });
    expect(draft).toMatchObject({
      total: 500,
      tax: { taxable: 423.73, cgst: 38.14, roundOff: -0.01 },
    });
  });

  it('a customer in another state: IGST, and the branch’s next number', async () => {
    const { technician, order, items } = await billable(kothrud, {
      name: 'Bengaluru Traders',
      stateCode: '29',
      gstin: KARNATAKA_CUSTOMER_GSTIN,
    });
    const draft = await createBill(technician, order, items);
    expect(draft.tax).toEqual({
      intraState: false,
      placeOfSupply: KARNATAKA,
      taxable: 10599.99,
      cgst: 0,
      sgst: 0,
      igst: 1908,
      roundOff: 0.01,
    });
    expect(lineTax(draft).map((l: BillAnswer) => [l.taxable, l.igst, l.amount])).toEqual([
      [10000, 1800, 11800],
      [500, 90, 590],
      [99.99, 18, 117.99],
    ]);
    // What the customer pays is the same whichever way the tax is split.
    expect(draft.total).toBe(12508);

    const paid = await confirmBill(technician, draft._id, 5000);
    expect(paid.invoice).toMatchObject({
      number: `KOTH/${FY.label}/00002`,
      kind: 'tax-invoice',
      placeOfSupply: KARNATAKA,
      recipient: { name: 'Bengaluru Traders', state: KARNATAKA, gstin: KARNATAKA_CUSTOMER_GSTIN },
    });
    expect(paid).toMatchObject({
      paidAmount: 5000,
      dueAmount: 7508,
      paymentStatus: 'partial',
      payments: [{ receiptNumber: `RKOTH/${FY.label}/0002`, amount: 5000 }],
      dueUpiLink: buildUpiDueLink({
        ...UPI_DEFAULT,
        amountPaise: 750_800,
        note: `KOTH/${FY.label}/00002`,
      }),
    });
    expect(paid.dueUpiLink).toContain('am=7508.00');
    expect(paid.dueUpiLink).toContain('pa=karya.central@okaxis');
  });

  it('the place of supply is the work site’s state when the order has one', async () => {
    const { technician, order, items } = await billable(kothrud, {
      stateCode: '27',
      site: { address: 'Plot 4, Verna Industrial Estate', stateCode: '30' },
    });
    const draft = await createBill(technician, order, items);
    expect(draft.tax).toMatchObject({
      intraState: false,
      placeOfSupply: { code: '30', name: 'Goa' },
      igst: 1908,
    });
    const paid = await confirmBill(technician, draft._id, 0);
    expect(paid.invoice.recipient).toMatchObject({
      address: 'Plot 4, Verna Industrial Estate',
      state: { code: '30', name: 'Goa' },
    });
    expect(paid.payments).toEqual([]);
    expect(paid.paymentStatus).toBe('unpaid');
  });
});

describe('a branch without a GSTIN issues bills of supply', () => {
  it('charges no tax: taxable value is the amount, numbered in its own series', async () => {
    const { technician, order, items } = await billable(baner, { stateCode: '29' });
    const draft = await createBill(technician, order, items);
    expect(lineTax(draft).map((l: BillAnswer) => [l.amount, l.taxable, l.cgst, l.igst])).toEqual([
      [11800, 11800, 0, 0],
      [590, 590, 0, 0],
      // An exclusive price carries no tax when none may be charged.
      [99.99, 99.99, 0, 0],
    ]);
    expect(draft).toMatchObject({
      total: 12490,
      tax: { taxable: 12489.99, cgst: 0, sgst: 0, igst: 0, roundOff: 0.01 },
    });
    const paid = await confirmBill(technician, draft._id);
    expect(paid.invoice).toMatchObject({
      number: `BANE/${FY.label}/00001`,
      kind: 'bill-of-supply',
      supplier: { branchName: 'Baner', gstin: null, state: MAHARASHTRA },
      totalInWords: 'Rupees Twelve Thousand Four Hundred Ninety Only',
    });
  });

  it('nor does a branch with a GSTIN while the business is not registered', async () => {
    const { technician, order, items } = await billable(kothrud, { stateCode: '27' });
    const taxed = await createBill(technician, order, items);
    expect(taxed.tax.cgst).toBe(954);

    await saveBusiness(world, false);
    try {
      // The customer was shown a tax invoice's split: it cannot be issued as another kind.
      const refused = await technician.http.post('/api/confirm-order-bill', {
        billId: taxed._id,
        paymentMethod: 'cash',
        transactionId: null,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(INVOICE_MESSAGES.taxDetailsChanged);
      const [row] = await world.t.db.select().from(bills).where(eq(bills.id, taxed._id));
      expect(row).toMatchObject({ paidAt: null, invoiceNumber: null });

      const again = await createBill(technician, order, items);
      expect(again.tax).toMatchObject({ cgst: 0, sgst: 0, igst: 0, taxable: 12489.99 });
      const paid = await confirmBill(technician, again._id);
      expect(paid.invoice).toMatchObject({
        kind: 'bill-of-supply',
        number: expect.stringMatching(/^KOTH\//),
      });
    } finally {
      await saveBusiness(world, true);
    }
  });
});

describe('invoice numbers', () => {
  it('20 confirmations at once across two branches: consecutive per branch, no gaps or repeats', async () => {
    const aundh = await openBranch(world, 'Aundh', { gstin: MAHARASHTRA_GSTIN });
    const hadapsar = await openBranch(world, 'Hadapsar', { stateCode: '27' });
    const drafts = [];
    for (const branch of [aundh, hadapsar]) {
      for (let i = 0; i < 10; i += 1) {
        const technician = await hireTechnician(world, branch);
        // Stock too: its ledger rows lock the branch row that the first invoice's prefix updates.
        await giveQuantity(branch, technician, cable, 1);
        const order = await startedOrder(branch, technician);
        drafts.push({
          branch,
          technician,
          bill: await createBill(technician, order, [line(installation), line(cable)]),
        });
      }
    }
    const confirmed = await Promise.all(
      drafts.map(async ({ branch, technician, bill }) => ({
        branch: branch.name,
        bill: await confirmBill(technician, bill._id),
      })),
    );
    const serials = (branch: string, pick: (bill: BillAnswer) => string) =>
      confirmed
        .filter((c) => c.branch === branch)
        .map((c) => pick(c.bill))
        .sort();
    const tens = (width: number) =>
      Array.from({ length: 10 }, (_, i) => String(i + 1).padStart(width, '0'));
    expect(serials('Aundh', (b) => b.invoice.number)).toEqual(
      tens(5).map((n) => `AUND/${FY.label}/${n}`),
    );
    expect(serials('Hadapsar', (b) => b.invoice.number)).toEqual(
      tens(5).map((n) => `HADA/${FY.label}/${n}`),
    );
    expect(serials('Aundh', (b) => b.payments[0].receiptNumber)).toEqual(
      tens(4).map((n) => `RAUND/${FY.label}/${n}`),
    );
    expect(confirmed.find((c) => c.branch === 'Aundh')?.bill.invoice.kind).toBe('tax-invoice');
    expect(confirmed.find((c) => c.branch === 'Hadapsar')?.bill.invoice.kind).toBe(
      'bill-of-supply',
    );
  });

  it('a new series starts at 1 April in India: 31 March 23:59 IST is still the old year', async () => {
    const branch = await createBranch(world.t.db, { name: 'Wakad' });
    const number = (at: string) =>
      world.t.db.transaction((tx) => nextInvoiceNumber(tx, branch.id, new Date(at)));
    expect(await number('2027-03-31T18:29:59.999Z')).toEqual({
      number: 'WAKA/26-27/00001',
      date: '2027-03-31',
      financialYear: 2026,
    });
    expect((await number('2027-03-31T18:29:59.999Z')).number).toBe('WAKA/26-27/00002');
    expect(await number('2027-03-31T18:30:00.000Z')).toEqual({
      number: 'WAKA/27-28/00001',
      date: '2027-04-01',
      financialYear: 2027,
    });
    expect((await number('2027-04-02T10:00:00.000Z')).number).toBe('WAKA/27-28/00002');
    // A rolled-back confirmation leaves no gap.
    await expect(
      world.t.db.transaction(async (tx) => {
        await nextInvoiceNumber(tx, branch.id, new Date('2027-04-03T10:00:00.000Z'));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await number('2027-04-03T10:00:00.000Z')).number).toBe('WAKA/27-28/00003');
  });
});

describe('cancel-invoice', () => {
  let bill: BillAnswer;

  beforeAll(async () => {
    const technician = await hireTechnician(world, kothrud);
    const order = await startedOrder(kothrud, technician, { stateCode: '27' });
    const draft = await createBill(technician, order, [line(installation)]);
    bill = await confirmBill(technician, draft._id, 90);
  });

  // ₹90 was received: it is kept as the customer's advance (decision 041).
  const cancel = (as: { post: Branch['manager']['post'] }, reason = 'Wrong customer name') =>
    as.post('/api/cancel-invoice', {
      billId: bill._id,
      reason,
      money: { outcome: 'advance', amount: 90 },
    });

  it('admins and the branch’s managers only; others change nothing', async () => {
    const technician = await hireTechnician(world, kothrud);
    const asTechnician = await cancel(technician.http);
    expect(asTechnician.statusCode).toBe(403);
    const otherManager = await cancel(baner.manager);
    expect(otherManager.statusCode).toBe(404);
    expect(otherManager.json().message).toBe(BILL_MESSAGES.billNotFound);
    const noReason = await kothrud.manager.post('/api/cancel-invoice', {
      billId: bill._id,
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(INVOICE_MESSAGES.cancellationReasonRequired);
    const [row] = await world.t.db.select().from(bills).where(eq(bills.id, bill._id));
    expect(row?.cancelledAt).toBeNull();
  });

  it('keeps the number, owes nothing more and takes no payment; a second cancel is refused', async () => {
    const cancelled = await cancel(kothrud.manager);
    await expectOk(cancelled);
    expect(cancelled.json().message).toBe(INVOICE_MESSAGES.invoiceCancelledDone);
    const data = cancelled.json().data;
    expect(data.invoice).toMatchObject({
      number: bill.invoice.number,
      cancelledAt: expect.any(String),
      cancellationReason: 'Wrong customer name',
    });
    expect(data).toMatchObject({
      status: 'confirmed',
      paidAmount: 90,
      dueAmount: 0,
      dueUpiLink: null,
    });

    const payment = await kothrud.manager.post('/api/record-bill-payment', {
      billId: bill._id,
      amount: 100,
      paymentMethod: 'cash',
    });
    expect(payment.statusCode).toBe(409);
    expect(payment.json().message).toBe(INVOICE_MESSAGES.invoiceCancelled);

    const again = await cancel(world.admin, 'Twice');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(INVOICE_MESSAGES.invoiceAlreadyCancelled);
    const [row] = await world.t.db.select().from(bills).where(eq(bills.id, bill._id));
    expect(row).toMatchObject({
      invoiceNumber: bill.invoice.number,
      cancellationReason: 'Wrong customer name',
      paidPaise: 9000,
    });
  });

  it('refuses a bill that was never confirmed', async () => {
    const technician = await hireTechnician(world, kothrud);
    const order = await startedOrder(kothrud, technician);
    const draft = await createBill(technician, order, [line(installation)]);
    const refused = await world.admin.post('/api/cancel-invoice', {
      billId: draft._id,
      reason: 'Not wanted',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(INVOICE_MESSAGES.notAnInvoice);
  });
});

describe('bills confirmed before invoices', () => {
  it('answer no invoice and the receipt the migration gave them', async () => {
    const technician = await hireTechnician(world, kothrud);
    const order = await startedOrder(kothrud, technician);
    const legacy = await createPaidBill(world.t.db, order._id, { amount: 1499.5 });
    // What migration 0012 wrote for every paid bill: one receipt, 'R-' and the bill number.
    await world.t.db.insert(billPayments).values({
      billId: legacy.id,
      receiptNumber: `R-${legacy.billNumber}`,
      amountPaise: legacy.paidPaise,
      method: 'cash',
      receivedAt: legacy.paidAt ?? new Date(),
    });
    const response = await world.admin.get(`/api/get-bill-details/${legacy.id}`);
    await expectOk(response);
    expect(response.json().data).toMatchObject({
      billNumber: legacy.billNumber,
      total: 1499.5,
      invoice: null,
      payments: [{ receiptNumber: `R-${legacy.billNumber}`, amount: 1499.5, receivedBy: null }],
      dueUpiLink: null,
    });
  });
});
