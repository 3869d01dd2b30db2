import { addDays } from '@karya/domain/amc';
import { indiaDate } from '@karya/domain/financial-year';
import {
  REPORT_MESSAGES,
  type TechnicianRow,
  type TechniciansReport,
} from '@karya/domain/report-schemas';
import {
  acceptTransfer,
  approveOrder,
  assignOrder,
  billLine,
  completeOrder,
  createBill,
  createBranchTeam,
  createItem,
  createOrder,
  createOrderFor,
  type OrderKey,
  orderKey,
  type SeededItem,
  type SeededOrder,
  signAsCustomer,
  startOrder,
} from '@karya/test-factories';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { SettableClock } from '../../src/clock';
import { loadConfig } from '../../src/config';
import type { Database } from '../../src/db/client';
import { ensureDefaultAdmin } from '../../src/modules/system/bootstrap-admin';
import { type Client, client } from '../helpers/http';
import { ADMIN, loginAs } from '../helpers/test-app';
import { openTestDatabase } from '../helpers/test-database';
import { rollupRows, runWorkBackfill } from './work-backfill';

/**
 * The technician productivity report (issue 38) against a business whose figures are worked
 * out by hand. Days: D0 is today in India (the database's now: the manager's approvals and
 * rejections, which carry no phone time); D is two days later, its midnight M. The app's clock
 * stands at M + 3 h, so the technicians' phones may date their actions on D-1 and D (decision
 * 043: at most 7 days old, not before the order's previous entry).
 *
 * Hadapsar (manager A): a service of ₹1,000 (no GST profile: a bill of supply, total ₹1,000).
 * - Ravi Kale: J1 started at M-4h, paused at M-3h (60 min in progress), resumed at M-2h30
 *   (30 min paused), bill confirmed at M-2h20, sent for approval at M-1h45 (45 min more):
 *   105 min, on D-1. J2 started at M-20m, billed at M-10m, sent at M-1s (23:59:59 on D-1):
 *   19m59s, 20 min. J3 started at M-10m, billed at M-5m (D-1), sent at M exactly (00:00:00 on
 *   D): 10 min. All three approved on D0.
 *   D-1: 2 completed, 125 min, ₹3,000 billed; D: 1 completed, 10 min; D0: 3 approved.
 * - Sita Rao: J4 started, asked for a transfer (D-1), rejected by the manager (D0), started
 *   again, asked again (D-1), accepted: 2 transfers, 1 rejection, nothing completed.
 * Wakad (manager B), all at the database's now, then moved into the past as a whole:
 * - Arjun Patil: installation K1, completed, billed ₹1,000, approved; moved 20 days back.
 * - Meera Joshi: installation K2, likewise; moved 40 days back.
 * Complaints opened today: C1 on K1 (20 days after: K1 complained), worked by Meera (completed,
 * billed, approved today); C2 on K1 (K1 counts once; Meera's repair C1, done today, now
 * complained too); C3 on K2 (40 days after: not counted).
 * - Arjun: D0-20: 1 completed, 1 approved, ₹1,000, complained 1: fix rate 0.
 * - Meera: D0-40: 1 completed (fixed); D0: C1, complained: 2 completed, fix rate 0.5.
 * Jobs done within seconds spend 0 whole minutes in progress.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const PRICE = 1000;

let close: () => Promise<void>;
let db: Database;
let admin: Client;
let managerA: Client;
let managerB: Client;
let branchA: string;
let branchB: string;
let service: SeededItem;
const people: Record<'ravi' | 'sita' | 'arjun' | 'meera', { id: string; api: Client }> =
  {} as never;
let D0: string;
let D: string;
let M: number;
let writersRows: Awaited<ReturnType<typeof rollupRows>>;

const at = (ms: number) => new Date(ms).toISOString();

async function dataOf<T>(response: { statusCode: number; body: string }): Promise<T> {
  expect(response.statusCode, response.body).toBe(200);
  return JSON.parse(response.body).data as T;
}

async function move(
  who: Client,
  order: OrderKey,
  status: string,
  occurredAt: number,
  remark?: string,
) {
  await dataOf(
    await who.post('/api/update-work-status', {
      ...orderKey(order),
      status,
      occurredAt: at(occurredAt),
      ...(remark ? { remark } : {}),
    }),
  );
}

/** A bill of one ₹1,000 service, confirmed in cash when the phone says. */
async function billAt(who: Client, order: OrderKey, occurredAt?: number) {
  const bill = await createBill<{ _id: string; total: number }>(who, order, [billLine(service)]);
  expect(bill.total).toBe(PRICE);
  await dataOf(
    await who.post('/api/confirm-order-bill', {
      billId: bill._id,
      paymentMethod: 'cash',
      transactionId: null,
      ...(occurredAt === undefined ? {} : { occurredAt: at(occurredAt) }),
    }),
  );
}

