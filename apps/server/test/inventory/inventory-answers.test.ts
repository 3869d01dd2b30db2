import { TRANSFER_KINDS } from '@karya/domain/inventory-answers';
import { createBranchTeam } from '@karya/test-factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, client } from '../helpers/http';
import { ADMIN, loginAs } from '../helpers/test-app';
import { type CheckedApp, createCheckedTestApp, INVENTORY_ROUTES } from './checked-app';

/**
 * The inventory answers and their schemas (issue 13): every inventory route called by each
 * role that may call it, through stock in, assignment, returns and the ledger's history,
 * while each answer is checked against its response schema on the way out (nothing dropped,
 * nothing changed). Then the OpenAPI document describes every one of them.
 */

let t: CheckedApp;
let admin: Client;
let manager: Client;
let tech: Client;
let techId: string;
let branchId: string;

beforeAll(async () => {
  t = await createCheckedTestApp();
  admin = client(t.app, await loginAs(t.app, ADMIN.username, ADMIN.password));
  const aundh = await createBranchTeam(admin, { branch: { name: 'Aundh' } });
  branchId = aundh.branch.id;
  manager = aundh.manager.api;
  [{ id: techId, api: tech }] = aundh.technicians;
});
afterAll(() => t.close());

async function expectOk(response: { statusCode: number; body: string }) {
  expect(response.statusCode, response.body).toBe(200);
  return JSON.parse(response.body);
}

const item = (type: string, name: string) => ({
  id: `ITEM-ANS-${name.replace(/\W/g, '')}`,
  type,
  name,
  unit: type === 'service' ? 'Service' : 'Piece',
  warranty: '1 year',
  mrp: 1500,
  purchasePrice: 900.5,
  salePrice: 1200,
});

