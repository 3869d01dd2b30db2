import { MANAGER_STATUS_ORDER } from '@karya/domain/work-order-state';
import { type SQLWrapper, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../src/db/client';
import { workOrders } from '../../src/db/schema';
import {
  dateRangePage,
  denseRankPage,
  FIRST_PAGES_REACH,
  firstPagesInRankOrder,
  rangesPage,
  SEARCH_COUNT_CAP,
  searchPage,
  workOrderListCondition,
} from '../../src/modules/work-orders/work-orders.queries';
import { createBranch, createPaidBill, createUser } from '../helpers/factories';
import { type Client, client } from '../helpers/http';
import { ADMIN, createTestApp, loginAs, type TestApp } from '../helpers/test-app';

/**
 * Issue 17: lists whose cost does not grow with the branch. Several thousand orders are
 * written in one statement (as the bench seeds a million), then the lists are read through
 * the API and their plans checked.
 */
let t: TestApp;
let manager: Client;
let admin: Client;
let branch: { id: string };
let otherBranch: { id: string };
let bossId: string;
let technicianIds: string[];
const ORDERS = 3000;
const STATUSES = ['pending', 'in-progress', 'assigned', 'completed', 'paused'] as const;

interface ListedOrder {
  orderId: string;
  customerName: string;
  status: string;
  projectCategory: string;
  createdAt: string;
  updatedAt: string;
}

beforeAll(async () => {
  t = await createTestApp();
  branch = await createBranch(t.db, { name: 'Hadapsar' });
  otherBranch = await createBranch(t.db, { name: 'Wakad' });
  const boss = await createUser(t.db, 'manager', { branchId: branch.id });
  const technicians = await Promise.all(
    Array.from({ length: 4 }, () => createUser(t.db, 'technician', { branchId: branch.id })),
  );
  bossId = boss.id;
  technicianIds = technicians.map((technician) => technician.id);
  manager = client(t.app, await loginAs(t.app, boss.username, boss.password));
  admin = client(t.app, await loginAs(t.app, ADMIN.username, ADMIN.password));
  await t.db.execute(sql`
    insert into customers (name, phone_number, phone_normalized, phone_national, branch_id)
    select 'Range customer ' || g, '+91' || (8800000000 + g), '+91' || (8800000000 + g),
           (8800000000 + g)::text, case when g % 5 = 0 then ${otherBranch.id}::uuid else ${branch.id}::uuid end
    from generate_series(1, 50) g`);
  // Order g: status by g % 5 (one in-progress order per technician at most), every seventh a
  // repair, created g minutes ago and changed g/2 minutes ago; a fifth in the other branch.
  await t.db.execute(sql`
    with c as (select branch_id, array_agg(id order by id) as ids from customers group by branch_id),
         tech as (select array_agg(id order by id) as ids from users where role = 'technician')
    insert into work_orders (order_id, project_id, project_type, project_category, status,
                             customer_id, branch_id, technician_id, created_at, updated_at)
    select 'WO-2031-' || lpad(g::text, 6, '0'), 'PRJ-2031-' || lpad(g::text, 6, '0'),
           'CCTV Camera',
           (case when g % 7 = 0 then 'Repair' else 'New Installation' end)::project_category,
           s.status::work_order_status, c.ids[1 + g % cardinality(c.ids)], c.branch_id,
           case when s.status = 'pending' then null
                else tech.ids[1 + g % cardinality(tech.ids)] end,
           now() - make_interval(mins => g), now() - make_interval(mins => g / 2)
    from generate_series(1, ${ORDERS}::int) g
    cross join tech
    cross join lateral (select case when g % 5 = 1 and g <= 20 then 'in-progress'
                                    when g % 5 = 1 then 'assigned'
                                    else (${sql.raw(`array['${STATUSES.join("','")}']`)})[1 + g % 5]
                               end as status) s
    join c on c.branch_id = case when g % 11 = 0 then ${otherBranch.id}::uuid else ${branch.id}::uuid end`);
  await t.db.execute(sql`analyze work_orders`);
  // Silence the unused-variable rule without widening the fixture: four technicians hold work.
  expect(technicians).toHaveLength(4);
});
afterAll(() => t.close());

async function list(path: string) {
  const response = await manager.get(path);
  expect(response.statusCode, response.body).toBe(200);
  return {
    items: response.json().data as ListedOrder[],
    total: Number(response.headers['x-total-count']),
  };
}

/** Every order of the branch in the statuses, as the database sorts them. */
async function expected(statuses: readonly string[], extra = sql`true`) {
  const result = await t.db.execute(sql`
    select order_id from work_orders
    where branch_id = ${branch.id} and status::text = any(${sql.raw(`array['${statuses.join("','")}']`)})
      and ${extra}
    order by created_at desc, order_id desc`);
  return (result as unknown as { rows: Array<{ order_id: string }> }).rows.map((r) => r.order_id);
}

describe('pending and in-progress, newest first', () => {
  it('pages through both statuses merged by date, with the total of both', async () => {
    const all = await expected(['pending', 'in-progress']);
    expect(all.length).toBeGreaterThan(500);
    const first = await list('/api/get-work-orders?status=pending,in-progress&limit=25');
    expect(first.total).toBe(all.length);
    expect(first.items.map((order) => order.orderId)).toEqual(all.slice(0, 25));
    expect(new Set(first.items.map((order) => order.status))).toEqual(
      new Set(['pending', 'in-progress']),
    );
    const deep = await list('/api/get-work-orders?status=pending,in-progress&limit=25&offset=480');
    expect(deep.items.map((order) => order.orderId)).toEqual(all.slice(480, 505));
    const last = await list(
      `/api/get-work-orders?status=pending,in-progress&limit=25&offset=${all.length - 10}`,
    );
    expect(last.items.map((order) => order.orderId)).toEqual(all.slice(-10));
  });

  it('reads at most offset + limit index entries of each status, and never scans the table', async () => {
    const plan = await explainAnalyze((tx) =>
      dateRangePage(tx, {
        branchId: branch.id,
        statuses: ['pending', 'in-progress', 'completed'],
        order: 'created-desc',
        limit: 25,
        offset: 50,
      }),
    );
    const scans = nodesOf(plan).filter((node) => node['Relation Name'] === 'work_orders');
    expect(scans.map((node) => node['Node Type'])).not.toContain('Seq Scan');
    const ranges = scans.filter((node) =>
      String(node['Index Name']).endsWith('status_created_idx'),
    );
    expect(ranges).toHaveLength(3);
    for (const range of ranges) expect(range['Actual Rows']).toBeLessThanOrEqual(75);
  });
});

describe('projects in status order', () => {
  async function countOf(status: string) {
    const result = await t.db.execute(sql`
      select count(*)::int as n from work_orders
      where branch_id = ${branch.id} and status::text = ${status}`);
    return (result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0;
  }

  /** The branch's projects as the database sorts them: status rank, then latest change. */
  async function inStatusOrder() {
    const ranked = MANAGER_STATUS_ORDER.filter((status) => status !== 'pending');
    const result = await t.db.execute(sql`
      select order_id from work_orders
      where branch_id = ${branch.id} and status::text = any(${sql.raw(`array['${ranked.join("','")}']`)})
      order by array_position(${sql.raw(`array['${ranked.join("','")}']`)}, status::text),
               updated_at desc, order_id desc`);
    return (result as unknown as { rows: Array<{ order_id: string }> }).rows.map((r) => r.order_id);
  }

  it('reads the statuses a page reaches in one statement, each no further than the page', async () => {
    const filter = {
      branchId: branch.id,
      order: { byStatus: MANAGER_STATUS_ORDER },
      limit: 25,
      offset: 0,
    };
    const plan = await explainAnalyze((tx) =>
      rangesPage(tx, filter, [
        { status: 'in-progress', rank: 0, skip: 0, take: 3 },
        { status: 'assigned', rank: 1, skip: 10, take: 22 },
      ]),
    );
    const scans = nodesOf(plan).filter((node) => node['Relation Name'] === 'work_orders');
    expect(scans.map((node) => node['Node Type'])).not.toContain('Seq Scan');
    const ranges = scans.filter((node) =>
      String(node['Index Name']).endsWith('status_updated_idx'),
    );
    expect(ranges.map((node) => node['Actual Rows'])).toEqual([3, 32]);
  });

  it('reads a first page without the tallies, its statuses in rank order until the page is full', async () => {
    const ranked = MANAGER_STATUS_ORDER.filter((status) => status !== 'pending');
    const filter = { branchId: branch.id, order: { byStatus: ranked }, limit: 25, offset: 0 };
    const plan = await explainAnalyze((tx) =>
      firstPagesInRankOrder(tx, filter, ranked, sql`null::json`),
    );
    const nodes = nodesOf(plan);
    // Append, not Merge Append or a sort of every range: it runs the ranges in rank order.
    expect(nodes.map((node) => node['Node Type'])).toContain('Append');
    expect(nodes.filter((node) => node['Parallel Aware'])).toEqual([]);
    const scans = nodes.filter((node) => node['Relation Name'] === 'work_orders');
    expect(scans.map((node) => node['Node Type'])).not.toContain('Seq Scan');
    const ranges = scans.filter((node) =>
      String(node['Index Name']).endsWith('status_updated_idx'),
    );
    // pending-approval holds none, in-progress a few, assigned the rest of the page; the
    // statuses after it are never read.
    const inProgress = await countOf('in-progress');
    expect(inProgress).toBeGreaterThan(0);
    expect(ranges.map((node) => node['Actual Rows'])).toEqual([
      0,
      inProgress,
      25 - inProgress,
      0,
      0,
      0,
      0,
      0,
    ]);
    expect(ranges.slice(3).map((node) => node['Actual Loops'])).toEqual([0, 0, 0, 0, 0]);
  });

  it('reads each page status by status, across the boundaries between statuses', async () => {
    const all = await inStatusOrder();
    expect(all.length).toBeGreaterThan(1000);
    // The first pages without the tallies (up to FIRST_PAGES_REACH), the deeper ones with them.
    for (const offset of [0, 2, FIRST_PAGES_REACH - 50, 450, 460, 1100, all.length - 20]) {
      const page = await list(`/api/get-manager-projects?limit=50&offset=${offset}`);
      expect(page.items.map((order) => order.orderId)).toEqual(all.slice(offset, offset + 50));
      expect(page.total).toBe(all.length);
    }
    const beyond = await list(`/api/get-manager-projects?limit=50&offset=${all.length + 10}`);
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(all.length);
  });
});

describe('the category filter', () => {
  it('narrows the pending list and the projects list, totals included', async () => {
    const repairs = await expected(['pending'], sql`project_category = 'Repair'`);
    const pending = await list('/api/get-work-orders?category=Repair&limit=25');
    expect(pending.total).toBe(repairs.length);
    expect(pending.items.map((order) => order.orderId)).toEqual(repairs.slice(0, 25));

    const projects = await list('/api/get-manager-projects?category=Repair&limit=100');
    const everyProject = await list('/api/get-manager-projects?limit=100');
    expect(projects.items.length).toBeGreaterThan(0);
    expect(projects.items.every((order) => order.projectCategory === 'Repair')).toBe(true);
    expect(projects.total).toBeLessThan(everyProject.total);
    const repairProjects = await expected(
      ['in-progress', 'assigned', 'completed', 'paused'],
      sql`project_category = 'Repair'`,
    );
    expect(projects.total).toBe(repairProjects.length);
  });

  it('reads the category from an index', async () => {
    const plan = await explainAnalyze((tx) =>
      dateRangePage(tx, {
        branchId: branch.id,
        statuses: ['pending'],
        category: 'Repair',
        order: 'created-desc',
        limit: 25,
        offset: 0,
      }),
    );
    const indexes = nodesOf(plan).map((node) => node['Index Name']);
    expect(indexes).toContain('work_orders_branch_category_status_created_idx');
  });
});

describe('order id search', () => {
  it('finds an order from the start of its id in any case, and by any part of it', async () => {
    const exact = await list('/api/get-work-orders?status=pending&search=WO-2031-000010');
    expect(exact.items.map((order) => order.orderId)).toEqual(['WO-2031-000010']);
    expect(exact.total).toBe(1);
    const prefix = await list('/api/get-manager-projects?search=wo-2031-00001&limit=100');
    const ids = prefix.items.map((order) => order.orderId);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.every((id) => id.startsWith('WO-2031-00001'))).toBe(true);
    const project = await list('/api/get-work-orders?status=pending&search=prj-2031-000010');
    expect(project.items.map((order) => order.orderId)).toEqual(['WO-2031-000010']);
    const middle = await list('/api/get-work-orders?status=pending&search=2031-000010');
    expect(middle.items.map((order) => order.orderId)).toEqual(['WO-2031-000010']);
  });

  it('reads an id prefix from the btree, not the trigram lists every id shares', async () => {
    const plan = await explainAnalyze((tx) =>
      tx
        .select({ id: workOrders.id })
        .from(workOrders)
        .where(workOrderListCondition({ branchId: branch.id, search: 'WO-2031-00001' })),
    );
    const indexes = nodesOf(plan).map((node) => node['Index Name']);
    expect(indexes).toContain('work_orders_order_id_prefix_idx');
    expect(indexes).not.toContain('work_orders_search_trgm_idx');
    expect(nodesOf(plan).map((node) => node['Node Type'])).not.toContain('Seq Scan');
  });
});

describe('phone search', () => {
  it("finds a customer's orders by their phone, with or without +91", async () => {
    const result = await t.db.execute(sql`
      select c.phone_national as phone, c.name as customer
      from work_orders w join customers c on c.id = w.customer_id
      where w.branch_id = ${branch.id} limit 1`);
    const [row] = (result as unknown as { rows: Array<{ phone: string; customer: string }> }).rows;
    if (!row) throw new Error('no order seeded');
    for (const search of [row.phone, `+91${row.phone}`, row.phone.slice(2)]) {
      const found = await list(
        `/api/get-manager-projects?search=${encodeURIComponent(search)}&limit=100`,
      );
      expect(found.items.length, search).toBeGreaterThan(0);
      expect(found.items.every((order) => order.customerName === row.customer)).toBe(true);
    }
  });

  it("looks for a phone number in the customers only, not in the orders' trigram lists", async () => {
    const plan = await explainAnalyze((tx) =>
      tx
        .select({ id: workOrders.id })
        .from(workOrders)
        .where(workOrderListCondition({ branchId: branch.id, search: '8800000010' })),
    );
    const indexes = nodesOf(plan).map((node) => node['Index Name']);
    // The customers' phones through their trigram index, then those customers' orders: no
    // branch's orders read and filtered by their ids and project type.
    expect(indexes).toEqual(
      expect.arrayContaining(['customers_search_trgm_idx', 'work_orders_customer_idx']),
    );
    expect(indexes).not.toContain('work_orders_search_trgm_idx');
    expect(JSON.stringify(plan)).not.toContain('project_type');
    expect(nodesOf(plan).map((node) => node['Node Type'])).not.toContain('Seq Scan');
  });
});

describe('a search in one statement', () => {
  const ranked = MANAGER_STATUS_ORDER.filter((status) => status !== 'pending');

  /** The name of the customer of one of the branch's orders in one of these statuses. */
  async function customerWith(statuses: readonly string[]) {
    const result = await t.db.execute(sql`
      select c.name from work_orders w join customers c on c.id = w.customer_id
      where w.branch_id = ${branch.id}
        and w.status::text = any(${sql.raw(`array['${statuses.join("','")}']`)})
      order by w.order_id limit 1`);
    return (result as unknown as { rows: Array<{ name: string }> }).rows[0]?.name ?? '';
  }

  it("reads its few matches once and its page's rows through work_order_answer_rows", async () => {
    const pending = ['pending'] as const;
    const searches = [
      { statuses: ranked, search: await customerWith(ranked), order: { byRank: ranked } },
      {
        statuses: pending,
        search: await customerWith(pending),
        order: { byDate: 'created-desc' } as const,
      },
      { statuses: ranked, search: 'wo-2031-00001', order: { byRank: ranked } },
    ];
    for (const { statuses, search, order } of searches) {
      const plan = await explainAnalyze((tx) =>
        searchPage(tx, workOrderListCondition({ branchId: branch.id, statuses, search }), order, {
          limit: 25,
          offset: 0,
        }),
      );
      const nodes = nodesOf(plan);
      // One instance of work_orders to plan, whatever the page holds: the rows' own
      // subqueries are planned once per connection, inside the function.
      const scans = nodes.filter((node) => node['Relation Name'] === 'work_orders');
      expect(scans, search).toHaveLength(1);
      expect(scans.map((node) => node['Node Type'])).not.toContain('Seq Scan');
      const rows = nodes.filter((node) => node['Function Name'] === 'work_order_answer_rows');
      expect(rows).toHaveLength(1);
      expect(rows[0]?.['Actual Rows']).toBeGreaterThan(0);
    }
  });
});

/* ------------------------------------------------------------ plans */

type PlanNode = Record<string, unknown> & { Plans?: PlanNode[] };

function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

/** EXPLAIN ANALYZE (JSON) of a query, with sequential scans priced out as the bench's size would. */
async function explainAnalyze(build: (tx: Tx) => SQLWrapper): Promise<PlanNode> {
  return t.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = await tx.execute(sql`explain (analyze, format json) ${build(tx)}`);
    const rows = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
    const cell = Object.values(rows[0] ?? {})[0];
    const parsed = (typeof cell === 'string' ? JSON.parse(cell) : cell) as Array<{
      Plan: PlanNode;
    }>;
    const [first] = parsed;
    if (!first) throw new Error('no plan');
    return first.Plan;
  });
}

