import { INVENTORY_MESSAGES as M } from '@karya/domain/inventory-schemas';
import { GST_RATE_FORMAT } from '@karya/domain/tax-fields';
import { createBranchTeam, createUser } from '@karya/test-factories';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, client } from '../helpers/http';
import { ADMIN, createTestApp, loginAs, type TestApp } from '../helpers/test-app';

let t: TestApp;
let admin: Client;
let managerA: Client;
let managerB: Client;
let techA: Client;
let techA2: Client;
let techB: Client;
let techAId: string;
let techA2Id: string;
let techBId: string;
let branchA: { id: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = client(t.app, await loginAs(t.app, ADMIN.username, ADMIN.password));
  const kothrud = await createBranchTeam(admin, {
    branch: { name: 'Kothrud' },
    technicians: [{}, {}],
  });
  const baner = await createBranchTeam(admin, { branch: { name: 'Baner' } });
  branchA = kothrud.branch;
  managerA = kothrud.manager.api;
  managerB = baner.manager.api;
  [{ id: techAId, api: techA }, { id: techA2Id, api: techA2 }] = kothrud.technicians;
  [{ id: techBId, api: techB }] = baner.technicians;
});
afterAll(() => t.close());

let seq = 0;
const uid = () => {
  seq += 1;
  return `${Date.now()}${seq}`;
};
const product = (type: string, overrides: Record<string, unknown> = {}) => ({
  id: `ITEM-${uid()}`,
  type,
  name: `${type} ${uid()}`,
  unit: 'Piece',
  warranty: '1 year',
  mrp: 1200.5,
  purchasePrice: 800.25,
  salePrice: 1000,
  ...overrides,
});
async function createItem(type: string, overrides: Record<string, unknown> = {}) {
  const response = await admin.post('/api/create-inventory', product(type, overrides));
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { _id: string; id: string; name: string };
}
async function stockIn(who: Client, itemId: string, entry: Record<string, unknown>) {
  return who.post('/api/add-stock', { itemId, remark: 'Purchase', date: '2026-11-20', ...entry });
}
const messageOf = (r: { json(): { message: string } }) => r.json().message;

