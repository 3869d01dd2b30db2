import { PAYMENT_HISTORY_STATUS } from '@karya/domain/bill-schemas';
import {
  formatOrderId,
  formatProjectId,
  PROJECT_TYPES,
  type ProjectCategory,
  WORK_ORDER_STATUSES,
  type WorkOrderStatus,
} from '@karya/domain/contact-schemas';
import { isUuid } from '@karya/domain/user-schemas';
import {
  and,
  asc,
  Column,
  count,
  desc,
  eq,
  inArray,
  is,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '../../db/client';
import { complaintClocks } from '../../db/complaints-schema';
import {
  bills,
  branches,
  customerSearchText,
  customers,
  users,
  workOrderSearchText,
  workOrderStatusHistory,
  workOrders,
  workOrderTallies,
} from '../../db/schema';
import { likeEscape, nextSequenceValue } from '../../db/sql-text';
import { raiseLiveEvent } from '../live-events';

type Db = Database | Tx;

/** A timestamp as the answers write it ('2026-11-24T01:25:41.493Z'), truncated to the ms as pg's Date is. */
const isoText = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** [_id, firstName, lastName, phone, username] of a person an order names. */
export type PersonTuple = [string, string, string, string, string];
/** [orderId, createdAt, completedAt] of the order a project continues. */
export type LinkedOrderTuple = [string, string, string | null];
/** [status, remark, updatedAt, updatedBy _id, firstName, lastName], oldest first. */
export type HistoryTuple = [string, string, string, string | null, string | null, string | null];
/** [dueAt, atRiskAt, startedAt, coverage, serialNumber] of a complaint's response clock (issue 37). */
export type SlaTuple = [string, string, string | null, string, string | null];
/** [billId, billNumber, totalPaise, paidPaise, paymentStatus, paymentMethod, transactionId, paidAt]. */
export type PaidBillTuple = [
  string,
  string,
  number,
  number,
  (typeof bills.$inferSelect)['paymentStatus'],
  (typeof bills.$inferSelect)['paymentMethod'],
  string | null,
  string,
];

const personOf = (id: AnyPgColumn) =>
  sql<PersonTuple | null>`(select json_build_array(p.id, p.first_name, p.last_name, p.phone, p.username)
    from ${users} p where p.id = ${id})`;

/** The response clock of the order, for the answer's `sla`; null when it is not a complaint. */
export const slaOf = (workOrderId: AnyPgColumn | SQL) =>
  sql<SlaTuple | null>`(select json_build_array(${isoText(sql`k.due_at`)},
      ${isoText(sql`k.at_risk_at`)}, ${isoText(sql`k.started_at`)}, k.coverage, k.serial_number)
    from ${complaintClocks} k where k.work_order_id = ${workOrderId})`;

/**
 * An order with everything its answer carries, in one statement: the people, the linked
 * orders, the status history and the confirmed bills come as small JSON values of correlated
 * subqueries on their primary keys and (work order) indexes. A list page used to take five
 * statements; each costs Node a round trip to PostgreSQL, which outweighed the rows' work
 * (issue 17, decision 016). Subqueries rather than joins: PostgreSQL plans each apart, so the
 * statement plans as fast as the three-table one did (decision 009).
 */
function selectWorkOrders(db: Db, counts: SQL = sql`null::json`) {
  return db
    .select(answerFields(counts))
    .from(workOrders)
    .innerJoin(customers, eq(customers.id, workOrders.customerId))
    .innerJoin(branches, eq(branches.id, workOrders.branchId))
    .$dynamic();
}
export type WorkOrderRow = Awaited<ReturnType<typeof selectWorkOrders>>[number];

/**
 * The columns of an order's answer. work_order_answer_rows (migration 0014, remade in 0018)
 * returns the same columns under these names for a search's page: a test compares the two, so
 * a column added here and not there fails it.
 */
function answerFields(counts: SQL = sql`null::json`) {
  return {
    id: workOrders.id,
    orderId: workOrders.orderId,
    projectId: workOrders.projectId,
    projectType: workOrders.projectType,
    projectCategory: workOrders.projectCategory,
    status: workOrders.status,
    customerId: workOrders.customerId,
    customerName: customers.name,
    customerPhone: customers.phoneNumber,
    customerWhatsapp: customers.whatsappNumber,
    // Where the work is: the order's site (issue 19), else the customer's own address.
    customerAddress: sql<string>`coalesce(${workOrders.siteAddress}, ${customers.address})`,
    siteStateCode: workOrders.siteStateCode,
    customerStateCode: customers.stateCode,
    customerGstin: customers.gstin,
    customerLanguage: customers.preferredLanguage,
    branchStateCode: branches.stateCode,
    branchId: workOrders.branchId,
    branchName: branches.name,
    technicianId: workOrders.technicianId,
    technician: personOf(workOrders.technicianId),
    originalTechnician: personOf(workOrders.originalTechnicianId),
    approvedBy: personOf(workOrders.approvedBy),
    existingProjectId: workOrders.existingProjectId,
    project: sql<LinkedOrderTuple | null>`(select json_build_array(p.order_id,
        ${isoText(sql`p.created_at`)}, ${isoText(sql`p.completed_at`)})
        from ${workOrders} p where p.id = ${workOrders.existingProjectId})`,
    transferredFromOrderId: sql<string | null>`(select p.order_id from ${workOrders} p
        where p.id = ${workOrders.transferredFromId})`,
    initialRemark: workOrders.initialRemark,
    instructions: workOrders.instructions,
    assignedAt: workOrders.assignedAt,
    completedAt: workOrders.completedAt,
    createdAt: workOrders.createdAt,
    updatedAt: workOrders.updatedAt,
    history: sql<HistoryTuple[]>`(select coalesce(json_agg(json_build_array(h.status, h.remark,
        ${isoText(sql`h.updated_at`)}, a.id, a.first_name, a.last_name) order by h.updated_at, h.id), '[]')
        from ${workOrderStatusHistory} h left join ${users} a on a.id = h.updated_by
        where h.work_order_id = ${workOrders.id})`,
    paidBills: sql<PaidBillTuple[]>`(select coalesce(json_agg(json_build_array(b.id,
        coalesce(b.bill_number, ''), b.total_paise, b.paid_paise, b.payment_status, b.payment_method,
        b.transaction_id, ${isoText(sql`b.paid_at`)}) order by b.paid_at, b.id), '[]')
        from ${bills} b where b.work_order_id = ${workOrders.id} and b.paid_at is not null)`,
    // A primary-key lookup per row, as the other subqueries: a page of a million orders
    // reads only its own rows' clocks.
    sla: slaOf(workOrders.id),
    /** The scope's orders by status (countsOf), when the page carries them. */
    counts: sql<Record<string, number> | null>`${counts}`,
  };
}

/**
 * The orders of a page whose ids a cheap query picks (its filter, order and limit on
 * work_orders alone): the answer's subqueries then run for the page's rows only. Sorted and
 * limited in one query, PostgreSQL costed them for every row that matched and chose to walk
 * the whole date index of a million orders for a search (issue 17).
 */
function selectPage(db: Db, ids: SQL, orderBy: SQL[], counts?: SQL) {
  return selectWorkOrders(db, counts)
    .where(sql`${workOrders.id} = any(array(${ids}))`)
    .orderBy(...orderBy);
}

/**
 * A page's limit or offset written into the statement rather than sent as a parameter. A
 * named statement is reused with its generic plan only when PostgreSQL costs that plan as
 * the planned-for-the-values one; a LIMIT parameter is costed as a tenth of the rows, so
 * every list page was planned afresh (0.6 ms of its 1 ms; decision 016). A page's sizes are
 * few (20, 25, 50, 100), so the texts stay few.
 */
function pageBound(n: number): SQL {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a page bound: ${n}`);
  return sql.raw(String(n));
}

/** The ids of a page: filter, order, limit and offset on work_orders alone. */
const pageIds = (where: SQL | undefined, orderBy: SQL[], limit: number, offset: number) =>
  sql`select ${workOrders.id} from ${workOrders} where ${where ?? sql`true`}
    order by ${sql.join(orderBy, sql`, `)} limit ${pageBound(limit)} offset ${pageBound(offset)}`;

/** An order by its readable orderId ('WO-2026-000123') or its _id. */
const orderRefCondition = (reference: string): SQL =>
  isUuid(reference)
    ? (or(eq(workOrders.id, reference), eq(workOrders.orderId, reference)) as SQL)
    : eq(workOrders.orderId, reference);

export async function findWorkOrderRow(db: Db, reference: string) {
  const [row] = await selectWorkOrders(db).where(orderRefCondition(reference)).limit(1);
  return row ?? null;
}

/** A customer's orders, newest first (the customer answer of the contacts module). */
export function listCustomerWorkOrderRows(db: Db, customerId: string) {
  return selectWorkOrders(db)
    .where(eq(workOrders.customerId, customerId))
    .orderBy(desc(workOrders.createdAt), desc(workOrders.orderId));
}

/** Locks the order row for the rest of the transaction: concurrent changes wait here. */
export async function lockWorkOrder(tx: Tx, reference: string) {
  const [row] = await tx
    .select({
      id: workOrders.id,
      orderId: workOrders.orderId,
      status: workOrders.status,
      customerId: workOrders.customerId,
      branchId: workOrders.branchId,
      technicianId: workOrders.technicianId,
      projectType: workOrders.projectType,
      projectCategory: workOrders.projectCategory,
    })
    .from(workOrders)
    .where(orderRefCondition(reference))
    .for('update');
  return row ?? null;
}
export type LockedWorkOrder = NonNullable<Awaited<ReturnType<typeof lockWorkOrder>>>;

/**
 * Locks the technician's user row (without blocking foreign keys to it), so two starts of
 * different orders by one technician run one after the other and see each other.
 */
export async function lockTechnician(tx: Tx, technicianId: string) {
  await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, technicianId))
    .for('no key update');
}

export async function findTechnician(db: Db, id: string) {
  const [row] = await db
    .select({
      id: users.id,
      role: users.role,
      status: users.status,
      branchId: users.branchId,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row ?? null;
}

/** The technician's in-progress order (at most one, by a unique index), other than `except`. */
export async function findActiveProject(db: Db, technicianId: string, except?: string) {
  const [row] = await db
    .select({
      id: workOrders.id,
      orderId: workOrders.orderId,
      customerId: workOrders.customerId,
      projectType: workOrders.projectType,
      projectCategory: workOrders.projectCategory,
    })
    .from(workOrders)
    .where(
      and(
        eq(workOrders.technicianId, technicianId),
        eq(workOrders.status, 'in-progress'),
        except ? sql`${workOrders.id} <> ${except}` : undefined,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Spec 2 §4: a payment is done once a bill is confirmed or the history has a payment entry. */
export async function hasPayment(db: Db, workOrderId: string): Promise<boolean> {
  const [row] = await db
    .select({
      paid: sql<boolean>`exists (
      select 1 from ${bills}
      where ${bills.workOrderId} = ${workOrderId} and ${bills.paidAt} is not null
    ) or exists (
      select 1 from ${workOrderStatusHistory}
      where ${workOrderStatusHistory.workOrderId} = ${workOrderId}
        and ${workOrderStatusHistory.status} = ${PAYMENT_HISTORY_STATUS}
    )`,
    })
    .from(sql`(select 1) as one`);
  return row?.paid === true;
}

/**
 * Moves the order from the status it was locked in; the condition on the status is a second
 * guard beside the row lock. Answers whether the row changed.
 */
export async function updateWorkOrderStatus(
  tx: Tx,
  id: string,
  expected: WorkOrderStatus,
  values: Partial<typeof workOrders.$inferInsert>,
): Promise<boolean> {
  const changed = await tx
    .update(workOrders)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(workOrders.id, id), eq(workOrders.status, expected)))
    .returning({ id: workOrders.id });
  return changed.length === 1;
}

/**
 * The clock's stop (issue 37): the first start of a complaint's job, at the instant it
 * happened (the phone's, for a queued start). A later resume keeps the first. Written here, in
 * the start's transaction, so work orders need not know the complaints module.
 */
export async function stopComplaintClock(tx: Tx, workOrderId: string, at: Date | null) {
  // Without the phone's time, the transaction's now(): the instant the history entry records.
  const when = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
  await tx
    .update(complaintClocks)
    .set({ startedAt: sql`coalesce(${complaintClocks.startedAt}, ${when})` })
    .where(eq(complaintClocks.workOrderId, workOrderId));
}

export async function touchWorkOrder(tx: Tx, id: string) {
  await tx.update(workOrders).set({ updatedAt: sql`now()` }).where(eq(workOrders.id, id));
}

export async function appendHistory(
  tx: Tx,
  entry: {
    workOrderId: string;
    status: string;
    remark: string;
    /** Null: no member of staff (the customer, from a unit's sticker: issue 37). */
    updatedBy: string | null;
    /** When it happened; absent: the database's now (the transaction's start). */
    updatedAt?: Date;
  },
) {
  await tx.insert(workOrderStatusHistory).values(entry);
  // Every status change and schedule move passes here: the branch's open boards and lists
  // hear of it once the transaction commits (issue 34). A 'communication' line (an update
  // sent, its delivered and read, the desk's note of a call) changes nothing a board or list
  // shows, and the outbox worker and Meta's webhook write two or three per update: raising
  // for them would make every open board refetch that often for nothing.
  if (entry.status !== 'communication')
    await raiseLiveEvent(tx, { type: 'work-order', workOrderId: entry.workOrderId });
}

/** The time of the order's latest history entry: its previous event (decision 043). */
export async function lastHistoryAt(tx: Tx, workOrderId: string): Promise<Date | null> {
  const [row] = await tx
    .select({ at: workOrderStatusHistory.updatedAt })
    .from(workOrderStatusHistory)
    .where(eq(workOrderStatusHistory.workOrderId, workOrderId))
    .orderBy(desc(workOrderStatusHistory.updatedAt))
    .limit(1);
  return row?.at ?? null;
}

/**
 * After an accepted transfer: a new pending order of the same project (same projectId,
 * customer, branch and requirements), carrying the whole history of the transferred one.
 */
export async function insertReassignmentOrder(
  tx: Tx,
  fromId: string,
): Promise<{ id: string; orderId: string }> {
  const [from] = await tx.select().from(workOrders).where(eq(workOrders.id, fromId)).limit(1);
  if (!from) throw new Error('transferred order vanished');
  const orderId = formatOrderId(
    new Date().getUTCFullYear(),
    await nextSequenceValue(tx, 'work_order_number_seq'),
  );
  const [row] = await tx
    .insert(workOrders)
    .values({
      orderId,
      projectId: from.projectId,
      projectType: from.projectType,
      projectCategory: from.projectCategory,
      status: 'pending',
      customerId: from.customerId,
      branchId: from.branchId,
      originalTechnicianId: from.originalTechnicianId,
      existingProjectId: from.existingProjectId,
      initialRemark: from.initialRemark,
      siteAddress: from.siteAddress,
      siteStateCode: from.siteStateCode,
      createdBy: from.createdBy,
      transferredFromId: from.id,
    })
    .returning({ id: workOrders.id, orderId: workOrders.orderId });
  if (!row) throw new Error('work order insert returned no row');
  await tx.execute(sql`
    insert into work_order_status_history (work_order_id, status, remark, updated_by, updated_at)
    select ${row.id}, status, remark, updated_by, updated_at
    from work_order_status_history
    where work_order_id = ${from.id}
    order by updated_at, id`);
  await raiseLiveEvent(tx, { type: 'work-order', workOrderId: row.id });
  return row;
}

/** The customer's installation projects (category New Installation) matching an id or projectId. */
export async function findCustomerProject(db: Db, customerId: string, reference: string) {
  const byUuid = /^[0-9a-f-]{36}$/i.test(reference);
  const [row] = await db
    .select({
      id: workOrders.id,
      projectId: workOrders.projectId,
      projectType: workOrders.projectType,
      status: workOrders.status,
      technicianId: workOrders.technicianId,
    })
    .from(workOrders)
    .where(
      and(
        eq(workOrders.customerId, customerId),
        eq(workOrders.projectCategory, 'New Installation'),
        byUuid ? eq(workOrders.id, reference) : eq(workOrders.projectId, reference),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function countCompletedProjects(db: Db, customerId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(workOrders)
    .where(
      and(
        eq(workOrders.customerId, customerId),
        eq(workOrders.projectCategory, 'New Installation'),
        eq(workOrders.status, 'completed'),
      ),
    );
  return Number(row?.n ?? 0);
}

export interface NewWorkOrder {
  customerId: string;
  branchId: string;
  projectType: string;
  projectCategory: ProjectCategory;
  initialRemark: string;
  /** Null: the customer raised it from their job-status page (issue 21). */
  createdBy: string | null;
  /** A complaint: the completed installation it is about. */
  existing?: { id: string; projectId: string; technicianId: string | null } | undefined;
  /** Where the work is and its state; null: the customer's (issue 19). */
  siteAddress?: string | null | undefined;
  siteStateCode?: string | null | undefined;
}

/** A pending work order with its first status-history entry. */
export async function insertWorkOrder(tx: Tx, input: NewWorkOrder): Promise<{ id: string }> {
  const year = new Date().getUTCFullYear();
  const orderId = formatOrderId(year, await nextSequenceValue(tx, 'work_order_number_seq'));
  const projectId =
    input.existing?.projectId ??
    formatProjectId(year, await nextSequenceValue(tx, 'project_number_seq'));
  const [row] = await tx
    .insert(workOrders)
    .values({
      orderId,
      projectId,
      projectType: input.projectType,
      projectCategory: input.projectCategory,
      status: 'pending',
      customerId: input.customerId,
      branchId: input.branchId,
      existingProjectId: input.existing?.id ?? null,
      originalTechnicianId: input.existing?.technicianId ?? null,
      initialRemark: input.initialRemark,
      siteAddress: input.siteAddress ?? null,
      siteStateCode: input.siteStateCode ?? null,
      createdBy: input.createdBy,
    })
    .returning({ id: workOrders.id });
  if (!row) throw new Error('work order insert returned no row');
  await tx.insert(workOrderStatusHistory).values({
    workOrderId: row.id,
    status: 'pending',
    remark: input.initialRemark,
    updatedBy: input.createdBy,
  });
  // A new order joins the pending list and the board's lane (issue 34).
  await raiseLiveEvent(tx, { type: 'work-order', workOrderId: row.id });
  return row;
}

/** A scope's id, or its placeholder in a page statement built once per shape (builtOncePerShape). */
type ScopeId = string | Placeholder;

export interface WorkOrderListFilter {
  branchId?: ScopeId | undefined;
  technicianId?: ScopeId | undefined;
  statuses?: readonly WorkOrderStatus[] | undefined;
  category?: ProjectCategory | undefined;
  search?: string | undefined;
  /** Status order given, then the latest change first; or the oldest change first. */
  order: { byStatus: readonly WorkOrderStatus[] } | 'created-desc' | 'updated-asc';
  limit: number;
  offset: number;
}

/** How every order id ('WO-2026-000123') and project id ('PRJ-2026-000045') begins. */
const ID_START = /^(wo|prj)-/;

/** The project types as an order's search text holds them. */
const PROJECT_TYPE_TEXTS = PROJECT_TYPES.map((type) => type.toLowerCase());

/**
 * Whether a term can occur in an order's own search text: in its ids ('wo-2026-000123', whose
 * digit runs are the year and a sequence of 6 or 7 digits below ten million orders a year) or
 * in its project type, one of PROJECT_TYPES. A phone number (8 or more digits, or a '+')
 * cannot, so it is looked for in the customers alone: at a million orders the orders' trigram
 * lists for '000', '001'… that a phone shares with every id cost more than the rest of the
 * search (issue 17).
 */
function canMatchOrderText(term: string): boolean {
  if (PROJECT_TYPE_TEXTS.some((type) => type.includes(term))) return true;
  return /^[a-z0-9-]*$/.test(term) && !/\d{8}/.test(term);
}

/** pg_trgm indexes only patterns that hold a whole trigram: shorter ones scan instead. */
const TRIGRAM_LENGTH = 3;

/**
 * Customer name or phone, orderId, projectId, project type: the screens' free-text search.
 * The matching customers are read first, through their trigram index, into an array the
 * orders' customer index can probe; OR-ed with the orders' own trigram index, PostgreSQL
 * combines both as bitmaps instead of joining every order of the scope (decision 010).
 */
function searchCondition(search: string): SQL | undefined {
  const term = search.trim().toLowerCase();
  const pattern = `%${likeEscape(term)}%`;
  const customersMatching = sql`${workOrders.customerId} = any(array(
    select ${customers.id} from ${customers} where ${customerSearchText(customers)} like ${pattern}))`;
  if (ID_START.test(term)) {
    // 'wo-' and 'prj-' occur only at the start of their ids, so containing the term is
    // starting with it: a range of the prefix btrees (migration 0011).
    const prefix = `${likeEscape(term)}%`;
    return or(
      customersMatching,
      sql`lower(${workOrders.orderId}) like ${prefix}`,
      sql`lower(${workOrders.projectId}) like ${prefix}`,
    );
  }
  if (!canMatchOrderText(term)) return customersMatching;
  // A one- or two-letter term has no trigram: the index would be read whole, which is
  // slower than the scan the separate columns get.
  const orderMatching =
    term.length >= TRIGRAM_LENGTH
      ? sql`${workOrderSearchText(workOrders)} like ${pattern}`
      : or(
          sql`lower(${workOrders.orderId}) like ${pattern}`,
          sql`lower(${workOrders.projectId}) like ${pattern}`,
          sql`lower(${workOrders.projectType}) like ${pattern}`,
        );
  return or(customersMatching, orderMatching);
}

/** The two date orders; status order is read range by range (listByStatusRanges). */
function orderByOf(order: 'created-desc' | 'updated-asc'): SQL[] {
  if (order === 'created-desc') return [desc(workOrders.createdAt), desc(workOrders.orderId)];
  return [asc(workOrders.updatedAt), asc(workOrders.orderId)];
}

/** The lists' filter: branch or technician, statuses, and the free-text search. */
export function workOrderListCondition(
  filter: Pick<
    WorkOrderListFilter,
    'branchId' | 'technicianId' | 'statuses' | 'category' | 'search'
  >,
): SQL | undefined {
  return and(
    filter.branchId ? eq(workOrders.branchId, filter.branchId) : undefined,
    filter.technicianId ? eq(workOrders.technicianId, filter.technicianId) : undefined,
    filter.statuses && filter.statuses.length > 0
      ? inArray(workOrders.status, [...filter.statuses])
      : undefined,
    filter.category ? eq(workOrders.projectCategory, filter.category) : undefined,
    filter.search?.trim() ? searchCondition(filter.search) : undefined,
  );
}

type ScopeFilter = Pick<WorkOrderListFilter, 'branchId' | 'technicianId' | 'category'>;

/**
 * How many orders of the scope each status holds, as one JSON object ({ pending: 12, … }):
 * from the tallies (decision 009), or, when a category narrows the list, counted in one
 * grouped pass over its index. A page's statement carries it as a column, computed once
 * (an InitPlan), so a list costs one statement, not two. Searches count apart (findMatches).
 */
function countsOf(filter: ScopeFilter): SQL {
  if (filter.category) {
    return sql`(select json_object_agg(s, n) from (
      select ${workOrders.status}::text as s, count(*)::int as n from ${workOrders}
      where ${workOrderListCondition({
        branchId: filter.branchId,
        technicianId: filter.technicianId,
        category: filter.category,
      })} group by ${workOrders.status}) as counts)`;
  }
  return sql`(select json_object_agg(s, n) from (
    select ${workOrderTallies.status}::text as s, sum(${workOrderTallies.total})::int as n
    from ${workOrderTallies} where ${tallyScope(filter)}
    group by ${workOrderTallies.status}) as counts)`;
}

/** The tallies of a list's branch or technician (all of them for an admin's whole list). */
const tallyScope = (filter: ScopeFilter): SQL =>
  and(
    sql`true`,
    filter.branchId ? eq(workOrderTallies.branchId, filter.branchId) : undefined,
    filter.technicianId ? eq(workOrderTallies.technicianKey, filter.technicianId) : undefined,
  ) as SQL;

/** countsOf in a statement of its own: for a page that holds no row to carry it. */
async function readCounts(db: Db, filter: ScopeFilter): Promise<Record<string, number>> {
  const [row] = await db
    .select({ counts: sql<Record<string, number> | null>`${countsOf(filter)}` })
    .from(sql`(select 1) as one`);
  return row?.counts ?? {};
}

const sumOf = (counts: Record<string, number>, statuses: readonly WorkOrderStatus[]) =>
  statuses.reduce((sum, status) => sum + (counts[status] ?? 0), 0);

/**
 * The total of a page that carried its counts: from its first row, or, when the page is
 * empty, nothing before it (offset 0) or a count of its own.
 */
async function totalOf(
  db: Db,
  filter: WorkOrderListFilter,
  statuses: readonly WorkOrderStatus[],
  rows: WorkOrderRow[],
): Promise<number> {
  const carried = rows[0]?.counts;
  if (carried) return sumOf(carried, statuses);
  if (rows.length > 0 || filter.offset === 0) return 0;
  return sumOf(await readCounts(db, filter), statuses);
}

/**
 * A page in status order without sorting the scope's orders: whole statuses before the offset
 * are skipped by their counts (the tallies), and each status that reaches the page is read as
 * a range of the (scope, status, updated_at, order_id) index. A search goes apart
 * (listSearchByStatus).
 */
async function listByStatusRanges(
  db: Db,
  filter: WorkOrderListFilter & { order: { byStatus: readonly WorkOrderStatus[] } },
) {
  const wanted = filter.statuses?.length ? filter.statuses : WORK_ORDER_STATUSES;
  const ranked = [
    ...filter.order.byStatus.filter((status) => wanted.includes(status)),
    ...wanted.filter((status) => !filter.order.byStatus.includes(status)),
  ];
  if (filter.search?.trim()) return listSearchByStatus(db, filter, ranked);
  if (filter.offset + filter.limit <= FIRST_PAGES_REACH) {
    const rows = await builtOncePerShape(db, 'first-pages', filter, (shape) =>
      firstPagesInRankOrder(db, shape, ranked, countsOf(shape)),
    );
    return { rows, total: await totalOf(db, filter, ranked, rows), capped: false };
  }
  const counts = await readCounts(db, filter);
  const rows = await countedRangesPage(db, filter, rangesReached(filter, ranked, counts));
  return { rows, total: sumOf(counts, ranked), capped: false };
}

/**
 * How far into a status-ordered list a page may end and still be read without the tallies:
 * reading up to this many index entries costs PostgreSQL less than the tallies' own round
 * trip costs Node (decision 016).
 */
export const FIRST_PAGES_REACH = 100;

/**
 * A page near the top of a status-ordered list in one statement, its counts carried: each
 * status in rank order is one range of the (scope, status, updated_at, order_id) index, and
 * the ranges are appended in that order under the page's limit, so PostgreSQL's Append reads
 * them one after the other and stops at the page's last row; statuses after it are never
 * read. Every range is bounded by the page's reach, so none reads further than the page.
 */
export function firstPagesInRankOrder(
  db: Db,
  filter: WorkOrderListFilter,
  ranked: readonly WorkOrderStatus[],
  counts?: SQL,
) {
  const reach = pageBound(filter.offset + filter.limit);
  const ranges = ranked.map(
    (status) =>
      sql`(select ${workOrders.id} from ${workOrders}
           where ${workOrderListCondition({ ...filter, statuses: [status] })}
           order by ${workOrders.updatedAt} desc, ${workOrders.orderId} desc
           limit ${reach})`,
  );
  const appended = sql`select id from (${sql.join(ranges, sql` union all `)}) as ranges
    limit ${pageBound(filter.limit)} offset ${pageBound(filter.offset)}`;
  return selectPage(db, appended, byRankThenChange(ranked), counts);
}

export interface StatusRange {
  status: WorkOrderStatus;
  rank: number;
  skip: number;
  take: number;
}

/**
 * The part of each status a page reaches, from the statuses' counts in rank order: a status
 * wholly before the offset (or empty) is skipped, the first one reached is entered at the
 * offset's remainder, and the page's limit is shared out from there.
 */
function rangesReached(
  filter: Pick<WorkOrderListFilter, 'offset' | 'limit'>,
  ranked: readonly WorkOrderStatus[],
  counts: Record<string, number>,
): StatusRange[] {
  const ranges: StatusRange[] = [];
  let skip = filter.offset;
  let left = filter.limit;
  ranked.forEach((status, rank) => {
    const holds = counts[status] ?? 0;
    if (left === 0) return;
    if (skip >= holds) {
      skip -= holds;
      return;
    }
    const take = Math.min(holds - skip, left);
    ranges.push({ status, rank, skip, take });
    left -= take;
    skip = 0;
  });
  return ranges;
}

/** The reached ranges' orders, or none when the page reaches no status. */
async function countedRangesPage(db: Db, filter: WorkOrderListFilter, ranges: StatusRange[]) {
  return ranges.length === 0 ? [] : rangesPage(db, filter, ranges);
}

/**
 * The reached ranges in one statement: one range of the (scope, status, updated_at, order_id)
 * index per status, read no further than its skip + take, merged in rank order. Two statuses
 * reached cost one round trip, not two.
 */
export function rangesPage(db: Db, filter: WorkOrderListFilter, ranges: StatusRange[]) {
  const reads = ranges.map(
    ({ status, rank, skip, take }) =>
      sql`(select ${workOrders.id}, ${sql.raw(String(rank))} as rank, ${workOrders.updatedAt}, ${workOrders.orderId}
           from ${workOrders}
           where ${workOrderListCondition({ ...filter, statuses: [status] })}
           order by ${workOrders.updatedAt} desc, ${workOrders.orderId} desc
           limit ${pageBound(take)} offset ${pageBound(skip)})`,
  );
  const merged = sql`select id from (${sql.join(reads, sql` union all `)}) as ranges`;
  return selectPage(db, merged, byRankThenChange(ranges.map((range) => range.status)));
}

/** Sorts a page's rows (at most a page) by the rank of their status, then newest change first. */
const byRankThenChange = (ranked: readonly WorkOrderStatus[]): SQL[] => [
  sql`case ${workOrders.status} ${sql.join(
    ranked.map((status, rank) => sql`when ${status} then ${sql.raw(String(rank))}`),
    sql` `,
  )} end`,
  desc(workOrders.updatedAt),
  desc(workOrders.orderId),
];

/**
 * A search in status order. Its matches are found once, up to SEARCH_COUNT_CAP, with the
 * page's rows in the same statement (findMatches): a search that matches fewer orders has its
 * page sorted from them; one that matches more (a word every order carries) is dense in every
 * status, so its page is read range by range. A search this process has seen dense near the
 * top of its list reads those ranges in the same statement (denseRankPage); otherwise they
 * follow, counting a status only as far as the offset needs.
 */
async function listSearchByStatus(
  db: Db,
  filter: WorkOrderListFilter,
  ranked: readonly WorkOrderStatus[],
) {
  const where = workOrderListCondition({ ...filter, statuses: ranked });
  const seenDense = denseSearches.of(db);
  const key = denseSearchKey(filter, ranked);
  const nearTheTop = filter.offset + filter.limit <= FIRST_PAGES_REACH;
  const found = await findMatches(
    db,
    where,
    { byRank: ranked },
    filter,
    nearTheTop && seenDense.has(key) ? denseRankPage(filter, ranked) : undefined,
  );
  if (nearTheTop) seenDense.set(key, found.capped);
  const total = { total: found.total, capped: found.capped };
  if (found.rows) return { rows: found.rows, ...total };
  // Dense matches: a status is counted only as far as the offset needs (skip + 1 rows).
  const rows = await readStatusRanges(db, filter, ranked, async (status, skip) =>
    skip === 0
      ? Number.POSITIVE_INFINITY
      : countUpTo(db, workOrderListCondition({ ...filter, statuses: [status] }), skip + 1),
  );
  return { rows, ...total };
}

/**
 * Status-ordered searches this process has found dense (more matches than SEARCH_COUNT_CAP),
 * by scope, statuses, category and term, at most MOST_DENSE_SEARCHES per database handle.
 * A hint about cost only: whether or not a search is in it, its answer is the same. A search
 * that is in it carries the dense page's reading in its statement, which costs PostgreSQL
 * about 0.3 ms more to plan (one more instance of work_orders), paid only by the searches
 * that use it; the others keep their statement small (issue 17).
 */
export const MOST_DENSE_SEARCHES = 256;

class DenseSearches {
  private readonly byHandle = new WeakMap<Db, BoundedSet>();

  of(db: Db): BoundedSet {
    let seen = this.byHandle.get(db);
    if (!seen) {
      seen = new BoundedSet(MOST_DENSE_SEARCHES);
      this.byHandle.set(db, seen);
    }
    return seen;
  }
}

/** Keys up to a bound, the oldest dropped first. */
class BoundedSet {
  private readonly keys = new Set<string>();

  constructor(private readonly most: number) {}

  has(key: string): boolean {
    return this.keys.has(key);
  }

  /** Adds the key when `present`, removes it otherwise. */
  set(key: string, present: boolean) {
    if (!present) {
      this.keys.delete(key);
      return;
    }
    if (this.keys.has(key)) return;
    const oldest = this.keys.size >= this.most ? this.keys.values().next().value : undefined;
    if (oldest !== undefined) this.keys.delete(oldest);
    this.keys.add(key);
  }
}

const denseSearches = new DenseSearches();

const denseSearchKey = (filter: WorkOrderListFilter, ranked: readonly WorkOrderStatus[]) =>
  JSON.stringify([
    filter.branchId ?? null,
    filter.technicianId ?? null,
    ranked,
    filter.category ?? null,
    filter.search?.trim().toLowerCase() ?? '',
  ]);

/**
 * The ids of a page of a dense search in status order: each status in rank order is one range
 * of its (scope, status, updated_at, order_id) index, filtered by the search and read no
 * further than the page's reach, and the ranges are sorted by rank and latest change. One
 * statement names work_orders once for every status (a lateral subquery over the statuses),
 * so it plans as one range, not one per status.
 */
export function denseRankPage(filter: WorkOrderListFilter, ranked: readonly WorkOrderStatus[]) {
  const statuses = sql`array[${sql.join(
    ranked.map((status) => sql`${status}`),
    sql`, `,
  )}]::work_order_status[]`;
  return sql`select ranges.id from unnest(${statuses}) with ordinality as ranked(status, rank)
    cross join lateral (
      select ${workOrders.id}, ${workOrders.updatedAt}, ${workOrders.orderId} from ${workOrders}
      where ${workOrders.status} = ranked.status
        and ${workOrderListCondition({ ...filter, statuses: undefined }) ?? sql`true`}
      order by ${workOrders.updatedAt} desc, ${workOrders.orderId} desc
      limit ${pageBound(filter.offset + filter.limit)}) as ranges
    order by ranked.rank, ranges.updated_at desc, ranges.order_id desc
    limit ${pageBound(filter.limit)} offset ${pageBound(filter.offset)}`;
}

/**
 * A search's page across statuses in rank order: a status that lies wholly before the offset
 * (or holds nothing) is skipped by how many rows `held` says it has, and each status that
 * reaches the page gives its rows from one index range, in one statement with their answer.
 */
async function readStatusRanges(
  db: Db,
  filter: WorkOrderListFilter,
  ranked: readonly WorkOrderStatus[],
  held: (status: WorkOrderStatus, skip: number) => Promise<number>,
) {
  const rows: WorkOrderRow[] = [];
  let skip = filter.offset;
  const byChange = [desc(workOrders.updatedAt), desc(workOrders.orderId)];
  for (const status of ranked) {
    if (rows.length >= filter.limit) break;
    const holds = await held(status, skip);
    if (skip >= holds) {
      skip -= holds;
      continue;
    }
    const where = workOrderListCondition({ ...filter, statuses: [status] });
    rows.push(
      ...(await answerRows(db, pageIds(where, byChange, filter.limit - rows.length, skip))),
    );
    skip = 0;
  }
  return rows;
}

/**
 * A search's total is exact up to this many matches and shown as 'more than' beyond ('Page 1
 * of 40+ · 1,000+'): a word every order carries would otherwise count the whole branch on
 * every keystroke. Counting to 10,000 read 56,000 rows of a branch at a million orders
 * (21 ms); past a thousand matches a user refines the search rather than pages (issue 17).
 */
export const SEARCH_COUNT_CAP = 1_000;

/** How many rows match, reading at most `limit` of them. */
async function countUpTo(db: Db, where: SQL | undefined, limit: number): Promise<number> {
  const matches = db
    .select({ one: sql`1`.as('one') })
    .from(workOrders)
    .where(where)
    .limit(limit)
    .as('matches');
  const [row] = await db.select({ n: count() }).from(matches);
  return Number(row?.n ?? 0);
}

/**
 * work_order_answer_rows (migration 0014): the answer's columns of the orders whose ids it is
 * given, in the ids' order. It is PL/pgSQL, so PostgreSQL keeps its plan for the connection's
 * life: a statement that holds a search's pattern, planned afresh on every request, carries
 * its page's rows by calling it, where planning the rows' subqueries beside the pattern cost
 * 1 ms a search and a statement of their own cost a round trip (decision 016).
 */
const answerRowsOf = (ids: SQL) => sql`work_order_answer_rows(${ids}) as answer`;

/**
 * answerFields as work_order_answer_rows returns them: the same names, each table column read
 * back as drizzle reads that column (timestamps to Date), each JSON value as the driver parses
 * it, and no counts. Typed as answerFields, whose rows they give; drizzle builds each row as
 * it does selectWorkOrders' (reshaping 25 rows with an object spread cost a search 1.5 ms).
 */
const ANSWER_COLUMNS = Object.fromEntries(
  Object.entries(answerFields()).map(([key, field]) => {
    if (key === 'counts') return [key, sql`null::json`];
    const column = sql`answer.${sql.identifier(key)}`;
    return [key, is(field, Column) ? column.mapWith(field) : column];
  }),
) as unknown as ReturnType<typeof answerFields>;

/** The answer's rows of the ids a query picks, in its order, in one statement. */
function answerRows(db: Db, ids: SQL): Promise<WorkOrderRow[]> {
  return db.select(ANSWER_COLUMNS).from(answerRowsOf(sql`array(${ids})`));
}

/** How a search's page is sorted: by status rank then latest change, or by a date. */
export type SearchOrder =
  | { byRank: readonly WorkOrderStatus[] }
  | { byDate: 'created-desc' | 'updated-asc' };

/**
 * Whether a page is among a search's first SEARCH_COUNT_CAP + 1 matches whatever their number:
 * a date order reads them in the page's order, so a page that ends within them is theirs.
 */
const endsWithinTheMatches = (
  order: SearchOrder,
  page: Pick<WorkOrderListFilter, 'limit' | 'offset'>,
) => 'byDate' in order && page.offset + page.limit <= SEARCH_COUNT_CAP + 1;

/**
 * A search's matches and its page's rows in one statement. The first SEARCH_COUNT_CAP + 1
 * matches are read once (a materialized CTE of the few columns a page sorts by): their count
 * is the total (or the cap and `capped`), and the page's ids are sorted from them in memory
 * and given to work_order_answer_rows in the same statement. Past the cap the page comes from
 * the matches read in its order (endsWithinTheMatches), or from `overTheCap`, or not at all.
 */
export function searchPage(
  db: Db,
  where: SQL | undefined,
  order: SearchOrder,
  page: Pick<WorkOrderListFilter, 'limit' | 'offset'>,
  /** The page's ids when the matches are more than SEARCH_COUNT_CAP. */
  overTheCap?: SQL,
) {
  // The columns the page is sorted by, and whether the matches are read in the page's order.
  const { orderBy, sortedBy, inOrder } =
    'byDate' in order
      ? {
          orderBy: orderByOf(order.byDate),
          sortedBy: order.byDate === 'created-desc' ? workOrders.createdAt : workOrders.updatedAt,
          inOrder: true,
        }
      : {
          orderBy: byRankThenChange(order.byRank),
          sortedBy: sql`${workOrders.status}, ${workOrders.updatedAt}`,
          inOrder: false,
        };
  // An empty page is null: work_order_answer_rows is strict, so it is not called for none.
  // The CTE is named work_orders inside the subquery so the list's own ORDER BY (written
  // against work_orders' columns) sorts it.
  const sorted = sql`nullif(array(select ${workOrders.id} from matches as ${workOrders}
    order by ${sql.join(orderBy, sql`, `)}
    limit ${pageBound(page.limit)} offset ${pageBound(page.offset)}), '{}')`;
  const pastTheCap = overTheCap ? sql`nullif(array(${overTheCap}), '{}')` : sql`null`;
  const ids = endsWithinTheMatches(order, page)
    ? sorted
    : sql`case when matched.n <= ${pageBound(SEARCH_COUNT_CAP)} then ${sorted} else ${pastTheCap} end`;
  const matched = sql`(with matches as materialized (
      select ${workOrders.id}, ${sortedBy}, ${workOrders.orderId}
      from ${workOrders} where ${where ?? sql`true`}
      ${inOrder ? sql`order by ${sql.join(orderBy, sql`, `)}` : sql``}
      limit ${pageBound(SEARCH_COUNT_CAP + 1)})
    select matched.n, ${ids} as ids
    from (select count(*)::int as n from matches) as matched) as page
    left join lateral ${answerRowsOf(sql`page.ids`)} on true`;
  return db.select({ n: sql<number>`page.n`, ...ANSWER_COLUMNS }).from(matched);
}

/** searchPage's total, and its rows when it read the page (null: read it apart). */
async function findMatches(...args: Parameters<typeof searchPage>) {
  const [, , order, page, overTheCap] = args;
  const result = await searchPage(...args);
  const n = Number(result[0]?.n ?? 0);
  const read =
    n <= SEARCH_COUNT_CAP || endsWithinTheMatches(order, page) || overTheCap !== undefined;
  return {
    total: Math.min(n, SEARCH_COUNT_CAP),
    capped: n > SEARCH_COUNT_CAP,
    rows: read ? result.filter((row) => row.id !== null) : null,
  };
}

/**
 * One page of work orders and the total. Pages in status order read one index range per
 * status (listByStatusRanges), so a search or category that matches most orders still stops
 * at the page; the oldest- and newest-first lists run on the (scope, status, date) indexes,
 * searches on the trigram indexes (searchCondition).
 */
export async function listWorkOrderRows(db: Db, filter: WorkOrderListFilter) {
  const { order } = filter;
  if (typeof order === 'object') return listByStatusRanges(db, { ...filter, order });
  if (!filter.search?.trim()) return listByDateRanges(db, { ...filter, order });
  const where = workOrderListCondition(filter);
  const found = await findMatches(db, where, { byDate: order }, filter);
  return {
    // Past the first SEARCH_COUNT_CAP + 1 matches of a capped search: the date index, walked.
    rows:
      found.rows ??
      (await answerRows(db, pageIds(where, orderByOf(order), filter.limit, filter.offset))),
    total: found.total,
    capped: found.capped,
  };
}

/**
 * A page in date order over several statuses without sorting them all: each status gives at
 * most offset + limit rows from its (scope, status, date) index range, merged by the date, so
 * the pending + in-progress list costs the same at 10 000 orders and at a million. The total
 * comes from the tallies (or a grouped count when a category narrows the list).
 */
async function listByDateRanges(db: Db, filter: DateOrderedFilter) {
  const statuses = filter.statuses?.length ? filter.statuses : WORK_ORDER_STATUSES;
  const rows = await builtOncePerShape(db, 'date-ranges', filter, (shape) =>
    dateRangePage(db, shape, countsOf(shape)),
  );
  return { rows, total: await totalOf(db, filter, statuses, rows), capped: false };
}

type DateOrderedFilter = Omit<WorkOrderListFilter, 'order'> & {
  order: 'created-desc' | 'updated-asc';
};

/** The page's rows of listByDateRanges: one bounded index range per status, merged. */
export function dateRangePage(db: Db, filter: DateOrderedFilter, counts?: SQL) {
  const statuses = filter.statuses?.length ? filter.statuses : WORK_ORDER_STATUSES;
  const reach = filter.offset + filter.limit;
  const ranges = statuses.map(
    (status) =>
      sql`(select ${workOrders.id}, ${workOrders.createdAt}, ${workOrders.updatedAt}, ${workOrders.orderId}
           from ${workOrders}
           where ${workOrderListCondition({ ...filter, statuses: [status] })}
           order by ${sql.join(orderByOf(filter.order), sql`, `)}
           limit ${pageBound(reach)})`,
  );
  const merged = sql`select id from (${sql.join(ranges, sql` union all `)}) as ranges
    order by ${filter.order === 'created-desc' ? sql`created_at desc, order_id desc` : sql`updated_at asc, order_id asc`}
    limit ${pageBound(filter.limit)} offset ${pageBound(filter.offset)}`;
  return selectPage(db, merged, orderByOf(filter.order), counts);
}

/**
 * The scope's id in a page statement built once per shape: the only value of a list without
 * a search that changes from one request to the next of the same shape.
 */
const SCOPE_PLACEHOLDERS = {
  branchId: sql.placeholder('branchId'),
  technicianId: sql.placeholder('technicianId'),
};

/** drizzle asks a prepared query for a name; '' leaves naming it to the pool (StatementNames). */
const NAMED_BY_THE_POOL = '';

/** At most this many page statements are kept built per database handle. */
export const MOST_PAGE_SHAPES = 256;

type PageStatement = ReturnType<ReturnType<typeof selectPage>['prepare']>;
const pageStatements = new WeakMap<Db, Map<string, PageStatement>>();

/**
 * A page without a search, its SQL built once for every request of the same shape (the
 * scope's kind, statuses, category, order, limit and offset) with the scope's id as a
 * placeholder. drizzle built the page's statement, its eight status ranges and their counts
 * afresh on every request: a third of a list's Node time (issue 17, decision 016). A search
 * never comes here: its pattern is a value PostgreSQL must plan for (StatementNames).
 */
async function builtOncePerShape<Filter extends WorkOrderListFilter>(
  db: Db,
  kind: 'date-ranges' | 'first-pages',
  filter: Filter,
  build: (shape: Filter) => ReturnType<typeof selectPage>,
) {
  if (filter.search?.trim()) throw new Error('a search is planned for its pattern, not by shape');
  let shapes = pageStatements.get(db);
  if (!shapes) {
    shapes = new Map();
    pageStatements.set(db, shapes);
  }
  const key = JSON.stringify([
    kind,
    filter.branchId !== undefined,
    filter.technicianId !== undefined,
    filter.statuses ?? null,
    filter.category ?? null,
    filter.order,
    filter.limit,
    filter.offset,
  ]);
  let statement = shapes.get(key);
  if (!statement) {
    const oldest = shapes.size >= MOST_PAGE_SHAPES ? shapes.keys().next().value : undefined;
    if (oldest !== undefined) shapes.delete(oldest);
    const shape: Filter = {
      ...filter,
      branchId: filter.branchId === undefined ? undefined : SCOPE_PLACEHOLDERS.branchId,
      technicianId: filter.technicianId === undefined ? undefined : SCOPE_PLACEHOLDERS.technicianId,
    };
    statement = build(shape).prepare(NAMED_BY_THE_POOL);
    shapes.set(key, statement);
  }
  return statement.execute({ branchId: filter.branchId, technicianId: filter.technicianId });
}
