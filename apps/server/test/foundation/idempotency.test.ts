import { IDEMPOTENCY_MESSAGES, REPLAYED_HEADER } from '@karya/domain/idempotency';
import { signAsCustomer } from '@karya/test-factories';
import { and, count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billPayments,
  bills,
  idempotencyKeys,
  inventoryReturnLines,
  serialUnits,
  technicianStock,
  workOrderStatusHistory,
} from '../../src/db/schema';
import { createBranch, createUser } from '../helpers/factories';
import { type Client, client } from '../helpers/http';
import { ADMIN, createTestApp, loginAs, type TestApp } from '../helpers/test-app';

/**
 * Idempotency-Key on the technician's state-changing requests (issue 20, decision 027): the
 * phone's offline queue may send an action again after a lost answer; it must land once.
 */

let t: TestApp;
let admin: Client;
let manager: Client;
let techCookie: string;
let otherTechCookie: string;
let techId: string;
let camera: { id: string; _id: string };
let cable: { id: string; _id: string };
let service: { id: string; _id: string };

interface Order {
  _id: string;
  orderId: string;
  customerId: string;
}

let seq = 0;
const uid = () => {
  seq += 1;
  return `${Date.now().toString(36)}${seq}`;
};
const keyOf = (order: Order) => ({ customerId: order.customerId, orderId: order.orderId });

function send(
  cookie: string,
  url: string,
  payload: object,
  idempotencyKey?: string,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { cookie, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
  });
}

/** The same request five times with one key: every answer the first's, replays marked. */
async function fiveTimes(cookie: string, url: string, payload: object) {
  const key = `k-${uid()}`;
  const answers: LightMyRequestResponse[] = [];
  for (let i = 0; i < 5; i += 1) answers.push(await send(cookie, url, payload, key));
  const [first, ...replays] = answers;
  if (!first) throw new Error('no answer');
  expect(first.statusCode, first.body).toBe(200);
  expect(first.headers[REPLAYED_HEADER]).toBeUndefined();
  for (const replay of replays) {
    expect(replay.statusCode).toBe(first.statusCode);
    expect(replay.body).toBe(first.body);
    expect(replay.headers[REPLAYED_HEADER]).toBe('true');
  }
  return { key, answer: first.json() };
}