async function sendAt(who: Client, order: OrderKey, occurredAt: number) {
  await signAsCustomer(who, order);
  await dataOf(
    await who.post('/api/complete-work-order', { ...orderKey(order), occurredAt: at(occurredAt) }),
  );
}

/** A job done now, start to approval, with its bill. */
async function jobNow(manager: Client, tech: { id: string; api: Client }, order: SeededOrder) {
  await assignOrder(manager, order, tech.id);
  await startOrder(tech.api, order);
  // Dated now: without a phone time a bill takes the app's clock (M + 3h), not the database's.
  await billAt(tech.api, order, Date.now());
  await completeOrder(tech.api, order);
  await approveOrder(manager, order, 'Checked the work with the customer today');
}

/**
 * Moves an order's whole life `days` into the past, as if it had happened then: its times,
 * its history and its bills. The rollups are then rebuilt from the rows by migration 0042,
 * which the test first shows equal to what the writers kept.
 */
async function moveBack(order: SeededOrder, days: number) {
  const shift = sql.raw(`interval '${days} days'`);
  await db.execute(sql`update work_orders set created_at = created_at - ${shift},
    updated_at = updated_at - ${shift}, assigned_at = assigned_at - ${shift},
    completed_at = completed_at - ${shift} where id = ${order._id}`);
  await db.execute(sql`update work_order_status_history set updated_at = updated_at - ${shift}
    where work_order_id = ${order._id}`);
  await db.execute(sql`update bill_payments set received_at = received_at - ${shift}
    where bill_id in (select id from bills where work_order_id = ${order._id})`);
  await db.execute(sql`update bills set created_at = created_at - ${shift},
    paid_at = paid_at - ${shift} where work_order_id = ${order._id}`);
}

const report = (who: Client, query: string) =>
  who.get(`/api/reports/technicians?${query}`).then(dataOf<TechniciansReport>);

const rowOf = (answer: TechniciansReport, id: string): TechnicianRow | undefined =>
  answer.rows.find((row) => row.technician._id === id);

const complaint = (manager: Client, installation: SeededOrder) =>
  createOrderFor(manager, installation.customerId, {
    projectCategory: 'Repair',
    existingProjectId: installation._id,
    initialRemark: 'Camera stopped recording at night',
  });

