import type { UpiPayee } from '@karya/domain/bill-schemas';
import {
  ageingBucketOf,
  buildUpiDueLink,
  daysOutstanding,
  indiaDate,
  isoDayParts,
} from '@karya/domain/gst';
import type { DueRow, OutstandingDuesAnswer } from '@karya/domain/invoice-schemas';
import { toRupees } from '@karya/domain/money';
import { deskBranchScope } from '../../auth/branch-scope';
import type { Actor } from '../../auth/guard';
import type { Database } from '../../db/client';
import {
  type AgeingCutoffs,
  type DueRowData,
  type DuesFilter,
  findVisitedCustomer,
  listDueRows,
  sumDues,
} from './dues.queries';

/** Whom a branch's dues are paid to (billing's payeeOfBranch, given by app.ts). */
export type PayeeOfBranch = (branchId: string) => Promise<UpiPayee | null>;

export interface DuesQuery {
  branchId?: string | undefined;
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

/**
 * GET /api/outstanding-dues: what customers still owe on confirmed, uncancelled invoices,
 * oldest first, aged in India days; totals and buckets cover the whole filter.
 */
export async function outstandingDues(
  db: Database,
  actor: Actor,
  query: DuesQuery,
  payeeOf: PayeeOfBranch,
  now: Date = new Date(),
): Promise<OutstandingDuesAnswer> {
  const filter = { branchId: deskBranchScope(actor, query.branchId), search: query.search };
  return duesOf(db, filter, query, payeeOf, now);
}

/**
 * GET /api/visit-dues?orderId=: what the customer of an order the technician holds open still
 * owes at that branch, so they can collect it on the visit. Someone else's or a closed order
 * reads as no dues, as other technicians' orders read as absent.
 */
export async function visitDues(
  db: Database,
  actor: Actor,
  orderId: string,
  payeeOf: PayeeOfBranch,
  now: Date = new Date(),
): Promise<OutstandingDuesAnswer> {
  const visit = await findVisitedCustomer(db, actor.id, orderId);
  if (!visit || visit.branchId !== actor.branchId) return emptyDues();
  const filter = { branchId: visit.branchId, customerId: visit.customerId };
  return duesOf(db, filter, { limit: VISIT_DUES_LIMIT, offset: 0 }, payeeOf, now);
}

/** A customer rarely owes on more than a few bills; the visit shows the oldest this many. */
const VISIT_DUES_LIMIT = 20;

function emptyDues(): OutstandingDuesAnswer {
  return {
    rows: [],
    total: 0,
    totals: { due: 0, count: 0, byBucket: { '0-30': 0, '31-60': 0, '61-90': 0, '90+': 0 } },
  };
}

async function duesOf(
  db: Database,
  filter: DuesFilter,
  page: { limit: number; offset: number },
  payeeOf: PayeeOfBranch,
  now: Date,
): Promise<OutstandingDuesAnswer> {
  const today = indiaDate(now);
  const [rows, totals] = await Promise.all([
    listDueRows(db, filter, page),
    sumDues(db, filter, ageingCutoffs(today)),
  ]);
  const payees = await payeesOf(rows, payeeOf);
  return {
    rows: rows.map((row) => toDueRow(row, today, payees.get(row.branchId) ?? null)),
    total: totals.count,
    totals: {
      due: toRupees(totals.duePaise),
      count: totals.count,
      byBucket: {
        '0-30': toRupees(totals.byBucketPaise['0-30']),
        '31-60': toRupees(totals.byBucketPaise['31-60']),
        '61-90': toRupees(totals.byBucketPaise['61-90']),
        '90+': toRupees(totals.byBucketPaise['90+']),
      },
    },
  };
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
    whatsappNumber: row.whatsappNumber.trim() || row.customerPhone,
    branch: { _id: row.branchId, name: row.branchName },
    orderId: row.orderId,
    total: toRupees(row.totalPaise),
    paid: toRupees(row.paidPaise),
    due: toRupees(duePaise),
    daysOutstanding: days,
    bucket: ageingBucketOf(days),
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
