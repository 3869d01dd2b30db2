import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '../../db/client';
import {
  amcContracts,
  amcInvoices,
  amcVisits,
  branches,
  customers,
  inventoryItems,
  stockMovements,
  users,
  workOrders,
} from '../../db/schema';

type Db = Database | Tx;

/** The amc module's reads and writes of its own tables (issue 23, decision 035). */

export type ContractRow = typeof amcContracts.$inferSelect;

const renewals = alias(amcContracts, 'renewals');
const renewedContracts = alias(amcContracts, 'renewed_contracts');
const creators = alias(users, 'creators');
const installations = alias(workOrders, 'installations');

/** Which visits count as done: their order is completed. */
/** Done: its order completed, or marked done before Karya at activation (issue 39 item 7). */
const visitDone = sql`(${amcVisits.doneBeforeKarya} or exists (select 1 from ${workOrders} wo where wo.id = ${amcVisits.workOrderId} and wo.status = 'completed'))`;

/** A contract with what its list row shows, in one statement. */
function contractSelect(db: Db, today: string) {
  return db
    .select({
      contract: amcContracts,
      branchName: branches.name,
      customerName: customers.name,
      customerPhone: customers.phoneNumber,
      installationOrderId: installations.orderId,
      installationProjectId: installations.projectId,
      renewedById: renewals.id,
      renewedByNumber: renewals.contractNumber,
      renewedByStatus: renewals.status,
      renewedFromNumber: renewedContracts.contractNumber,
      creatorFirst: creators.firstName,
      creatorLast: creators.lastName,
      nextVisitDue: sql<
        string | null
      >`(select min(${amcVisits.dueDate})::text from ${amcVisits} where ${amcVisits.contractId} = ${amcContracts.id} and not ${visitDone})`,
      overdueVisits: sql<number>`(select count(*)::int from ${amcVisits} where ${amcVisits.contractId} = ${amcContracts.id} and ${amcVisits.dueDate} < ${today} and not ${visitDone})`,
    })
    .from(amcContracts)
    .innerJoin(branches, eq(branches.id, amcContracts.branchId))
    .innerJoin(customers, eq(customers.id, amcContracts.customerId))
    .leftJoin(installations, eq(installations.id, amcContracts.workOrderId))
    .leftJoin(
      renewals,
      and(eq(renewals.renewedFromId, amcContracts.id), sql`${renewals.status} <> 'cancelled'`),
    )
    .leftJoin(renewedContracts, eq(renewedContracts.id, amcContracts.renewedFromId))
    .leftJoin(creators, eq(creators.id, amcContracts.createdBy));
}
export type ContractListRow = Awaited<
  ReturnType<ReturnType<typeof contractSelect>['execute']>
>[number];

export async function findContractRow(db: Db, id: string, today: string) {
  const [row] = await contractSelect(db, today).where(eq(amcContracts.id, id)).limit(1);
  return row ?? null;
}

export interface ContractListFilter {
  branchId?: string | undefined;
  statuses: readonly string[];
  /** Active and ending between today and today + 30 days. */
  renewalsDue?: { today: string; until: string } | undefined;
  customerId?: string | undefined;
  /** Part of the customer's name or phone, or of the contract number. */
  search?: string | undefined;
  limit: number;
  offset: number;
}