describe('a search matching almost everything', () => {
  beforeAll(async () => {
    // More pending and more completed orders than a search counts, in the other branch: only
    // an all-branch search reaches the cap.
    await t.db.execute(sql`
      insert into work_orders (order_id, project_id, project_type, status, customer_id, branch_id,
                               created_at, updated_at)
      select 'WO-2032-' || lpad(g::text, 6, '0'), 'PRJ-2032-' || lpad(g::text, 6, '0'),
             'CCTV Camera',
             (case when g % 2 = 0 then 'pending' else 'completed' end)::work_order_status,
             (select id from customers where branch_id = ${otherBranch.id} limit 1),
             ${otherBranch.id}, now() - make_interval(secs => g), now() - make_interval(secs => g)
      from generate_series(1, ${2 * SEARCH_COUNT_CAP + 100}::int) g`);
    await t.db.execute(sql`analyze work_orders`);
  });

  it('counts up to the cap and says the total is a floor', async () => {
    const response = await admin.get('/api/get-work-orders?status=pending&search=cctv&limit=25');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe(String(SEARCH_COUNT_CAP));
    expect(response.headers['x-total-count-capped']).toBe('true');
    expect(response.json().data).toHaveLength(25);

    const projects = await admin.get('/api/get-manager-projects?search=cctv&limit=25');
    expect(projects.headers['x-total-count']).toBe(String(SEARCH_COUNT_CAP));
    expect(projects.headers['x-total-count-capped']).toBe('true');

    // Past the cap the search is read status by status: its pages still equal the list's.
    const everything = Number(
      (await admin.get('/api/get-manager-projects?limit=1')).headers['x-total-count'],
    );
    expect(everything).toBeGreaterThan(3 * SEARCH_COUNT_CAP);
    for (const offset of [0, 1200, 2380, everything - 50]) {
      const plain = await admin.get(`/api/get-manager-projects?limit=50&offset=${offset}`);
      const searched = await admin.get(
        `/api/get-manager-projects?search=cctv&limit=50&offset=${offset}`,
      );
      const ids = (answer: typeof plain) =>
        (answer.json().data as ListedOrder[]).map((order) => order.orderId);
      expect(ids(searched)).toEqual(ids(plain));
      expect(ids(searched)).toHaveLength(50);
    }
  });

  it('counts exactly below the cap, and pages a search across statuses like the list', async () => {
    const pending = await expected(['pending'], sql`lower(project_type) like '%cctv%'`);
    const search = await manager.get('/api/get-work-orders?status=pending&search=cctv&limit=25');
    expect(search.headers['x-total-count']).toBe(String(pending.length));
    expect(search.headers['x-total-count-capped']).toBeUndefined();

    // Every order of the branch matches 'cctv': the repairs' search (under the cap) pages as
    // the plain list of repairs does, across the boundaries between statuses.
    const plain = await list('/api/get-manager-projects?category=Repair&limit=100');
    expect(plain.total).toBeLessThan(SEARCH_COUNT_CAP);
    for (const offset of [0, 60, 130, plain.total - 30]) {
      const page = await list(
        `/api/get-manager-projects?category=Repair&limit=50&offset=${offset}`,
      );
      const searched = await list(
        `/api/get-manager-projects?category=Repair&search=cctv&limit=50&offset=${offset}`,
      );
      expect(searched.items.map((order) => order.orderId)).toEqual(
        page.items.map((order) => order.orderId),
      );
      expect(searched.total).toBe(plain.total);
    }
  });

  it('reads the first pages of a search it has seen dense in the statement that counts it', async () => {
    // The first answer finds the search dense; the next ones read their page's status ranges
    // in the same statement. Either way the pages are the list's, answers and all.
    for (const offset of [0, 0, 25, 50]) {
      const plain = await admin.get(`/api/get-manager-projects?limit=25&offset=${offset}`);
      const searched = await admin.get(
        `/api/get-manager-projects?search=cctv&limit=25&offset=${offset}`,
      );
      expect(searched.headers['x-total-count-capped']).toBe('true');
      expect(searched.json().data).toHaveLength(25);
      expect(searched.json().data).toEqual(plain.json().data);
    }
  });

  it('counts a dense search from the branch index alone and reads each status no further than the page', async () => {
    await t.db.execute(sql`vacuum analyze work_orders`);
    const ranked = MANAGER_STATUS_ORDER.filter((status) => status !== 'pending');
    const filter = {
      branchId: otherBranch.id,
      statuses: ranked,
      search: 'cctv',
      order: { byStatus: MANAGER_STATUS_ORDER },
      limit: 25,
      offset: 0,
    };
    const plan = await explainAnalyze((tx) =>
      searchPage(
        tx,
        workOrderListCondition(filter),
        { byRank: ranked },
        filter,
        denseRankPage(filter, ranked),
      ),
    );
    const scans = nodesOf(plan).filter((node) => node['Relation Name'] === 'work_orders');
    expect(scans.map((node) => node['Node Type'])).not.toContain('Seq Scan');
    const [matches, ranges] = scans;
    // The first SEARCH_COUNT_CAP + 1 matches, from the index that carries the searched columns.
    expect(matches?.['Node Type']).toBe('Index Only Scan');
    expect(matches?.['Index Name']).toBe('work_orders_branch_status_updated_idx');
    expect(matches?.['Actual Rows']).toBe(SEARCH_COUNT_CAP + 1);
    // One range per status in rank order, each read no further than the page, until the
    // page is full (the sort by rank is incremental: a status after the page is not read).
    expect(ranges?.['Index Name']).toBe('work_orders_branch_status_updated_idx');
    expect(ranges?.['Actual Loops']).toBeLessThanOrEqual(ranked.length);
    expect(ranges?.['Actual Rows']).toBeLessThanOrEqual(25);
    const rows = nodesOf(plan).filter((node) => node['Function Name'] === 'work_order_answer_rows');
    expect(rows[0]?.['Actual Rows']).toBe(25);
  });
});