describe('catalogue', () => {
  it('creates all three types; prices round-trip in rupees; purchasePrice only for admins', async () => {
    const item = await createItem('serialized-product');
    expect(item.id).toMatch(/^ITEM-/);
    const service = await admin.post('/api/create-inventory', {
      type: 'service',
      name: 'Installation',
      salePrice: 499,
    });
    expect(service.json().data).toMatchObject({ type: 'service', salePrice: 499, mrp: 0 });
    const generated = await admin.post('/api/create-inventory', {
      ...product('generic-product'),
      id: undefined,
    });
    expect(generated.json().data.id).toMatch(/^ITEM-\d+/);

    const adminView = (await admin.get(`/api/get-single-inventory/${item.id}`)).json().data;
    expect(adminView).toMatchObject({
      _id: item._id,
      purchasePrice: 800.25,
      mrp: 1200.5,
      salePrice: 1000,
    });
    for (const who of [managerA, techA]) {
      const one = (await who.get(`/api/get-single-inventory/${item._id}`)).json().data;
      expect(one).not.toHaveProperty('purchasePrice');
      const list = (await who.get('/api/get-all-inventory')).json().data as object[];
      expect(list.length).toBeGreaterThan(0);
      for (const row of list) expect(row).not.toHaveProperty('purchasePrice');
      const byType = (await who.get('/api/inventory-by-type/serialized-product')).json()
        .items as object[];
      for (const row of byType) expect(row).not.toHaveProperty('purchasePrice');
    }
    expect(JSON.stringify((await managerA.get('/api/get-all-inventory')).json())).not.toContain(
      'purchasePrice',
    );
  });

  it('validates in the spec order with its messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'serialized-product', name: '  ' }, M.nameRequired],
      [{ type: 'generic-product', name: 'Cable' }, M.mrpRequired],
      [{ type: 'generic-product', name: 'Cable', mrp: 10 }, M.purchasePriceRequired],
      [{ type: 'generic-product', name: 'Cable', mrp: 10, purchasePrice: 5 }, M.salePriceRequired],
      [{ type: 'service', name: 'Visit' }, M.salePriceRequired],
      [{ type: 'gadget', name: 'X', salePrice: 1 }, M.invalidType],
    ];
    for (const [body, message] of cases) {
      const response = await admin.post('/api/create-inventory', body);
      expect(response.statusCode).toBe(400);
      expect(messageOf(response)).toBe(message);
    }
    // Services need only a name and a sale price; a default type is serialized-product.
    expect(
      (
        await admin.post('/api/create-inventory', {
          name: 'Cam',
          mrp: 1,
          purchasePrice: 1,
          salePrice: 1,
        })
      ).json().data.type,
    ).toBe('serialized-product');
  });

  it('refuses a duplicate id, a type change and a product rename; a service may be renamed', async () => {
    const item = await createItem('generic-product');
    const dup = await admin.post(
      '/api/create-inventory',
      product('generic-product', { id: item.id }),
    );
    expect(dup.statusCode).toBe(409);
    expect(messageOf(dup)).toBe(M.duplicateId);
    const base = product('generic-product', { name: item.name });
    const typeChange = await admin.post(`/api/update-inventory/${item.id}`, {
      ...base,
      type: 'service',
    });
    expect(messageOf(typeChange)).toBe(M.typeFixed);
    const rename = await admin.post(`/api/update-inventory/${item._id}`, {
      ...base,
      name: 'Other',
    });
    expect(messageOf(rename)).toBe(M.nameFixed);
    const updated = await admin.put(`/api/update-inventory/${item.id}`, {
      ...base,
      salePrice: 55.5,
    });
    expect(updated.json()).toMatchObject({
      success: true,
      message: M.itemUpdated,
      data: { salePrice: 55.5 },
    });
    const service = await createItem('service', { name: 'Visit' });
    const renamed = await admin.post(`/api/update-inventory/${service.id}`, {
      type: 'service',
      name: 'Site visit',
      salePrice: 300,
    });
    expect(renamed.json().data.name).toBe('Site visit');
    expect((await admin.post('/api/update-inventory/ITEM-missing', base)).statusCode).toBe(404);
  });

  it('deletes an item without stock, refuses one with stock', async () => {
    const empty = await createItem('generic-product');
    const gone = await admin.post(`/api/delete-inventory/${empty.id}`);
    expect(gone.json()).toMatchObject({ success: true, message: M.itemDeleted });
    const stocked = await createItem('generic-product');
    expect((await stockIn(managerA, stocked.id, { quantity: 3 })).statusCode).toBe(200);
    const refused = await admin.delete(`/api/delete-inventory/${stocked._id}`);
    expect(refused.statusCode).toBe(409);
    expect(messageOf(refused)).toBe(M.hasStock);
  });

  it('only admins change the catalogue', async () => {
    const item = await createItem('service');
    for (const who of [managerA, managerB, techA, techB]) {
      expect((await who.post('/api/create-inventory', product('service'))).statusCode).toBe(403);
      expect(
        (await who.post(`/api/update-inventory/${item.id}`, product('service'))).statusCode,
      ).toBe(403);
      expect((await who.post(`/api/delete-inventory/${item.id}`)).statusCode).toBe(403);
    }
    expect((await client(t.app).get('/api/get-all-inventory')).statusCode).toBe(401);
  });
});

