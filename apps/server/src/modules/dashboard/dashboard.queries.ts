import { and, asc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { complaintClocks } from '../../db/complaints-schema';
import { reorderLevels } from '../../db/reports-schema';
import {
  amcContracts,
  amcVisits,
  branches,
  branchStock,
  customers,
  demoRequests,
  inventoryItems,
  leads,
  NO_TECHNICIAN,
  users,
  workOrders,
  workOrderTallies,
} from '../../db/schema';

type Db = Database | Tx;

/** Work orders counted per (branch, status, held by a technician or not). */
export interface BranchTallyRow {
  branchId: string;
  status: string;
  withTechnician: boolean;
  total: number;
}

/** Work orders of one branch counted per (technician or none, status). */
export interface TechnicianTallyRow {
  technicianId: string | null;
  status: string;
  total: number;
}

/** Every work-order figure of one branch's screens (cards, per-technician rows). */
export function tallyByTechnician(db: Db, branchId: string): Promise<TechnicianTallyRow[]> {
  return db
    .select({
      technicianId: sql<string | null>`nullif(${workOrderTallies.technicianKey}, ${NO_TECHNICIAN})`,
      status: sql<string>`${workOrderTallies.status}::text`,
      total: workOrderTallies.total,
    })
    .from(workOrderTallies)
    .where(and(eq(workOrderTallies.branchId, branchId), gt(workOrderTallies.total, 0)));
}

export function listBranchTechnicians(db: Db, branchId: string) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      status: users.status,
    })
    .from(users)
    .where(and(eq(users.role, 'technician'), eq(users.branchId, branchId)))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
}

/** A branch as the admin's Branch Overview names it. */
export interface BranchRef {
  id: string;
  name: string;
}

/** What the dashboard's statement is given: the admin's branch filter, and today in India. */
export interface DashboardParams {
  branchId?: string | undefined;
  today: string;
  renewalUntil: string;
  /** The instant the clocks are read at, ISO. */
  now: string;
  /** The first instant of this India month, ISO. */
  monthStart: string;
}

/** The maintenance cards as the statement reads them (issue 23). */
export interface MaintenanceFigures {
  overdueVisits: number;
  renewalsDue: number;
  nextVisitDue: string | null;
}

/** The complaint cards as the statement reads them (issue 37). */
export interface ComplaintFigures {
  complaintsAtRisk: number;
  complaintsBreached: number;
}

/** The 'Low stock' card (issue 38). */
export interface StockFigures {
  lowStock: number;
}

/**
 * Items below their reorder level on the branch's shelf (the stock report's rule): the levels
 * of the branch by reorder_levels_branch_idx, each with its balance by branch_stock's primary
 * key (item_id, branch_id). Every branch reads the levels whole: one row per level set by hand.
 */
function stockColumns(byBranch: boolean) {
  return {
    lowStock: count(
      sql`select count(*)::int from ${reorderLevels} r
          left join ${branchStock} s on s.item_id = r.item_id and s.branch_id = r.branch_id
          where coalesce(s.quantity, 0) < r.level ${ofBranch(byBranch, sql`r.branch_id`)}`,
    ),
  };
}

export interface AdminDashboardFigures extends MaintenanceFigures, ComplaintFigures, StockFigures {
  branches: BranchRef[];
  tallies: BranchTallyRow[];
  technicians: number;
  inventoryItems: number;
  customers: number;
  newDemoRequests: number;
}

export interface ManagerDashboardFigures
  extends MaintenanceFigures,
    ComplaintFigures,
    StockFigures {
  technicianRows: TechnicianRef[];
  tallies: TechnicianTallyRow[];
  activeLeads: number;
  customers: number;
  technicians: number;
  inventoryItems: number;
}

export type TechnicianRef = Awaited<ReturnType<typeof listBranchTechnicians>>[number];

const PARAMS = {
  branchId: sql.placeholder('branchId'),
  today: sql.placeholder('today'),
  renewalUntil: sql.placeholder('renewalUntil'),
  now: sql.placeholder('now'),
  monthStart: sql.placeholder('monthStart'),
};

const count = (query: SQL) => sql<number>`(${query})`;
/** The rows of a query as one json array (r is each row), in the order given. */
const jsonList = <Row>(query: SQL, orderBy?: SQL) =>
  sql<
    Row[]
  >`(select coalesce(json_agg(r${orderBy ? sql` order by ${orderBy}` : sql``}), '[]'::json) from (${query}) r)`;