describe('a search answers as the list does', () => {
  beforeAll(async () => {
    // Repairs of the branch with everything an answer carries: people, linked orders, the
    // order's site, a status history and bills, paid and not.
    const result = await t.db.execute(sql`
      select id from work_orders
      where branch_id = ${branch.id} and project_category = 'Repair'
      order by order_id limit 40`);
    const ids = (result as unknown as { rows: Array<{ id: string }> }).rows.map((row) => row.id);
    expect(ids.length).toBe(40);
    const [linked, transferred] = ids;
    await t.db.execute(sql`
      update work_orders set
        original_technician_id = ${technicianIds[1]}, approved_by = ${bossId},
        existing_project_id = ${linked}, transferred_from_id = ${transferred},
        site_address = 'Plot 4, Magarpatta', site_state_code = '27',
        assigned_at = created_at + interval '1 hour', completed_at = created_at + interval '2 days',
        instructions = 'Call before coming'
      where id = any(${sql.raw(`array['${ids.slice(2).join("','")}']`)}::uuid[])`);
    await t.db.execute(sql`
      insert into work_order_status_history (work_order_id, status, remark, updated_by, updated_at)
      select id, s.status, 'Step ' || s.n, ${bossId}, created_at + make_interval(mins => s.n)
      from work_orders, (values (1, 'pending'), (2, 'assigned'), (3, 'in-progress')) as s(n, status)
      where id = any(${sql.raw(`array['${ids.join("','")}']`)}::uuid[])`);
    for (const id of ids.slice(0, 10)) {
      await createPaidBill(t.db, id, { amount: 1250 });
      await createPaidBill(t.db, id, { amount: 99.5, paidAt: null, paymentStatus: 'unpaid' });
    }
  });

  it('gives each order of a search the answer the list gives it', async () => {
    for (const list of ['/api/get-manager-projects', '/api/get-work-orders']) {
      const plain = await manager.get(`${list}?category=Repair&limit=100`);
      const searched = await manager.get(`${list}?category=Repair&search=cctv&limit=100`);
      expect(searched.headers['x-total-count']).toBe(plain.headers['x-total-count']);
      // The enriched orders are among them: their site, history and bills are compared too.
      expect(searched.body).toContain('Magarpatta');
      expect(searched.body).toContain('Step 3');
      expect(searched.json().data).toEqual(plain.json().data);
    }
  });
});