describe('inventory answers', () => {
  it('carry every field the service answers, for each role, through the whole cycle', async () => {
    const camera = (
      await expectOk(
        await admin.post('/api/create-inventory', item('serialized-product', 'Bullet Camera')),
      )
    ).data;
    const cable = (
      await expectOk(
        await admin.post('/api/create-inventory', item('generic-product', 'Coax Cable')),
      )
    ).data;
    await expectOk(await admin.post('/api/create-inventory', item('service', 'Site Survey')));
    const spare = (
      await expectOk(
        await admin.post('/api/create-inventory', item('generic-product', 'Spare Bracket')),
      )
    ).data;
    expect(camera).toMatchObject({ itemType: 'serialized', purchasePrice: 900.5, totalStock: 0 });

    const updated = item('generic-product', 'Coax Cable');
    await expectOk(await admin.post(`/api/update-inventory/${cable.id}`, updated));
    await expectOk(await admin.put(`/api/update-inventory/${cable._id}`, updated));
    await expectOk(await admin.delete(`/api/delete-inventory/${spare.id}`));
    const doomed = (
      await expectOk(await admin.post('/api/create-inventory', item('service', 'Old Visit')))
    ).data;
    await expectOk(await admin.post(`/api/delete-inventory/${doomed.id}`));

    for (const serialNumber of ['ANS-1', 'ANS-2']) {
      const added = await expectOk(
        await manager.post('/api/add-stock', {
          itemId: camera.id,
          serialNumber,
          date: '2026-11-20',
          remark: 'Purchase',
        }),
      );
      expect(added.data).toEqual({ itemId: camera.id, _id: camera._id, serialNumber, quantity: 1 });
    }
    await expectOk(
      await manager.post('/api/add-stock', { itemId: cable.id, quantity: 40, remark: 'Roll' }),
    );

    for (const who of [admin, manager, tech]) {
      await expectOk(await who.get('/api/get-all-inventory'));
      await expectOk(await who.get(`/api/get-single-inventory/${camera.id}`));
      for (const type of ['serialized-product', 'generic-product', 'service'])
        await expectOk(await who.get(`/api/inventory-by-type/${type}`));
      await expectOk(await who.get('/api/check-serial/ANS-1'));
      await expectOk(await who.get('/api/check-serial/NOT-THERE'));
    }
    const byType = await expectOk(
      await admin.get(`/api/inventory-by-type/serialized-product?branch=${branchId}`),
    );
    expect(byType.items.find((i: { _id: string }) => i._id === camera._id)).toMatchObject({
      purchasePrice: 900.5,
      stock: [
        { serialNumber: 'ANS-1', quantity: 1, remark: 'Purchase' },
        { serialNumber: 'ANS-2' },
      ],
    });

    const assigned = await expectOk(
      await manager.post('/api/assign-inventory-technician', {
        technicianId: techId,
        itemId: camera.id,
        serialNumber: 'ANS-1',
      }),
    );
    expect(assigned.data).toMatchObject({ technicianId: techId, serialNumber: 'ANS-1' });
    await expectOk(
      await manager.post('/api/assign-inventory-technician', {
        technicianId: techId,
        itemId: cable.id,
        quantity: 10,
      }),
    );
    await expectOk(await tech.get('/api/get-technician-inventory'));
    await expectOk(await manager.get(`/api/get-technician-inventory?technicianId=${techId}`));
    await expectOk(await admin.get(`/api/get-technician-inventory?technicianId=${techId}`));

    const returned = await expectOk(
      await tech.post('/api/return-inventory', { itemId: camera.id, serialNumber: 'ANS-1' }),
    );
    expect(returned.data.returnId).toEqual(expect.any(String));
    await expectOk(await tech.post('/api/return-inventory', { itemId: cable.id, quantity: 3 }));
    for (const who of [admin, manager, tech])
      await expectOk(await who.get('/api/get-returned-inventory'));
    const pending = (await expectOk(await manager.get('/api/get-returned-inventory'))).data;
    expect(pending[0]).toMatchObject({ status: 'pending', confirmedAt: null, itemCount: 2 });
    const confirmed = await expectOk(
      await manager.post(`/api/confirm-returned-inventory/${pending[0].id}`),
    );
    expect(confirmed.data).toEqual({ id: pending[0].id, itemCount: 2, totalQuantity: 4 });
    await expectOk(await admin.get('/api/get-returned-inventory?status=all'));

    for (const who of [manager, admin]) {
      await expectOk(await who.get(`/api/get-inventory-history?technicianId=${techId}`));
      await expectOk(await who.get('/api/get-transfer-history'));
      for (const type of TRANSFER_KINDS)
        await expectOk(await who.get(`/api/get-transfer-history?type=${type}`));
      await expectOk(await who.get('/api/serial-number-history?serialNumber=ANS-1'));
      for (const serial of ['ANS-1', 'ANS-2'])
        await expectOk(await who.get(`/api/serial-number-detail/${serial}`));
    }
    await expectOk(await tech.get('/api/get-inventory-history'));
    await manager.post('/api/assign-inventory-technician', {
      technicianId: techId,
      itemId: camera.id,
      serialNumber: 'ANS-2',
    });
    const held = await expectOk(await admin.get('/api/serial-number-detail/ANS-2'));
    expect(held.data).toMatchObject({ location: 'technician', technicianId: techId });
    expect(held.data.technicianName).toEqual(expect.any(String));

    // Refusals answer in the failure shape, also checked.
    expect(
      (await manager.post('/api/add-stock', { itemId: camera.id, remark: '' })).statusCode,
    ).toBe(400);
    expect((await manager.get('/api/serial-number-detail/NOPE')).statusCode).toBe(404);

    expect(t.lost).toEqual([]);
    expect(INVENTORY_ROUTES.filter((route) => !t.answered.has(route))).toEqual([]);
  });

  it('are described in the OpenAPI document: no inventory answer is left as any', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    /** A schema that says nothing (what z.any() becomes), found anywhere inside another. */
    const blank = (schema: unknown): boolean =>
      typeof schema === 'object' &&
      schema !== null &&
      (Object.keys(schema).length === 0 || Object.values(schema).some(blank));
    for (const route of INVENTORY_ROUTES) {
      const [method = '', path = ''] = route.split(' ');
      const openApiPath = path.replace(/:(\w+)/g, '{$1}');
      const operation = document.paths[openApiPath]?.[method.toLowerCase()];
      const ok = operation?.responses['200'] as
        | { content: { 'application/json': { schema: unknown } } }
        | undefined;
      const schema = ok?.content['application/json'].schema;
      expect({ route, described: schema !== undefined && !blank(schema) }).toEqual({
        route,
        described: true,
      });
    }
    const list = document.paths['/api/get-all-inventory']?.get?.responses['200'] as {
      content: {
        'application/json': {
          schema: { properties: { data: { items: { properties: object; required: string[] } } } };
        };
      };
    };
    const listItem = list.content['application/json'].schema.properties.data.items;
    expect(Object.keys(listItem.properties)).toEqual(
      expect.arrayContaining(['_id', 'id', 'name', 'purchasePrice', 'salePrice', 'stock']),
    );
    expect(listItem.required).not.toContain('purchasePrice');
  });
});