/** `and <column> = the branch` when the statement is of one branch, nothing otherwise. */
const ofBranch = (byBranch: boolean, column: SQL) =>
  byBranch ? sql`and ${column} = ${PARAMS.branchId}` : sql``;

/**
 * The maintenance cards (issue 23): visits past due and not completed, active contracts ending
 * within the renewal window, and the next visit due. Each is an index range (amc_visits by
 * branch and due date, amc_contracts by branch, status and end date).
 */
function maintenanceColumns(byBranch: boolean) {
  const visitBranch = ofBranch(byBranch, sql`v.branch_id`);
  // Not done: no completed order, nor marked done before Karya (issue 39 item 7).
  const notDone = sql`not v.done_before_karya and not exists (select 1 from ${workOrders} wo where wo.id = v.work_order_id and wo.status = 'completed')`;
  const contractOf = (statuses: SQL) =>
    sql`exists (select 1 from ${amcContracts} lc where lc.id = v.contract_id and lc.status in ${statuses})`;
  return {
    overdueVisits: count(
      sql`select count(*)::int from ${amcVisits} v where v.due_date < ${PARAMS.today} ${visitBranch} and ${notDone} and ${contractOf(sql`('active', 'expired')`)}`,
    ),
    renewalsDue: count(
      sql`select count(*)::int from ${amcContracts} c where c.status = 'active' and c.end_date between ${PARAMS.today} and ${PARAMS.renewalUntil} ${ofBranch(byBranch, sql`c.branch_id`)}`,
    ),
    nextVisitDue: sql<
      string | null
    >`(select min(v.due_date)::text from ${amcVisits} v where v.due_date >= ${PARAMS.today} ${visitBranch} and ${notDone} and ${contractOf(sql`('active')`)})`,
  };
}

/**
 * The complaint cards (issue 37): running clocks of orders nobody has started on (pending or
 * assigned) already amber or red, from the partial index of running clocks; and the month's
 * complaints whose clock was breached, an index range by branch and opening. Without a branch,
 * one range per branch rather than a scan of every clock.
 */
function complaintColumns(byBranch: boolean) {
  const now = sql`${PARAMS.now}::timestamptz`;
  const inBranches = byBranch
    ? sql`k.branch_id = ${PARAMS.branchId}`
    : sql`k.branch_id in (select b.id from ${branches} b)`;
  return {
    complaintsAtRisk: count(
      sql`select count(*)::int from ${complaintClocks} k join ${workOrders} w on w.id = k.work_order_id
          where ${inBranches} and k.started_at is null and k.at_risk_at <= ${now}
            and w.status in ('pending', 'assigned')`,
    ),
    complaintsBreached: count(
      sql`select count(*)::int from ${complaintClocks} k
          where ${inBranches} and k.opened_at >= ${PARAMS.monthStart}::timestamptz
            and (k.started_at > k.due_at or (k.started_at is null and k.due_at <= ${now}))`,
    ),
  };
}

/**
 * Everything the admin's dashboard shows, in one statement: the branches, the work-order
 * tallies per (branch, status, held by a technician or not) — at most branches × statuses × 2
 * rows whatever the number of orders — the other cards' counts, new demo requests (whatever
 * the filter; the landing page's requests the system module takes) and the maintenance cards.
 * As five statements a request it cost 1.9 ms of Node, now 0.6–0.9 (issue 17).
 */
function adminDashboardStatement(db: Database, byBranch: boolean) {
  return db
    .select({
      branches: jsonList<BranchRef>(
        sql`select b.id, b.name from ${branches} b where true ${ofBranch(byBranch, sql`b.id`)}`,
        sql`r.name, r.id`,
      ),
      tallies: jsonList<BranchTallyRow>(
        sql`select t.branch_id as "branchId", t.status::text as status,
              (t.technician_key <> ${NO_TECHNICIAN}) as "withTechnician", sum(t.total)::int as total
            from ${workOrderTallies} t where t.total > 0 ${ofBranch(byBranch, sql`t.branch_id`)}
            group by 1, 2, 3`,
      ),
      technicians: count(
        sql`select count(*)::int from ${users} u where u.role = 'technician' and u.status = 'active' ${ofBranch(byBranch, sql`u.branch_id`)}`,
      ),
      // With a branch, the catalogue items that branch holds stock of; without, the catalogue.
      inventoryItems: byBranch
        ? count(
            sql`select count(*)::int from ${branchStock} s where s.branch_id = ${PARAMS.branchId} and s.quantity > 0`,
          )
        : count(sql`select count(*)::int from ${inventoryItems}`),
      customers: count(
        sql`select count(*)::int from ${customers} c where true ${ofBranch(byBranch, sql`c.branch_id`)}`,
      ),
      newDemoRequests: count(
        sql`select count(*)::int from ${demoRequests} d where d.status = 'new'`,
      ),
      ...maintenanceColumns(byBranch),
      ...complaintColumns(byBranch),
      ...stockColumns(byBranch),
    })
    .from(sql`(select 1) as one`);
}

