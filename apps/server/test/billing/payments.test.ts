import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BILL_MESSAGES } from '@karya/domain/bill-schemas';
import { buildUpiDueLink, financialYearOf } from '@karya/domain/gst';
import { INVOICE_MESSAGES } from '@karya/domain/invoice-schemas';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, billPayments, bills, workOrderStatusHistory } from '../../src/db/schema';
import type { Client } from '../helpers/http';
import {
  type BillAnswer,
  type Branch,
  confirmedServiceBill,
  createBill,
  createItem,
  expectOk,
  hireTechnician,
  type Item,
  line,
  MAHARASHTRA_GSTIN,
  type Order,
  openBranch,
  openWorld,
  saveBusiness,
  startedOrder,
  UPI_DEFAULT,
  type World,
} from './invoice-world';

/**
 * Later payments against a confirmed bill (issue 19): each a receipt, never more than the
 * due, one UPI transaction id once, concurrent payments never overpay.
 */

let world: World;
let kothrud: Branch;
let baner: Branch;
let installation: Item;
const FY = financialYearOf(new Date());

beforeAll(async () => {
  world = await openWorld();
  await saveBusiness(world);
  kothrud = await openBranch(world, 'Kothrud', { gstin: MAHARASHTRA_GSTIN, stateCode: '27' });
  baner = await openBranch(world, 'Baner', { stateCode: '27' });
  installation = await createItem(world, {
    type: 'service',
    name: 'Camera Installation',
    salePrice: 590,
    hsnSac: '998729',
    gstRate: 18,
  });
});
afterAll(() => world.t.close());

const pay = (
  as: Client,
  billId: string,
  amount: number,
  upi: string | null = null,
): ReturnType<Client['post']> =>
  as.post('/api/record-bill-payment', {
    billId,
    amount,
    paymentMethod: upi ? 'online' : 'cash',
    transactionId: upi,
  });

async function stored(billId: string) {
  const [row] = await world.t.db.select().from(bills).where(eq(bills.id, billId));
  const receipts = await world.t.db
    .select()
    .from(billPayments)
    .where(eq(billPayments.billId, billId));
  return { paidPaise: row?.paidPaise, status: row?.paymentStatus, receipts: receipts.length };
}

async function paymentEntries(order: Order) {
  return world.t.db
    .select()
    .from(workOrderStatusHistory)
    .where(
      and(
        eq(workOrderStatusHistory.workOrderId, order._id),
        eq(workOrderStatusHistory.status, 'payment'),
      ),
    );
}

