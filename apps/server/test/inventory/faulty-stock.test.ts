import { FAULTY_PLACE_LABEL } from '@karya/domain/inventory-answers';
import { INVENTORY_MESSAGES as M } from '@karya/domain/inventory-schemas';
import {
  assignStock,
  billLine,
  confirmBill,
  createBill,
  createBranchTeam,
  createItem,
  createStartedOrder,
  stockIn,
} from '@karya/test-factories';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branchStock, serialUnits } from '../../src/db/schema';
import { moveStock } from '../../src/modules/inventory/stock-ledger';
import { type Client, client } from '../helpers/http';
import { ADMIN, loginAs } from '../helpers/test-app';
import { type CheckedApp, createCheckedTestApp } from './checked-app';

/**
 * The faulty shelf (issue 13): a unit taken back from a customer under a warranty replacement
 * sits at its branch in the place 'faulty'. It is not sellable stock: no stock figure counts
 * it, it cannot be assigned, and every stock view shows it apart. The warranty module moves
 * units there through moveStock; here the test does the same in its own transaction after a
 * real installation through a confirmed bill.
 */

let t: CheckedApp;
let admin: Client;
let managerA: Client;
let managerB: Client;
let tech: Client;
let managerAId: string;
let techId: string;
let branchA: string;
let camera: { _id: string; id: string; name: string };

async function expectOk(response: { statusCode: number; body: string }) {
  expect(response.statusCode, response.body).toBe(200);
  return JSON.parse(response.body);
}

beforeAll(async () => {
  t = await createCheckedTestApp();
  admin = client(t.app, await loginAs(t.app, ADMIN.username, ADMIN.password));
  const hadapsar = await createBranchTeam(admin, { branch: { name: 'Hadapsar' } });
  const wakad = await createBranchTeam(admin, { branch: { name: 'Wakad' }, technicians: [] });
  branchA = hadapsar.branch.id;
  ({ id: managerAId, api: managerA } = hadapsar.manager);
  managerB = wakad.manager.api;
  [{ id: techId, api: tech }] = hadapsar.technicians;
  camera = await createItem(admin, 'serialized-product', {
    id: 'ITEM-FAULTY-CAM',
    name: 'PTZ Camera',
    mrp: 9000,
    purchasePrice: 6000,
    salePrice: 8000,
  });
});
afterAll(() => t.close());

/** FLT-1 installed at a customer through a confirmed bill; FLT-2 and FLT-3 in branch stock. */
async function installThroughBill() {
  await stockIn(managerA, camera.id, { serials: ['FLT-1', 'FLT-2', 'FLT-3'] });
  await assignStock(managerA, techId, camera.id, { serials: ['FLT-1'] });
  const order = await createStartedOrder(
    managerA,
    { id: techId, api: tech },
    {
      name: 'Kavita Patil',
      phoneNumber: '+919812345670',
      email: 'kavita@example.com',
      address: 'Magarpatta',
      initialRemark: 'Install one camera',
    },
  );
  const bill = await createBill(tech, order, [billLine(camera, { serialNumber: 'FLT-1' })]);
  await confirmBill(tech, bill._id);
}

/** What the warranty module does on completion: the faulty unit back, a new one fitted. */
async function replaceUnderWarranty(faulty: string, replacement: string) {
  const [unit] = await t.db.select().from(serialUnits).where(eq(serialUnits.serialNumber, faulty));
  if (!unit?.workOrderId || !unit.customerId) throw new Error(`${faulty} is not at a customer`);
  const customer = { workOrderId: unit.workOrderId, customerId: unit.customerId };
  const remark = `Warranty replacement: ${faulty} → ${replacement}`;
  await t.db.transaction(async (tx) => {
    const back = await moveStock(tx, {
      itemId: camera._id,
      serialNumber: faulty,
      quantity: 1,
      from: { location: 'customer', ...customer },
      to: { location: 'faulty', branchId: branchA },
      branchId: branchA,
      actorId: managerAId,
      remark,
    });
    const fitted = await moveStock(tx, {
      itemId: camera._id,
      serialNumber: replacement,
      quantity: 1,
      from: { location: 'branch', branchId: branchA },
      to: { location: 'customer', ...customer, installedAt: unit.installedAt ?? new Date() },
      branchId: branchA,
      actorId: managerAId,
      remark,
    });
    expect([back, fitted]).toEqual([{ ok: true }, { ok: true }]);
  });
}

interface ByTypeItem {
  _id: string;
  totalStock: number;
  stock: { serialNumber: string }[];
  faulty: { serialNumber: string; date: string; remark: string }[];
}
const cameraIn = async (who: Client, query = '') =>
  (
    (await expectOk(await who.get(`/api/inventory-by-type/serialized-product${query}`)))
      .items as ByTypeItem[]
  ).find((i) => i._id === camera._id);

