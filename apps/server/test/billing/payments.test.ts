import { BILL_MESSAGES } from '@karya/domain/bill-schemas';
import { buildUpiDueLink, financialYearOf } from '@karya/domain/gst';
import { INVOICE_MESSAGES } from '@karya/domain/invoice-schemas';
import { and, eq } from 'drizzle-orm';
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
