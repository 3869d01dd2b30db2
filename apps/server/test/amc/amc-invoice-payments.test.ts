import {
  type AmcContractDetail,
  amcContractDetailSchema,
  amcInvoiceSchema,
  AMC_MESSAGES as M,
} from '@karya/domain/amc-schemas';
import { dueRowSchema, duesTotalsSchema, INVOICE_MESSAGES } from '@karya/domain/invoice-schemas';
import {
  billLine,
  completeOrder,
  confirmBill,
  createBill,
  createBranchTeam,
  createCustomer,
  createItem,
  createStartedOrder,
  type SeededItem,
  uniqueSerials,
} from '@karya/test-factories';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../../src/app';
import { SettableClock } from '../../src/clock';
import { loadConfig } from '../../src/config';
import { amcInvoicePayments, amcInvoices, auditEvents } from '../../src/db/schema';
import { runAmcScheduler } from '../../src/modules/amc';
import { ensureDefaultAdmin } from '../../src/modules/system/bootstrap-admin';
import { type Client, client } from '../helpers/http';
import { ADMIN, loginAs } from '../helpers/test-app';
import { openTestDatabase } from '../helpers/test-database';

/**
 * Money against a maintenance contract's invoices (issue 23, decision 037): a payment in cash
 * or by UPI with the bill payment's rules, by the branch's managers and admins, idempotent,
 * audited; the invoice's paid / partly paid / unpaid status; Outstanding Dues lists it beside
 * the bills until it is paid, and its totals count it.
 */

const clock = new SettableClock('2026-03-02');
let close: () => Promise<void>;
let app: Awaited<ReturnType<typeof buildApp>>['app'];
let db: Awaited<ReturnType<typeof openTestDatabase>>['db'];
let admin: Client;
let manager: Client;
let otherManager: Client;
let tech: Client;
let managerCookie = '';
let techId = '';
let visitCharge: SeededItem;

beforeAll(async () => {
  const database = await openTestDatabase();
  db = database.db;
  const built = await buildApp(loadConfig({ WEB_DIST: '/nonexistent' }), {
    database,
    logger: false,
    answers: 'checked',
    clock,
  });
  app = built.app;
  await ensureDefaultAdmin(db, { username: ADMIN.username, password: ADMIN.password });
  await app.ready();
  close = async () => {
    await app.close();
    await database.close();
  };
  admin = client(app, await loginAs(app, ADMIN.username, ADMIN.password));
  const kothrud = await createBranchTeam(admin, { branch: { name: 'Kothrud Dues' } });
  const baner = await createBranchTeam(admin, { branch: { name: 'Baner Dues' }, technicians: [] });
  manager = kothrud.manager.api;
  otherManager = baner.manager.api;
  const [technician] = kothrud.technicians;
  tech = technician.api;
  techId = technician.id;
  visitCharge = await createItem(admin, 'service', { name: 'Visit charge', salePrice: 500 });
  managerCookie = await loginAs(app, kothrud.manager.username, kothrud.manager.password);
});
afterAll(() => close());

const detail = (response: { statusCode: number; body: string; json(): unknown }) => {
  expect(response.statusCode, response.body).toBe(200);
  return amcContractDetailSchema.parse((response.json() as { data: unknown }).data);
};

/** An active contract of a new customer of the manager's branch. */
async function activeContract(terms: Record<string, unknown> = {}): Promise<AmcContractDetail> {
  const customer = await createCustomer(manager, { name: 'Farida Dues' });
  const draft = detail(
    await manager.post('/api/amc-contracts', {
      customerId: customer._id,
      projectType: 'CCTV Camera',
      serialNumbers: uniqueSerials(1, 'DUE'),
      startDate: '2026-03-02',
      visitsPerTerm: 4,
      price: 4800,
      ...terms,
    }),
  );
  return detail(await manager.post(`/api/amc-contracts/${draft._id}/activate`));
}