/**
 * Everything the manager's dashboard shows for their branch, in one statement: the branch's
 * technicians, its tallies per (technician or none, status), the cards and the maintenance
 * cards. The manager's 'Inventory Items' (spec 1 §6) is "the serial stock entries plus generic
 * quantities": every sellable unit the branch holds (a serial counts 1 in branch_stock); the
 * admin's counts catalogue items, by design.
 */
function managerDashboardStatement(db: Database) {
  return db
    .select({
      technicianRows: jsonList<TechnicianRef>(
        sql`select u.id, u.first_name as "firstName", u.last_name as "lastName", u.status
            from ${users} u where u.role = 'technician' and u.branch_id = ${PARAMS.branchId}`,
        sql`r."firstName", r."lastName", r.id`,
      ),
      tallies: jsonList<TechnicianTallyRow>(
        sql`select nullif(t.technician_key, ${NO_TECHNICIAN}) as "technicianId",
              t.status::text as status, t.total
            from ${workOrderTallies} t where t.branch_id = ${PARAMS.branchId} and t.total > 0`,
      ),
      activeLeads: count(
        sql`select count(*)::int from ${leads} l where l.branch_id = ${PARAMS.branchId} and l.converted_at is null`,
      ),
      customers: count(
        sql`select count(*)::int from ${customers} c where c.branch_id = ${PARAMS.branchId}`,
      ),
      technicians: count(
        sql`select count(*)::int from ${users} u where u.branch_id = ${PARAMS.branchId} and u.role = 'technician' and u.status = 'active'`,
      ),
      inventoryItems: count(
        sql`select coalesce(sum(s.quantity), 0)::int from ${branchStock} s where s.branch_id = ${PARAMS.branchId}`,
      ),
      ...maintenanceColumns(true),
      ...complaintColumns(true),
      ...stockColumns(true),
    })
    .from(sql`(select 1) as one`);
}

/** drizzle asks a prepared query for a name; '' leaves naming it to the pool (StatementNames). */
const NAMED_BY_THE_POOL = '';

type AdminStatement = ReturnType<ReturnType<typeof adminDashboardStatement>['prepare']>;
type ManagerStatement = ReturnType<ReturnType<typeof managerDashboardStatement>['prepare']>;

/** Each database handle's dashboard statements, built once: drizzle otherwise rebuilds their SQL on every request. */
const built = new WeakMap<
  Database,
  { admin: AdminStatement; adminOfBranch: AdminStatement; manager: ManagerStatement }
>();

function statementsOf(db: Database) {
  let statements = built.get(db);
  if (!statements) {
    statements = {
      admin: adminDashboardStatement(db, false).prepare(NAMED_BY_THE_POOL),
      adminOfBranch: adminDashboardStatement(db, true).prepare(NAMED_BY_THE_POOL),
      manager: managerDashboardStatement(db).prepare(NAMED_BY_THE_POOL),
    };
    built.set(db, statements);
  }
  return statements;
}

export async function adminDashboardFigures(
  db: Database,
  params: DashboardParams,
): Promise<AdminDashboardFigures> {
  const { admin, adminOfBranch } = statementsOf(db);
  const [row] = await (params.branchId ? adminOfBranch : admin).execute({ ...params });
  if (!row) throw new Error('the dashboard statement returned no row');
  return row;
}

export async function managerDashboardFigures(
  db: Database,
  params: DashboardParams & { branchId: string },
): Promise<ManagerDashboardFigures> {
  const [row] = await statementsOf(db).manager.execute({ ...params });
  if (!row) throw new Error('the dashboard statement returned no row');
  return row;
}
