import { INVENTORY_MESSAGES } from '@karya/domain/inventory-schemas';
import { REPORT_MESSAGES, type StockReport } from '@karya/domain/report-schemas';
import {
  assignStock,
  createBranchTeam,
  createItem,
  type SeededItem,
  stockIn,
} from '@karya/test-factories';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { SettableClock } from '../../src/clock';
import { loadConfig } from '../../src/config';
import type { Database } from '../../src/db/client';
import { reorderLevels } from '../../src/db/reports-schema';
import { auditEvents } from '../../src/db/schema';
import { moveStock } from '../../src/modules/inventory/stock-ledger';
import { ensureDefaultAdmin } from '../../src/modules/system/bootstrap-admin';
import { type Client, client } from '../helpers/http';
import { ADMIN, loginAs } from '../helpers/test-app';
import { openTestDatabase } from '../helpers/test-database';

/**
 * The stock report (issue 38) against a business whose figures are worked out by hand:
 *
 * Hadapsar (manager A, technician Ravi), Wakad (manager B). Purchase prices: camera ₹6,000,
 * cable ₹50, DVR ₹2,000, adapter ₹100.
 * - Hadapsar's shelf: camera CAM-1, cable 6 (10 in, 4 to Ravi), DVR 1 (stocked in dated 91
 *   days ago), adapter 3 (dated 89 days ago): 11 units, 6000 + 300 + 2000 + 300 = ₹8,600.
 * - Ravi's van: camera CAM-3, cable 4: 5 units, 6000 + 200 = ₹6,200.
 * - Hadapsar's faulty shelf: camera CAM-2: 1 unit, ₹6,000.
 * - Wakad's shelf: cable 20: ₹1,000.
 * Everything: ₹21,800; Hadapsar alone ₹20,800.
 * Reorder levels: cable 7 at Hadapsar (6 < 7: low), adapter 3 at Hadapsar (3 is not below 3),
 * camera 1 at Wakad (none there: low), cable 5 at Wakad (20: not low).
 */

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

let close: () => Promise<void>;
let db: Database;
let clock: SettableClock;
let admin: Client;
let managerA: Client;
let managerB: Client;
let tech: Client;
let branchA: string;
let branchB: string;
let managerAId: string;
let techId: string;
let camera: SeededItem;
let cable: SeededItem;
let dvr: SeededItem;
let adapter: SeededItem;
let service: SeededItem;
/** The moment the seed started: the clock's now, and the ledger's 'now' a moment after. */
let base: number;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function dataOf<T>(response: { statusCode: number; body: string }): Promise<T> {
  expect(response.statusCode, response.body).toBe(200);
  return JSON.parse(response.body).data as T;
}

const report = (who: Client, query = '') =>
  who.get(`/api/reports/stock${query}`).then(dataOf<StockReport>);

beforeAll(async () => {
  base = Date.now();
  clock = new SettableClock(new Date(base));
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
    technicians: [{ firstName: 'Ravi', lastName: 'Kale' }],
  });
  const wakad = await createBranchTeam(admin, { branch: { name: 'Wakad' }, technicians: [] });
  branchA = hadapsar.branch.id;
  branchB = wakad.branch.id;
  ({ id: managerAId, api: managerA } = hadapsar.manager);
  managerB = wakad.manager.api;
  [{ id: techId, api: tech }] = hadapsar.technicians;

  const item = (type: 'serialized-product' | 'generic-product', name: string, price: number) =>
    createItem(admin, type, { name, purchasePrice: price, salePrice: price * 2, mrp: price * 3 });
  camera = await item('serialized-product', 'Dome Camera', 6000);
  cable = await item('generic-product', 'Coax Cable', 50);
  dvr = await item('generic-product', 'Old DVR', 2000);
  adapter = await item('generic-product', 'Power Adapter', 100);
  service = await createItem(admin, 'service', { name: 'Site Survey', salePrice: 500 });

  await stockIn(managerA, camera.id, { serials: ['CAM-1', 'CAM-2', 'CAM-3'] });
  await stockIn(managerA, cable.id, { quantity: 10 });
  await stockIn(managerA, dvr.id, { quantity: 1 }, { date: isoDay(base - 91 * DAY) });
  await stockIn(managerA, adapter.id, { quantity: 3 }, { date: isoDay(base - 89 * DAY) });
  await assignStock(managerA, techId, camera.id, { serials: ['CAM-3'] });
  await assignStock(managerA, techId, cable.id, { quantity: 4 });
  await stockIn(managerB, cable.id, { quantity: 20 });
  // A unit put on the faulty shelf through the ledger's one writer, as a warranty swap does.
  await db.transaction(async (tx) => {
    const moved = await moveStock(tx, {
      itemId: camera._id,
      serialNumber: 'CAM-2',
      quantity: 1,
      from: { location: 'branch', branchId: branchA },
      to: { location: 'faulty', branchId: branchA },
      branchId: branchA,
      actorId: managerAId,
      remark: 'Dead on arrival',
    });
    expect(moved).toEqual({ ok: true });
  });

  const level = (who: Client, itemId: string, branchId: string, value: number) =>
    who.put('/api/reorder-levels', { itemId, branchId, level: value }).then(dataOf);
  await level(managerA, cable.id, branchA, 7);
  await level(managerA, adapter._id, branchA, 3);
  await level(admin, camera.id, branchB, 1);
  await level(managerB, cable.id, branchB, 5);
});
afterAll(() => close());

