import { indiaDate } from '@karya/domain/financial-year';
import {
  approveOrder,
  assignOrder,
  assignStock,
  billLine,
  completeOrder,
  confirmBill,
  createBill,
  createBranchTeam,
  createItem,
  createLead,
  createStartedOrder,
  dataOf,
  returnStock,
  type SeededItem,
  type SeededOrder,
  startOrder,
  stockIn,
  stockTechnician,
  uniqueSerials,
} from '@karya/test-factories';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock';
import { runAmcScheduler } from '../../src/modules/amc';
import { type Client, client } from '../helpers/http';
import { ADMIN, createTestApp, loginAs, type TestApp } from '../helpers/test-app';

/**
 * Issue 33 item 1: what the shop pays for stock reaches admins only, on every answer. A
 * branch lives through a whole month with items whose purchase price is the distinctive
 * ₹777.77 (stock in, to the van, billed, a contract's covered part at ₹0, returned, invoiced,
 * paid); then every operation of the OpenAPI document is called as the branch's manager and
 * as its technician, with the world's own ids in its path and query, and no answer, nor any
 * answer the two got while the world was made, may hold 777.77 (or its 77777 paise).
 */

const PURCHASE = 777.77;
/** The price as rupees or paise, as a whole number in JSON, CSV or text (never inside an id). */
const LEAK = /(?<![\w.-])(?:777\.77|77777)(?![\w])/;
/**
 * Operations that would end the session or wipe the database, and the live events stream,
 * which never ends (its events carry ids of orders and branches, never a price).
 */
const SKIPPED = /logout|reset-system|restore|^\/api\/events$/;

interface Answer {
  who: string;
  call: string;
  status: number;
  body: string;
}

let t: TestApp;
const seen: Answer[] = [];

/** A client whose every answer is kept, and whose sign-ins are kept as well. */
interface Recorded extends Client {
  /** Any method, a write with an empty JSON body. */
  call(method: string, url: string): Promise<LightMyRequestResponse>;
}

function recording(app: FastifyInstance, who: string, cookie?: string): Recorded {
  const inner = client(app, cookie);
  const keep = (call: string, response: LightMyRequestResponse) => {
    seen.push({ who, call, status: response.statusCode, body: response.body });
    return response;
  };
  const kept: Recorded = {
    async call(method, url) {
      const response = await app.inject({
        method: method as 'GET',
        url,
        headers: cookie ? { cookie } : {},
        ...(method === 'GET' ? {} : { payload: {} }),
      });
      return keep(`${method} ${url}`, response);
    },
    get: async (url) => keep(`GET ${url}`, await inner.get(url)),
    post: async (url, payload) => keep(`POST ${url}`, await inner.post(url, payload)),
    put: async (url, payload) => keep(`PUT ${url}`, await inner.put(url, payload)),
    patch: async (url, payload) => keep(`PATCH ${url}`, await inner.patch(url, payload)),
    delete: async (url, payload) => keep(`DELETE ${url}`, await inner.delete(url, payload)),
    async send(method, url, payload) {
      const reply = await inner.send(method, url, payload);
      seen.push({
        who,
        call: `${method} ${url}`,
        status: reply.status,
        body: JSON.stringify(reply.body),
      });
      return reply;
    },
    async sendForm(url, fields, file) {
      const reply = await inner.sendForm(url, fields, file);
      seen.push({
        who,
        call: `POST ${url}`,
        status: reply.status,
        body: JSON.stringify(reply.body),
      });
      return reply;
    },
    async signIn(username, password) {
      return recording(app, username, await loginAs(app, username, password));
    },
  };
  return kept;
}

/** What fills each path parameter: every value the world has of that kind. */
let pathValues: Record<string, string[]> = {};
/** What fills each query parameter. */
let queryValues: Record<string, string[]> = {};
let manager: Recorded;
let technician: Recorded;
let admin: Recorded;
let branchId: string;
let camera: SeededItem;
let cable: SeededItem;