function searchCondition(search: string): SQL {
  const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(lower(${customers.name}) like ${pattern} or lower(${amcContracts.contractNumber}) like ${pattern} or ${customers.phoneNumber} like ${pattern})`;
}

/** The contracts of an installation not cancelled, newest first. */
export function listInstallationContracts(db: Db, workOrderId: string) {
  return db
    .select({
      id: amcContracts.id,
      contractNumber: amcContracts.contractNumber,
      status: amcContracts.status,
    })
    .from(amcContracts)
    .where(
      and(eq(amcContracts.workOrderId, workOrderId), sql`${amcContracts.status} <> 'cancelled'`),
    )
    .orderBy(desc(amcContracts.createdAt));
}

export async function listContractRows(db: Db, filter: ContractListFilter, today: string) {
  const conditions: (SQL | undefined)[] = [
    filter.branchId ? eq(amcContracts.branchId, filter.branchId) : undefined,
    filter.statuses.length > 0
      ? inArray(amcContracts.status, filter.statuses as ContractRow['status'][])
      : undefined,
    filter.customerId ? eq(amcContracts.customerId, filter.customerId) : undefined,
    filter.search ? searchCondition(filter.search) : undefined,
    filter.renewalsDue
      ? and(
          eq(amcContracts.status, 'active'),
          sql`${amcContracts.endDate} between ${filter.renewalsDue.today} and ${filter.renewalsDue.until}`,
        )
      : undefined,
  ];
  const where = and(...conditions);
  const order = filter.renewalsDue
    ? [asc(amcContracts.endDate), asc(amcContracts.id)]
    : [desc(amcContracts.createdAt), desc(amcContracts.id)];
  const [rows, [total]] = await Promise.all([
    contractSelect(db, today)
      .where(where)
      .orderBy(...order)
      .limit(filter.limit)
      .offset(filter.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(amcContracts)
      .innerJoin(customers, eq(customers.id, amcContracts.customerId))
      .where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function lockContract(tx: Tx, id: string): Promise<ContractRow | null> {
  const [row] = await tx.select().from(amcContracts).where(eq(amcContracts.id, id)).for('update');
  return row ?? null;
}

export async function listVisitRows(db: Db, contractIds: readonly string[]) {
  if (contractIds.length === 0) return [];
  return db
    .select({
      id: amcVisits.id,
      contractId: amcVisits.contractId,
      number: amcVisits.number,
      dueDate: amcVisits.dueDate,
      movedFrom: amcVisits.movedFrom,
      moveReason: amcVisits.moveReason,
      workOrderId: amcVisits.workOrderId,
      doneBeforeKarya: amcVisits.doneBeforeKarya,
      billedOutside: amcVisits.billedOutside,
      orderId: workOrders.orderId,
      orderStatus: sql<string | null>`${workOrders.status}::text`,
      technicianId: users.id,
      technicianFirst: users.firstName,
      technicianLast: users.lastName,
    })
    .from(amcVisits)
    .leftJoin(workOrders, eq(workOrders.id, amcVisits.workOrderId))
    .leftJoin(users, eq(users.id, workOrders.technicianId))
    .where(inArray(amcVisits.contractId, [...contractIds]))
    .orderBy(asc(amcVisits.contractId), asc(amcVisits.number));
}
export type VisitRow = Awaited<ReturnType<typeof listVisitRows>>[number];

export function listInvoiceRows(db: Db, contractId: string) {
  return db
    .select()
    .from(amcInvoices)
    .where(eq(amcInvoices.contractId, contractId))
    .orderBy(asc(amcInvoices.instalment));
}

export async function findCustomerRef(db: Db, id: string) {
  const [row] = await db
    .select({
      id: customers.id,
      branchId: customers.branchId,
      name: customers.name,
      phoneNumber: customers.phoneNumber,
    })
    .from(customers)
    .where(eq(customers.id, id))
    .limit(1);
  return row ?? null;
}

export function findItemRefs(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: inventoryItems.id, name: inventoryItems.name, type: inventoryItems.type })
    .from(inventoryItems)
    .where(inArray(inventoryItems.id, [...ids]));
}

/** The serials a completed installation put at the customer, from the stock ledger. */
export async function installedSerials(db: Db, workOrderId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ serial: stockMovements.serialNumber })
    .from(stockMovements)
    .where(
      and(
        eq(stockMovements.workOrderId, workOrderId),
        eq(stockMovements.toLocation, 'customer'),
        sql`${stockMovements.serialNumber} is not null`,
      ),
    )
    .orderBy(asc(stockMovements.serialNumber));
  return rows.map((row) => row.serial).filter((serial): serial is string => serial !== null);
}

export async function nextContractNumber(tx: Tx, year: number): Promise<string> {
  const result = await tx.execute<{ n: string | number }>(
    sql`select nextval('amc_contract_number_seq'::regclass) as n`,
  );
  const n = Number((result as unknown as { rows: Array<{ n: string | number }> }).rows[0]?.n);
  return `AMC-${year}-${String(n).padStart(6, '0')}`;
}

/** The overdue visits of a scope on `today`: past due, not done, contract active or expired. */
export async function listOverdueRows(
  db: Db,
  filter: { branchId?: string | undefined; today: string; limit: number; offset: number },
) {
  const where = and(
    filter.branchId ? eq(amcVisits.branchId, filter.branchId) : undefined,
    sql`${amcVisits.dueDate} < ${filter.today}`,
    inArray(amcContracts.status, ['active', 'expired']),
    sql`not ${visitDone}`,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        visitId: amcVisits.id,
        contractId: amcContracts.id,
        contractNumber: amcContracts.contractNumber,
        customerId: customers.id,
        customerName: customers.name,
        customerPhone: customers.phoneNumber,
        branchId: branches.id,
        branchName: branches.name,
      })
      .from(amcVisits)
      .innerJoin(amcContracts, eq(amcContracts.id, amcVisits.contractId))
      .innerJoin(customers, eq(customers.id, amcContracts.customerId))
      .innerJoin(branches, eq(branches.id, amcContracts.branchId))
      .where(where)
      .orderBy(asc(amcVisits.dueDate), asc(amcVisits.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(amcVisits)
      .innerJoin(amcContracts, eq(amcContracts.id, amcVisits.contractId))
      .where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/**
 * The contract covering a work order, when the order is a visit of one that is active or
 * expired (a cancelled contract covers nothing more).
 */
export async function findCoverage(db: Db, workOrderId: string) {
  const [row] = await db
    .select({
      contractNumber: amcContracts.contractNumber,
      coverage: amcContracts.coverage,
      coveredItemIds: amcContracts.coveredItemIds,
    })
    .from(amcVisits)
    .innerJoin(amcContracts, eq(amcContracts.id, amcVisits.contractId))
    .where(
      and(
        eq(amcVisits.workOrderId, workOrderId),
        inArray(amcContracts.status, ['active', 'expired']),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Per branch, this month: the figures of the AMC report, in one statement each. */
export async function reportRows(
  db: Db,
  filter: { branchId?: string | undefined; today: string; first: string; last: string },
) {
  const inBranch = filter.branchId ? sql`and b.id = ${filter.branchId}` : sql``;
  const result = await db.execute<{
    branch_id: string;
    branch_name: string;
    active_contracts: number;
    active_value: string | number;
    visits_done: number;
    visits_due: number;
    visits_overdue: number;
    parts_value: string | number;
    parts_cost: string | number;
  }>(sql`
    select b.id as branch_id, b.name as branch_name,
      (select count(*)::int from ${amcContracts} c where c.branch_id = b.id and c.status = 'active') as active_contracts,
      (select coalesce(sum(c.price_paise), 0) from ${amcContracts} c where c.branch_id = b.id and c.status = 'active') as active_value,
      (select count(*)::int from ${amcVisits} v join ${amcContracts} c on c.id = v.contract_id
         join ${workOrders} wo on wo.id = v.work_order_id
         where v.branch_id = b.id and c.status in ('active', 'expired') and wo.status = 'completed'
           and (wo.completed_at at time zone 'Asia/Kolkata')::date between ${filter.first}::date and ${filter.last}::date) as visits_done,
      (select count(*)::int from ${amcVisits} v join ${amcContracts} c on c.id = v.contract_id
         left join ${workOrders} wo on wo.id = v.work_order_id
         where v.branch_id = b.id and c.status in ('active', 'expired')
           and v.due_date between greatest(${filter.today}::date, ${filter.first}::date) and ${filter.last}::date
           and not v.done_before_karya
           and (wo.id is null or wo.status <> 'completed')) as visits_due,
      (select count(*)::int from ${amcVisits} v join ${amcContracts} c on c.id = v.contract_id
         left join ${workOrders} wo on wo.id = v.work_order_id
         where v.branch_id = b.id and c.status in ('active', 'expired')
           and v.due_date between ${filter.first}::date and ${filter.last}::date
           and v.due_date < ${filter.today}::date
           and not v.done_before_karya
           and (wo.id is null or wo.status <> 'completed')) as visits_overdue,
      parts.value as parts_value, parts.cost as parts_cost
    from ${branches} b
    cross join lateral (
      select coalesce(sum(m.quantity * i.sale_price_paise), 0) as value,
        coalesce(sum(m.quantity * i.purchase_price_paise), 0) as cost
        from ${stockMovements} m
        join ${amcVisits} v on v.work_order_id = m.work_order_id
        join ${amcContracts} c on c.id = v.contract_id
        join ${inventoryItems} i on i.id = m.item_id
        where v.branch_id = b.id and m.to_location = 'customer'
          and c.coverage = 'labour-and-parts' and c.covered_item_ids @> jsonb_build_array(m.item_id::text)
          and (m.moved_on at time zone 'Asia/Kolkata')::date between ${filter.first}::date and ${filter.last}::date
    ) parts
    where true ${inBranch}
    order by b.name, b.id
  `);
  return (result as unknown as { rows: Array<Record<string, unknown>> }).rows.map((row) => ({
    branchId: String(row.branch_id),
    branchName: String(row.branch_name),
    activeContracts: Number(row.active_contracts),
    activeValuePaise: Number(row.active_value),
    visitsDone: Number(row.visits_done),
    visitsDue: Number(row.visits_due),
    visitsOverdue: Number(row.visits_overdue),
    partsValuePaise: Number(row.parts_value),
    partsCostPaise: Number(row.parts_cost),
  }));
}

/** The visit a work order is, with its contract, when the contract still covers it. */
export async function findVisitOfOrder(db: Db, workOrderId: string) {
  const [row] = await db
    .select({
      visitNumber: amcVisits.number,
      dueDate: amcVisits.dueDate,
      contractId: amcContracts.id,
      contractNumber: amcContracts.contractNumber,
      visitsPerTerm: amcContracts.visitsPerTerm,
      coverage: amcContracts.coverage,
      coveredItemIds: amcContracts.coveredItemIds,
    })
    .from(amcVisits)
    .innerJoin(amcContracts, eq(amcContracts.id, amcVisits.contractId))
    .where(
      and(
        eq(amcVisits.workOrderId, workOrderId),
        inArray(amcContracts.status, ['active', 'expired']),
      ),
    )
    .limit(1);
  return row ?? null;
}

export function findItemCodes(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: inventoryItems.id, code: inventoryItems.code, name: inventoryItems.name })
    .from(inventoryItems)
    .where(inArray(inventoryItems.id, [...ids]));
}

/**
 * A visit whose order was transferred follows the work to the order that replaced it (issue 39
 * item 25): the visit reads done when that order is, and never overdue while it goes on.
 */
export async function moveVisitToOrder(tx: Tx, fromId: string, toId: string): Promise<void> {
  await tx.update(amcVisits).set({ workOrderId: toId }).where(eq(amcVisits.workOrderId, fromId));
}