describe('catalogue tax data (issue 19)', () => {
  const RATES = '0%, 5%, 12%, 18%, 28%';
  const taxOf = (data: { hsnSac: unknown; gstRate: unknown; priceIncludesTax: unknown }) => ({
    hsnSac: data.hsnSac,
    gstRate: data.gstRate,
    priceIncludesTax: data.priceIncludesTax,
  });

  it("answers an item created without them as 'not set', tax-inclusive", async () => {
    const item = await createItem('generic-product');
    expect(taxOf((await admin.get(`/api/get-single-inventory/${item.id}`)).json().data)).toEqual({
      hsnSac: null,
      gstRate: null,
      priceIncludesTax: true,
    });
  });

  it('saves HSN, rate and tax-exclusive prices and answers them to every role', async () => {
    const item = await createItem('serialized-product', {
      hsnSac: ' 85414300 ',
      gstRate: 12,
      priceIncludesTax: false,
    });
    const expected = { hsnSac: '85414300', gstRate: 12, priceIncludesTax: false };
    expect(taxOf(item as never)).toEqual(expected);
    for (const who of [admin, managerA, techA]) {
      expect(taxOf((await who.get(`/api/get-single-inventory/${item._id}`)).json().data)).toEqual(
        expected,
      );
      const listed = (await who.get('/api/get-all-inventory'))
        .json()
        .data.find((row: { _id: string }) => row._id === item._id);
      expect(taxOf(listed)).toEqual(expected);
    }
  });

  it('takes a SAC for a service; a blank rate is not set', async () => {
    const service = await createItem('service', { hsnSac: '995461', gstRate: 18 });
    expect(taxOf(service as never)).toEqual({
      hsnSac: '995461',
      gstRate: 18,
      priceIncludesTax: true,
    });
    const blank = await createItem('service', { hsnSac: '', gstRate: '' });
    expect(taxOf(blank as never)).toEqual({ hsnSac: null, gstRate: null, priceIncludesTax: true });
  });

  it.each([
    ['generic-product', { hsnSac: '854' }, 'HSN code must be 4, 6 or 8 digits'],
    ['serialized-product', { hsnSac: '85414A' }, 'HSN code must be 4, 6 or 8 digits'],
    ['service', { hsnSac: '854143' }, 'SAC code must be 6 digits starting with 99'],
    ['generic-product', { gstRate: 15 }, `GST rate must be one of ${RATES}`],
    ['generic-product', { gstRate: 0.5 }, `GST rate must be one of ${RATES}`],
    ['generic-product', { gstRate: -5 }, GST_RATE_FORMAT],
    ['generic-product', { gstRate: 1800 }, GST_RATE_FORMAT],
    ['generic-product', { gstRate: '18' }, GST_RATE_FORMAT],
    ['generic-product', { gstRate: 'eighteen' }, GST_RATE_FORMAT],
  ])('refuses a %s with %o: %s, and adds nothing', async (type, extra, message) => {
    const body = product(type, extra);
    const response = await admin.post('/api/create-inventory', body);
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe(message);
    expect((await admin.get(`/api/get-single-inventory/${body.id}`)).statusCode).toBe(404);
  });

  it('updates them, keeps them when not sent, clears them with blank or null', async () => {
    const item = await createItem('generic-product', { hsnSac: '8544', gstRate: 18 });
    const base = product('generic-product', { name: item.name });
    const update = (extra: object) =>
      admin.post(`/api/update-inventory/${item.id}`, { ...base, ...extra });

    expect(taxOf((await update({ hsnSac: '854442', gstRate: 5 })).json().data)).toEqual({
      hsnSac: '854442',
      gstRate: 5,
      priceIncludesTax: true,
    });
    expect(taxOf((await update({ priceIncludesTax: false })).json().data)).toEqual({
      hsnSac: '854442',
      gstRate: 5,
      priceIncludesTax: false,
    });
    const refused = await update({ gstRate: 40 });
    expect(refused.statusCode).toBe(400);
    expect(messageOf(refused)).toBe(`GST rate must be one of ${RATES}`);
    expect(taxOf((await update({ hsnSac: '', gstRate: null })).json().data)).toEqual({
      hsnSac: null,
      gstRate: null,
      priceIncludesTax: false,
    });
  });

  it('lists the slabs the table holds now: a new one is allowed, a retired one refused', async () => {
    await t.db.execute(sql`update gst_rates set active = false where rate_bp = 2800`);
    await t.db.execute(sql`insert into gst_rates (rate_bp) values (4000)`);
    try {
      const retired = await admin.post(
        '/api/create-inventory',
        product('generic-product', { gstRate: 28 }),
      );
      expect(messageOf(retired)).toBe('GST rate must be one of 0%, 5%, 12%, 18%, 40%');
      const added = await createItem('generic-product', { gstRate: 40 });
      expect(taxOf(added as never).gstRate).toBe(40);
    } finally {
      await t.db.execute(sql`update gst_rates set active = true where rate_bp = 2800`);
    }
  });
});