beforeAll(async () => {
  t = await createTestApp();
  admin = recording(t.app, 'admin', await loginAs(t.app, ADMIN.username, ADMIN.password));
  const team = await createBranchTeam(admin, { branch: { name: 'Leak Branch' } });
  branchId = team.branch.id;
  manager = team.manager.api;
  const [member] = team.technicians;
  technician = member.api;
  const techId = member.id;
  const purchase = { purchasePrice: PURCHASE, mrp: 3200 };
  camera = await createItem(admin, 'serialized-product', {
    name: 'Leak Camera',
    salePrice: 2500,
    ...purchase,
  });
  cable = await createItem(admin, 'generic-product', {
    name: 'Leak Cable',
    unit: 'Meter',
    salePrice: 60,
    ...purchase,
  });
  const service = await createItem(admin, 'service', { name: 'Leak Visit', salePrice: 500 });

  // An installation: a camera from the branch to the van, billed, paid, approved.
  const [sold = '', spare = '', returned = ''] = uniqueSerials(3, 'LEAK');
  await stockIn(manager, camera.id, { serials: [sold, spare, returned] });
  await stockIn(manager, cable.id, { quantity: 20 });
  await assignStock(manager, techId, camera.id, { serials: [sold, returned] });
  await stockTechnician(manager, techId, cable.id, { quantity: 5 });
  const order = await createStartedOrder(
    manager,
    { id: techId, api: technician },
    { name: 'Leak Customer' },
  );
  const bill = await createBill<{ _id: string; invoice: { _id: string } | null }>(
    technician,
    order,
    [billLine(camera, { serialNumber: sold }), billLine(cable, { quantity: 1 }), billLine(service)],
  );
  await confirmBill(technician, bill._id, 100);
  await completeOrder(technician, order);
  await approveOrder(manager, order);
  await returnStock(technician, camera.id, { serials: [returned] });
  const lead = await createLead(manager, { name: 'Leak Lead' });

  // A contract covering the cable, started 40 days ago: its first monthly visit is due, and its
  // visit order bills one metre at ₹0 (the AMC report's parts).
  const started = indiaDate(new Date(Date.now() - 40 * 86_400_000));
  const draft = await dataOf<{ _id: string }>(manager, 'POST', '/api/amc-contracts', {
    customerId: order.customerId,
    fromOrderId: order.orderId,
    startDate: started,
    visitsPerTerm: 12,
    price: 12000,
    coverage: 'labour-and-parts',
    coveredItemIds: [cable._id],
  });
  await dataOf(manager, 'POST', `/api/amc-contracts/${draft._id}/activate`, {
    pastVisits: 'open-orders',
  });
  await runAmcScheduler(t.db, systemClock, 7);
  const [opened] = await dataOf<{ orderId: string }[]>(
    manager,
    'GET',
    '/api/get-work-orders?category=Maintenance',
  );
  if (!opened) throw new Error('The contract opened no visit order');
  const visit: SeededOrder = { ...order, orderId: opened.orderId };
  await assignOrder(manager, visit, techId);
  await startOrder(technician, visit);
  const visitBill = await createBill<{ _id: string }>(technician, visit, [
    billLine(cable, { quantity: 1 }),
  ]);
  await confirmBill(technician, visitBill._id);

  const link = await dataOf<{ token: string }>(manager, 'POST', '/api/work-order-status-link', {
    orderId: order.orderId,
  });
  const orderUuid = (
    await dataOf<{ _id: string }>(
      manager,
      'GET',
      `/api/get-work-order-details/${order.customerId}/${order.orderId}`,
    )
  )._id;
  const people = [techId, team.manager.id];
  pathValues = {
    customerId: [order.customerId],
    orderId: [order.orderId, visit.orderId],
    id: [
      order.customerId,
      camera._id,
      camera.id,
      cable._id,
      bill._id,
      visitBill._id,
      draft._id,
      orderUuid,
    ],
    invoiceId: bill.invoice ? [bill.invoice._id] : [],
    serial: [sold, spare, returned],
    type: ['serialized-product', 'generic-product', 'service'],
    technicianId: [techId],
    userId: people,
    managerId: [team.manager.id],
    branchId: [branchId],
    token: [link.token],
    leadId: [lead._id],
    number: ['1'],
  };
  const today = indiaDate(new Date());
  queryValues = {
    branch: [branchId],
    branchId: [branchId],
    customerId: [order.customerId],
    orderId: [order.orderId, visit.orderId],
    itemId: [camera.id, cable.id],
    serialNumber: [sold, returned],
    technicianId: [techId],
    month: [today.slice(0, 7), started.slice(0, 7)],
    from: [started],
    to: [today],
    format: ['json', 'csv'],
    category: ['Maintenance'],
    search: ['Leak'],
    query: ['Leak'],
  };
}, 120_000);
afterAll(() => t.close());

