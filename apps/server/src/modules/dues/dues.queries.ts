import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { amcContracts, amcInvoices, bills, branches, customers, workOrders } from '../../db/schema';
import { likeEscape } from '../../db/sql-text';

/**
 * Open dues: confirmed, not cancelled, something still owed. Written exactly as the
 * predicate of bills_open_dues_idx so the planner reads that partial index, ordered by its key.
 */
const isOpenDue = sql`${bills.paidAt} is not null and ${bills.cancelledAt} is null and ${bills.paidPaise} < ${bills.totalPaise}`;

/** The invoice number, or the bill number of a bill confirmed before invoices existed. */
const invoiceNumberOf = sql<string>`coalesce(${bills.invoiceNumber}, ${bills.billNumber}, '')`;

/**
 * The invoice's India date; a bill confirmed before invoices existed was given one by the
 * migration, and its payment's India day stands in should one ever lack it.
 */
const invoiceDateOf = sql<string>`coalesce(${bills.invoiceDate}, to_char((${bills.paidAt} at time zone 'UTC') + interval '5 hours 30 minutes', 'YYYY-MM-DD'))`;

const duePaise = sql`(${bills.totalPaise} - ${bills.paidPaise})`;

export interface DuesFilter {
  branchId?: string | undefined;
  search?: string | undefined;
  /** One customer's dues: what a technician on a visit may collect. */
  customerId?: string | undefined;
}

function searchCondition(search: string): SQL | undefined {
  const text = search.trim().toLowerCase();
  if (text === '') return undefined;
  const pattern = `%${likeEscape(text)}%`;
  const digits = text.replace(/\D/g, '');
  return or(
    sql`lower(${customers.name}) like ${pattern}`,
    sql`lower(${invoiceNumberOf}) like ${pattern}`,
    // A phone typed with spaces or +91 still finds the customer by its national digits.
    digits.length >= 3 && digits.length === text.replace(/[\s+()-]/g, '').length
      ? sql`${customers.phoneNational} like ${`%${likeEscape(digits.slice(-10))}%`}`
      : undefined,
  );
}

function duesCondition(filter: DuesFilter): SQL | undefined {
  return and(
    isOpenDue,
    filter.branchId ? eq(workOrders.branchId, filter.branchId) : undefined,
    filter.customerId ? eq(workOrders.customerId, filter.customerId) : undefined,
    filter.search ? searchCondition(filter.search) : undefined,
  );
}

/** The page's columns: the row, its customer (where a reminder goes) and branch (its payee). */
const dueColumns = {
  billId: bills.id,
  invoiceNumber: invoiceNumberOf,
  invoiceDate: invoiceDateOf,
  customerId: customers.id,
  customerName: customers.name,
  customerPhone: customers.phoneNumber,
  customerLanguage: customers.preferredLanguage,
  whatsappNumber: customers.whatsappNumber,
  branchId: branches.id,
  branchName: branches.name,
  orderId: workOrders.orderId,
  totalPaise: bills.totalPaise,
  paidPaise: bills.paidPaise,
};
/** A row of the page: a bill's, or a maintenance contract invoice's with its contract. */
export type DueRowData = Awaited<ReturnType<typeof listDueRows>>[number] & {
  contract?: { id: string; contractNumber: string; instalment: number; instalments: number };
};

/** One page of dues, oldest invoice first. */
export async function listDueRows(
  db: Database,
  filter: DuesFilter,
  page: { limit: number; offset: number },
) {
  return db
    .select(dueColumns)
    .from(bills)
    .innerJoin(workOrders, eq(workOrders.id, bills.workOrderId))
    .innerJoin(customers, eq(customers.id, workOrders.customerId))
    .innerJoin(branches, eq(branches.id, workOrders.branchId))
    .where(duesCondition(filter))
    .orderBy(asc(bills.invoiceDate), asc(invoiceNumberOf), asc(bills.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** How many dues the filter matches: the paged list's X-Total-Count. */
export async function countDues(db: Database, filter: DuesFilter): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(bills)
    .innerJoin(workOrders, eq(workOrders.id, bills.workOrderId))
    .innerJoin(customers, eq(customers.id, workOrders.customerId))
    .where(duesCondition(filter));
  return Number(row?.count ?? 0);
}

/**
 * India dates that split the ages: an invoice dated on or after `within30` is 0–30 days old,
 * on or after `within60` 31–60, on or after `within90` 61–90, before it older.
 */
export interface AgeingCutoffs {
  within30: string;
  within60: string;
  within90: string;
}

export interface DuesTotalsData {
  count: number;
  duePaise: number;
  byBucketPaise: { '0-30': number; '31-60': number; '61-90': number; '90+': number };
}

/** Count, due and the ageing buckets over every row of the filter, not only the page. */
export async function sumDues(
  db: Database,
  filter: DuesFilter,
  cutoffs: AgeingCutoffs,
): Promise<DuesTotalsData> {
  const inBucket = (condition: SQL) =>
    sql<string>`coalesce(sum(${duePaise}) filter (where ${condition}), 0)`;
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      due: sql<string>`coalesce(sum(${duePaise}), 0)`,
      b30: inBucket(sql`${invoiceDateOf} >= ${cutoffs.within30}`),
      b60: inBucket(
        sql`${invoiceDateOf} < ${cutoffs.within30} and ${invoiceDateOf} >= ${cutoffs.within60}`,
      ),
      b90: inBucket(
        sql`${invoiceDateOf} < ${cutoffs.within60} and ${invoiceDateOf} >= ${cutoffs.within90}`,
      ),
      older: inBucket(sql`${invoiceDateOf} < ${cutoffs.within90}`),
    })
    .from(bills)
    .innerJoin(workOrders, eq(workOrders.id, bills.workOrderId))
    .innerJoin(customers, eq(customers.id, workOrders.customerId))
    .where(duesCondition(filter));
  return {
    count: Number(row?.count ?? 0),
    duePaise: Number(row?.due ?? 0),
    byBucketPaise: {
      '0-30': Number(row?.b30 ?? 0),
      '31-60': Number(row?.b60 ?? 0),
      '61-90': Number(row?.b90 ?? 0),
      '90+': Number(row?.older ?? 0),
    },
  };
}

