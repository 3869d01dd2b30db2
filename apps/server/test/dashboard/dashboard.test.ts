import { WORK_ORDER_STATUSES, type WorkOrderStatus } from '@karya/domain/contact-schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branchStock, inventoryItems, leads } from '../../src/db/schema';
import { createBranch, createUser } from '../helpers/factories';
import { type Client, client } from '../helpers/http';
import { ADMIN, createTestApp, loginAs, type TestApp } from '../helpers/test-app';
import { createCustomer, createWorkOrders, type SeedOrder } from './work-order-seed';

/*
 * The dashboard and every overview count, checked against a hand count over a seeded set of
 * 245 work orders in every status across two branches (a third branch has none).
 */

let t: TestApp;
let admin: Client;
let managerA: Client;
let managerB: Client;
let technician: Client;
let branchA: { id: string; name: string };
let branchB: { id: string; name: string };
let branchC: { id: string; name: string };
let managerAId: string;
let managerBId: string;
/** Technicians per branch, in the order the overviews list them (first name). */
const techs: Record<'A' | 'B', Array<{ id: string; firstName: string; status: string }>> = {
  A: [],
  B: [],
};
const seeded: SeedOrder[] = [];
let statuses: WorkOrderStatus[] = [];

async function addLead(branchId: string, converted: boolean, n: number) {
  const national = String(8_000_000_000 + n);
  await t.db.insert(leads).values({
    name: `Lead ${n}`,
    phoneNumber: `+91${national}`,
    phoneNormalized: `+91${national}`,
    phoneNational: national,
    branchId,
    convertedAt: converted ? new Date() : null,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = client(t.app, await loginAs(t.app, ADMIN.username, ADMIN.password));
  branchA = await createBranch(t.db, { name: 'Alpha' });
  branchB = await createBranch(t.db, { name: 'Beta' });
  branchC = await createBranch(t.db, { name: 'Gamma' });

  const mA = await createUser(t.db, 'manager', { branchId: branchA.id });
  const mB = await createUser(t.db, 'manager', { branchId: branchB.id });
  managerAId = mA.id;
  managerBId = mB.id;
  managerA = client(t.app, await loginAs(t.app, mA.username, mA.password));
  managerB = client(t.app, await loginAs(t.app, mB.username, mB.password));

  for (const [key, branch, people] of [
    [
      'A',
      branchA,
      [
        ['Asha', 'active'],
        ['Bhavesh', 'active'],
        ['Chetan', 'inactive'],
      ],
    ],
    [
      'B',
      branchB,
      [
        ['Deepa', 'active'],
        ['Esha', 'active'],
      ],
    ],
  ] as const) {
    for (const [firstName, status] of people) {
      const user = await createUser(t.db, 'technician', {
        branchId: branch.id,
        firstName,
        status,
      });
      techs[key].push({ id: user.id, firstName, status });
    }
  }
  const techUser = await createUser(t.db, 'technician', {
    branchId: branchC.id,
    firstName: 'Farah',
  });
  technician = client(t.app, await loginAs(t.app, techUser.username, techUser.password));

  const customersA = [
    await createCustomer(t.db, branchA.id),
    await createCustomer(t.db, branchA.id),
  ];
  const customersB = [await createCustomer(t.db, branchB.id)];

  await addLead(branchA.id, false, 1);
  await addLead(branchA.id, false, 2);
  await addLead(branchA.id, false, 3);
  await addLead(branchA.id, true, 4);
  await addLead(branchB.id, false, 5);

  const items = await t.db
    .insert(inventoryItems)
    .values([
      { code: 'ITEM-1', type: 'generic-product', name: 'Cable' },
      { code: 'ITEM-2', type: 'serialized-product', name: 'Camera' },
      { code: 'ITEM-3', type: 'generic-product', name: 'Clamp' },
    ])
    .returning({ id: inventoryItems.id });
  const [cable, camera, clamp] = items.map((item) => item.id);
  if (!cable || !camera || !clamp) throw new Error('items not created');
  await t.db.insert(branchStock).values([
    { itemId: cable, branchId: branchA.id, quantity: 5 },
    { itemId: camera, branchId: branchA.id, quantity: 0 },
    { itemId: clamp, branchId: branchB.id, quantity: 7 },
  ]);

  // Every status the database knows (the enum may be ahead of or behind the domain list).
  // PGlite and node-postgres both answer { rows }.
  const enumRows = (await t.db.execute(
    sql`select unnest(enum_range(null::work_order_status))::text as status`,
  )) as unknown as { rows: Array<{ status: WorkOrderStatus }> };
  statuses = enumRows.rows.map((row) => row.status);

  // Per status, 18 orders in branch A and 12 in B, spread over the branch's technicians; a
  // third of the pending ones already hold a technician. A technician holds one in-progress
  // project at a time, so in-progress gets one order per technician.
  for (const [key, perStatus, branchCustomers] of [
    ['A', 18, customersA],
    ['B', 12, customersB],
  ] as const) {
    const team = techs[key];
    for (const status of statuses) {
      const orders = status === 'in-progress' ? team.length : perStatus;
      for (let k = 0; k < orders; k += 1) {
        const holder = team[k % team.length]?.id ?? null;
        seeded.push({
          branchId: key === 'A' ? branchA.id : branchB.id,
          customerId: branchCustomers[k % branchCustomers.length]?.id ?? '',
          status,
          technicianId: status === 'pending' && k % 3 !== 0 ? null : holder,
        });
      }
    }
  }
  await createWorkOrders(t.db, seeded);
}, 60_000);
afterAll(() => t.close());

/* ---------- the hand count, straight from the seeded list ---------- */

const is =
  (...statuses: string[]) =>
  (order: SeedOrder) =>
    statuses.includes(order.status);
const countOf = (orders: SeedOrder[], test: (order: SeedOrder) => boolean) =>
  orders.filter(test).length;

function columns(orders: SeedOrder[]) {
  return {
    assigned: countOf(orders, is('assigned')),
    // A paused project, and one whose transfer was refused, is still in progress.
    inProgress: countOf(orders, is('in-progress', 'paused', 'rejected')),
    pendingApproval: countOf(orders, is('pending-approval')),
    completed: countOf(orders, is('completed')),
    transferring: countOf(orders, is('transferring')),
    transferred: countOf(orders, is('transferred')),
  };
}
const ordersOf = (branchId?: string) =>
  seeded.filter((order) => branchId === undefined || order.branchId === branchId);
const ofTechnician = (branchId: string, technicianId: string) =>
  ordersOf(branchId).filter((order) => order.technicianId === technicianId);
const waitingForTechnician = (orders: SeedOrder[]) =>
  countOf(orders, (order) => order.status === 'pending' && order.technicianId === null);
const assignedProjects = (orders: SeedOrder[]) =>
  countOf(
    orders,
    (order) => is('assigned', 'in-progress', 'paused')(order) && order.technicianId !== null,
  );

const dataOf = (response: { statusCode: number; json(): { data: unknown } }) => {
  expect(response.statusCode).toBe(200);
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field below
  return response.json().data as any;
};

describe('seeded set', () => {
  it('has at least 200 orders, every status in both branches, pending with and without technician', () => {
    expect(seeded.length).toBeGreaterThanOrEqual(200);
    for (const status of WORK_ORDER_STATUSES) expect(statuses).toContain(status);
    for (const branch of [branchA, branchB]) {
      for (const status of statuses) {
        expect(countOf(ordersOf(branch.id), is(status))).toBeGreaterThan(0);
      }
    }
    const pending = seeded.filter(is('pending'));
    expect(pending.some((order) => order.technicianId === null)).toBe(true);
    expect(pending.some((order) => order.technicianId !== null)).toBe(true);
  });
});

describe('GET /api/get-dashboard (admin)', () => {
  it('counts every branch: eight cards, one Branch Overview row per branch and a Total row', async () => {
    const data = dataOf(await admin.get('/api/get-dashboard'));
    expect(data.view).toBe('admin');
    expect(data.branch).toBeNull();
    expect(data.cards).toEqual({
      totalBranches: 3,
      totalTechnicians: 5,
      inventoryItems: 3,
      totalCustomers: 3,
      workOrders: waitingForTechnician(seeded),
      assignedProjects: assignedProjects(seeded),
      pendingApprovals: countOf(seeded, is('pending-approval')),
      completedProjects: countOf(seeded, is('completed')),
    });
    expect(data.branchOverview.rows).toEqual([
      { _id: branchA.id, name: 'Alpha', ...columns(ordersOf(branchA.id)) },
      { _id: branchB.id, name: 'Beta', ...columns(ordersOf(branchB.id)) },
      { _id: branchC.id, name: 'Gamma', ...columns([]) },
    ]);
    expect(data.branchOverview.total).toEqual(columns(seeded));
  });

  it('filters by branch: the cards and the overview count only that branch', async () => {
    const data = dataOf(await admin.get(`/api/get-dashboard?branch=${branchB.id}`));
    const orders = ordersOf(branchB.id);
    expect(data.branch).toEqual({ _id: branchB.id, name: 'Beta' });
    expect(data.cards).toEqual({
      totalBranches: 1,
      totalTechnicians: 2,
      inventoryItems: 1,
      totalCustomers: 1,
      workOrders: waitingForTechnician(orders),
      assignedProjects: assignedProjects(orders),
      pendingApprovals: countOf(orders, is('pending-approval')),
      completedProjects: countOf(orders, is('completed')),
    });
    expect(data.branchOverview.rows).toEqual([
      { _id: branchB.id, name: 'Beta', ...columns(orders) },
    ]);
    expect(data.branchOverview.total).toEqual(columns(orders));
  });

  it("reads 'all' as no filter and an unknown branch as not found", async () => {
    const all = dataOf(await admin.get('/api/get-dashboard?branch=all'));
    expect(all.branch).toBeNull();
    expect(all.branchOverview.rows).toHaveLength(3);
    const unknown = await admin.get(
      '/api/get-dashboard?branch=0b6d2b1e-3f4a-4c5d-8e9f-0a1b2c3d4e5f',
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Branch not found');
    expect((await admin.get('/api/get-dashboard?branch=nonsense')).statusCode).toBe(404);
  });
});

describe('GET /api/get-dashboard (manager)', () => {
  it("counts the manager's branch: eight cards and a Technicians Overview with a Total row", async () => {
    const data = dataOf(await managerA.get('/api/get-dashboard'));
    const orders = ordersOf(branchA.id);
    expect(data.view).toBe('manager');
    expect(data.branch).toEqual({ _id: branchA.id, name: 'Alpha' });
    expect(data.cards).toEqual({
      activeLeads: 3,
      customers: 2,
      technicians: 2,
      // Spec 1 §6: serial stock entries plus generic quantities (5 m of cable, no camera); the
      // admin's branch filter counts items instead (1).
      inventoryItems: 5,
      pendingWorkOrders: waitingForTechnician(orders),
      assignedProjects: assignedProjects(orders),
      pendingApprovals: countOf(orders, is('pending-approval')),
      completedProjects: countOf(orders, is('completed')),
    });
    const rows = techs.A.map((tech) => ({
      _id: tech.id,
      firstName: tech.firstName,
      status: tech.status,
      ...columns(ofTechnician(branchA.id, tech.id)),
    }));
    expect(data.techniciansOverview.rows).toEqual(rows.map((row) => expect.objectContaining(row)));
    // Every order that has left 'pending' has a technician here, so the rows add up to the branch.
    expect(data.techniciansOverview.total).toEqual(columns(orders));
  });

  it('never shows another branch: manager B asking for branch A gets branch B', async () => {
    const data = dataOf(await managerB.get(`/api/get-dashboard?branch=${branchA.id}`));
    const orders = ordersOf(branchB.id);
    expect(data.branch).toEqual({ _id: branchB.id, name: 'Beta' });
    expect(data.cards.pendingWorkOrders).toBe(waitingForTechnician(orders));
    expect(data.cards.completedProjects).toBe(countOf(orders, is('completed')));
    expect(data.cards.activeLeads).toBe(1);
    expect(data.cards.inventoryItems).toBe(7);
    expect(data.techniciansOverview.rows.map((row: { _id: string }) => row._id)).toEqual(
      techs.B.map((tech) => tech.id),
    );
    expect(data.techniciansOverview.total).toEqual(columns(orders));
  });

  it('refuses technicians (403) and anonymous callers (401)', async () => {
    expect((await technician.get('/api/get-dashboard')).statusCode).toBe(403);
    expect((await client(t.app).get('/api/get-dashboard')).statusCode).toBe(401);
  });
});

describe('manager detail: Branch Performance and Team Overview', () => {
  it('counts the branch and each team member from the work orders', async () => {
    const data = dataOf(await admin.get(`/api/get-manager-detail/${managerAId}`));
    const orders = ordersOf(branchA.id);
    expect(data.performance).toEqual({
      teamSize: data.team.length,
      workOrders: waitingForTechnician(orders),
      assigned: assignedProjects(orders),
      pendingApproval: countOf(orders, is('pending-approval')),
      completed: countOf(orders, is('completed')),
      transferring: countOf(orders, is('transferring')),
      transferred: countOf(orders, is('transferred')),
    });
    for (const tech of techs.A) {
      const member = data.team.find((row: { _id: string }) => row._id === tech.id);
      expect(member).toMatchObject(columns(ofTechnician(branchA.id, tech.id)));
    }
    const other = dataOf(await admin.get(`/api/get-manager-detail/${managerBId}`));
    expect(other.performance.completed).toBe(countOf(ordersOf(branchB.id), is('completed')));
  });
});

describe('branches: tiles and Technicians Overview', () => {
  const tiles = (branchId: string) => {
    const orders = ordersOf(branchId);
    return {
      projects: countOf(orders, is('completed')),
      workOrders: waitingForTechnician(orders),
      assigned: countOf(orders, is('assigned', 'in-progress')),
      // Seeded above: 5 cables and no cameras in A, 7 clamps in B, nothing in C.
      stock: { [branchA.id]: 5, [branchB.id]: 7 }[branchId] ?? 0,
    };
  };

  it('get-branches carries the completed projects, waiting work orders, assigned and stock counts', async () => {
    const data = dataOf(await admin.get('/api/get-branches'));
    for (const branch of [branchA, branchB, branchC]) {
      const row = data.find((b: { _id: string }) => b._id === branch.id);
      expect(row).toMatchObject(tiles(branch.id));
    }
  });

  it('get-branch has the tiles and a Technicians Overview row per technician with a Total', async () => {
    for (const as of [admin, managerA]) {
      const data = dataOf(await as.get(`/api/get-branch/${branchA.id}`));
      expect(data).toMatchObject(tiles(branchA.id));
      expect(data.techniciansOverview.rows).toEqual(
        techs.A.map((tech) =>
          expect.objectContaining({
            _id: tech.id,
            status: tech.status,
            ...columns(ofTechnician(branchA.id, tech.id)),
          }),
        ),
      );
      expect(data.techniciansOverview.total).toEqual(columns(ordersOf(branchA.id)));
    }
    const empty = dataOf(await admin.get(`/api/get-branch/${branchC.id}`));
    expect(empty.techniciansOverview.rows).toEqual([
      expect.objectContaining({ firstName: 'Farah', ...columns([]) }),
    ]);
  });

  it("manager B cannot read branch A's counts", async () => {
    expect((await managerB.get(`/api/get-branch/${branchA.id}`)).statusCode).toBe(403);
  });
});

describe('work_order_tallies', () => {
  const countedFromOrders = sql`
    select branch_id::text as branch, coalesce(technician_id::text, 'none') as technician,
           status::text as status, count(*)::int as total
    from work_orders group by 1, 2, 3 order by 1, 2, 3`;
  const keptByTriggers = sql`
    select branch_id::text as branch,
           case when technician_key = '00000000-0000-0000-0000-000000000000' then 'none'
                else technician_key::text end as technician,
           status::text as status, total
    from work_order_tallies where total > 0 order by 1, 2, 3`;
  const rowsOf = async (query: ReturnType<typeof sql>) =>
    (await t.db.execute(query)) as unknown as { rows: unknown[] };

  it('equal a count of the orders after inserts, moves between statuses and technicians, and deletes', async () => {
    expect((await rowsOf(keptByTriggers)).rows).toEqual((await rowsOf(countedFromOrders)).rows);

    // A bulk move in one statement (several keys at once), a technician change, a delete,
    // and an update of other columns only: the tallies follow each.
    const [first, second] = techs.A;
    if (!first || !second) throw new Error('seed has two technicians in branch A');
    await t.db.execute(sql`
      update work_orders set status = 'paused'
      where branch_id = ${branchA.id} and status = 'assigned'`);
    await t.db.execute(sql`
      update work_orders set technician_id = ${second.id}
      where technician_id = ${first.id} and status = 'paused'`);
    await t.db.execute(sql`update work_orders set instructions = 'Touched' where true`);
    await t.db.execute(sql`
      delete from work_order_status_history where work_order_id in (
        select id from work_orders where branch_id = ${branchB.id} and status = 'completed'
          and existing_project_id is null
          and id not in (select existing_project_id from work_orders where existing_project_id is not null)
          and id not in (select transferred_from_id from work_orders where transferred_from_id is not null))`);
    await t.db.execute(sql`
      delete from bills where work_order_id in (
        select id from work_orders where branch_id = ${branchB.id} and status = 'completed')`);
    await t.db.execute(sql`
      delete from work_orders where branch_id = ${branchB.id} and status = 'completed'
        and id not in (select existing_project_id from work_orders where existing_project_id is not null)
        and id not in (select transferred_from_id from work_orders where transferred_from_id is not null)`);

    expect((await rowsOf(keptByTriggers)).rows).toEqual((await rowsOf(countedFromOrders)).rows);
  });
});
