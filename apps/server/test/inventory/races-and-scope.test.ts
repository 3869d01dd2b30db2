import { INVENTORY_MESSAGES as M } from '@karya/domain/inventory-schemas';
import { assignStock, createBranchTeam, createItem, stockIn } from '@karya/test-factories';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branchStock } from '../../src/db/schema';
import { type Client, client } from '../helpers/http';
import { ADMIN, createTestApp, loginAs, type TestApp } from '../helpers/test-app';

/**
 * Issue 16 points 1 and 9: confirming returns that hold the same items in opposite orders
 * never surfaces a deadlock, and check-serial tells no one about another branch's serials.
 */

let t: TestApp;
let admin: Client;
let managerA: Client;
let managerB: Client;
let techA1: Client;
let techA2: Client;
let techB: Client;
let techA1Id: string;
let techA2Id: string;
let camera: { _id: string; id: string; name: string };
let cable: { _id: string; id: string };

let seq = 0;
const uid = () => {
  seq += 1;
  return `${Date.now().toString(36)}${seq}`;
};

async function ok(response: { statusCode: number; body: string }) {
  if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body}`);
  return JSON.parse(response.body) as { data: unknown } & Record<string, unknown>;
}

/** A camera serial into branch A, and on to a technician when one is named. */
async function stockSerial(serialNumber: string, technicianId?: string) {
  await stockIn(managerA, camera.id, { serials: [serialNumber] });
  if (technicianId)
    await assignStock(managerA, technicianId, camera.id, { serials: [serialNumber] });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = client(t.app, await loginAs(t.app, ADMIN.username, ADMIN.password));
  const kothrud = await createBranchTeam(admin, {
    branch: { name: 'Kothrud' },
    technicians: [{}, {}],
  });
  const baner = await createBranchTeam(admin, { branch: { name: 'Baner' } });
  managerA = kothrud.manager.api;
  managerB = baner.manager.api;
  [{ id: techA1Id, api: techA1 }, { id: techA2Id, api: techA2 }] = kothrud.technicians;
  [{ api: techB }] = baner.technicians;
  const prices = { mrp: 100, purchasePrice: 50, salePrice: 80 };
  camera = await createItem(admin, 'serialized-product', prices);
  cable = await createItem(admin, 'generic-product', prices);
});
afterAll(() => t.close());

describe('check-serial', () => {
  it("answers another branch's serial exactly as an unknown one", async () => {
    const inStock = `SN-${uid()}`;
    const held = `SN-${uid()}`;
    await stockSerial(inStock);
    await stockSerial(held, techA1Id);
    const unknown = await ok(await managerB.get('/api/check-serial/NO-SUCH-SERIAL'));
    for (const serial of [inStock, held]) {
      for (const outsider of [managerB, techB]) {
        const answer = await ok(await outsider.get(`/api/check-serial/${serial}`));
        expect(answer).toEqual({ ...unknown });
        expect(answer).toMatchObject({ exists: false, item: null, message: M.serialNotFound });
      }
      for (const insider of [managerA, techA2, admin]) {
        const answer = await ok(await insider.get(`/api/check-serial/${serial}`));
        expect(answer).toMatchObject({ exists: true, item: { id: camera.id, name: camera.name } });
      }
    }
  });
});

describe('confirming returns at the same moment', () => {
  it('never fails for a deadlock: two returns with the same items in opposite orders, 10 pairs', async () => {
    const pairs = 10;
    await ok(
      await managerA.post('/api/add-stock', {
        itemId: cable.id,
        quantity: pairs * 4,
        remark: 'Roll',
        date: '2026-11-20',
      }),
    );
    for (const technicianId of [techA1Id, techA2Id])
      await ok(
        await managerA.post('/api/assign-inventory-technician', {
          technicianId,
          type: 'generic-product',
          itemId: cable.id,
          quantity: pairs * 2,
        }),
      );
    const [before] = await t.db
      .select({ quantity: branchStock.quantity })
      .from(branchStock)
      .where(eq(branchStock.itemId, cable._id));

    for (let pair = 0; pair < pairs; pair += 1) {
      const s1 = `SN-${uid()}`;
      const s2 = `SN-${uid()}`;
      await stockSerial(s1, techA1Id);
      await stockSerial(s2, techA2Id);
      const serialLine = (serialNumber: string) => ({
        itemId: camera.id,
        type: 'serialized-product',
        serialNumber,
      });
      const cableLine = { itemId: cable.id, type: 'generic-product', quantity: 1 };
      // Technician 1: the camera, then the cable; technician 2: the cable, then the camera.
      await ok(await techA1.post('/api/return-inventory', serialLine(s1)));
      await ok(await techA1.post('/api/return-inventory', cableLine));
      await ok(await techA2.post('/api/return-inventory', cableLine));
      await ok(await techA2.post('/api/return-inventory', serialLine(s2)));
      const pending = (await ok(await managerA.get('/api/get-returned-inventory'))).data as Array<{
        id: string;
      }>;
      expect(pending).toHaveLength(2);
      const answers = await Promise.all(
        pending.map((r) => managerA.post(`/api/confirm-returned-inventory/${r.id}`)),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    }
    const [after] = await t.db
      .select({ quantity: branchStock.quantity })
      .from(branchStock)
      .where(eq(branchStock.itemId, cable._id));
    expect((after?.quantity ?? 0) - (before?.quantity ?? 0)).toBe(pairs * 2);
    const [serialsHome] = await t.db
      .select({ quantity: branchStock.quantity })
      .from(branchStock)
      .where(and(eq(branchStock.itemId, camera._id)));
    const onShelf = await t.db.execute(
      sql`select count(*)::int as n from serial_units where item_id = ${camera._id} and location = 'branch'`,
    );
    expect(serialsHome?.quantity).toBe(
      (onShelf as unknown as { rows: Array<{ n: number }> }).rows[0]?.n,
    );
  });
});
