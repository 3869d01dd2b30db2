import { PAYMENT_HISTORY_STATUS } from '@karya/domain/bill-schemas';
import {
  formatOrderId,
  type ProjectCategory,
  WORK_ORDER_STATUSES,
  type WorkOrderStatus,
} from '@karya/domain/contact-schemas';
import { isUuid } from '@karya/domain/user-schemas';
import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  or,
  Param,
  type SQL,
  sql,
} from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '../../db/client';
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

type Db = Database | Tx;

/**
 * The order with its customer and branch: three tables, so PostgreSQL plans it in well under
 * a millisecond. The people and linked orders come after, by primary key, in two queries for
 * a whole page (withPeopleAndProjects): joined here they made an eight-table query whose
 * planning alone took 15–30 ms per list request at a million orders (decision 009).
 */
function selectWorkOrders(db: Db) {
  return db
    .select({
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
      customerAddress: customers.address,
      branchId: workOrders.branchId,
      branchName: branches.name,
      technicianRef: workOrders.technicianId,
      originalTechnicianRef: workOrders.originalTechnicianId,
      approvedByRef: workOrders.approvedBy,
      existingProjectId: workOrders.existingProjectId,
      transferredFromRef: workOrders.transferredFromId,
      initialRemark: workOrders.initialRemark,
      instructions: workOrders.instructions,
      assignedAt: workOrders.assignedAt,
      completedAt: workOrders.completedAt,
      createdAt: workOrders.createdAt,
      updatedAt: workOrders.updatedAt,
    })
    .from(workOrders)
    .innerJoin(customers, eq(customers.id, workOrders.customerId))
    .innerJoin(branches, eq(branches.id, workOrders.branchId))
    .$dynamic();
}
type BaseWorkOrderRow = Awaited<ReturnType<typeof selectWorkOrders>>[number];

/**
 * `column = any($1::uuid[])`: a page's ids as one array parameter. An `in (…)` list costs a
 * typed parameter per id to build, a fifth of a list request's Node time (issue 17).
 */
const anyOf = (column: AnyPgColumn, ids: string[]): SQL =>
  sql`${column} = any(${new Param(ids)}::uuid[])`;

const presentIds = (ids: Array<string | null>) => [
  ...new Set(ids.filter((id): id is string => id !== null)),
];

/** The people (technician, original technician, approver) and linked orders of a page. */
async function withPeopleAndProjects(db: Db, rows: BaseWorkOrderRow[]) {
  const personIds = presentIds(
    rows.flatMap((row) => [row.technicianRef, row.originalTechnicianRef, row.approvedByRef]),
  );
  const orderIds = presentIds(
    rows.flatMap((row) => [row.existingProjectId, row.transferredFromRef]),
  );
  const [people, linked] = await Promise.all([
    personIds.length === 0
      ? []
      : db
          .select({
            id: users.id,
            firstName: users.firstName,
            lastName: users.lastName,
            phone: users.phone,
            username: users.username,
          })
          .from(users)
          .where(anyOf(users.id, personIds)),
    orderIds.length === 0
      ? []
      : db
          .select({
            id: workOrders.id,
            orderId: workOrders.orderId,
            createdAt: workOrders.createdAt,
            completedAt: workOrders.completedAt,
          })
          .from(workOrders)
          .where(anyOf(workOrders.id, orderIds)),
  ]);
  const person = new Map(people.map((p) => [p.id, p]));
  const order = new Map(linked.map((o) => [o.id, o]));
  // An explicit literal, not `{ ...rest }`: spreading cost ~30 µs a row (issue 17).
  return rows.map((row) => {
    const tech = row.technicianRef ? person.get(row.technicianRef) : undefined;
    const original = row.originalTechnicianRef ? person.get(row.originalTechnicianRef) : undefined;
    const approver = row.approvedByRef ? person.get(row.approvedByRef) : undefined;
    const project = row.existingProjectId ? order.get(row.existingProjectId) : undefined;
    const from = row.transferredFromRef ? order.get(row.transferredFromRef) : undefined;
    return {
      id: row.id,
      orderId: row.orderId,
      projectId: row.projectId,
      projectType: row.projectType,
      projectCategory: row.projectCategory,
      status: row.status,
      customerId: row.customerId,
      customerName: row.customerName,
      customerPhone: row.customerPhone,
      customerWhatsapp: row.customerWhatsapp,
      customerAddress: row.customerAddress,
      branchId: row.branchId,
      branchName: row.branchName,
      existingProjectId: row.existingProjectId,
      initialRemark: row.initialRemark,
      instructions: row.instructions,
      assignedAt: row.assignedAt,
      completedAt: row.completedAt,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      technicianId: tech?.id ?? null,
      technicianFirstName: tech?.firstName ?? null,
      technicianLastName: tech?.lastName ?? null,
      technicianPhone: tech?.phone ?? null,
      technicianUsername: tech?.username ?? null,
      originalTechnicianId: original?.id ?? null,
      originalTechnicianFirstName: original?.firstName ?? null,
      originalTechnicianLastName: original?.lastName ?? null,
      originalTechnicianPhone: original?.phone ?? null,
      approvedById: approver?.id ?? null,
      approvedByFirstName: approver?.firstName ?? null,
      approvedByLastName: approver?.lastName ?? null,
      projectCreatedAt: project?.createdAt ?? null,
      projectCompletedAt: project?.completedAt ?? null,
      transferredFromOrderId: from?.orderId ?? null,
    };
  });
}
export type WorkOrderRow = Awaited<ReturnType<typeof withPeopleAndProjects>>[number];

