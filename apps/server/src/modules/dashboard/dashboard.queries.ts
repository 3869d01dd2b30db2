import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '../../db/client';
import {
  amcContracts,
  amcVisits,
  branches,
  branchStock,
  customers,
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

const withTechnician = sql<boolean>`(${workOrderTallies.technicianKey} <> ${NO_TECHNICIAN})`;

/**
 * Every work-order figure of the admin's screens, from the tallies the database keeps per
 * (branch, technician, status): at most branches × statuses × 2 rows come back, and a few
 * hundred rows are read, whatever the number of orders. status is read as text so a status
 * added to the enum later cannot break the mapping.
 */
export function tallyByBranch(db: Db, branchId?: string): Promise<BranchTallyRow[]> {
  return db
    .select({
      branchId: workOrderTallies.branchId,
      status: sql<string>`${workOrderTallies.status}::text`,
      withTechnician,
      total: sql<number>`sum(${workOrderTallies.total})::int`,
    })
    .from(workOrderTallies)
    .where(
      and(
        branchId ? eq(workOrderTallies.branchId, branchId) : undefined,
        gt(workOrderTallies.total, 0),
      ),
    )
    .groupBy(workOrderTallies.branchId, workOrderTallies.status, withTechnician);
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

export function listBranchRefs(db: Db, branchId?: string) {
  return db
    .select({ id: branches.id, name: branches.name })
    .from(branches)
    .where(branchId ? eq(branches.id, branchId) : undefined)
    .orderBy(asc(branches.name), asc(branches.id));
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

const count = (query: ReturnType<typeof sql>) => sql<number>`(${query})`;

/** The admin's 'Inventory Items' for one branch: the catalogue items it holds stock of. */
const itemsInStock = (branchId: string) =>
  count(
    sql`select count(*)::int from ${branchStock} where ${branchStock.branchId} = ${branchId} and ${branchStock.quantity} > 0`,
  );

/**
 * The manager's 'Inventory Items' (spec 1 §6): "the serial stock entries plus generic
 * quantities" — every sellable unit the branch holds (a serial counts 1 in branch_stock). The
 * two roles' cards differ by design; faulty units keep no balance and are not counted.
 */
const unitsInStock = (branchId: string) =>
  count(
    sql`select coalesce(sum(${branchStock.quantity}), 0)::int from ${branchStock} where ${branchStock.branchId} = ${branchId}`,
  );

/** The admin's non-work-order cards, in one statement of scalar counts. */
export async function adminCardCounts(db: Db, branchId?: string) {
  const inBranch = (column: AnyPgColumn) => (branchId ? sql`and ${column} = ${branchId}` : sql``);
  const [row] = await db
    .select({
      technicians: count(
        sql`select count(*)::int from ${users} where ${users.role} = 'technician' and ${users.status} = 'active' ${inBranch(users.branchId)}`,
      ),
      inventoryItems: branchId
        ? itemsInStock(branchId)
        : count(sql`select count(*)::int from ${inventoryItems}`),
      customers: count(
        sql`select count(*)::int from ${customers} where true ${inBranch(customers.branchId)}`,
      ),
    })
    .from(sql`(select 1) as one`);
  return {
    technicians: Number(row?.technicians ?? 0),
    inventoryItems: Number(row?.inventoryItems ?? 0),
    customers: Number(row?.customers ?? 0),
  };
}

/** The manager's non-work-order cards for their branch, in one statement. */
export async function managerCardCounts(db: Db, branchId: string) {
  const [row] = await db
    .select({
      activeLeads: count(
        sql`select count(*)::int from ${leads} where ${leads.branchId} = ${branchId} and ${isNull(leads.convertedAt)}`,
      ),
      customers: count(
        sql`select count(*)::int from ${customers} where ${customers.branchId} = ${branchId}`,
      ),
      technicians: count(
        sql`select count(*)::int from ${users} where ${users.branchId} = ${branchId} and ${users.role} = 'technician' and ${users.status} = 'active'`,
      ),
      inventoryItems: unitsInStock(branchId),
    })
    .from(sql`(select 1) as one`);
  return {
    activeLeads: Number(row?.activeLeads ?? 0),
    customers: Number(row?.customers ?? 0),
    technicians: Number(row?.technicians ?? 0),
    inventoryItems: Number(row?.inventoryItems ?? 0),
  };
}

/**
 * The maintenance cards (issue 23) in one statement: visits past due and not completed,
 * active contracts ending within the renewal window, and the next visit due. Each is an index
 * range (amc_visits by branch and due date, amc_contracts by branch, status and end date).
 */
export async function maintenanceCardCounts(
  db: Db,
  branchId: string | undefined,
  today: string,
  renewalUntil: string,
) {
  const visitBranch = branchId ? sql`and v.branch_id = ${branchId}` : sql``;
  const contractBranch = branchId ? sql`and c.branch_id = ${branchId}` : sql``;
  const notDone = sql`not exists (select 1 from ${workOrders} wo where wo.id = v.work_order_id and wo.status = 'completed')`;
  const live = sql`exists (select 1 from ${amcContracts} lc where lc.id = v.contract_id and lc.status in ('active', 'expired'))`;
  const [row] = await db
    .select({
      overdueVisits: count(
        sql`select count(*)::int from ${amcVisits} v where v.due_date < ${today} ${visitBranch} and ${notDone} and ${live}`,
      ),
      renewalsDue: count(
        sql`select count(*)::int from ${amcContracts} c where c.status = 'active' and c.end_date between ${today} and ${renewalUntil} ${contractBranch}`,
      ),
      nextVisitDue: sql<
        string | null
      >`(select min(v.due_date)::text from ${amcVisits} v where v.due_date >= ${today} ${visitBranch} and ${notDone} and exists (select 1 from ${amcContracts} lc where lc.id = v.contract_id and lc.status = 'active'))`,
    })
    .from(sql`(select 1) as one`);
  return {
    overdueVisits: Number(row?.overdueVisits ?? 0),
    renewalsDue: Number(row?.renewalsDue ?? 0),
    nextVisitDue: row?.nextVisitDue ?? null,
  };
}