beforeAll(async () => {
  const base = Date.now();
  D0 = indiaDate(new Date(base));
  D = addDays(D0, 2);
  M = new Date(`${D}T00:00:00+05:30`).getTime();
  const clock = new SettableClock(new Date(M + 3 * HOUR));
  const database = await openTestDatabase();
  const { app } = await buildApp(loadConfig({ WEB_DIST: '/nonexistent' }), {
    database,
    logger: false,
    answers: 'checked',
    clock,
  });
  await ensureDefaultAdmin(database.db, { username: ADMIN.username, password: ADMIN.password });
  await app.ready();
  db = database.db;
  close = async () => {
    await app.close();
    await database.close();
  };

  admin = client(app, await loginAs(app, ADMIN.username, ADMIN.password));
  const hadapsar = await createBranchTeam(admin, {
    branch: { name: 'Hadapsar' },
    technicians: [
      { firstName: 'Ravi', lastName: 'Kale' },
      { firstName: 'Sita', lastName: 'Rao' },
    ],
  });
  const wakad = await createBranchTeam(admin, {
    branch: { name: 'Wakad' },
    technicians: [
      { firstName: 'Arjun', lastName: 'Patil' },
      { firstName: 'Meera', lastName: 'Joshi' },
    ],
  });
  branchA = hadapsar.branch.id;
  branchB = wakad.branch.id;
  managerA = hadapsar.manager.api;
  managerB = wakad.manager.api;
  [people.ravi, people.sita] = hadapsar.technicians;
  [people.arjun, people.meera] = wakad.technicians;
  service = await createItem(admin, 'service', { name: 'Camera fitting', salePrice: PRICE });

  const ravi = people.ravi.api;
  const [j1, j2, j3] = [
    await createOrder(managerA),
    await createOrder(managerA),
    await createOrder(managerA),
  ];
  for (const job of [j1, j2, j3]) await assignOrder(managerA, job, people.ravi.id);
  const T = M - 4 * HOUR;
  await move(ravi, j1, 'in-progress', T);
  await move(ravi, j1, 'paused', T + 60 * MINUTE, 'Waiting for the ladder');
  await move(ravi, j1, 'in-progress', T + 90 * MINUTE);
  await billAt(ravi, j1, T + 100 * MINUTE);
  await sendAt(ravi, j1, T + 135 * MINUTE);
  await move(ravi, j2, 'in-progress', M - 20 * MINUTE);
  await billAt(ravi, j2, M - 10 * MINUTE);
  await sendAt(ravi, j2, M - 1000);
  await move(ravi, j3, 'in-progress', M - 10 * MINUTE);
  await billAt(ravi, j3, M - 5 * MINUTE);
  await sendAt(ravi, j3, M);
  for (const job of [j1, j2, j3]) {
    await approveOrder(managerA, job, 'Checked the work with the customer today');
  }

  const sita = people.sita.api;
  const j4 = await createOrder(managerA);
  await assignOrder(managerA, j4, people.sita.id);
  await move(sita, j4, 'in-progress', M - 3 * HOUR);
  await move(sita, j4, 'transferring', M - 3 * HOUR + 10 * MINUTE, 'Need a taller ladder');
  await dataOf(
    await managerA.post('/api/reject-technician-project-transfer', {
      ...orderKey(j4),
      rejectReason: 'Take the ladder from the shop',
    }),
  );
  await move(sita, j4, 'in-progress', M - 3 * HOUR + 20 * MINUTE);
  await move(sita, j4, 'transferring', M - 3 * HOUR + 30 * MINUTE, 'Customer wants Ravi');
  await acceptTransfer(managerA, j4);

  const k1 = await createOrder(managerB);
  const k2 = await createOrder(managerB);
  await jobNow(managerB, people.arjun, k1);
  await jobNow(managerB, people.meera, k2);

  // The writers' rows so far are what the backfill computes from the same rows.
  writersRows = await rollupRows(db);
  await runWorkBackfill(db);
  expect(await rollupRows(db)).toEqual(writersRows);

  await moveBack(k1, 20);
  await moveBack(k2, 40);
  await runWorkBackfill(db);

  const c1 = await complaint(managerB, k1);
  await jobNow(managerB, people.meera, c1);
  await complaint(managerB, k1);
  await complaint(managerB, k2);
});
afterAll(() => close());

const RAVI_ALL = {
  completed: 3,
  approved: 3,
  avgMinutesOnJob: 45,
  jobsPerWorkingDay: 1.5,
  billed: 3 * PRICE,
  firstTimeFixRate: 1,
  transfers: 0,
  rejections: 0,
};