/** An order by its readable orderId ('WO-2026-000123') or its _id. */
const orderRefCondition = (reference: string): SQL =>
  isUuid(reference)
    ? (or(eq(workOrders.id, reference), eq(workOrders.orderId, reference)) as SQL)
    : eq(workOrders.orderId, reference);

export async function findWorkOrderRow(db: Db, reference: string) {
  const [row] = await selectWorkOrders(db).where(orderRefCondition(reference)).limit(1);
  if (!row) return null;
  const [complete] = await withPeopleAndProjects(db, [row]);
  return complete ?? null;
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

export async function touchWorkOrder(tx: Tx, id: string) {
  await tx.update(workOrders).set({ updatedAt: sql`now()` }).where(eq(workOrders.id, id));
}

export async function appendHistory(
  tx: Tx,
  entry: { workOrderId: string; status: string; remark: string; updatedBy: string },
) {
  await tx.insert(workOrderStatusHistory).values(entry);
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
  return row;
}

const historyAuthor = alias(users, 'history_author');

/** The status histories of several orders in one query, oldest entry first. */
export function listHistoryRows(db: Db, workOrderIds: string[]) {
  if (workOrderIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      workOrderId: workOrderStatusHistory.workOrderId,
      status: workOrderStatusHistory.status,
      remark: workOrderStatusHistory.remark,
      updatedAt: workOrderStatusHistory.updatedAt,
      updatedById: historyAuthor.id,
      updatedByFirstName: historyAuthor.firstName,
      updatedByLastName: historyAuthor.lastName,
    })
    .from(workOrderStatusHistory)
    .leftJoin(historyAuthor, eq(historyAuthor.id, workOrderStatusHistory.updatedBy))
    .where(anyOf(workOrderStatusHistory.workOrderId, workOrderIds))
    .orderBy(asc(workOrderStatusHistory.updatedAt), asc(workOrderStatusHistory.id));
}
export type HistoryRow = Awaited<ReturnType<typeof listHistoryRows>>[number];

/** The confirmed bills of several orders in one query. */
export function listPaidBillRows(db: Db, workOrderIds: string[]) {
  if (workOrderIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: bills.id,
      workOrderId: bills.workOrderId,
      // A confirmed bill always has its number (it is given at confirmation).
      billNumber: sql<string>`coalesce(${bills.billNumber}, '')`,
      totalPaise: bills.totalPaise,
      paidPaise: bills.paidPaise,
      paymentStatus: bills.paymentStatus,
      paymentMethod: bills.paymentMethod,
      transactionId: bills.transactionId,
      paidAt: bills.paidAt,
    })
    .from(bills)
    .where(and(anyOf(bills.workOrderId, workOrderIds), isNotNull(bills.paidAt)))
    .orderBy(asc(bills.paidAt), asc(bills.id));
}
export type PaidBillRow = Awaited<ReturnType<typeof listPaidBillRows>>[number];

