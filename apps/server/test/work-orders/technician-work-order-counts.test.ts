import { technicianWorkOrderCountsSchema } from '@karya/domain/technician-work-order-counts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBranch, createUser } from '../helpers/factories';
import { type Client, client } from '../helpers/http';
import { ADMIN, createTestApp, loginAs, type TestApp } from '../helpers/test-app';

/**
 * GET /api/technician-work-order-counts (issue 17): the technician dashboard's counts, from
 * the tallies, without fetching any list. On PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
let t: TestApp;
let admin: Client;
let manager: Client;
let tech: Client;
let otherTech: Client;
let techId: string;
let otherTechId: string;

let phoneSeq = 0;
async function newOrder(): Promise<{ customerId: string; orderId: string }> {
  phoneSeq += 1;
  const response = await manager.post('/api/create-customer', {
    name: `Counted customer ${phoneSeq}`,
    phoneNumber: `+9196${String(10_000_000 + phoneSeq * 7919).slice(-8)}`,
    address: 'Baner Road',
    projectType: 'CCTV Camera',
    initialRemark: 'Install 4 cameras',
  });
  expect(response.statusCode, response.body).toBe(200);
  const customer = response.json().data;
  return { customerId: customer._id, orderId: customer.workOrders[0].orderId };
}

async function assignedTo(technicianId: string) {
  const order = await newOrder();
  const response = await manager.post('/api/assign-technician', {
    ...order,
    technicianId,
    instructions: 'Call first',
  });
  expect(response.statusCode, response.body).toBe(200);
  return order;
}

async function move(as: Client, order: object, status: string, remark?: string) {
  const response = await as.post('/api/update-work-status', {
    ...order,
    status,
    ...(remark === undefined ? {} : { remark }),
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** The answer, checked against its contract in packages/domain. */
async function countsOf(as: Client) {
  const response = await as.get('/api/technician-work-order-counts');
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  expect(body.success).toBe(true);
  return technicianWorkOrderCountsSchema.parse(body.data);
}

/** The same figures counted the slow way, over the orders themselves. */
async function countedOver(technicianId: string): Promise<Record<string, number>> {
  const result = await t.db.execute(
    sql`select status::text as status, count(*)::int as total from work_orders
        where technician_id = ${technicianId} group by status`,
  );
  const rows = (result as unknown as { rows: Array<{ status: string; total: number }> }).rows;
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.total)]));
}

beforeAll(async () => {
  t = await createTestApp();
  admin = client(t.app, await loginAs(t.app, ADMIN.username, ADMIN.password));
  const branch = await createBranch(t.db, { name: 'Wakad' });
  const m = await createUser(t.db, 'manager', { branchId: branch.id });
  const a = await createUser(t.db, 'technician', { branchId: branch.id });
  const b = await createUser(t.db, 'technician', { branchId: branch.id });
  techId = a.id;
  otherTechId = b.id;
  manager = client(t.app, await loginAs(t.app, m.username, m.password));
  tech = client(t.app, await loginAs(t.app, a.username, a.password));
  otherTech = client(t.app, await loginAs(t.app, b.username, b.password));
});
afterAll(() => t.close());

describe('GET /api/technician-work-order-counts', () => {
  it('counts nothing for a technician without orders', async () => {
    const answer = await countsOf(tech);
    expect(answer.total).toBe(0);
    expect(Object.values(answer.counts).every((count) => count === 0)).toBe(true);
  });

  it("counts the signed-in technician's orders per status, as the orders say", async () => {
    const working = await assignedTo(techId);
    const paused = await assignedTo(techId);
    const stopped = await assignedTo(techId);
    await assignedTo(techId);
    await assignedTo(techId);
    await move(tech, paused, 'in-progress');
    await move(tech, paused, 'paused', 'Customer away');
    await move(tech, stopped, 'in-progress');
    await move(tech, stopped, 'transferring', 'Needs a ladder');
    await move(tech, working, 'in-progress');
    // Another technician's order counts only for them.
    await assignedTo(otherTechId);

    const answer = await countsOf(tech);
    expect(answer.counts).toEqual({
      assigned: 2,
      'in-progress': 1,
      paused: 1,
      rejected: 0,
      transferring: 1,
      'pending-approval': 0,
      transferred: 0,
      completed: 0,
    });
    expect(answer.total).toBe(5);
    const counted = await countedOver(techId);
    for (const [status, count] of Object.entries(answer.counts)) {
      expect(count, status).toBe(counted[status] ?? 0);
    }
    expect((await countsOf(otherTech)).counts.assigned).toBe(1);
  });

  it('agrees with the totals of the paged lists the tabs show', async () => {
    const answer = await countsOf(tech);
    for (const [status, count] of Object.entries(answer.counts)) {
      const page = await tech.get(`/api/technician-work-orders?status=${status}&pageSize=1`);
      expect(page.statusCode).toBe(200);
      expect(Number(page.headers['x-total-count']), status).toBe(count);
    }
  });

  it('answers technicians only', async () => {
    expect((await admin.get('/api/technician-work-order-counts')).statusCode).toBe(403);
    expect((await manager.get('/api/technician-work-order-counts')).statusCode).toBe(403);
    const anonymous = await client(t.app).get('/api/technician-work-order-counts');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().success).toBe(false);
  });
});
