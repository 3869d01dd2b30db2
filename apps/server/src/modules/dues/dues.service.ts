import type { UpiPayee } from '@karya/domain/bill-schemas';
import {
  ageingBucketOf,
  buildUpiDueLink,
  daysOutstanding,
  indiaDate,
  isoDayParts,
} from '@karya/domain/gst';
import type { DueRow, DuesTotals, VisitDuesAnswer } from '@karya/domain/invoice-schemas';
import { toRupees } from '@karya/domain/money';
import { deskBranchOf, inScope, type Scope, technicianOf } from '../../auth/scope';
import type { Database } from '../../db/client';
import {
  type AgeingCutoffs,
  countDues,
  type DueRowData,
  type DuesFilter,
  type DuesTotalsData,
  findVisitedCustomer,
  listAmcDueRows,
  listDueRows,
  sumAmcDues,
  sumDues,
} from './dues.queries';

/** Whom a branch's dues are paid to (billing's payeeOfBranch, given by app.ts). */
export type PayeeOfBranch = (branchId: string) => Promise<UpiPayee | null>;

export interface DuesQuery {
  search?: string | undefined;
  limit: number;
  offset: number;
}

/** The India day `days` before an India day, 'YYYY-MM-DD'. */
function daysBefore(iso: string, days: number): string {
  const { year, month, day } = isoDayParts(iso);
  return new Date(Date.UTC(year, month - 1, day - days)).toISOString().slice(0, 10);
}

/** The same edges as ageingBucketOf (0–30, 31–60, 61–90, 90+), as invoice dates. */
export function ageingCutoffs(today: string): AgeingCutoffs {
  return {
    within30: daysBefore(today, 30),
    within60: daysBefore(today, 60),
    within90: daysBefore(today, 90),
  };
}

/** Open dues as the scope reads them: a manager their branch, an admin all or one. */
function deskDuesFilter(scope: Scope, search: string | undefined): DuesFilter {
  return { branchId: deskBranchOf(scope), search };
}

/**
 * GET /api/outstanding-dues: one page of what customers still owe on confirmed, uncancelled
 * invoices, oldest first, aged in India days; `total` counts every due of the filter.
 */
export async function outstandingDues(
  db: Database,
  scope: Scope,
  query: DuesQuery,
  payeeOf: PayeeOfBranch,
  now: Date = new Date(),
): Promise<{ items: DueRow[]; total: number }> {
  const filter = deskDuesFilter(scope, query.search);
  // Bills and contract invoices (decision 037), each read oldest first as far as this page
  // reaches, then merged: the page is the same as one list ordered by date would give.
  const reach = { limit: query.offset + query.limit, offset: 0 };
  const [billRows, amcRows, billCount, amcTotals] = await Promise.all([
    listDueRows(db, filter, reach),
    listAmcDueRows(db, filter, reach.limit),
    countDues(db, filter),
    sumAmcDues(db, filter, ageingCutoffs(indiaDate(now))),
  ]);
  const rows = [...billRows, ...amcRows]
    .sort(byInvoiceDate)
    .slice(query.offset, query.offset + query.limit);
  return {
    items: await dueRowsOf(rows, indiaDate(now), payeeOf),
    total: billCount + amcTotals.count,
  };
}

/** Oldest invoice first, then by number: the order of both lists' indexes. */
function byInvoiceDate(a: DueRowData, b: DueRowData): number {
  if (a.invoiceDate !== b.invoiceDate) return a.invoiceDate < b.invoiceDate ? -1 : 1;
  if (a.invoiceNumber !== b.invoiceNumber) return a.invoiceNumber < b.invoiceNumber ? -1 : 1;
  return a.billId < b.billId ? -1 : a.billId > b.billId ? 1 : 0;
}

function addTotals(a: DuesTotalsData, b: DuesTotalsData): DuesTotalsData {
  return {
    count: a.count + b.count,
    duePaise: a.duePaise + b.duePaise,
    byBucketPaise: {
      '0-30': a.byBucketPaise['0-30'] + b.byBucketPaise['0-30'],
      '31-60': a.byBucketPaise['31-60'] + b.byBucketPaise['31-60'],
      '61-90': a.byBucketPaise['61-90'] + b.byBucketPaise['61-90'],
      '90+': a.byBucketPaise['90+'] + b.byBucketPaise['90+'],
    },
  };
}

/**
 * GET /api/outstanding-dues-totals: what every due of the same filter adds up to and its
 * ageing, beside the paged list (a page turn does not sum them again).
 */
