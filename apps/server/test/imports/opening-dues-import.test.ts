import { OPENING_DUE_MESSAGES as D } from '@karya/domain/import-kinds/opening-dues';
import { IMPORT_MESSAGES as M } from '@karya/domain/import-schemas';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billPayments, bills, customers, workOrders } from '../../src/db/schema';
import { createBranch, createUser } from '../helpers/factories';
import { ADMIN, createTestApp, loginAs, type TestApp } from '../helpers/test-app';
import { csvOf, importClient } from './opening-import-helpers';

/*
 * Opening dues (issue 36, decision 050): an old system's invoice still owed on appears in
 * Outstanding Dues under its own number, takes a payment with a receipt like any due, and is
 * never re-numbered; the rows are checked in the preview; a second run creates nothing.
 */

let t: TestApp;
let client: ReturnType<typeof importClient>;
let admin: string;
let manager: string;
let branchA: string;
const phone = '9822200002';

beforeAll(async () => {
  t = await createTestApp({ IMPORT_POLL_MS: '0' });
  client = importClient(t);
  admin = await loginAs(t.app, ADMIN.username, ADMIN.password);
  branchA = (await createBranch(t.db, { name: 'Kothrud' })).id;
  const m = await createUser(t.db, 'manager', { branchId: branchA });
  manager = await loginAs(t.app, m.username, m.password);
  await t.db.insert(customers).values({
    name: 'Vikram Shah',
    phoneNumber: phone,
    phoneNormalized: `+91${phone}`,
    phoneNational: phone,
    branchId: branchA,
  });
}, 60_000);
afterAll(() => t.close());

const file = () =>
  csvOf([
    ['Invoice No', 'Bill Date', 'Mobile', 'Invoice Amount', 'Amount Received'],
    ['INV/25-26/0417', '2026-01-15', phone, '₹ 11,800', 5000],
    ['INV/25-26/0418', '2099-01-01', phone, 1000, ''],
    ['', '2026-01-15', phone, 1000, ''],
    ['INV/25-26/0419', '2026-01-15', phone, 1000, 2000],
    ['INV/25-26/0420', '2026-01-15', '9000000000', 1000, ''],
    ['inv/25-26/0417', '2026-01-15', phone, 1000, ''],
    ['INV/25-26/0421', '2026-01-15', phone, 'abc', ''],
    ['INV/25-26/0422', '2026-01-15', phone, 1000, 1000],
  ]);

async function rows(table: typeof bills | typeof workOrders | typeof billPayments) {
  const [row] = await t.db.select({ n: count() }).from(table);
  return Number(row?.n ?? 0);
}

describe('opening dues', () => {
  let billId = '';

  it('previews each row with its message, and writes nothing', async () => {
    const response = await client.upload(
      admin,
      { kind: 'opening-dues', branch: branchA },
      'dues.csv',
      file(),
    );
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json().data;
    expect(preview).toMatchObject({ total: 8, toCreate: 1, duplicates: 1, errorRows: 6 });
    expect(preview.errors).toEqual([
      { row: 3, column: 'Invoice Date', message: D.futureDate },
      { row: 4, column: 'Invoice Number', message: D.numberRequired },
      { row: 5, column: 'Received', message: D.receivedOverAmount },
      { row: 6, column: 'Customer Phone', message: D.customerNotFound },
      { row: 8, column: 'Amount', message: D.invalidAmount },
      { row: 9, column: 'Received', message: D.nothingDue },
    ]);
    expect(preview.duplicateRows).toEqual([
      { row: 7, column: 'Invoice Number', message: 'Same invoice number as row 2' },
    ]);
    expect(await rows(bills)).toBe(0);

    const done = await client.commitAll(admin, preview._id);
    expect(done).toMatchObject({ status: 'done', created: 1, skipped: 1, failed: 6 });
  });

  it('appears in Outstanding Dues under its own number and date', async () => {
    const dues = await client.get(admin, `/api/outstanding-dues?branchId=${branchA}`);
    expect(dues.statusCode).toBe(200);
    expect(dues.json().data).toEqual([
      expect.objectContaining({
        invoiceNumber: 'INV/25-26/0417',
        invoiceDate: '2026-01-15',
        customerName: 'Vikram Shah',
        total: 11800,
        paid: 5000,
        due: 6800,
        contract: null,
      }),
    ]);
    billId = dues.json().data[0].billId;
    // Outside Karya's invoice series: the GST returns and Tally's sales leave it out.
    const [bill] = await t.db.select().from(bills).where(eq(bills.id, billId));
    expect(bill).toMatchObject({ billNumber: 'INV/25-26/0417', invoiceNumber: null });
    const [order] = await t.db
      .select()
      .from(workOrders)
      .where(eq(workOrders.id, bill?.workOrderId ?? ''));
    expect(order).toMatchObject({ status: 'completed', branchId: branchA });
  });

  it('takes a payment with a receipt, like any due, and keeps its number', async () => {
    const paid = await client.post(manager, '/api/record-bill-payment', {
      billId,
      amount: 1800,
      paymentMethod: 'cash',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const [receipt] = await t.db.select().from(billPayments).where(eq(billPayments.billId, billId));
    expect(receipt).toMatchObject({ amountPaise: 180_000, method: 'cash' });
    expect(receipt?.receiptNumber).toBeTruthy();
    const dues = (await client.get(manager, '/api/outstanding-dues')).json().data;
    expect(dues).toEqual([
      expect.objectContaining({ invoiceNumber: 'INV/25-26/0417', paid: 6800, due: 5000 }),
    ]);
    const search = (await client.get(admin, '/api/outstanding-dues?search=0417')).json().data;
    expect(search.map((row: { billId: string }) => row.billId)).toEqual([billId]);
  });

  it('creates nothing when the same file is imported again', async () => {
    const [billsBefore, ordersBefore] = [await rows(bills), await rows(workOrders)];
    const again = await client.upload(
      admin,
      { kind: 'opening-dues', branch: branchA },
      'dues.csv',
      file(),
    );
    const preview = again.json().data;
    expect(preview).toMatchObject({ toCreate: 0, toUpdate: 1 });
    expect(preview.duplicateRows).toContainEqual({
      row: 2,
      column: 'Invoice Number',
      message: 'A due with this invoice number already exists',
    });
    expect(await client.commitAll(admin, preview._id, 'skip')).toMatchObject({ created: 0 });
    const third = await client.upload(
      admin,
      { kind: 'opening-dues', branch: branchA },
      'dues.csv',
      file(),
    );
    expect(await client.commitAll(admin, third.json().data._id, 'update')).toMatchObject({
      created: 0,
      updated: 0,
    });
    expect([await rows(bills), await rows(workOrders)]).toEqual([billsBefore, ordersBefore]);
    const [bill] = await t.db.select().from(bills).where(eq(bills.id, billId));
    expect(bill?.paidPaise).toBe(680_000);
  });

  it('managers may not import dues', async () => {
    const response = await client.upload(manager, { kind: 'opening-dues' }, 'dues.csv', file());
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(M.managersOnlyContacts);
  });
});