async function expectOk(response: { statusCode: number; body: string }) {
  if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body}`);
}

async function createItem(type: string, name: string, salePrice: number) {
  const response = await admin.post('/api/create-inventory', {
    id: `ITEM-${uid()}`,
    type,
    name,
    unit: type === 'service' ? 'Service' : 'Piece',
    warranty: '1 year',
    mrp: salePrice + 100,
    purchasePrice: salePrice / 2,
    salePrice,
  });
  await expectOk(response);
  return response.json().data as { id: string; _id: string };
}

async function assignedOrder(technicianId = techId): Promise<Order> {
  const created = await manager.post('/api/create-customer', {
    name: 'Meera Joshi',
    phoneNumber: `+9196${String(10_000_000 + Date.now() + seq++).slice(-8)}`,
    address: 'Baner Road',
    projectType: 'CCTV Camera',
    initialRemark: 'Install 2 cameras',
  });
  await expectOk(created);
  const customer = created.json().data;
  const order = {
    _id: customer.workOrders[0]._id,
    orderId: customer.workOrders[0].orderId,
    customerId: customer._id,
  };
  await expectOk(
    await manager.post('/api/assign-technician', {
      ...keyOf(order),
      technicianId,
      instructions: '',
    }),
  );
  return order;
}

async function historyOf(order: Order, status: string) {
  const [row] = await t.db
    .select({ n: count() })
    .from(workOrderStatusHistory)
    .where(
      and(
        eq(workOrderStatusHistory.workOrderId, order._id),
        eq(workOrderStatusHistory.status, status),
      ),
    );
  return row?.n ?? 0;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = client(t.app, await loginAs(t.app, ADMIN.username, ADMIN.password));
  const branch = await createBranch(t.db, { name: 'Kothrud' });
  const m = await createUser(t.db, 'manager', { branchId: branch.id });
  const tech = await createUser(t.db, 'technician', { branchId: branch.id });
  const otherTech = await createUser(t.db, 'technician', { branchId: branch.id });
  techId = tech.id;
  manager = client(t.app, await loginAs(t.app, m.username, m.password));
  techCookie = await loginAs(t.app, tech.username, tech.password);
  otherTechCookie = await loginAs(t.app, otherTech.username, otherTech.password);
  camera = await createItem('serialized-product', 'Dome Camera 2MP', 12000);
  cable = await createItem('generic-product', 'CAT6 Cable (m)', 45);
  service = await createItem('service', 'Camera Installation', 500);
});
afterAll(() => t.close());

describe('a job done from a queue that sends every action five times', () => {
  it('starts, remarks, pauses, resumes, bills, takes cash, finishes and returns, each once', async () => {
    const serial = `SN-${uid()}`;
    await expectOk(
      await manager.post('/api/add-stock', {
        itemId: camera.id,
        serialNumber: serial,
        quantity: 1,
        remark: 'Purchase',
        date: '2026-11-20',
      }),
    );
    await expectOk(
      await manager.post('/api/assign-inventory-technician', {
        technicianId: techId,
        type: 'serialized-product',
        itemId: camera.id,
        serialNumber: serial,
      }),
    );
    await expectOk(
      await manager.post('/api/add-stock', {
        itemId: cable.id,
        quantity: 10,
        remark: 'Purchase',
        date: '2026-11-20',
      }),
    );
    await expectOk(
      await manager.post('/api/assign-inventory-technician', {
        technicianId: techId,
        type: 'generic-product',
        itemId: cable.id,
        quantity: 10,
      }),
    );
    const order = await assignedOrder();

    await fiveTimes(techCookie, '/api/update-work-status', {
      ...keyOf(order),
      status: 'in-progress',
    });
    expect(await historyOf(order, 'in-progress')).toBe(1);

    const remark = await fiveTimes(techCookie, '/api/remark-add', {
      ...keyOf(order),
      remark: 'Customer wants the camera above the gate',
      activityType: 'communication',
    });
    const remarks = (remark.answer.data.statusHistory as Array<{ remark: string }>).filter(
      (entry) => entry.remark === 'Customer wants the camera above the gate',
    );
    expect(remarks).toHaveLength(1);

    await fiveTimes(techCookie, '/api/update-work-status', {
      ...keyOf(order),
      status: 'paused',
      remark: 'Waiting for the ladder',
    });
    expect(await historyOf(order, 'paused')).toBe(1);
    await fiveTimes(techCookie, '/api/update-work-status', {
      ...keyOf(order),
      status: 'in-progress',
    });
    expect(await historyOf(order, 'in-progress')).toBe(2);

    const bill = await fiveTimes(techCookie, '/api/create-bill', {
      ...keyOf(order),
      items: [
        { itemId: camera.id, name: 'Dome Camera 2MP', quantity: 1, serialNumber: serial },
        { itemId: cable._id, name: 'CAT6 Cable (m)', quantity: 3, serialNumber: null },
        { itemId: service.id, name: 'Camera Installation', quantity: 1, serialNumber: null },
      ],
    });
    const billId = bill.answer.data._id as string;
    const [billCount] = await t.db
      .select({ n: count() })
      .from(bills)
      .where(eq(bills.workOrderId, order._id));
    expect(billCount?.n).toBe(1);

    const paid = await fiveTimes(techCookie, '/api/confirm-order-bill', {
      billId,
      paymentMethod: 'cash',
      transactionId: null,
    });
    expect(paid.answer.data).toMatchObject({ paymentStatus: 'paid', dueAmount: 0 });
    const [payments] = await t.db
      .select({ n: count() })
      .from(billPayments)
      .where(eq(billPayments.billId, billId));
    expect(payments?.n).toBe(1);
    const [unit] = await t.db
      .select()
      .from(serialUnits)
      .where(eq(serialUnits.serialNumber, serial));
    expect(unit?.location).toBe('customer');
    const [held] = await t.db
      .select({ quantity: technicianStock.quantity })
      .from(technicianStock)
      .where(and(eq(technicianStock.technicianId, techId), eq(technicianStock.itemId, cable._id)));
    expect(held?.quantity).toBe(7);

    await signAsCustomer(client(t.app, techCookie), order);
    await fiveTimes(techCookie, '/api/complete-work-order', keyOf(order));
    expect(await historyOf(order, 'pending-approval')).toBe(1);

    await fiveTimes(techCookie, '/api/return-inventory', {
      itemId: cable.id,
      type: 'generic-product',
      quantity: 2,
    });
    const [returned] = await t.db
      .select({ n: count() })
      .from(inventoryReturnLines)
      .where(eq(inventoryReturnLines.itemId, cable._id));
    expect(returned?.n).toBe(1);
  });
});

describe("a bill and its cash queued offline as one action under the bill's key (decision 028)", () => {
  async function vanStock() {
    const serial = `SN-${uid()}`;
    await expectOk(
      await manager.post('/api/add-stock', {
        itemId: camera.id,
        serialNumber: serial,
        quantity: 1,
        remark: 'Purchase',
        date: '2026-11-20',
      }),
    );
    await expectOk(
      await manager.post('/api/assign-inventory-technician', {
        technicianId: techId,
        type: 'serialized-product',
        itemId: camera.id,
        serialNumber: serial,
      }),
    );
    return serial;
  }

  async function startedOrder() {
    const order = await assignedOrder();
    await expectOk(
      await send(techCookie, '/api/update-work-status', { ...keyOf(order), status: 'in-progress' }),
    );
    return order;
  }

  /** What the phone's queue sends for the action: step 0 `${key}.0`, step 1 `${key}.1`. */
  async function sendQueuedBill(billKey: string, order: Order, serial: string) {
    const created = await send(
      techCookie,
      '/api/create-bill',
      {
        ...keyOf(order),
        items: [
          { itemId: camera.id, name: 'Dome Camera 2MP', quantity: 1, serialNumber: serial },
          { itemId: service.id, name: 'Camera Installation', quantity: 1, serialNumber: null },
        ],
      },
      `${billKey}.0`,
    );
    await expectOk(created);
    const bill = created.json().data as { billId: string; total: number };
    // The cash step takes billId and, for the whole total, paidAmount from step 0's answer.
    const paid = await send(
      techCookie,
      '/api/confirm-order-bill',
      { paymentMethod: 'cash', transactionId: null, billId: bill.billId, paidAmount: bill.total },
      `${billKey}.1`,
    );
    await expectOk(paid);
    return { created, paid };
  }

  it('sent five times (answers lost), makes one bill, one payment and moves the serial once', async () => {
    const serial = await vanStock();
    const order = await startedOrder();
    const billKey = `bill-${uid()}`;
    const sends = [];
    for (let i = 0; i < 5; i += 1) sends.push(await sendQueuedBill(billKey, order, serial));
    const [first, ...again] = sends;
    if (!first) throw new Error('no answer');
    for (const replay of again) {
      expect(replay.created.body).toBe(first.created.body);
      expect(replay.paid.body).toBe(first.paid.body);
      expect(replay.created.headers[REPLAYED_HEADER]).toBe('true');
      expect(replay.paid.headers[REPLAYED_HEADER]).toBe('true');
    }
    expect(first.paid.json().data).toMatchObject({
      paymentStatus: 'paid',
      paymentMethod: 'cash',
      dueAmount: 0,
      total: 12500,
      paidAmount: 12500,
    });
    const [billCount] = await t.db
      .select({ n: count() })
      .from(bills)
      .where(eq(bills.workOrderId, order._id));
    expect(billCount?.n).toBe(1);
    const billId = first.created.json().data.billId as string;
    const [payments] = await t.db
      .select({ n: count() })
      .from(billPayments)
      .where(eq(billPayments.billId, billId));
    expect(payments?.n).toBe(1);
    const [unit] = await t.db
      .select()
      .from(serialUnits)
      .where(eq(serialUnits.serialNumber, serial));
    expect(unit?.location).toBe('customer');
    expect(await historyOf(order, 'payment')).toBe(1);
    await signAsCustomer(client(t.app, techCookie), order);
    await expectOk(await send(techCookie, '/api/complete-work-order', keyOf(order)));
  });

  it('a later payment (record-bill-payment) sent five times is received once', async () => {
    const serial = await vanStock();
    const order = await startedOrder();
    const created = await send(
      techCookie,
      '/api/create-bill',
      {
        ...keyOf(order),
        items: [{ itemId: camera.id, name: 'Dome Camera 2MP', quantity: 1, serialNumber: serial }],
      },
      `bill-${uid()}.0`,
    );
    await expectOk(created);
    const billId = created.json().data.billId as string;
    await expectOk(
      await send(techCookie, '/api/confirm-order-bill', {
        billId,
        paymentMethod: 'cash',
        transactionId: null,
        paidAmount: 2000,
      }),
    );
    const later = await fiveTimes(techCookie, '/api/record-bill-payment', {
      billId,
      amount: 1000,
      paymentMethod: 'cash',
      transactionId: null,
    });
    expect(later.answer.data).toMatchObject({ paidAmount: 3000, dueAmount: 9000 });
    const [payments] = await t.db
      .select({ n: count() })
      .from(billPayments)
      .where(eq(billPayments.billId, billId));
    expect(payments?.n).toBe(2);
    await signAsCustomer(client(t.app, techCookie), order);
    await expectOk(await send(techCookie, '/api/complete-work-order', keyOf(order)));
  });

  it("a bill whose serial is gone is refused with the server's message, the same on every send", async () => {
    const order = await startedOrder();
    const body = {
      ...keyOf(order),
      items: [{ itemId: camera.id, name: 'Dome Camera 2MP', quantity: 1, serialNumber: 'SN-GONE' }],
    };
    const billKey = `bill-${uid()}`;
    const first = await send(techCookie, '/api/create-bill', body, `${billKey}.0`);
    expect(first.statusCode).toBe(409);
    expect(first.json().message).toBe('Serial number SN-GONE is not in your inventory');
    const again = await send(techCookie, '/api/create-bill', body, `${billKey}.0`);
    expect(again.body).toBe(first.body);
    const [billCount] = await t.db
      .select({ n: count() })
      .from(bills)
      .where(eq(bills.workOrderId, order._id));
    expect(billCount?.n).toBe(0);
    await expectOk(
      await send(techCookie, '/api/update-work-status', {
        ...keyOf(order),
        status: 'paused',
        remark: 'Waiting for stock',
      }),
    );
  });
});

describe('Idempotency-Key', () => {
  it('refuses the same key with another request (422) and changes nothing', async () => {
    const order = await assignedOrder();
    const key = `k-${uid()}`;
    const first = await send(
      techCookie,
      '/api/remark-add',
      { ...keyOf(order), remark: 'First remark' },
      key,
    );
    await expectOk(first);
    const other = await send(
      techCookie,
      '/api/remark-add',
      { ...keyOf(order), remark: 'Another remark' },
      key,
    );
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ success: false, message: IDEMPOTENCY_MESSAGES.reusedKey });
    const details = await t.app.inject({
      method: 'GET',
      url: `/api/get-work-order-details/${order.customerId}/${order.orderId}`,
      headers: { cookie: techCookie },
    });
    const remarks = (details.json().data.statusHistory as Array<{ remark: string }>).map(
      (entry) => entry.remark,
    );
    expect(remarks).toContain('First remark');
    expect(remarks).not.toContain('Another remark');
  });

  it('the same body in another key order is the same request', async () => {
    const order = await assignedOrder();
    const key = `k-${uid()}`;
    const { customerId, orderId } = keyOf(order);
    await expectOk(
      await send(techCookie, '/api/remark-add', { customerId, orderId, remark: 'Same' }, key),
    );
    const again = await send(
      techCookie,
      '/api/remark-add',
      { remark: 'Same', orderId, customerId },
      key,
    );
    expect(again.statusCode).toBe(200);
    expect(again.headers[REPLAYED_HEADER]).toBe('true');
  });

  it("keeps two users' keys apart: the same key runs once for each", async () => {
    const mine = await assignedOrder();
    const theirs = await assignedOrder((await otherTechId()) as string);
    const key = `shared-${uid()}`;
    const a = await send(techCookie, '/api/remark-add', { ...keyOf(mine), remark: 'Mine' }, key);
    const b = await send(
      otherTechCookie,
      '/api/remark-add',
      { ...keyOf(theirs), remark: 'Theirs' },
      key,
    );
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.headers[REPLAYED_HEADER]).toBeUndefined();
    expect(b.json().data.orderId).toBe(theirs.orderId);
  });

  it('replays a refusal as it was first answered', async () => {
    const order = await assignedOrder();
    const key = `k-${uid()}`;
    const body = { ...keyOf(order), status: 'paused', remark: 'Not started yet' };
    const first = await send(techCookie, '/api/update-work-status', body, key);
    expect(first.statusCode).toBeGreaterThanOrEqual(400);
    expect(first.statusCode).toBeLessThan(500);
    const again = await send(techCookie, '/api/update-work-status', body, key);
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.body).toBe(first.body);
  });

  it('lets only one of twenty simultaneous sends with one key run', async () => {
    const order = await assignedOrder();
    const key = `k-${uid()}`;
    const body = { ...keyOf(order), remark: 'Sent twenty times at once' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => send(techCookie, '/api/remark-add', body, key)),
    );
    for (const answer of answers) {
      expect([200, 409]).toContain(answer.statusCode);
      if (answer.statusCode === 409)
        expect(answer.json().message).toBe(IDEMPOTENCY_MESSAGES.stillRunning);
    }
    const details = await t.app.inject({
      method: 'GET',
      url: `/api/get-work-order-details/${order.customerId}/${order.orderId}`,
      headers: { cookie: techCookie },
    });
    const sent = (details.json().data.statusHistory as Array<{ remark: string }>).filter(
      (entry) => entry.remark === 'Sent twenty times at once',
    );
    expect(sent).toHaveLength(1);
  });

  it('refuses a malformed key with 400 before anything runs', async () => {
    const order = await assignedOrder();
    const [before] = await t.db.select({ n: count() }).from(idempotencyKeys);
    for (const bad of ['has space', 'x'.repeat(201), 'ünïcode']) {
      const answer = await send(
        techCookie,
        '/api/remark-add',
        { ...keyOf(order), remark: 'Never kept' },
        bad,
      );
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe(IDEMPOTENCY_MESSAGES.badKey);
    }
    const [after] = await t.db.select({ n: count() }).from(idempotencyKeys);
    expect(after?.n).toBe(before?.n);
    const details = await t.app.inject({
      method: 'GET',
      url: `/api/get-work-order-details/${order.customerId}/${order.orderId}`,
      headers: { cookie: techCookie },
    });
    const remarks = (details.json().data.statusHistory as Array<{ remark: string }>).map(
      (entry) => entry.remark,
    );
    expect(remarks).not.toContain('Never kept');
  });

  it('keeps no key for a request without one, and reads are never kept', async () => {
    const [before] = await t.db.select({ n: count() }).from(idempotencyKeys);
    const order = await assignedOrder();
    await expectOk(
      await send(techCookie, '/api/remark-add', { ...keyOf(order), remark: 'No key' }),
    );
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/technician-work-orders',
      headers: { cookie: techCookie, 'idempotency-key': `k-${uid()}` },
    });
    expect(read.statusCode).toBe(200);
    const [after] = await t.db.select({ n: count() }).from(idempotencyKeys);
    expect(after?.n).toBe(before?.n);
  });
});

async function otherTechId() {
  const me = await t.app.inject({
    method: 'GET',
    url: '/api/me',
    headers: { cookie: otherTechCookie },
  });
  return me.json().data._id as string;
}