interface Document {
  paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
}

/** Every way to fill a path template from the world's values (none when a kind is missing). */
function urlsOf(path: string): string[] {
  let urls = [path];
  for (const [, name = ''] of path.matchAll(/\{([^}]+)\}/g)) {
    const values = pathValues[name] ?? [];
    urls = urls.flatMap((url) =>
      values.map((value) => url.replace(`{${name}}`, encodeURIComponent(value))),
    );
  }
  return urls;
}

/** No query, then each documented parameter the world has a value for, one value at a time. */
function queriesOf(names: string[]): string[] {
  const known = names.filter((name) => queryValues[name]);
  const rounds = Math.max(0, ...known.map((name) => queryValues[name]?.length ?? 0));
  const queries = [''];
  for (let i = 0; i < rounds; i += 1) {
    const parts = known.map((name) => {
      const values = queryValues[name] ?? [];
      return `${name}=${encodeURIComponent(values[i % values.length] ?? '')}`;
    });
    if (parts.length) queries.push(`?${parts.join('&')}`);
  }
  return queries;
}

describe('purchase prices reach admins only (issue 33 item 1)', () => {
  it('the seeded price is there to find: an admin reads it on the item and the AMC report', async () => {
    const item = await admin.get(`/api/get-single-inventory/${camera._id}`);
    expect(item.statusCode, item.body).toBe(200);
    expect(item.body).toMatch(LEAK);
    const report = await admin.get(`/api/amc-report?branch=${branchId}`);
    expect(report.json().data.rows[0]).toMatchObject({ partsValue: 60, partsCost: PURCHASE });
    expect(report.body).toMatch(LEAK);
  });

  it('no answer of any operation to a manager or a technician holds it', async () => {
    const docs = JSON.parse((await admin.get('/api/docs/json')).body) as Document;
    const callers = { manager, technician };
    const answered = new Set<string>();
    let calls = 0;
    const operations = Object.entries(docs.paths)
      .filter(
        ([path]) =>
          path.startsWith('/api/') && !path.startsWith('/api/docs') && !SKIPPED.test(path),
      )
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({
          method: method.toUpperCase() as 'GET',
          path,
          query: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        })),
      );
    // Reads first, then every write sent empty: a write the walk got through must not change
    // what a read saw.
    const reads = operations.filter((operation) => operation.method === 'GET');
    const writes = operations.filter((operation) => operation.method !== 'GET');
    for (const operation of [...reads, ...writes]) {
      const queries = operation.method === 'GET' ? queriesOf(operation.query) : [''];
      for (const url of urlsOf(operation.path)) {
        for (const query of queries) {
          for (const [who, caller] of Object.entries(callers)) {
            calls += 1;
            const response = await caller.call(operation.method, url + query);
            if (response.statusCode < 300) answered.add(`${operation.method} ${operation.path}`);
            expect(response.statusCode, `${who} ${operation.method} ${url}${query}`).toBeLessThan(
              500,
            );
          }
        }
      }
    }
    const leaks = seen
      .filter((answer) => answer.who !== 'admin' && LEAK.test(answer.body))
      .map(
        (answer) => `${answer.who} ${answer.call} → ${answer.status}: ${answer.body.slice(0, 200)}`,
      );
    expect(leaks).toEqual([]);
    // The walk reached the answers that are built from stock and money.
    for (const read of [
      'GET /api/amc-report',
      'GET /api/get-all-inventory',
      'GET /api/get-single-inventory/{id}',
      'GET /api/inventory-by-type/{type}',
      'GET /api/get-transfer-history',
      'GET /api/get-technician-inventory',
      'GET /api/get-dashboard',
      'GET /api/get-bill-details/{id}',
      'GET /api/gst-sales-register',
      'GET /api/get-installed-units',
      'GET /api/serial-number-detail/{serial}',
    ]) {
      expect(answered, read).toContain(read);
    }
    console.info(
      `purchase-price walk: ${calls} calls over ${Object.keys(docs.paths).length} paths, ${answered.size} operations answered 2xx, ${seen.length} answers searched`,
    );
  }, 240_000);
});
