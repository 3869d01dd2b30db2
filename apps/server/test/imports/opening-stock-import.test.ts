import { IMPORT_MESSAGES as M } from '@karya/domain/import-schemas';
import { INVENTORY_MESSAGES } from '@karya/domain/inventory-schemas';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branchStock, serialUnits, stockMovements } from '../../src/db/schema';
import { createBranch, createUser } from '../helpers/factories';
import { ADMIN, createTestApp, loginAs, type TestApp } from '../helpers/test-app';
import { csvOf, importClient } from './opening-import-helpers';

/*
 * Opening stock (issue 36) through the API: serials and generic quantities land on the branch's
 * shelf through the stock ledger (the transfer history shows them as 'Opening stock'), a serial
 * that exists is refused in the preview, a second run of the file creates nothing, and a
 * manager imports only into their own branch.
 */

let t: TestApp;
let client: ReturnType<typeof importClient>;
let admin: string;
let manager: string;
let branchA: string;
let branchB: string;
let camera: { _id: string; id: string; name: string };
let cable: { _id: string; id: string; name: string };

beforeAll(async () => {
  t = await createTestApp({ IMPORT_POLL_MS: '0' });
  client = importClient(t);
  admin = await loginAs(t.app, ADMIN.username, ADMIN.password);
  branchA = (await createBranch(t.db, { name: 'Kothrud' })).id;
  branchB = (await createBranch(t.db, { name: 'Baner' })).id;
  const m = await createUser(t.db, 'manager', { branchId: branchA });
  manager = await loginAs(t.app, m.username, m.password);
  const item = async (body: Record<string, unknown>) => {
    const response = await client.post(admin, '/api/create-inventory', {
      unit: 'Piece',
      warranty: '1 year',
      mrp: 2500,
      purchasePrice: 1400,
      salePrice: 1999,
      ...body,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  camera = await item({ id: 'CAM-OPEN', type: 'serialized-product', name: 'Dome Camera 2MP' });
  cable = await item({ id: 'CBL-OPEN', type: 'generic-product', name: 'Cat6 Cable Box' });
  await item({ id: 'SVC-OPEN', type: 'service', name: 'Site Survey', mrp: 0, purchasePrice: 0 });
  // A serial already in Karya, stocked by hand in the other branch.
  const m2 = await createUser(t.db, 'manager', { branchId: branchB });
  const managerB = await loginAs(t.app, m2.username, m2.password);
  const stocked = await client.post(managerB, '/api/add-stock', {
    itemId: camera._id,
    serialNumber: 'SN-HERE',
    remark: 'Purchase',
  });
  expect(stocked.statusCode, stocked.body).toBe(200);
}, 60_000);
afterAll(() => t.close());

const file = () =>
  csvOf([
    ['Item Code', 'Item Name', 'Serial No', 'Qty', 'Date'],
    ['CAM-OPEN', '', 'SN-001', '', '2026-03-31'],
    ['', 'dome camera 2mp', 'SN-002', '', ''],
    ['CAM-OPEN', '', 'SN-HERE', '', ''],
    ['CAM-OPEN', '', 'SN-001', '', ''],
    ['CBL-OPEN', '', '', 12, ''],
    ['NO-SUCH', '', '', 3, ''],
    ['SVC-OPEN', '', '', 1, ''],
    ['CAM-OPEN', '', '', '', ''],
    ['CBL-OPEN', '', '', 0, ''],
    ['', '', '', 4, ''],
  ]);

async function serialsInBranch(branchId: string) {
  const rows = await t.db
    .select({ serialNumber: serialUnits.serialNumber })
    .from(serialUnits)
    .where(and(eq(serialUnits.branchId, branchId), eq(serialUnits.location, 'branch')));
  return rows.map((row) => row.serialNumber).sort();
}

async function movementCount() {
  const [row] = await t.db.select({ n: count() }).from(stockMovements);
  return Number(row?.n ?? 0);
}

describe('opening stock', () => {
  let importId = '';

  it('previews each row by the Stock In form’s rules; a serial that exists is refused', async () => {
    const before = await movementCount();
    const response = await client.upload(manager, { kind: 'opening-stock' }, 'godown.csv', file());
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json().data;
    importId = preview._id;
    expect(preview).toMatchObject({
      kind: 'opening-stock',
      branch: { _id: branchA },
      total: 10,
      toCreate: 3,
      toUpdate: 0,
      duplicates: 1,
      errorRows: 6,
    });
    expect(preview.errors).toEqual([
      {
        row: 4,
        column: 'Serial Number',
        message: INVENTORY_MESSAGES.serialExists('Dome Camera 2MP'),
      },
      { row: 7, column: 'Item ID', message: INVENTORY_MESSAGES.itemNotFound },
      { row: 8, column: 'Item ID', message: INVENTORY_MESSAGES.noStockForService },
      { row: 9, column: 'Serial Number', message: INVENTORY_MESSAGES.serialRequired },
      { row: 10, column: 'Quantity', message: INVENTORY_MESSAGES.quantityMin },
      { row: 11, column: 'Item ID', message: INVENTORY_MESSAGES.itemNotFound },
    ]);
    expect(preview.duplicateRows).toEqual([
      { row: 5, column: 'Serial Number', message: 'Same serial number as row 2' },
    ]);
    expect(await movementCount()).toBe(before);
    expect(await serialsInBranch(branchA)).toEqual([]);
  });

  it('commits into the branch’s stock through the ledger, shown as Opening stock', async () => {
    const done = await client.commitAll(manager, importId);
    expect(done).toMatchObject({ status: 'done', created: 3, skipped: 1, failed: 6 });
    expect(await serialsInBranch(branchA)).toEqual(['SN-001', 'SN-002']);
    const [cables] = await t.db
      .select({ quantity: branchStock.quantity })
      .from(branchStock)
      .where(and(eq(branchStock.branchId, branchA), eq(branchStock.itemId, cable._id)));
    expect(cables?.quantity).toBe(12);
    const [cameras] = await t.db
      .select({ quantity: branchStock.quantity })
      .from(branchStock)
      .where(and(eq(branchStock.branchId, branchA), eq(branchStock.itemId, camera._id)));
    expect(cameras?.quantity).toBe(2);

    const shelf = (await client.get(manager, '/api/inventory-by-type/serialized-product')).json()
      .data as { _id: string; stock: { serialNumber: string; remark: string; date: string }[] }[];
    expect(shelf.find((i) => i._id === camera._id)?.stock).toEqual([
      {
        serialNumber: 'SN-001',
        quantity: 1,
        date: '2026-03-31T00:00:00.000Z',
        remark: 'Opening stock',
      },
      expect.objectContaining({ serialNumber: 'SN-002', remark: 'Opening stock' }),
    ]);

    const history = (
      await client.get(manager, '/api/get-transfer-history?serialNumber=SN-001')
    ).json().data as Record<string, unknown>[];
    expect(history).toEqual([
      expect.objectContaining({
        kind: 'stock-in',
        to: 'Branch Inventory',
        itemName: 'Dome Camera 2MP',
        serialNumber: 'SN-001',
        quantity: 1,
        remark: 'Opening stock',
      }),
    ]);
    const generic = (
      await client.get(manager, `/api/get-transfer-history?itemId=${cable._id}`)
    ).json().data as Record<string, unknown>[];
    expect(generic).toEqual([
      expect.objectContaining({ kind: 'stock-in', quantity: 12, remark: 'Opening stock' }),
    ]);
  });

  it('creates nothing when the same file is imported again', async () => {
    const before = await movementCount();
    const again = await client.upload(manager, { kind: 'opening-stock' }, 'godown.csv', file());
    expect(again.statusCode).toBe(200);
    const preview = again.json().data;
    expect(preview).toMatchObject({ toCreate: 0, toUpdate: 1, errorRows: 9 });
    expect(preview.errors.slice(0, 2)).toEqual([
      {
        row: 2,
        column: 'Serial Number',
        message: INVENTORY_MESSAGES.serialExists('Dome Camera 2MP'),
      },
      {
        row: 3,
        column: 'Serial Number',
        message: INVENTORY_MESSAGES.serialExists('Dome Camera 2MP'),
      },
    ]);
    expect(preview.duplicateRows).toContainEqual({
      row: 6,
      column: 'Item ID',
      message: 'A stock entry with this item id already exists',
    });
    const skipped = await client.commitAll(manager, preview._id, 'skip');
    expect(skipped).toMatchObject({ status: 'done', created: 0, updated: 0 });
    expect(await movementCount()).toBe(before);

    // 'Update' never overwrites stock: the repeat is refused with why.
    const third = await client.upload(manager, { kind: 'opening-stock' }, 'godown.csv', file());
    const updated = await client.commitAll(manager, third.json().data._id, 'update');
    expect(updated).toMatchObject({ status: 'done', created: 0, updated: 0 });
    expect(await movementCount()).toBe(before);
    const [cables] = await t.db
      .select({ quantity: branchStock.quantity })
      .from(branchStock)
      .where(and(eq(branchStock.branchId, branchA), eq(branchStock.itemId, cable._id)));
    expect(cables?.quantity).toBe(12);
  });

  it('a manager cannot import into another branch, and nothing is kept', async () => {
    const before = await movementCount();
    const response = await client.upload(
      manager,
      { kind: 'opening-stock', branch: branchB },
      'other.csv',
      csvOf([
        ['Item ID', 'Serial Number'],
        ['CAM-OPEN', 'SN-B-1'],
      ]),
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(M.otherBranch);
    expect(await movementCount()).toBe(before);
    expect(await serialsInBranch(branchB)).toEqual(['SN-HERE']);
  });

  it('an admin imports into the branch chosen', async () => {
    const response = await client.upload(
      admin,
      { kind: 'opening-stock', branch: branchB },
      'baner.csv',
      csvOf([
        ['Item ID', 'Serial Number'],
        ['CAM-OPEN', 'SN-B-1'],
      ]),
    );
    expect(response.statusCode, response.body).toBe(200);
    const done = await client.commitAll(admin, response.json().data._id);
    expect(done).toMatchObject({ created: 1 });
    expect(await serialsInBranch(branchB)).toEqual(['SN-B-1', 'SN-HERE']);
  });
});