const dueRows = z.array(dueRowSchema);
async function dues(api: Client, search = '') {
  const query = search ? `?search=${encodeURIComponent(search)}` : '';
  const list = await api.get(`/api/outstanding-dues${query}`);
  expect(list.statusCode, list.body).toBe(200);
  const totals = await api.get(`/api/outstanding-dues-totals${query}`);
  expect(totals.statusCode, totals.body).toBe(200);
  return {
    rows: dueRows.parse(list.json().data),
    total: Number(list.headers['x-total-count']),
    totals: duesTotalsSchema.parse(totals.json().data),
  };
}

async function invoiceRow(id: string) {
  const [row] = await db.select().from(amcInvoices).where(eq(amcInvoices.id, id));
  return row;
}

const pay = (api: Client, invoiceId: string, body: Record<string, unknown>) =>
  api.post('/api/record-amc-invoice-payment', { invoiceId, ...body });

describe('a contract invoice paid from Outstanding Dues', () => {
  it('is listed beside the bills until paid, takes part payments, and then leaves the dues', async () => {
    const contract = await activeContract();
    const [invoice] = contract.invoices;
    if (!invoice) throw new Error('no invoice issued at activation');
    expect(invoice).toMatchObject({ paid: 0, due: invoice.total, paymentStatus: 'unpaid' });
    const before = await dues(manager);

    const listed = await dues(manager, contract.contractNumber);
    expect(listed.rows).toHaveLength(1);
    expect(listed.rows[0]).toMatchObject({
      billId: invoice._id,
      invoiceNumber: invoice.invoiceNumber,
      invoiceDate: '2026-03-02',
      customerName: 'Farida Dues',
      orderId: '',
      due: invoice.total,
      daysOutstanding: 0,
      contract: {
        _id: contract._id,
        contractNumber: contract.contractNumber,
        instalment: 1,
        instalments: 1,
      },
    });
    expect(listed.totals).toMatchObject({ count: 1, due: invoice.total });
    // The invoice number finds it too; another branch's manager never sees it.
    expect((await dues(manager, invoice.invoiceNumber)).rows).toHaveLength(1);
    expect((await dues(otherManager, contract.contractNumber)).rows).toHaveLength(0);

    // A month on, it is 30 days old and still owed.
    clock.set('2026-04-01');
    const aged = await dues(manager, contract.contractNumber);
    expect(aged.rows[0]).toMatchObject({ daysOutstanding: 30, bucket: '0-30' });

    const part = await pay(manager, invoice._id, { amount: 1000, paymentMethod: 'cash' });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().message).toBe(INVOICE_MESSAGES.paymentRecorded);
    const partly = amcInvoiceSchema.parse(part.json().data);
    expect(partly).toMatchObject({ paid: 1000, paymentStatus: 'partial' });
    expect(partly.due).toBeCloseTo(invoice.total - 1000, 2);
    expect(partly.payments).toHaveLength(1);
    expect(partly.payments[0]).toMatchObject({ amount: 1000, method: 'cash' });
    expect(partly.payments[0]?.receiptNumber).toMatch(/^R\w+\/\d{2}-\d{2}\/\d{4}$/);

    const still = await dues(manager);
    expect(still.total).toBe(before.total);
    expect(still.totals.due).toBeCloseTo(before.totals.due - 1000, 2);

    const rest = await pay(manager, invoice._id, {
      amount: partly.due,
      paymentMethod: 'online',
      transactionId: 'UPI123456789012',
    });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(amcInvoiceSchema.parse(rest.json().data)).toMatchObject({
      paid: invoice.total,
      due: 0,
      paymentStatus: 'paid',
    });
    const after = await dues(manager);
    expect(after.total).toBe(before.total - 1);
    expect(after.rows.map((row) => row.billId)).not.toContain(invoice._id);
    expect(after.totals.count).toBe(before.totals.count - 1);

    const shown = detail(await manager.get(`/api/amc-contracts/${contract._id}`));
    expect(shown.invoices[0]).toMatchObject({ paymentStatus: 'paid', due: 0 });
    expect(shown.invoices[0]?.payments.map((p) => p.method)).toEqual(['cash', 'online']);

    const audits = await db
      .select({ summary: auditEvents.summary })
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'amc.invoice-payment'), eq(auditEvents.entityId, invoice._id)),
      );
    expect(audits).toHaveLength(2);
    expect(audits[0]?.summary).toContain(contract.contractNumber);

    // Paid in full: nothing more is taken.
    const more = await pay(manager, invoice._id, { amount: 1, paymentMethod: 'cash' });
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toBe(M.invoiceNothingDue);
  });

  it('lists each instalment as its visit’s order opens it', async () => {
    clock.set('2026-03-02');
    const contract = await activeContract({ billing: 'instalments', price: 4000 });
    expect(contract.invoices).toEqual([]);
    clock.set('2026-05-28');
    await runAmcScheduler(db, clock, 7);
    const listed = await dues(manager, contract.contractNumber);
    expect(listed.rows.map((row) => row.contract?.instalment)).toEqual([1]);
    expect(listed.rows[0]?.contract?.instalments).toBe(4);
    expect(listed.rows[0]?.invoiceDate).toBe('2026-05-28');
  });
});

