import { addDays, addMonths, layOutVisits } from '@karya/domain/amc';
import { AMC_MESSAGES } from '@karya/domain/amc-schemas';
import { IMPORT_MESSAGES as M } from '@karya/domain/import-schemas';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock, todayOf } from '../../src/clock';
import { amcContracts, amcInvoices, bills, customers } from '../../src/db/schema';
import { runAmcScheduler } from '../../src/modules/amc';
import { createBranch, createUser } from '../helpers/factories';
import { ADMIN, createTestApp, loginAs, type TestApp } from '../helpers/test-app';
import { csvOf, importClient } from './opening-import-helpers';

/*
 * AMC contracts brought over by an import (issue 36): active at once with their visits laid
 * out as the amc module lays them out (those already behind done before Karya, the due ones'
 * orders opened by the scheduler), no invoice issued; the create form's rules and messages; a
 * second run of the file creates nothing; managers may not import them.
 */

let t: TestApp;
let client: ReturnType<typeof importClient>;
let admin: string;
let manager: string;
let branchA: string;
const phone = '9811100001';
const today = todayOf(systemClock);
// Quarterly, its second visit due in 3 days: the first is behind it, the second within the lead.
const start = addMonths(addDays(today, 3), -6);

beforeAll(async () => {
  t = await createTestApp({ IMPORT_POLL_MS: '0' });
  client = importClient(t);
  admin = await loginAs(t.app, ADMIN.username, ADMIN.password);
  branchA = (await createBranch(t.db, { name: 'Kothrud' })).id;
  const m = await createUser(t.db, 'manager', { branchId: branchA });
  manager = await loginAs(t.app, m.username, m.password);
  await t.db.insert(customers).values({
    name: 'Asha Rao',
    phoneNumber: phone,
    phoneNormalized: `+91${phone}`,
    phoneNational: phone,
    branchId: branchA,
  });
}, 60_000);
afterAll(() => t.close());

const HEADER = ['Mobile', 'Project Type', 'Start Date', 'Term', 'Visits', 'Amount', 'Coverage'];
const file = () =>
  csvOf([
    HEADER,
    [`+91 ${phone}`, 'CCTV 4 cameras', start, 12, 4, '₹ 4,800', 'Labour-and-parts'],
    ['9000000000', 'CCTV', start, 12, 4, 4800, ''],
    [phone, 'Intercom', start, 12, 3, 4800, ''],
    [phone, 'Intercom', start, 12, 4, 4800, 'everything'],
    [phone, 'Alarm', addMonths(today, -24), 12, 4, 4800, ''],
    [phone, 'cctv 4 cameras', start, 12, 4, 4800, ''],
    [phone, '', start, 12, 4, 4800, ''],
    [phone, 'Intercom', start, 12, 4, -5, ''],
  ]);

async function rows(table: typeof amcContracts | typeof amcInvoices | typeof bills) {
  const [row] = await t.db.select({ n: count() }).from(table);
  return Number(row?.n ?? 0);
}

describe('AMC contracts', () => {
  let contractId = '';

  it('previews each row by the create-contract form’s rules and messages', async () => {
    const response = await client.upload(
      admin,
      { kind: 'amc-contracts', branch: branchA },
      'amc.csv',
      file(),
    );
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json().data;
    expect(preview).toMatchObject({ total: 8, toCreate: 1, duplicates: 1, errorRows: 6 });
    expect(preview.errors).toEqual([
      { row: 3, column: 'Customer Phone', message: AMC_MESSAGES.customerNotFound },
      { row: 4, column: 'Visits', message: AMC_MESSAGES.invalidVisits },
      { row: 5, column: 'Coverage', message: AMC_MESSAGES.invalidCoverage },
      { row: 6, column: 'Start Date', message: AMC_MESSAGES.activeEnded },
      { row: 8, column: 'Project Type', message: AMC_MESSAGES.projectTypeRequired },
      { row: 9, column: 'Price', message: AMC_MESSAGES.invalidPrice },
    ]);
    expect(preview.duplicateRows).toEqual([
      { row: 7, column: 'Start Date', message: 'Same start date as row 2' },
    ]);
    expect(await rows(amcContracts)).toBe(0);

    const done = await client.commitAll(admin, preview._id);
    expect(done).toMatchObject({ status: 'done', created: 1, skipped: 1, failed: 6 });
  });

  it('imports the contract active, its visits laid out, no invoice issued', async () => {
    const list = (await client.get(admin, '/api/amc-contracts?status=all')).json().data;
    expect(list).toHaveLength(1);
    contractId = list[0]._id;
    const detail = (await client.get(admin, `/api/amc-contracts/${contractId}`)).json().data;
    expect(detail).toMatchObject({
      status: 'active',
      customer: { name: 'Asha Rao', phoneNumber: phone },
      projectType: 'CCTV 4 cameras',
      startDate: start,
      termMonths: 12,
      visitsPerTerm: 4,
      price: 4800,
      coverage: 'labour-and-parts',
      billing: 'upfront',
      invoices: [],
    });
    const laidOut = layOutVisits(start, 12, 4);
    expect(
      detail.visits.map((v: { number: number; dueDate: string }) => [v.number, v.dueDate]),
    ).toEqual(laidOut.map((v) => [v.number, v.dueDate]));
    // The visit behind the import is the old system's: done before Karya, never overdue.
    expect(detail.visits[0].state).toBe('done');
    expect(await rows(amcInvoices)).toBe(0);
    expect(await rows(bills)).toBe(0);
  });

  it('the scheduler opens the due visit’s order as for any contract, still issuing no invoice', async () => {
    const run = await runAmcScheduler(t.db, systemClock, 7);
    expect(run.opened).toBe(1);
    const detail = (await client.get(admin, `/api/amc-contracts/${contractId}`)).json().data;
    expect(detail.visits[1]).toMatchObject({ number: 2, state: 'created' });
    expect(detail.visits[1].workOrder.orderId).toMatch(/^WO-/);
    expect(detail.visits[2].workOrder).toBeNull();
    expect(await rows(amcInvoices)).toBe(0);
  });

  it('creates nothing when the same file is imported again', async () => {
    const again = await client.upload(
      admin,
      { kind: 'amc-contracts', branch: branchA },
      'amc.csv',
      file(),
    );
    const preview = again.json().data;
    expect(preview).toMatchObject({ toCreate: 0, toUpdate: 1 });
    expect(preview.duplicateRows).toContainEqual({
      row: 2,
      column: 'Start Date',
      message: 'A contract with this start date already exists',
    });
    const skipped = await client.commitAll(admin, preview._id, 'skip');
    expect(skipped).toMatchObject({ created: 0, updated: 0 });
    const third = await client.upload(
      admin,
      { kind: 'amc-contracts', branch: branchA },
      'amc.csv',
      file(),
    );
    const refused = await client.commitAll(admin, third.json().data._id, 'update');
    expect(refused).toMatchObject({ created: 0, updated: 0 });
    expect(await rows(amcContracts)).toBe(1);
  });

  it('managers may not import contracts', async () => {
    const response = await client.upload(manager, { kind: 'amc-contracts' }, 'amc.csv', file());
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(M.managersOnlyContacts);
  });
});