describe('record-bill-payment', () => {
  it('partial, then the rest: a receipt each, paid when nothing is due', async () => {
    const { technician, order, bill } = await confirmedServiceBill(
      world,
      kothrud,
      installation,
      90,
    );
    expect(bill).toMatchObject({ total: 590, paidAmount: 90, dueAmount: 500 });
    const invoiceNumber = bill.invoice.number;

    const part = await pay(kothrud.manager, bill._id, 200);
    await expectOk(part);
    expect(part.json().message).toBe(INVOICE_MESSAGES.paymentRecorded);
    const afterPart = part.json().data as BillAnswer;
    expect(afterPart).toMatchObject({
      paidAmount: 290,
      dueAmount: 300,
      paymentStatus: 'partial',
      dueUpiLink: buildUpiDueLink({ ...UPI_DEFAULT, amountPaise: 30_000, note: invoiceNumber }),
    });
    expect(
      afterPart.payments.map((p: BillAnswer) => [p.receiptNumber, p.amount, p.method]),
    ).toEqual([
      [`RKOTH/${FY.label}/0001`, 90, 'cash'],
      [`RKOTH/${FY.label}/0002`, 200, 'cash'],
    ]);

    const over = await pay(kothrud.manager, bill._id, 300.01);
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(INVOICE_MESSAGES.amountOverDue('₹300.00'));
    expect(await stored(bill._id)).toEqual({ paidPaise: 29_000, status: 'partial', receipts: 2 });

    // The technician who made the bill collects the rest by UPI on a later visit.
    const rest = await pay(technician.http, bill._id, 300, 'UPI987654321012');
    await expectOk(rest);
    expect(rest.json().data).toMatchObject({
      paidAmount: 590,
      dueAmount: 0,
      paymentStatus: 'paid',
      dueUpiLink: null,
    });
    expect(rest.json().data.payments[2]).toMatchObject({
      receiptNumber: `RKOTH/${FY.label}/0003`,
      amount: 300,
      method: 'online',
      transactionId: 'UPI987654321012',
      receivedBy: { _id: technician.id },
    });

    const more = await pay(kothrud.manager, bill._id, 1);
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toBe(INVOICE_MESSAGES.nothingDue);

    // Each payment is in the order's history, like the one taken at confirmation.
    const entries = await paymentEntries(order);
    expect(entries).toHaveLength(3);
    expect(entries.map((e) => e.remark)).toContain(
      BILL_MESSAGES.paymentRemark(invoiceNumber, 'online', 300),
    );
    const audit = await world.t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, bill._id), eq(auditEvents.action, 'bill.payment')));
    expect(audit).toHaveLength(2);
  });

  it('a UPI transaction id pays one receipt only', async () => {
    const first = await confirmedServiceBill(world, kothrud, installation, 0);
    const second = await confirmedServiceBill(world, kothrud, installation, 0);
    await expectOk(await pay(kothrud.manager, first.bill._id, 100, 'UPI111122223333'));
    const reused = await pay(kothrud.manager, second.bill._id, 100, 'UPI111122223333');
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe(INVOICE_MESSAGES.transactionIdUsed);
    expect(await stored(second.bill._id)).toEqual({ paidPaise: 0, status: 'unpaid', receipts: 0 });

    const short = await pay(kothrud.manager, second.bill._id, 100, 'UPI1');
    expect(short.statusCode).toBe(400);
    const zero = await pay(kothrud.manager, second.bill._id, 0);
    expect(zero.statusCode).toBe(400);
    expect(zero.json().message).toBe(INVOICE_MESSAGES.amountPositive);
  });

  it('the same UPI transaction id on five bills at once: one receipt', async () => {
    const confirmed = [];
    for (let i = 0; i < 5; i += 1)
      confirmed.push(await confirmedServiceBill(world, kothrud, installation, 0));
    const answers = await Promise.all(
      confirmed.map(({ bill }) => pay(kothrud.manager, bill._id, 590, 'UPI555566667777')),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.statusCode !== 200)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(INVOICE_MESSAGES.transactionIdUsed);
    }
    const receipts = await world.t.db
      .select()
      .from(billPayments)
      .where(eq(billPayments.transactionId, 'UPI555566667777'));
    expect(receipts).toHaveLength(1);
  });

  it('a bill not yet confirmed takes no later payment', async () => {
    const technician = await hireTechnician(world, kothrud);
    const order = await startedOrder(kothrud, technician);
    const draft = await createBill(technician, order, [line(installation)]);
    const refused = await pay(kothrud.manager, draft._id, 100);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(INVOICE_MESSAGES.billNotConfirmed);
  });

  it('20 payments of the full due at once: one succeeds, paid never exceeds the total', async () => {
    const { bill } = await confirmedServiceBill(world, kothrud, installation, 0);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => pay(kothrud.manager, bill._id, 590)),
    );
    const succeeded = answers.filter((a) => a.statusCode === 200);
    expect(succeeded).toHaveLength(1);
    for (const refused of answers.filter((a) => a.statusCode !== 200)) {
      expect([400, 409]).toContain(refused.statusCode);
      expect([INVOICE_MESSAGES.nothingDue, INVOICE_MESSAGES.amountOverDue('₹0.00')]).toContain(
        refused.json().message,
      );
    }
    expect(succeeded[0]?.json().data).toMatchObject({ paidAmount: 590, paymentStatus: 'paid' });
    expect(await stored(bill._id)).toEqual({ paidPaise: 59_000, status: 'paid', receipts: 1 });
  });
});