describe('a unit taken back under warranty', () => {
  beforeAll(async () => {
    await installThroughBill();
    const installed = await expectOk(await managerA.get('/api/serial-number-detail/FLT-1'));
    expect(installed.data).toMatchObject({ location: 'customer', customerName: 'Kavita Patil' });
    await replaceUnderWarranty('FLT-1', 'FLT-2');
  });

  it('is listed apart from sellable stock and counts in no stock figure', async () => {
    const row = await cameraIn(managerA);
    expect(row?.stock.map((s) => s.serialNumber)).toEqual(['FLT-3']);
    expect(row?.totalStock).toBe(1);
    expect(row?.faulty).toEqual([
      {
        serialNumber: 'FLT-1',
        date: expect.any(String),
        remark: 'Warranty replacement: FLT-1 → FLT-2',
      },
    ]);
    expect((await cameraIn(admin, `?branch=${branchA}`))?.faulty).toHaveLength(1);
    expect((await cameraIn(admin))?.faulty).toHaveLength(1);
    expect(await cameraIn(managerB)).toMatchObject({ totalStock: 0, stock: [], faulty: [] });

    const catalogue = (await expectOk(await managerA.get('/api/get-all-inventory'))).data as {
      _id: string;
      stock: number;
    }[];
    expect(catalogue.find((i) => i._id === camera._id)?.stock).toBe(1);
    const single = (await expectOk(await managerA.get(`/api/get-single-inventory/${camera.id}`)))
      .data;
    expect(single).toMatchObject({ stock: 1, totalStock: 1 });

    // The branch's balance holds its sellable serials only.
    const [balance] = await t.db
      .select({ quantity: branchStock.quantity })
      .from(branchStock)
      .where(and(eq(branchStock.itemId, camera._id), eq(branchStock.branchId, branchA)));
    expect(balance?.quantity).toBe(1);
  });

  it('cannot be assigned, stocked again or returned, and stays where it is', async () => {
    const assign = await managerA.post('/api/assign-inventory-technician', {
      technicianId: techId,
      itemId: camera.id,
      serialNumber: 'FLT-1',
    });
    expect([assign.statusCode, assign.json().message]).toEqual([409, M.serialNotInInventory]);
    const again = await managerA.post('/api/add-stock', {
      itemId: camera.id,
      serialNumber: 'FLT-1',
      remark: 'Purchase',
    });
    expect([again.statusCode, again.json().message]).toEqual([409, M.serialExists(camera.name)]);
    const returned = await tech.post('/api/return-inventory', {
      itemId: camera.id,
      serialNumber: 'FLT-1',
    });
    expect([returned.statusCode, returned.json().message]).toEqual([409, M.notHeld]);
    const held = (await expectOk(await tech.get('/api/get-technician-inventory'))).data as {
      _id: string;
    }[];
    expect(held.find((i) => i._id === camera._id)).toBeUndefined();

    const detail = (await expectOk(await managerA.get('/api/serial-number-detail/FLT-1'))).data;
    expect(detail).toMatchObject({
      location: 'faulty',
      branchId: branchA,
      technicianId: null,
      customerName: null,
    });
    expect((await managerB.get('/api/serial-number-detail/FLT-1')).statusCode).toBe(404);
    expect((await cameraIn(managerA))?.faulty.map((f) => f.serialNumber)).toEqual(['FLT-1']);
  });

  it("is labelled 'Faulty Stock' in the transfer history, and the swap as a replacement", async () => {
    const history = (
      await expectOk(await managerA.get('/api/get-transfer-history?serialNumber=FLT-1'))
    ).data as {
      kind: string;
      from: string;
      to: string;
      fromLocation: string;
      toLocation: string;
    }[];
    // The customer side is named with the order (issue 15 §10), never a bare 'Customer'.
    const customer = expect.stringMatching(/^Customer: \S.* \(WO-\d{4}-\d+\)$/);
    expect(history.map((r) => [r.kind, r.from, r.to])).toEqual([
      ['faulty', customer, FAULTY_PLACE_LABEL],
      ['billed', expect.any(String), customer],
      ['assigned', 'Branch Inventory', expect.any(String)],
      ['stock-in', 'Stock In', 'Branch Inventory'],
    ]);
    expect(history[0]).toMatchObject({ fromLocation: 'customer', toLocation: 'faulty' });

    const faulty = (await expectOk(await managerA.get('/api/get-transfer-history?type=faulty')))
      .data;
    expect(faulty.map((r: { serialNumber: string }) => r.serialNumber)).toEqual(['FLT-1']);
    const replaced = (
      await expectOk(await managerA.get('/api/get-transfer-history?type=replacement'))
    ).data;
    expect(replaced).toEqual([
      expect.objectContaining({
        serialNumber: 'FLT-2',
        kind: 'replacement',
        from: 'Branch Inventory',
        to: expect.stringMatching(/^Customer: \S.* \(WO-\d{4}-\d+\)$/),
      }),
    ]);
    const billed = (await expectOk(await managerA.get('/api/get-transfer-history?type=billed')))
      .data;
    expect(billed.map((r: { serialNumber: string }) => r.serialNumber)).toEqual(['FLT-1']);
    const serialHistory = (
      await expectOk(await admin.get('/api/serial-number-history?serialNumber=FLT-1'))
    ).data;
    expect(serialHistory[0]).toMatchObject({ kind: 'faulty', to: FAULTY_PLACE_LABEL });
    expect(
      (await expectOk(await managerB.get('/api/get-transfer-history?type=faulty'))).data,
    ).toEqual([]);
  });

  it('leaves the ledger adding up: every serial in one place, its last movement its place', async () => {
    const result = await t.db.execute(sql`
      select u.serial_number, u.location::text as location,
        (select m.to_location::text from stock_movements m
          where m.serial_number = u.serial_number order by m.id desc limit 1) as last
      from serial_units u`);
    const rows = (result as unknown as { rows: { location: string; last: string }[] }).rows;
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row.location).toBe(row.last);
    expect(t.lost).toEqual([]);
  });
});