/** Escapes LIKE wildcards so typed text matches literally. */

export interface WorkOrderListFilter {
  branchId?: string | undefined;
  technicianId?: string | undefined;
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

/**
 * How many orders of the scope each wanted status holds: from the tallies (decision 009), or,
 * when a category narrows the list, counted in one grouped pass over its index. Searches
 * count apart (countCapped).
 */
async function countByStatus(
  db: Db,
  filter: Pick<WorkOrderListFilter, 'branchId' | 'technicianId' | 'category'>,
  statuses: readonly WorkOrderStatus[],
): Promise<Map<string, number>> {
  if (filter.category) {
    const rows = await db
      .select({ status: sql<string>`${workOrders.status}::text`, total: count() })
      .from(workOrders)
      .where(workOrderListCondition({ ...filter, statuses }))
      .groupBy(workOrders.status);
    return new Map(rows.map((row) => [row.status, Number(row.total)]));
  }
  const rows = await db
    .select({
      status: sql<string>`${workOrderTallies.status}::text`,
      total: sql<number>`sum(${workOrderTallies.total})::int`,
    })
    .from(workOrderTallies)
    .where(
      and(
        filter.branchId ? eq(workOrderTallies.branchId, filter.branchId) : undefined,
        filter.technicianId ? eq(workOrderTallies.technicianKey, filter.technicianId) : undefined,
      ),
    )
    .groupBy(workOrderTallies.status);
  return new Map(rows.map((row) => [row.status, Number(row.total)]));
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
  const counts = await countByStatus(db, filter, ranked);
  const rows = await readStatusRanges(
    db,
    filter,
    ranked,
    async (status) => counts.get(status) ?? 0,
  );
  const total = ranked.reduce((sum, status) => sum + (counts.get(status) ?? 0), 0);
  return { rows: await withPeopleAndProjects(db, rows), total, capped: false };
}

function statusRange(
  db: Db,
  filter: WorkOrderListFilter,
  status: WorkOrderStatus,
  offset: number,
  limit: number,
) {
  return selectWorkOrders(db)
    .where(workOrderListCondition({ ...filter, statuses: [status] }))
    .orderBy(desc(workOrders.updatedAt), desc(workOrders.orderId))
    .limit(limit)
    .offset(offset);
}

/**
 * A search in status order. Its total is counted first, up to SEARCH_COUNT_CAP: a search that
 * matches fewer orders is read and sorted in one query (the matches come from the trigram and
 * prefix indexes); one that matches more (a word every order carries) is dense in every
 * status, so it is read range by range, counting a status only as far as the offset needs.
 */
async function listSearchByStatus(
  db: Db,
  filter: WorkOrderListFilter,
  ranked: readonly WorkOrderStatus[],
) {
  const where = workOrderListCondition({ ...filter, statuses: ranked });
  const total = await countCapped(db, where);
  if (!total.capped) {
    const rows = await selectWorkOrders(db)
      .where(where)
      .orderBy(
        sql`case ${workOrders.status} ${sql.join(
          ranked.map((status, rank) => sql`when ${status} then ${sql.raw(String(rank))}`),
          sql` `,
        )} end`,
        desc(workOrders.updatedAt),
        desc(workOrders.orderId),
      )
      .limit(filter.limit)
      .offset(filter.offset);
    return { rows: await withPeopleAndProjects(db, rows), ...total };
  }
  // Dense matches: a status is counted only as far as the offset needs (skip + 1 rows).
  const rows = await readStatusRanges(db, filter, ranked, async (status, skip) =>
    skip === 0
      ? Number.POSITIVE_INFINITY
      : countUpTo(db, workOrderListCondition({ ...filter, statuses: [status] }), skip + 1),
  );
  return { rows: await withPeopleAndProjects(db, rows), ...total };
}

/**
 * A page across statuses in rank order: a status that lies wholly before the offset (or holds
 * nothing) is skipped by how many rows `held` says it has, and each status that reaches the
 * page is read as one index range.
 */
async function readStatusRanges(
  db: Db,
  filter: WorkOrderListFilter,
  ranked: readonly WorkOrderStatus[],
  held: (status: WorkOrderStatus, skip: number) => Promise<number>,
) {
  const rows: BaseWorkOrderRow[] = [];
  let skip = filter.offset;
  for (const status of ranked) {
    if (rows.length >= filter.limit) break;
    const holds = await held(status, skip);
    if (skip >= holds) {
      skip -= holds;
      continue;
    }
    rows.push(...(await statusRange(db, filter, status, skip, filter.limit - rows.length)));
    skip = 0;
  }
  return rows;
}

/**
 * A search's total is exact up to this many matches and shown as 'more than' beyond: a word
 * every order carries would otherwise count the whole branch on every keystroke (issue 17).
 */
export const SEARCH_COUNT_CAP = 10_000;

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

/** The total of a search: exact up to SEARCH_COUNT_CAP, else the cap and `capped`. */
async function countCapped(db: Db, where: SQL | undefined) {
  const n = await countUpTo(db, where, SEARCH_COUNT_CAP + 1);
  return n > SEARCH_COUNT_CAP
    ? { total: SEARCH_COUNT_CAP, capped: true }
    : { total: n, capped: false };
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
  const [rows, total] = await Promise.all([
    selectWorkOrders(db)
      .where(where)
      .orderBy(...orderByOf(order))
      .limit(filter.limit)
      .offset(filter.offset),
    countCapped(db, where),
  ]);
  return { rows: await withPeopleAndProjects(db, rows), ...total };
}

/**
 * A page in date order over several statuses without sorting them all: each status gives at
 * most offset + limit rows from its (scope, status, date) index range, merged by the date, so
 * the pending + in-progress list costs the same at 10 000 orders and at a million. The total
 * comes from the tallies (or a grouped count when a category narrows the list).
 */
async function listByDateRanges(db: Db, filter: DateOrderedFilter) {
  const statuses = filter.statuses?.length ? filter.statuses : WORK_ORDER_STATUSES;
  const [rows, counts] = await Promise.all([
    dateRangePage(db, filter),
    countByStatus(db, filter, statuses),
  ]);
  const total = statuses.reduce((sum, status) => sum + (counts.get(status) ?? 0), 0);
  return { rows: await withPeopleAndProjects(db, rows), total, capped: false };
}

type DateOrderedFilter = Omit<WorkOrderListFilter, 'order'> & {
  order: 'created-desc' | 'updated-asc';
};

/** The page's rows of listByDateRanges: one bounded index range per status, merged. */
export function dateRangePage(db: Db, filter: DateOrderedFilter) {
  const statuses = filter.statuses?.length ? filter.statuses : WORK_ORDER_STATUSES;
  const reach = filter.offset + filter.limit;
  const ranges = statuses.map(
    (status) =>
      sql`(select ${workOrders.id}, ${workOrders.createdAt}, ${workOrders.updatedAt}, ${workOrders.orderId}
           from ${workOrders}
           where ${workOrderListCondition({ ...filter, statuses: [status] })}
           order by ${sql.join(orderByOf(filter.order), sql`, `)}
           limit ${reach})`,
  );
  const merged = sql`select id from (${sql.join(ranges, sql` union all `)}) as ranges
    order by ${filter.order === 'created-desc' ? sql`created_at desc, order_id desc` : sql`updated_at asc, order_id asc`}
    limit ${filter.limit} offset ${filter.offset}`;
  return selectWorkOrders(db)
    .where(sql`${workOrders.id} = any(array(${merged}))`)
    .orderBy(...orderByOf(filter.order));
}