describe('stock, assignment, returns, confirmation, history', () => {
  it('adds serial and generic stock with the spec messages; check-serial answers', async () => {
    const cam = await createItem('serialized-product');
    const cable = await createItem('generic-product');
    const service = await createItem('service');
    const added = await stockIn(managerA, cam.id, { serialNumber: 'SN-A-1' });
    expect(added.json()).toMatchObject({ success: true, message: M.stockAdded });
    const dup = await stockIn(managerB, cable.id === cam.id ? '' : cam._id, {
      serialNumber: 'SN-A-1',
    });
    expect(dup.statusCode).toBe(409);
    expect(messageOf(dup)).toBe(M.serialExists(cam.name));
    expect(messageOf(await stockIn(managerA, cam.id, {}))).toBe(M.serialRequired);
    expect(messageOf(await stockIn(managerA, cam.id, { serialNumber: 'X', remark: ' ' }))).toBe(
      M.remarkRequired,
    );
    expect(messageOf(await stockIn(managerA, cable.id, { quantity: 0 }))).toBe(M.quantityMin);
    expect(messageOf(await stockIn(managerA, service.id, { quantity: 1 }))).toBe(
      M.noStockForService,
    );
    expect(messageOf(await stockIn(managerA, 'ITEM-nope', { quantity: 1 }))).toBe(M.itemNotFound);
    expect(
      (await stockIn(managerA, cable.id, { quantity: 50, remark: 'Box of 50' })).statusCode,
    ).toBe(200);
    for (const who of [admin, techA])
      expect((await stockIn(who, cable.id, { quantity: 1 })).statusCode).toBe(403);

    const found = (await techA.get('/api/check-serial/SN-A-1')).json();
    expect(found).toMatchObject({
      success: true,
      exists: true,
      item: { id: cam.id, name: cam.name },
    });
    const missing = (await managerA.get('/api/check-serial/NOPE')).json();
    expect(missing).toMatchObject({ exists: false, item: null, message: M.serialNotFound });

    const serialized = (await managerA.get('/api/inventory-by-type/serialized-product')).json();
    const camRow = serialized.items.find((i: { _id: string }) => i._id === cam._id);
    expect(camRow).toMatchObject({
      totalStock: 1,
      stock: [{ serialNumber: 'SN-A-1', quantity: 1, remark: 'Purchase' }],
    });
    const generic = (
      await admin.get(`/api/inventory-by-type/generic-product?branch=${branchA.id}`)
    ).json();
    expect(generic.items.find((i: { _id: string }) => i._id === cable._id)).toMatchObject({
      totalStock: 50,
      purchasePrice: 800.25,
      stock: [{ quantity: 50, remark: 'Box of 50' }],
    });
    const otherBranch = (await managerB.get('/api/inventory-by-type/generic-product')).json();
    expect(otherBranch.items.find((i: { _id: string }) => i._id === cable._id).totalStock).toBe(0);
  });

  it('runs the whole cycle: assign, hold, return, confirm, reassign, history', async () => {
    const cam = await createItem('serialized-product');
    const cable = await createItem('generic-product');
    const service = await createItem('service', { salePrice: 250 });
    for (const s of ['C-1', 'C-2', 'C-3']) await stockIn(managerA, cam.id, { serialNumber: s });
    await stockIn(managerA, cable.id, { quantity: 50 });
    await stockIn(managerB, cable.id, { quantity: 5 });

    const assign = (who: Client, body: Record<string, unknown>) =>
      who.post('/api/assign-inventory-technician', body);
    const ok1 = await assign(managerA, {
      technicianId: techAId,
      type: 'serialized-product',
      itemId: cam.id,
      serialNumber: 'C-1',
    });
    expect(ok1.json()).toMatchObject({ success: true, message: M.assigned });
    await assign(managerA, { technicianId: techAId, itemId: cam._id, serialNumber: 'C-2' });
    expect(
      (await assign(managerA, { technicianId: techAId, itemId: cable.id, quantity: 20 }))
        .statusCode,
    ).toBe(200);

    // Refusals: the same serial again, too many, a technician of another branch, roles.
    const again = await assign(managerA, {
      technicianId: techA2Id,
      itemId: cam.id,
      serialNumber: 'C-1',
    });
    expect([again.statusCode, messageOf(again)]).toEqual([409, M.serialNotInInventory]);
    const tooMany = await assign(managerA, {
      technicianId: techAId,
      itemId: cable.id,
      quantity: 31,
    });
    expect(messageOf(tooMany)).toBe(M.onlyAvailable(30));
    expect(
      messageOf(await assign(managerA, { technicianId: techBId, itemId: cable.id, quantity: 1 })),
    ).toBe(M.notYourBranch);
    expect(
      messageOf(await assign(managerB, { technicianId: techAId, itemId: cable.id, quantity: 1 })),
    ).toBe(M.notYourBranch);
    expect(
      messageOf(
        await assign(managerB, { technicianId: techBId, itemId: cam.id, serialNumber: 'C-3' }),
      ),
    ).toBe(M.serialNotInInventory);
    expect(messageOf(await assign(managerA, { technicianId: techAId, itemId: cam.id }))).toBe(
      M.serialRequired,
    );
    expect(
      messageOf(await assign(managerA, { technicianId: techAId, itemId: cable.id, quantity: 0 })),
    ).toBe(M.quantityMin);
    expect(
      messageOf(await assign(managerA, { technicianId: 'x', itemId: cable.id, quantity: 1 })),
    ).toBe(M.technicianNotFound);
    for (const who of [admin, techA]) {
      expect(
        (await assign(who, { technicianId: techAId, itemId: cable.id, quantity: 1 })).statusCode,
      ).toBe(403);
    }

    const held = (await techA.get('/api/get-technician-inventory')).json().data as Record<
      string,
      unknown
    >[];
    expect(held.find((i) => i._id === cam._id)).toMatchObject({
      itemName: cam.name,
      type: 'serialized-product',
      quantity: 2,
      serializedItems: [
        { serialNumber: 'C-1', status: 'active' },
        { serialNumber: 'C-2', status: 'active' },
      ],
    });
    expect(held.find((i) => i._id === cable._id)).toMatchObject({ genericQuantity: 20 });
    expect(held.find((i) => i._id === service._id)).toMatchObject({
      type: 'service',
      salePrice: 250,
    });
    expect(JSON.stringify(held)).not.toContain('purchasePrice');
    expect(
      (await managerA.get(`/api/get-technician-inventory?technicianId=${techAId}`)).json().data,
    ).toEqual(held);
    expect(
      (await managerB.get(`/api/get-technician-inventory?technicianId=${techAId}`)).statusCode,
    ).toBe(404);

    // Returns: only what they hold.
    const ret = (body: Record<string, unknown>, who = techA) =>
      who.post('/api/return-inventory', body);
    expect(
      (await ret({ itemId: cam.id, type: 'serialized-product', serialNumber: 'C-1' })).json(),
    ).toMatchObject({
      success: true,
      message: M.returned,
    });
    expect(messageOf(await ret({ itemId: cam.id, serialNumber: 'C-1' }))).toBe(M.notHeld);
    expect(messageOf(await ret({ itemId: cam.id, serialNumber: 'C-3' }))).toBe(M.notHeld);
    expect(messageOf(await ret({ itemId: cam.id, serialNumber: 'C-2' }, techA2))).toBe(M.notHeld);
    expect(messageOf(await ret({ itemId: cable.id, quantity: 21 }))).toBe(M.notHeldQuantity(20));
    expect((await ret({ itemId: cable.id, quantity: 5 })).statusCode).toBe(200);
    expect(
      (await managerA.post('/api/return-inventory', { itemId: cable.id, quantity: 1 })).statusCode,
    ).toBe(403);

    const pending = (await managerA.get('/api/get-returned-inventory')).json().data;
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ itemCount: 2, totalQuantity: 6, status: 'pending' });
    expect(pending[0].items).toEqual([
      expect.objectContaining({
        id: cam.id,
        serialNumber: 'C-1',
        quantity: 1,
        type: 'serialized-product',
      }),
      expect.objectContaining({ id: cable.id, serialNumber: null, quantity: 5, type: 'generic' }),
    ]);
    expect((await managerB.get('/api/get-returned-inventory')).json().data).toHaveLength(0);

    const returnId = pending[0].id as string;
    expect((await managerB.post(`/api/confirm-returned-inventory/${returnId}`)).statusCode).toBe(
      404,
    );
    expect((await techA.post(`/api/confirm-returned-inventory/${returnId}`)).statusCode).toBe(403);
    expect((await admin.post(`/api/confirm-returned-inventory/${returnId}`)).statusCode).toBe(403);
    const confirmed = await managerA.post(`/api/confirm-returned-inventory/${returnId}`);
    expect(confirmed.json()).toMatchObject({ success: true, message: M.returnConfirmed });
    const twice = await managerA.post(`/api/confirm-returned-inventory/${returnId}`);
    expect([twice.statusCode, messageOf(twice)]).toEqual([409, M.returnAlreadyConfirmed]);

    // Back in branch stock, and a returned serial can be assigned again.
    const cables = (await managerA.get('/api/inventory-by-type/generic-product')).json().items;
    expect(cables.find((i: { _id: string }) => i._id === cable._id).totalStock).toBe(35);
    expect(
      (await assign(managerA, { technicianId: techA2Id, itemId: cam.id, serialNumber: 'C-1' }))
        .statusCode,
    ).toBe(200);

    const history = (
      await managerA.get(`/api/get-inventory-history?technicianId=${techAId}`)
    ).json().data;
    expect(history.assigned).toHaveLength(3);
    expect(history.returned).toHaveLength(2);
    expect(history.assigned[0]).toMatchObject({
      from: 'Branch Inventory',
      itemId: cable.id,
      quantity: 20,
    });
    expect((await techA.get('/api/get-inventory-history')).json().data).toEqual(history);
    expect(
      (await managerB.get(`/api/get-inventory-history?technicianId=${techAId}`)).statusCode,
    ).toBe(404);

    const page = await managerA.get(`/api/get-transfer-history?itemId=${cam.id}&pageSize=2&page=1`);
    expect(page.headers['x-total-count']).toBe('8'); // 3 in, 2 assigned, 1 returned, 1 confirmed, 1 reassigned
    expect(page.json().data).toHaveLength(2);
    expect(page.json().data[0]).toMatchObject({
      serialNumber: 'C-1',
      from: 'Branch Inventory',
      type: 'serialized-product',
    });
    const bySerial = (
      await managerA.get('/api/get-transfer-history?serialNumber=C-1&type=returned')
    ).json().data;
    expect(bySerial).toHaveLength(1);
    expect(bySerial[0].to).toMatch(/^Pending Return/);
    const b = (await managerB.get(`/api/get-transfer-history?itemId=${cable.id}`)).json().data;
    expect(b).toHaveLength(1);
    expect((await techA.get('/api/get-transfer-history')).statusCode).toBe(403);

    const detail = (await managerA.get('/api/serial-number-detail/C-2')).json().data;
    expect(detail).toMatchObject({
      serialNumber: 'C-2',
      itemId: cam.id,
      productName: cam.name,
      location: 'technician',
      price: 1000,
    });
    expect(detail.technicianName).toMatch(/^Technician /);
    expect((await managerB.get('/api/serial-number-detail/C-2')).statusCode).toBe(404);
    expect(messageOf(await admin.get('/api/serial-number-detail/NOPE'))).toBe(M.serialNotFound);
    const serialHistory = (await managerA.get('/api/serial-number-history?serialNumber=C-1')).json()
      .data;
    expect(serialHistory.map((m: { kind: string }) => m.kind)).toEqual([
      'assigned',
      'confirmed',
      'returned',
      'assigned',
      'stock-in',
    ]);
    expect((await techA.get('/api/serial-number-history?serialNumber=C-1')).statusCode).toBe(403);
    expect(
      (await admin.get(`/api/get-transfer-history?itemId=${cable.id}`)).headers['x-total-count'],
    ).toBe('5');
  });
});