/**
 * The customer of an order the technician holds open (assigned, in progress or paused) and its
 * branch: the visit on which billing lets them take a later payment (decision 020). Null when
 * the order is not theirs or not open.
 */
export async function findVisitedCustomer(db: Database, technicianId: string, orderId: string) {
  const [row] = await db
    .select({ customerId: workOrders.customerId, branchId: workOrders.branchId })
    .from(workOrders)
    .where(
      and(
        eq(workOrders.orderId, orderId),
        eq(workOrders.technicianId, technicianId),
        inArray(workOrders.status, ['assigned', 'in-progress', 'paused']),
      ),
    )
    .limit(1);
  return row ?? null;
}

/* ------------------------------------------------ maintenance contract invoices (decision 037) */

/** Still owed: written as the predicate of amc_invoices_open_dues_idx. */
const isOpenAmcDue = sql`${amcInvoices.paidPaise} < ${amcInvoices.totalPaise}`;
const amcDuePaise = sql`(${amcInvoices.totalPaise} - ${amcInvoices.paidPaise})`;

function amcSearchCondition(search: string): SQL | undefined {
  const text = search.trim().toLowerCase();
  if (text === '') return undefined;
  const pattern = `%${likeEscape(text)}%`;
  const digits = text.replace(/\D/g, '');
  return or(
    sql`lower(${customers.name}) like ${pattern}`,
    sql`lower(${amcInvoices.invoiceNumber}) like ${pattern}`,
    sql`lower(${amcContracts.contractNumber}) like ${pattern}`,
    digits.length >= 3 && digits.length === text.replace(/[\s+()-]/g, '').length
      ? sql`${customers.phoneNational} like ${`%${likeEscape(digits.slice(-10))}%`}`
      : undefined,
  );
}

function amcDuesCondition(filter: DuesFilter): SQL | undefined {
  return and(
    isOpenAmcDue,
    filter.branchId ? eq(amcInvoices.branchId, filter.branchId) : undefined,
    filter.customerId ? eq(amcContracts.customerId, filter.customerId) : undefined,
    filter.search ? amcSearchCondition(filter.search) : undefined,
  );
}

/** The first `limit` open contract invoices of the filter, oldest first. */
export async function listAmcDueRows(
  db: Database,
  filter: DuesFilter,
  limit: number,
): Promise<DueRowData[]> {
  const rows = await db
    .select({
      billId: amcInvoices.id,
      invoiceNumber: amcInvoices.invoiceNumber,
      invoiceDate: amcInvoices.invoiceDate,
      customerId: customers.id,
      customerName: customers.name,
      customerPhone: customers.phoneNumber,
      customerLanguage: customers.preferredLanguage,
      whatsappNumber: customers.whatsappNumber,
      branchId: branches.id,
      branchName: branches.name,
      totalPaise: amcInvoices.totalPaise,
      paidPaise: amcInvoices.paidPaise,
      contractId: amcContracts.id,
      contractNumber: amcContracts.contractNumber,
      instalment: amcInvoices.instalment,
      instalments: amcInvoices.instalments,
    })
    .from(amcInvoices)
    .innerJoin(amcContracts, eq(amcContracts.id, amcInvoices.contractId))
    .innerJoin(customers, eq(customers.id, amcContracts.customerId))
    .innerJoin(branches, eq(branches.id, amcInvoices.branchId))
    .where(amcDuesCondition(filter))
    .orderBy(asc(amcInvoices.invoiceDate), asc(amcInvoices.invoiceNumber), asc(amcInvoices.id))
    .limit(limit);
  return rows.map(({ contractId, contractNumber, instalment, instalments, ...row }) => ({
    ...row,
    orderId: '',
    contract: { id: contractId, contractNumber, instalment, instalments },
  }));
}

/** Count, due and ageing of the open contract invoices of the filter. */
export async function sumAmcDues(
  db: Database,
  filter: DuesFilter,
  cutoffs: AgeingCutoffs,
): Promise<DuesTotalsData> {
  const date = amcInvoices.invoiceDate;
  const inBucket = (condition: SQL) =>
    sql<string>`coalesce(sum(${amcDuePaise}) filter (where ${condition}), 0)`;
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      due: sql<string>`coalesce(sum(${amcDuePaise}), 0)`,
      b30: inBucket(sql`${date} >= ${cutoffs.within30}`),
      b60: inBucket(sql`${date} < ${cutoffs.within30} and ${date} >= ${cutoffs.within60}`),
      b90: inBucket(sql`${date} < ${cutoffs.within60} and ${date} >= ${cutoffs.within90}`),
      older: inBucket(sql`${date} < ${cutoffs.within90}`),
    })
    .from(amcInvoices)
    .innerJoin(amcContracts, eq(amcContracts.id, amcInvoices.contractId))
    .innerJoin(customers, eq(customers.id, amcContracts.customerId))
    .where(amcDuesCondition(filter));
  return {
    count: Number(row?.count ?? 0),
    duePaise: Number(row?.due ?? 0),
    byBucketPaise: {
      '0-30': Number(row?.b30 ?? 0),
      '31-60': Number(row?.b60 ?? 0),
      '61-90': Number(row?.b90 ?? 0),
      '90+': Number(row?.older ?? 0),
    },
  };
}