describe('pages of dues mixing bills and contract invoices', () => {
  it('read one at a time, give the whole list in the same order', async () => {
    // Two bills left partly paid (dated by the real day, as bills are: decision 035).
    for (const name of ['Bill Dues One', 'Bill Dues Two']) {
      const order = await createStartedOrder(manager, { id: techId, api: tech }, { name });
      const bill = await createBill(tech, order, [billLine(visitCharge)]);
      await confirmBill(tech, bill._id, 100);
      await completeOrder(tech, order);
    }
    const whole = await dues(manager);
    expect(whole.rows.some((row) => row.contract)).toBe(true);
    expect(whole.rows.some((row) => !row.contract)).toBe(true);
    const paged: string[] = [];
    for (let offset = 0; offset < whole.total; offset += 1) {
      const page = await manager.get(`/api/outstanding-dues?limit=1&offset=${offset}`);
      expect(page.statusCode, page.body).toBe(200);
      paged.push(...dueRows.parse(page.json().data).map((row) => row.billId));
    }
    expect(paged).toEqual(whole.rows.map((row) => row.billId));
    const dates = whole.rows.map((row) => row.invoiceDate);
    expect(dates).toEqual([...dates].sort());
  });
});

describe('refusals change nothing', () => {
  let invoiceId = '';
  let due = 0;

  beforeAll(async () => {
    clock.set('2026-03-02');
    const contract = await activeContract({ price: 2000 });
    invoiceId = contract.invoices[0]?._id ?? '';
    due = contract.invoices[0]?.total ?? 0;
  });

  async function unchanged() {
    const row = await invoiceRow(invoiceId);
    expect(row?.paidPaise).toBe(0);
    const receipts = await db
      .select()
      .from(amcInvoicePayments)
      .where(eq(amcInvoicePayments.invoiceId, invoiceId));
    expect(receipts).toEqual([]);
  }

  it('refuses more than the due, a bad method, UPI without its id, and a zero amount', async () => {
    const over = await pay(manager, invoiceId, { amount: due + 1, paymentMethod: 'cash' });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(
      INVOICE_MESSAGES.amountOverDue(
        `₹${due.toLocaleString('en-IN', { minimumFractionDigits: 2 })}`,
      ),
    );
    const method = await pay(manager, invoiceId, { amount: 10, paymentMethod: 'cheque' });
    expect(method.statusCode).toBe(400);
    const upi = await pay(manager, invoiceId, {
      amount: 10,
      paymentMethod: 'online',
      transactionId: 'short',
    });
    expect(upi.statusCode).toBe(400);
    expect(upi.body).toContain('Please enter a valid UPI transaction ID (min 12 characters).');
    const zero = await pay(manager, invoiceId, { amount: 0, paymentMethod: 'cash' });
    expect(zero.statusCode).toBe(400);
    expect(zero.body).toContain(INVOICE_MESSAGES.amountPositive);
    await unchanged();
  });

  it('refuses a technician (403), another branch’s manager and an unknown invoice (404)', async () => {
    const byTech = await pay(tech, invoiceId, { amount: 10, paymentMethod: 'cash' });
    expect(byTech.statusCode).toBe(403);
    const byOther = await pay(otherManager, invoiceId, { amount: 10, paymentMethod: 'cash' });
    expect(byOther.statusCode).toBe(404);
    expect(byOther.json().message).toBe(M.invoiceNotFound);
    const unknown = await pay(manager, '00000000-0000-4000-8000-000000000000', {
      amount: 10,
      paymentMethod: 'cash',
    });
    expect(unknown.statusCode).toBe(404);
    const notAnId = await pay(manager, 'AMC-1', { amount: 10, paymentMethod: 'cash' });
    expect(notAnId.statusCode).toBe(404);
    // No invoice named at all: a 400 in the same words, not the validator's own.
    const none = await manager.post('/api/record-amc-invoice-payment', {
      amount: 10,
      paymentMethod: 'cash',
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(M.invoiceNotFound);
    await unchanged();
  });

  it('refuses a UPI transaction id already recorded', async () => {
    const other = await activeContract({ price: 1000 });
    const first = await pay(manager, other.invoices[0]?._id ?? '', {
      amount: 100,
      paymentMethod: 'online',
      transactionId: 'UPIDUPLICATE0001',
    });
    expect(first.statusCode, first.body).toBe(200);
    const again = await pay(manager, invoiceId, {
      amount: 100,
      paymentMethod: 'online',
      transactionId: 'UPIDUPLICATE0001',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(INVOICE_MESSAGES.transactionIdUsed);
    await unchanged();
  });

  it('takes a UPI id differing only in case as the same id, stored upper-cased (issue 33 item 6)', async () => {
    const id = `upiamc${Date.now().toString(36)}x`;
    const other = await activeContract({ price: 1000 });
    const otherInvoiceId = other.invoices[0]?._id ?? '';
    const first = await pay(manager, otherInvoiceId, {
      amount: 100,
      paymentMethod: 'online',
      transactionId: ` ${id} `,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(amcInvoiceSchema.parse(first.json().data).payments[0]?.transactionId).toBe(
      id.toUpperCase(),
    );
    const rows = await db
      .select({ transactionId: amcInvoicePayments.transactionId })
      .from(amcInvoicePayments)
      .where(eq(amcInvoicePayments.invoiceId, otherInvoiceId));
    expect(rows).toEqual([{ transactionId: id.toUpperCase() }]);
    for (const again of [id, id.toUpperCase(), `${id.slice(0, 4).toUpperCase()}${id.slice(4)}`]) {
      const refused = await pay(manager, invoiceId, {
        amount: 100,
        paymentMethod: 'online',
        transactionId: again,
      });
      expect(refused.statusCode, again).toBe(409);
      expect(refused.json().message).toBe(INVOICE_MESSAGES.transactionIdUsed);
    }
    await unchanged();
  });

  it("refuses a UPI id a bill's payment took in another case (issue 33 item 6)", async () => {
    const id = `upibill${Date.now().toString(36)}x`;
    const order = await createStartedOrder(
      manager,
      { id: techId, api: tech },
      { name: 'Upi Case Customer' },
    );
    const bill = await createBill(tech, order, [billLine(visitCharge)]);
    await confirmBill(tech, bill._id, 0);
    await completeOrder(tech, order);
    const billPaid = await manager.post('/api/record-bill-payment', {
      billId: bill._id,
      amount: 100,
      paymentMethod: 'online',
      transactionId: id,
    });
    expect(billPaid.statusCode, billPaid.body).toBe(200);
    const refused = await pay(manager, invoiceId, {
      amount: 100,
      paymentMethod: 'online',
      transactionId: id.toUpperCase(),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(INVOICE_MESSAGES.transactionIdUsed);
    await unchanged();
  });

  it('lets an admin record it, and answers a replayed Idempotency-Key without paying twice', async () => {
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/api/record-amc-invoice-payment',
        headers: { cookie: managerCookie, 'idempotency-key': 'amc-pay-replay-1' },
        payload: { invoiceId, amount: 500, paymentMethod: 'cash' },
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    const replay = await send();
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect((await invoiceRow(invoiceId))?.paidPaise).toBe(50_000);

    const byAdmin = await pay(admin, invoiceId, { amount: 100, paymentMethod: 'cash' });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect((await invoiceRow(invoiceId))?.paidPaise).toBe(60_000);
  });
});