describe('concurrency', () => {
  it('20 parallel assignments of the same serial: exactly one succeeds', async () => {
    const cam = await createItem('serialized-product');
    await stockIn(managerA, cam.id, { serialNumber: 'RACE-1' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        managerA.post('/api/assign-inventory-technician', {
          technicianId: i % 2 ? techAId : techA2Id,
          itemId: cam.id,
          serialNumber: 'RACE-1',
        }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(19);
    const rows =
      await t.db.execute(sql`select count(*)::int as n from stock_movements m join inventory_items i on i.id = m.item_id
      where i.code = ${cam.id} and m.to_location = 'technician'`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
  });

  it('20 parallel assignments of 1 from a stock of 10: exactly 10 succeed, stock ends at 0', async () => {
    const cable = await createItem('generic-product');
    await stockIn(managerA, cable.id, { quantity: 10 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        managerA.post('/api/assign-inventory-technician', {
          technicianId: techAId,
          itemId: cable.id,
          quantity: 1,
        }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(10);
    const items = (await managerA.get('/api/inventory-by-type/generic-product')).json().items;
    expect(items.find((i: { _id: string }) => i._id === cable._id).totalStock).toBe(0);
    const held = (await techA.get('/api/get-technician-inventory')).json().data;
    expect(held.find((i: { _id: string }) => i._id === cable._id).genericQuantity).toBe(10);
  });

  it('parallel returns and confirmations of the same unit happen once', async () => {
    const cam = await createItem('serialized-product');
    await stockIn(managerA, cam.id, { serialNumber: 'RACE-2' });
    await managerA.post('/api/assign-inventory-technician', {
      technicianId: techA2Id,
      itemId: cam.id,
      serialNumber: 'RACE-2',
    });
    const returns = await Promise.all(
      Array.from({ length: 10 }, () =>
        techA2.post('/api/return-inventory', { itemId: cam.id, serialNumber: 'RACE-2' }),
      ),
    );
    expect(returns.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const pending = (await managerA.get('/api/get-returned-inventory')).json().data;
    const mine = pending.find((p: { items: { serialNumber: string }[] }) =>
      p.items.some((i) => i.serialNumber === 'RACE-2'),
    );
    const confirms = await Promise.all(
      Array.from({ length: 10 }, () => managerA.post(`/api/confirm-returned-inventory/${mine.id}`)),
    );
    expect(confirms.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const serialized = (await managerA.get('/api/inventory-by-type/serialized-product')).json()
      .items;
    expect(serialized.find((i: { _id: string }) => i._id === cam._id).totalStock).toBe(1);
  });
});

describe('ledger properties', () => {
  /** A small deterministic generator (mulberry32) so a failure can be replayed. */
  function random(seed: number) {
    let a = seed;
    return () => {
      a = (a + 0x6d2b79f5) | 0;
      let x = Math.imul(a ^ (a >>> 15), 1 | a);
      x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
      return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
    };
  }

  async function checkInvariants() {
    const totals = await t.db.execute(sql`
      with stocked as (select item_id, sum(quantity) as q from stock_movements where from_location = 'supplier' group by item_id),
      b as (select item_id, sum(quantity) as q from branch_stock group by item_id),
      tq as (select item_id, sum(quantity) as q from technician_stock group by item_id),
      p as (select l.item_id, sum(l.quantity) as q from inventory_return_lines l join inventory_returns r on r.id = l.return_id
            where r.status = 'pending' group by l.item_id)
      select s.item_id, s.q::int as stocked, (coalesce(b.q,0) + coalesce(tq.q,0) + coalesce(p.q,0))::int as held
      from stocked s left join b using (item_id) left join tq using (item_id) left join p using (item_id)`);
    for (const row of (totals as unknown as { rows: { stocked: number; held: number }[] }).rows) {
      expect(row.held).toBe(row.stocked);
    }
    // Every serial: one row, and its place is where its last movement took it.
    const serials = await t.db.execute(sql`
      select u.serial_number, u.location::text as location,
        (select m.to_location::text from stock_movements m where m.serial_number = u.serial_number order by m.id desc limit 1) as last,
        (select count(*)::int from stock_movements m where m.serial_number = u.serial_number and m.from_location = 'supplier') as ins
      from serial_units u`);
    for (const row of (
      serials as unknown as { rows: { location: string; last: string; ins: number }[] }
    ).rows) {
      expect(row.location).toBe(row.last);
      expect(row.ins).toBe(1);
    }
    // Serialized balances equal the count of their serials in each place.
    const counts = await t.db.execute(sql`
      select count(*)::int as n from branch_stock b join inventory_items i on i.id = b.item_id
      where i.type = 'serialized-product' and b.quantity <> (select count(*) from serial_units u
        where u.item_id = b.item_id and u.location = 'branch' and u.branch_id = b.branch_id)`);
    expect((counts as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  }

  it('600 random stock-ins, assignments, returns and confirmations keep the numbers adding up', async () => {
    const next = random(20261122);
    const pick = <T>(list: T[]): T => list[Math.floor(next() * list.length)] as T;
    const items = [
      await createItem('serialized-product'),
      await createItem('serialized-product'),
      await createItem('generic-product'),
      await createItem('generic-product'),
    ];
    const technicians: [Client, string][] = [
      [techA, techAId],
      [techA2, techA2Id],
    ];
    let serial = 0;
    const outcomes = { ok: 0, refused: 0 };
    for (let step = 0; step < 600; step += 1) {
      const item = pick(items);
      const serialized = items.indexOf(item) < 2;
      const [tech, techId] = pick(technicians);
      const roll = next();
      let response: Awaited<ReturnType<Client['get']>>;
      if (roll < 0.25) {
        response = serialized
          ? await stockIn(managerA, item.id, { serialNumber: `LP-${++serial}` })
          : await stockIn(managerA, item.id, { quantity: 1 + Math.floor(next() * 5) });
      } else if (roll < 0.55) {
        response = serialized
          ? await managerA.post('/api/assign-inventory-technician', {
              technicianId: techId,
              itemId: item.id,
              serialNumber: `LP-${1 + Math.floor(next() * Math.max(serial, 1))}`,
            })
          : await managerA.post('/api/assign-inventory-technician', {
              technicianId: techId,
              itemId: item.id,
              quantity: 1 + Math.floor(next() * 4),
            });
      } else if (roll < 0.85) {
        response = await tech.post('/api/return-inventory', {
          itemId: item.id,
          ...(serialized
            ? { serialNumber: `LP-${1 + Math.floor(next() * Math.max(serial, 1))}` }
            : { quantity: 1 + Math.floor(next() * 3) }),
        });
      } else {
        const pending = (await managerA.get('/api/get-returned-inventory')).json().data as {
          id: string;
        }[];
        if (pending.length === 0) continue;
        response = await managerA.post(`/api/confirm-returned-inventory/${pick(pending).id}`);
      }
      expect([200, 404, 409]).toContain(response.statusCode);
      if (response.statusCode === 200) outcomes.ok += 1;
      else outcomes.refused += 1;
      if (step % 100 === 99) await checkInvariants();
    }
    await checkInvariants();
    expect(outcomes.ok).toBeGreaterThan(200);
  }, 180_000);
});

describe('role and branch matrix', () => {
  it('answers each role as the spec allows', async () => {
    const cable = await createItem('generic-product');
    await stockIn(managerA, cable.id, { quantity: 100 });
    await stockIn(managerB, cable.id, { quantity: 100 });
    // Branch A has its manager: a second one waits for ownership.
    const pendingManager = await createUser(admin, 'manager', branchA.id);
    const pending = await admin.signIn(pendingManager.username, pendingManager.password);
    const roles: [string, Client][] = [
      ['admin', admin],
      ['managerA', managerA],
      ['managerB', managerB],
      ['techA', techA],
      ['techB', techB],
      ['pendingManager', pending],
    ];
    const matrix: [string, (who: Client) => Promise<{ statusCode: number }>, number[]][] = [
      ['get-all-inventory', (w) => w.get('/api/get-all-inventory'), [200, 200, 200, 200, 200, 403]],
      [
        'get-single-inventory',
        (w) => w.get(`/api/get-single-inventory/${cable.id}`),
        [200, 200, 200, 200, 200, 403],
      ],
      [
        'create-inventory',
        (w) => w.post('/api/create-inventory', product('service')),
        [200, 403, 403, 403, 403, 403],
      ],
      [
        'update-inventory',
        (w) =>
          w.post(
            `/api/update-inventory/${cable.id}`,
            product('generic-product', { name: cable.name }),
          ),
        [200, 403, 403, 403, 403, 403],
      ],
      [
        'delete-inventory',
        (w) => w.post(`/api/delete-inventory/${cable.id}`),
        [409, 403, 403, 403, 403, 403],
      ],
      [
        'inventory-by-type',
        (w) => w.get('/api/inventory-by-type/generic-product'),
        [200, 200, 200, 200, 200, 403],
      ],
      ['add-stock', (w) => stockIn(w, cable.id, { quantity: 1 }), [403, 200, 200, 403, 403, 403]],
      ['check-serial', (w) => w.get('/api/check-serial/none'), [200, 200, 200, 200, 200, 403]],
      [
        'assign-inventory-technician',
        (w) =>
          w.post('/api/assign-inventory-technician', {
            technicianId: techAId,
            itemId: cable.id,
            quantity: 1,
          }),
        [403, 200, 403, 403, 403, 403],
      ],
      [
        'get-technician-inventory',
        (w) => w.get(`/api/get-technician-inventory?technicianId=${techAId}`),
        [200, 200, 404, 200, 200, 403],
      ],
      [
        'return-inventory',
        (w) => w.post('/api/return-inventory', { itemId: cable.id, quantity: 1 }),
        [403, 403, 403, 200, 409, 403],
      ],
      [
        'get-returned-inventory',
        (w) => w.get('/api/get-returned-inventory'),
        [200, 200, 200, 200, 200, 403],
      ],
      [
        'confirm-returned-inventory',
        (w) => w.post(`/api/confirm-returned-inventory/${techAId}`),
        [403, 404, 404, 403, 403, 403],
      ],
      [
        'get-inventory-history',
        (w) => w.get(`/api/get-inventory-history?technicianId=${techAId}`),
        [200, 200, 404, 200, 200, 403],
      ],
      [
        'get-transfer-history',
        (w) => w.get('/api/get-transfer-history'),
        [200, 200, 200, 403, 403, 403],
      ],
    ];
    for (const [name, call, expected] of matrix) {
      const got: number[] = [];
      for (const [, who] of roles) got.push((await call(who)).statusCode);
      expect({ name, got }).toEqual({ name, got: expected });
    }
  });
});