export async function outstandingDuesTotals(
  db: Database,
  scope: Scope,
  query: { search?: string | undefined },
  now: Date = new Date(),
): Promise<DuesTotals> {
  const filter = deskDuesFilter(scope, query.search);
  const cutoffs = ageingCutoffs(indiaDate(now));
  const [billTotals, amcTotals] = await Promise.all([
    sumDues(db, filter, cutoffs),
    sumAmcDues(db, filter, cutoffs),
  ]);
  return totalsOf(addTotals(billTotals, amcTotals));
}

/**
 * GET /api/visit-dues?orderId=: what the customer of an order the technician holds open still
 * owes at that branch, so they can collect it on the visit. Someone else's or a closed order
 * reads as no dues, as other technicians' orders read as absent.
 */
export async function visitDues(
  db: Database,
  scope: Scope,
  orderId: string,
  payeeOf: PayeeOfBranch,
  now: Date = new Date(),
): Promise<VisitDuesAnswer> {
  const visit = await findVisitedCustomer(db, technicianOf(scope), orderId);
  if (!visit || !inScope(scope, visit.branchId)) return emptyDues();
  const filter = { branchId: visit.branchId, customerId: visit.customerId };
  const today = indiaDate(now);
  const [rows, totals] = await Promise.all([
    listDueRows(db, filter, { limit: VISIT_DUES_LIMIT, offset: 0 }),
    sumDues(db, filter, ageingCutoffs(today)),
  ]);
  return {
    rows: await dueRowsOf(rows, today, payeeOf),
    total: totals.count,
    totals: totalsOf(totals),
  };
}

/** A customer rarely owes on more than a few bills; the visit shows the oldest this many. */
const VISIT_DUES_LIMIT = 20;

function emptyDues(): VisitDuesAnswer {
  return {
    rows: [],
    total: 0,
    totals: { due: 0, count: 0, byBucket: { '0-30': 0, '31-60': 0, '61-90': 0, '90+': 0 } },
  };
}

function totalsOf(totals: DuesTotalsData): DuesTotals {
  return {
    due: toRupees(totals.duePaise),
    count: totals.count,
    byBucket: {
      '0-30': toRupees(totals.byBucketPaise['0-30']),
      '31-60': toRupees(totals.byBucketPaise['31-60']),
      '61-90': toRupees(totals.byBucketPaise['61-90']),
      '90+': toRupees(totals.byBucketPaise['90+']),
    },
  };
}

async function dueRowsOf(rows: DueRowData[], today: string, payeeOf: PayeeOfBranch) {
  const payees = await payeesOf(rows, payeeOf);
  return rows.map((row) => toDueRow(row, today, payees.get(row.branchId) ?? null));
}

/** One payee look-up per branch on the page, not per row. */
async function payeesOf(rows: DueRowData[], payeeOf: PayeeOfBranch) {
  const branchIds = [...new Set(rows.map((row) => row.branchId))];
  const payees = await Promise.all(branchIds.map((id) => payeeOf(id)));
  return new Map(branchIds.map((id, at) => [id, payees[at] ?? null]));
}

function toDueRow(row: DueRowData, today: string, payee: UpiPayee | null): DueRow {
  const duePaise = row.totalPaise - row.paidPaise;
  const days = daysOutstanding(row.invoiceDate, today);
  return {
    billId: row.billId,
    invoiceNumber: row.invoiceNumber,
    invoiceDate: row.invoiceDate,
    customerId: row.customerId,
    customerName: row.customerName,
    customerPhone: row.customerPhone,
    customerLanguage: row.customerLanguage,
    whatsappNumber: row.whatsappNumber.trim() || row.customerPhone,
    branch: { _id: row.branchId, name: row.branchName },
    orderId: row.orderId,
    total: toRupees(row.totalPaise),
    paid: toRupees(row.paidPaise),
    due: toRupees(duePaise),
    daysOutstanding: days,
    bucket: ageingBucketOf(days),
    contract: row.contract
      ? {
          _id: row.contract.id,
          contractNumber: row.contract.contractNumber,
          instalment: row.contract.instalment,
          instalments: row.contract.instalments,
        }
      : null,
    upiLink: payee
      ? buildUpiDueLink({
          vpa: payee.vpa,
          name: payee.name,
          amountPaise: duePaise,
          note: row.invoiceNumber,
        })
      : null,
  };
}