describe('UPI transaction ids differing only in case (issue 33 item 6)', () => {
  /** A 14-character id of this run with letters in it, as the customer's app shows it. */
  const upiId = (tag: string) => `upi${tag}${Date.now().toString(36)}x`.slice(0, 16);
  const flipCase = (id: string) =>
    [...id].map((c, i) => (i % 2 ? c.toUpperCase() : c.toLowerCase())).join('');
  const confirmOnline = (technician: { http: Client }, billId: string, transactionId: string) =>
    technician.http.post('/api/confirm-order-bill', {
      billId,
      paymentMethod: 'online',
      transactionId,
    });
  async function draftBill() {
    const technician = await hireTechnician(world, kothrud);
    const order = await startedOrder(kothrud, technician);
    const draft = await createBill(technician, order, [line(installation)]);
    return { technician, draft };
  }
  const receiptsWith = (transactionId: string) =>
    world.t.db.select().from(billPayments).where(eq(billPayments.transactionId, transactionId));

  it('a bill paid on site keeps its id upper-cased; the id in another case is refused on site and later', async () => {
    const id = upiId('site');
    const first = await draftBill();
    const confirmed = await confirmOnline(first.technician, first.draft._id, ` ${id} `);
    await expectOk(confirmed);
    const upper = id.toUpperCase();
    expect(confirmed.json().data).toMatchObject({ transactionId: upper, paymentStatus: 'paid' });
    expect(confirmed.json().data.payments[0]).toMatchObject({ transactionId: upper });
    const [bill] = await world.t.db.select().from(bills).where(eq(bills.id, first.draft._id));
    expect(bill?.transactionId).toBe(upper);
    expect(await receiptsWith(upper)).toHaveLength(1);

    // On site, on another bill: the same id exactly, upper-cased, or mixed, is one id.
    const second = await draftBill();
    for (const again of [id, upper, flipCase(id)]) {
      const refused = await confirmOnline(second.technician, second.draft._id, again);
      expect(refused.statusCode, again).toBe(409);
      expect(refused.json().message).toBe(INVOICE_MESSAGES.transactionIdUsed);
    }
    const [unpaid] = await world.t.db.select().from(bills).where(eq(bills.id, second.draft._id));
    expect(unpaid?.paidAt).toBeNull();

    // A later payment, by the manager of another bill, with the id in another case.
    const later = await confirmedServiceBill(world, kothrud, installation, 0);
    const refused = await pay(kothrud.manager, later.bill._id, 100, flipCase(id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(INVOICE_MESSAGES.transactionIdUsed);
    expect(await stored(later.bill._id)).toEqual({ paidPaise: 0, status: 'unpaid', receipts: 0 });
  });

  it('a later payment keeps its id upper-cased; the id in another case is refused as a duplicate', async () => {
    const id = upiId('late');
    const first = await confirmedServiceBill(world, kothrud, installation, 0);
    const second = await confirmedServiceBill(world, kothrud, installation, 0);
    const paid = await pay(kothrud.manager, first.bill._id, 100, id);
    await expectOk(paid);
    expect(paid.json().data.payments.at(-1)).toMatchObject({ transactionId: id.toUpperCase() });
    expect(await receiptsWith(id.toUpperCase())).toHaveLength(1);
    expect(await receiptsWith(id)).toHaveLength(0);
    // The exact id and the id in other cases are refused alike, and change nothing.
    for (const again of [id, id.toUpperCase(), flipCase(id)]) {
      const refused = await pay(kothrud.manager, second.bill._id, 100, again);
      expect(refused.statusCode, again).toBe(409);
      expect(refused.json().message).toBe(INVOICE_MESSAGES.transactionIdUsed);
    }
    expect(await stored(second.bill._id)).toEqual({ paidPaise: 0, status: 'unpaid', receipts: 0 });
    // Nor can the bill confirmed on site take it.
    const onSite = await draftBill();
    const refused = await confirmOnline(onSite.technician, onSite.draft._id, flipCase(id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(INVOICE_MESSAGES.transactionIdUsed);
  });

  it('migration 0025 upper-cases the ids recorded before; of ids that collide, one receipt takes the upper-cased id', async () => {
    // Receipts as the old code could leave them: typed in any case, two of one id.
    const receiptOf = async (transactionId: string) => {
      const { bill } = await confirmedServiceBill(world, kothrud, installation, 0);
      await expectOk(await pay(kothrud.manager, bill._id, 100, transactionId));
      const [row] = await receiptsWith(transactionId.toUpperCase());
      if (!row) throw new Error('no receipt');
      return row.id;
    };
    const setId = (receiptId: string, transactionId: string) =>
      world.t.db.update(billPayments).set({ transactionId }).where(eq(billPayments.id, receiptId));
    const [a, b, c, d] = ['miga', 'migb', 'migc', 'migd'].map(upiId);
    if (!a || !b || !c || !d) throw new Error('no ids');
    const alone = await receiptOf(a);
    await setId(alone, ` ${a} `);
    const earlier = await receiptOf(b);
    const later = await receiptOf(`${b}0`);
    await setId(earlier, b);
    await setId(later, flipCase(b));
    // Here the later receipt holds the upper-cased id already: it keeps it, the other stays.
    const typed = await receiptOf(c);
    const held = await receiptOf(`${c}0`);
    await setId(typed, c);
    await setId(held, c.toUpperCase());
    // A bill paid on site keeps its own copy of the id.
    const onSite = await draftBill();
    await expectOk(await confirmOnline(onSite.technician, onSite.draft._id, d));
    await world.t.db.update(bills).set({ transactionId: d }).where(eq(bills.id, onSite.draft._id));
    const [siteReceipt] = await receiptsWith(d.toUpperCase());
    if (!siteReceipt) throw new Error('no receipt');
    await setId(siteReceipt.id, d);

    const migration = readFileSync(
      fileURLToPath(
        new URL('../../drizzle/0025_upi_transaction_ids_upper_case.sql', import.meta.url),
      ),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint'))
      await world.t.db.execute(sql.raw(statement));

    const idOf = async (receiptId: string) =>
      (await world.t.db.select().from(billPayments).where(eq(billPayments.id, receiptId)))[0]
        ?.transactionId;
    expect(await idOf(alone)).toBe(a.toUpperCase());
    expect(await idOf(earlier)).toBe(b.toUpperCase());
    expect(await idOf(later)).toBe(flipCase(b));
    expect(await idOf(typed)).toBe(c);
    expect(await idOf(held)).toBe(c.toUpperCase());
    expect(await idOf(siteReceipt.id)).toBe(d.toUpperCase());
    const [siteBill] = await world.t.db.select().from(bills).where(eq(bills.id, onSite.draft._id));
    expect(siteBill?.transactionId).toBe(d.toUpperCase());
    // Every id of those groups, in any case, is now refused.
    const next = await confirmedServiceBill(world, kothrud, installation, 0);
    for (const again of [a, flipCase(b), c, d]) {
      const refused = await pay(kothrud.manager, next.bill._id, 100, again);
      expect(refused.statusCode, again).toBe(409);
      expect(refused.json().message).toBe(INVOICE_MESSAGES.transactionIdUsed);
    }
    // Run twice, it changes nothing more.
    for (const statement of migration.split('--> statement-breakpoint'))
      await world.t.db.execute(sql.raw(statement));
    expect(await idOf(later)).toBe(flipCase(b));
    expect(await idOf(earlier)).toBe(b.toUpperCase());
  });
});

describe('who may record a payment', () => {
  let bill: BillAnswer;
  let order: Order;

  beforeAll(async () => {
    ({ bill, order } = await confirmedServiceBill(world, kothrud, installation, 0));
  });

  it('not another branch’s manager or technician, nor a technician not visiting the customer', async () => {
    const strangerHere = await hireTechnician(world, kothrud);
    const technicianThere = await hireTechnician(world, baner);
    for (const as of [baner.manager, technicianThere.http, strangerHere.http]) {
      const refused = await pay(as, bill._id, 10);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe(BILL_MESSAGES.billNotFound);
    }
    expect(await stored(bill._id)).toEqual({ paidPaise: 0, status: 'unpaid', receipts: 0 });
  });

  it('a technician of the branch with an open order of the customer, and admins', async () => {
    const visitor = await hireTechnician(world, kothrud);
    const visit = await kothrud.manager.post('/api/create-work-orders', {
      customerId: order.customerId,
      projectType: 'CCTV Camera',
      initialRemark: 'Collect the balance and check camera 2',
    });
    await expectOk(visit);
    const visitOrder = visit.json().data;
    await expectOk(
      await kothrud.manager.post('/api/assign-technician', {
        customerId: order.customerId,
        orderId: visitOrder.orderId,
        technicianId: visitor.id,
        instructions: '',
      }),
    );
    const byVisitor = await pay(visitor.http, bill._id, 100);
    await expectOk(byVisitor);
    expect(byVisitor.json().data.payments[0].receivedBy._id).toBe(visitor.id);

    const byAdmin = await pay(world.admin, bill._id, 490);
    await expectOk(byAdmin);
    expect(byAdmin.json().data).toMatchObject({ dueAmount: 0, paymentStatus: 'paid' });
  });
});