describe('GET /api/reports/technicians', () => {
  it('gives every technician’s figures over the range, most jobs first', async () => {
    const answer = await report(admin, `from=${addDays(D0, -40)}&to=${D}`);
    expect(answer).toMatchObject({ from: addDays(D0, -40), to: D });
    expect(answer.rows.map((row) => row.technician.name)).toEqual([
      'Ravi Kale',
      'Meera Joshi',
      'Arjun Patil',
      'Sita Rao',
    ]);
    expect(rowOf(answer, people.ravi.id)).toEqual({
      technician: { _id: people.ravi.id, name: 'Ravi Kale' },
      ...RAVI_ALL,
    });
    expect(rowOf(answer, people.sita.id)).toEqual({
      technician: { _id: people.sita.id, name: 'Sita Rao' },
      completed: 0,
      approved: 0,
      avgMinutesOnJob: null,
      jobsPerWorkingDay: null,
      billed: 0,
      firstTimeFixRate: null,
      transfers: 2,
      rejections: 1,
    });
    expect(rowOf(answer, people.arjun.id)).toEqual({
      technician: { _id: people.arjun.id, name: 'Arjun Patil' },
      completed: 1,
      approved: 1,
      avgMinutesOnJob: 0,
      jobsPerWorkingDay: 1,
      billed: PRICE,
      firstTimeFixRate: 0,
      transfers: 0,
      rejections: 0,
    });
    expect(rowOf(answer, people.meera.id)).toEqual({
      technician: { _id: people.meera.id, name: 'Meera Joshi' },
      completed: 2,
      approved: 2,
      avgMinutesOnJob: 0,
      jobsPerWorkingDay: 1,
      billed: 2 * PRICE,
      firstTimeFixRate: 0.5,
      transfers: 0,
      rejections: 0,
    });
  });

  it('counts a completion on the India day of the phone’s time, midnight included', async () => {
    const dayBefore = await report(admin, `from=${addDays(D, -1)}&to=${addDays(D, -1)}`);
    expect(rowOf(dayBefore, people.ravi.id)).toMatchObject({
      completed: 2,
      approved: 0,
      // (105 + 20) / 2 = 62.5, to the whole minute.
      avgMinutesOnJob: 63,
      jobsPerWorkingDay: 2,
      // J3's bill was confirmed at 23:55 on D-1, its completion at 00:00 on D.
      billed: 3 * PRICE,
      firstTimeFixRate: 1,
    });
    expect(rowOf(dayBefore, people.sita.id)).toMatchObject({ transfers: 2, rejections: 0 });
    const dayD = await report(admin, `from=${D}&to=${D}`);
    expect(rowOf(dayD, people.ravi.id)).toMatchObject({
      completed: 1,
      avgMinutesOnJob: 10,
      billed: 0,
    });
    const today = await report(admin, `from=${D0}&to=${D0}`);
    expect(rowOf(today, people.ravi.id)).toMatchObject({
      completed: 0,
      approved: 3,
      avgMinutesOnJob: null,
      firstTimeFixRate: null,
    });
    expect(rowOf(today, people.sita.id)).toMatchObject({ transfers: 0, rejections: 1 });
  });

  it('counts a complaint within 30 days against the job, once; one after 30 days not', async () => {
    const arjunDay = addDays(D0, -20);
    const arjun = await report(admin, `from=${arjunDay}&to=${arjunDay}`);
    expect(rowOf(arjun, people.arjun.id)).toMatchObject({
      completed: 1,
      approved: 1,
      billed: PRICE,
      firstTimeFixRate: 0,
    });
    const meeraDay = addDays(D0, -40);
    const meera = await report(admin, `from=${meeraDay}&to=${meeraDay}`);
    expect(rowOf(meera, people.meera.id)).toMatchObject({ completed: 1, firstTimeFixRate: 1 });
    // Active technicians with nothing in the range are listed, with zeros.
    expect(rowOf(meera, people.ravi.id)).toMatchObject({ completed: 0, firstTimeFixRate: null });
    const repairDay = await report(admin, `from=${D0}&to=${D0}&branch=${branchB}`);
    expect(rowOf(repairDay, people.meera.id)).toMatchObject({
      completed: 1,
      approved: 1,
      billed: PRICE,
      firstTimeFixRate: 0,
    });
  });

  it('gives a manager their branch only, whatever they ask; an admin the branch asked', async () => {
    const range = `from=${addDays(D0, -40)}&to=${D}`;
    const ids = (answer: TechniciansReport) => answer.rows.map((row) => row.technician._id).sort();
    expect(ids(await report(managerA, range))).toEqual([people.ravi.id, people.sita.id].sort());
    expect(ids(await report(managerA, `${range}&branch=${branchB}`))).toEqual(
      [people.ravi.id, people.sita.id].sort(),
    );
    expect(ids(await report(managerB, range))).toEqual([people.arjun.id, people.meera.id].sort());
    expect(ids(await report(admin, `${range}&branch=${branchB}`))).toEqual(
      [people.arjun.id, people.meera.id].sort(),
    );
    expect(ids(await report(admin, `${range}&branch=${branchA}`))).toEqual(
      [people.ravi.id, people.sita.id].sort(),
    );
    const own = await report(managerA, range);
    expect(rowOf(own, people.ravi.id)).toMatchObject(RAVI_ALL);
  });

  it('refuses technicians, and a bad range or branch with a 400, never a 500', async () => {
    const technician = await people.ravi.api.get(`/api/reports/technicians?from=${D0}&to=${D0}`);
    expect(technician.statusCode).toBe(403);
    expect(technician.json().success).toBe(false);
    const refused = async (query: string, message: string) => {
      const response = await admin.get(`/api/reports/technicians?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ success: false, message });
    };
    await refused('from=2026-01-01&to=2027-01-02', REPORT_MESSAGES.rangeTooLong);
    await refused('from=2026-03-02&to=2026-03-01', REPORT_MESSAGES.invalidRange);
    await refused('from=2026-02-30&to=2026-03-01', REPORT_MESSAGES.invalidRange);
    await refused('from=yesterday&to=2026-03-01', REPORT_MESSAGES.invalidRange);
    await refused('to=2026-03-01', REPORT_MESSAGES.invalidRange);
    await refused(`from=${D0}&to=${D0}&branch=nope`, REPORT_MESSAGES.branchNotFound);
    await refused(
      `from=${D0}&to=${D0}&branch=00000000-0000-4000-8000-000000000000`,
      REPORT_MESSAGES.branchNotFound,
    );
    await refused(`from=${D0}&to=${D0}&format=pdf`, REPORT_MESSAGES.format);
    // 366 days, a leap year's, is allowed.
    const year = await admin.get('/api/reports/technicians?from=2028-01-01&to=2028-12-31');
    expect(year.statusCode).toBe(200);
  });
});

describe('the download', () => {
  const range = () => `from=${addDays(D0, -40)}&to=${D}`;
  const expected = (answer: TechniciansReport) =>
    answer.rows.map((row) => [
      row.technician.name,
      row.completed,
      row.approved,
      row.avgMinutesOnJob,
      row.jobsPerWorkingDay,
      row.billed,
      row.firstTimeFixRate === null ? null : Math.round(row.firstTimeFixRate * 1000) / 10,
      row.transfers,
      row.rejections,
    ]);

  it('CSV: the table’s rows and figures, named by the range', async () => {
    const answer = await report(admin, range());
    const response = await admin.get(`/api/reports/technicians?${range()}&format=csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="technicians-${addDays(D0, -40)}-to-${D}.csv"`,
    );
    const [header, ...lines] = parse(response.body, { bom: true }) as string[][];
    expect(header).toEqual([
      'Technician',
      'Jobs completed',
      'Approved',
      'Avg minutes on job',
      'Jobs per working day',
      'Billed',
      'First-time fix %',
      'Transfers',
      'Rejections',
    ]);
    const read = lines.map((line) =>
      line.map((cell, i) => (i === 0 || cell === '' ? cell : Number(cell))),
    );
    expect(read).toEqual(
      expected(answer).map((row) => row.map((cell) => (cell === null ? '' : cell))),
    );
    expect(lines[0]?.[5]).toBe('3000.00');
  });

  it('XLSX: the same table, numbers as numbers', async () => {
    const answer = await report(admin, range());
    const response = await admin.get(`/api/reports/technicians?${range()}&format=xlsx`);
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const rows: unknown[][] = [];
    sheet.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    const [header, ...body] = rows;
    expect(header?.[0]).toBe('Technician');
    const pad = (row: unknown[]) => Array.from({ length: 9 }, (_, i) => row[i] ?? null);
    expect(body.map(pad)).toEqual(expected(answer));
  });
});

describe('migration 0042', () => {
  it('computes from the history, orders and bills the rows the writers kept', async () => {
    const kept = await rollupRows(db);
    // The complaints and the repair since the rebuild came through the writers.
    expect(kept.technician).toContainEqual(
      expect.objectContaining({
        technician_id: people.meera.id,
        branch_id: branchB,
        day: D0,
        completed: 1,
        completed_then_complained: 1,
      }),
    );
    await runWorkBackfill(db);
    expect(await rollupRows(db)).toEqual(kept);
  });
});