describe('the stock report, worked out by hand', () => {
  it("answers an admin every holder's units and value at purchase price", async () => {
    clock.set(new Date(base));
    const all = await report(admin);
    expect(all.valueAtCost).toBe(21800);
    expect(
      all.byHolder.map((h) => [h.kind, h.holder.name, h.branch.name, h.quantity, h.valueAtCost]),
    ).toEqual([
      ['branch', 'Hadapsar', 'Hadapsar', 11, 8600],
      ['technician', 'Ravi Kale', 'Hadapsar', 5, 6200],
      ['faulty', 'Hadapsar', 'Hadapsar', 1, 6000],
      ['branch', 'Wakad', 'Wakad', 20, 1000],
    ]);
    expect(all.byHolder[1]?.holder._id).toBe(techId);

    const one = await report(admin, `?branch=${branchA}`);
    expect(one.valueAtCost).toBe(20800);
    expect(one.byHolder.map((h) => h.branch._id)).toEqual([branchA, branchA, branchA]);
  });

  it('lists items below their reorder level on the branch shelf, not those at it', async () => {
    const all = await report(admin);
    expect(all.lowStock.map((r) => [r.branch.name, r.item.name, r.quantity, r.level])).toEqual([
      ['Hadapsar', 'Coax Cable', 6, 7],
      ['Wakad', 'Dome Camera', 0, 1],
    ]);
    expect(all.lowStock[0]?.item).toEqual({ _id: cable._id, itemId: cable.id, name: 'Coax Cable' });
  });

  it('lists as slow movers items held with no movement in 90 days: 91 days yes, 89 no', async () => {
    clock.set(new Date(base));
    const all = await report(admin);
    expect(all.slowMovers).toEqual([
      {
        item: { _id: dvr._id, itemId: dvr.id, name: 'Old DVR' },
        branch: { _id: branchA, name: 'Hadapsar' },
        quantity: 1,
        // A stock in's date given alone is kept as that day's 00:00 UTC.
        lastMovedAt: `${isoDay(base - 91 * DAY)}T00:00:00.000Z`,
      },
    ]);
    // Two days on, the adapter's 89 days are 91: it joins; the cable moved today does not.
    clock.set(new Date(base + 2 * DAY));
    const later = await report(admin);
    expect(later.slowMovers.map((r) => r.item.name)).toEqual(['Old DVR', 'Power Adapter']);
    clock.set(new Date(base));
  });

  it('lists serials a technician has held over 30 days: 31 days yes, 29 no', async () => {
    clock.set(new Date(base + 29 * DAY + HOUR));
    expect((await report(admin)).longHeldSerials).toEqual([]);

    clock.set(new Date(base + 31 * DAY + HOUR));
    const held = (await report(admin)).longHeldSerials;
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({
      serialNumber: 'CAM-3',
      item: { _id: camera._id, itemId: camera.id, name: 'Dome Camera' },
      technician: { _id: techId, name: 'Ravi Kale' },
      branch: { _id: branchA, name: 'Hadapsar' },
      days: 31,
    });
    // Since the assignment: within the seed, before the clock was moved.
    const since = Date.parse(held[0]?.since ?? '');
    expect(since).toBeGreaterThanOrEqual(base - 1000);
    expect(since).toBeLessThan(base + HOUR);
    expect((await report(managerB)).longHeldSerials).toEqual([]);
    clock.set(new Date(base));
  });
});

describe('who reads what', () => {
  it('gives a manager their own branch, whatever they ask, and no purchase value', async () => {
    const own = await report(managerA, `?branch=${branchB}`);
    expect(own.valueAtCost).toBeNull();
    expect(own.byHolder.map((h) => [h.kind, h.quantity, h.valueAtCost])).toEqual([
      ['branch', 11, null],
      ['technician', 5, null],
      ['faulty', 1, null],
    ]);
    expect(own.lowStock.map((r) => r.item.name)).toEqual(['Coax Cable']);
    expect(own.slowMovers.map((r) => r.item.name)).toEqual(['Old DVR']);
    const raw = (await managerA.get('/api/reports/stock')).body;
    for (const figure of ['8600', '6200', '20800', '6000', 'purchase'])
      expect(raw.toLowerCase()).not.toContain(figure);
  });

  it("leaves the purchase value out of a manager's CSV and XLSX, and puts it in an admin's", async () => {
    const managerCsv = await managerA.get('/api/reports/stock?format=csv');
    expect(managerCsv.statusCode).toBe(200);
    expect(managerCsv.headers['content-type']).toContain('text/csv');
    expect(managerCsv.headers['content-disposition']).toMatch(
      /attachment; filename="stock-.*\.csv"/,
    );
    expect(managerCsv.body).not.toMatch(/value at cost/i);
    for (const figure of ['8600', '6200', '6000', '20800'])
      expect(managerCsv.body).not.toContain(figure);
    expect(managerCsv.body).toContain('Branch stock,Hadapsar,Hadapsar,,,,11');

    const adminCsv = await admin.get(`/api/reports/stock?format=csv&branch=${branchA}`);
    expect(adminCsv.body).toContain('Value at cost');
    expect(adminCsv.body).toContain('Branch stock,Hadapsar,Hadapsar,,,,11,,,,8600.00');
    expect(adminCsv.body).toContain('Total,,,,,,,,,,20800.00');

    const sheetOf = async (who: Client) => {
      const response = await who.get('/api/reports/stock?format=xlsx');
      expect(response.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const rows: unknown[][] = [];
      workbook.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      return rows;
    };
    const managerRows = await sheetOf(managerA);
    expect(managerRows[0]).not.toContain('Value at cost');
    expect(managerRows.flat()).not.toContain(8600);
    expect(managerRows.flat()).not.toContain(6000);
    expect(managerRows[1]?.slice(0, 7)).toEqual([
      'Branch stock',
      'Hadapsar',
      'Hadapsar',
      undefined,
      undefined,
      undefined,
      11,
    ]);
    const adminRows = await sheetOf(admin);
    expect(adminRows[0]).toContain('Value at cost');
    expect(adminRows.at(-1)?.at(-1)).toBe(21800);
  });

  it('refuses technicians, and an admin a branch that does not exist', async () => {
    expect((await tech.get('/api/reports/stock')).statusCode).toBe(403);
    expect((await tech.get('/api/reorder-levels')).statusCode).toBe(403);
    const unknown = await admin.get(
      '/api/reports/stock?branch=00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.statusCode).toBe(400);
    expect(JSON.parse(unknown.body).message).toBe(REPORT_MESSAGES.branchNotFound);
    const badFormat = await admin.get('/api/reports/stock?format=pdf');
    expect(badFormat.statusCode).toBe(400);
    expect(JSON.parse(badFormat.body).message).toBe(REPORT_MESSAGES.format);
  });
});

describe('reorder levels', () => {
  const levelsOf = async () =>
    db.select().from(reorderLevels).orderBy(reorderLevels.branchId, reorderLevels.itemId);

  it('lists the levels of the scope', async () => {
    const own = await managerA.get(`/api/reorder-levels?branch=${branchB}`).then(dataOf<unknown[]>);
    expect(own).toHaveLength(2);
    expect(own).toContainEqual({ itemId: cable._id, branchId: branchA, level: 7 });
    const wakad = await admin.get(`/api/reorder-levels?branch=${branchB}`).then(dataOf<unknown[]>);
    expect(wakad).toContainEqual({ itemId: camera._id, branchId: branchB, level: 1 });
    expect(await admin.get('/api/reorder-levels').then(dataOf<unknown[]>)).toHaveLength(4);
  });

  it('refuses bad levels, unknown items and branches, and other branches, changing nothing', async () => {
    const before = await levelsOf();
    const audits = async () =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(auditEvents)
          .where(eq(auditEvents.action, 'inventory.reorder-level'))
      )[0]?.n;
    const auditsBefore = await audits();
    const put = (who: Client, body: object) => who.put('/api/reorder-levels', body);
    const refused = async (
      response: Promise<{ statusCode: number; body: string }>,
      status: number,
      message: string,
    ) => {
      const answer = await response;
      expect(answer.statusCode, answer.body).toBe(status);
      expect(JSON.parse(answer.body).message).toBe(message);
    };
    for (const level of [-1, 1.5, 1_000_001, '5', null])
      await refused(
        put(managerA, { itemId: cable.id, branchId: branchA, level }),
        400,
        REPORT_MESSAGES.levelRange,
      );
    await refused(put(managerA, [cable.id, branchA, 2]), 400, 'Send { itemId, branchId, level }');
    await refused(
      put(managerA, { itemId: cable.id, branchId: branchB, level: 2 }),
      404,
      REPORT_MESSAGES.branchNotFound,
    );
    await refused(
      put(managerA, { itemId: 'ITEM-NOPE', branchId: branchA, level: 2 }),
      404,
      REPORT_MESSAGES.itemNotFound,
    );
    await refused(
      put(admin, { itemId: cable.id, branchId: '00000000-0000-4000-8000-000000000000', level: 2 }),
      404,
      REPORT_MESSAGES.branchNotFound,
    );
    await refused(
      put(admin, { itemId: cable.id, branchId: 'not-a-branch', level: 2 }),
      404,
      REPORT_MESSAGES.branchNotFound,
    );
    await refused(
      put(admin, { itemId: service.id, branchId: branchA, level: 2 }),
      400,
      INVENTORY_MESSAGES.noStockForService,
    );
    expect((await put(tech, { itemId: cable.id, branchId: branchA, level: 2 })).statusCode).toBe(
      403,
    );
    expect(await levelsOf()).toEqual(before);
    expect(await audits()).toBe(auditsBefore);
  });

  it('sets, changes and clears a level (0), and the dashboards count what is below', async () => {
    const card = async (who: Client, query = '') =>
      (await who.get(`/api/get-dashboard${query}`).then(dataOf<{ lowStock: { count: number } }>))
        .lowStock;
    expect(await card(managerA)).toEqual({ count: 1 });
    expect(await card(managerB)).toEqual({ count: 1 });
    expect(await card(admin)).toEqual({ count: 2 });
    expect(await card(admin, `?branch=${branchA}`)).toEqual({ count: 1 });

    // The adapter at 3 with a level of 3 is not low; raised to 4 it is.
    const saved = await managerA.put('/api/reorder-levels', {
      itemId: adapter.id,
      branchId: branchA,
      level: 4,
    });
    expect(JSON.parse(saved.body)).toEqual({
      success: true,
      data: { itemId: adapter._id, branchId: branchA, level: 4 },
      message: REPORT_MESSAGES.levelSaved,
    });
    expect(await card(managerA)).toEqual({ count: 2 });
    expect(
      (await report(managerA)).lowStock.map((r) => [r.item.name, r.quantity, r.level]),
    ).toEqual([
      ['Coax Cable', 6, 7],
      ['Power Adapter', 3, 4],
    ]);

    // 0 clears it: the row goes, and the item is no longer low.
    await managerA
      .put('/api/reorder-levels', { itemId: adapter.id, branchId: branchA, level: 0 })
      .then(dataOf);
    expect((await levelsOf()).some((l) => l.itemId === adapter._id)).toBe(false);
    expect(await card(managerA)).toEqual({ count: 1 });
    expect(await card(admin)).toEqual({ count: 2 });
  });
});
