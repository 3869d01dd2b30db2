import { type AnyColumn, and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { reportDailySales } from '../../db/reports-schema';
import { branches } from '../../db/schema';
import { type ReportRange, reportPeriod } from './reports-range';

export type SalesGrouping = 'day' | 'month';

/**
 * One row per period and branch with any figure, summed from report_daily_sales: a range of
 * its primary key (branch, day) for one branch, of report_daily_sales_day_idx for all; at most
 * 366 rows a branch whatever the history holds. Periods and branches oldest first, then by name.
 */
export async function listSalesRows(db: Database, range: ReportRange, groupBy: SalesGrouping) {
  const period = reportPeriod(reportDailySales.day, groupBy);
  const sum = (column: SQL | AnyColumn) =>
    sql<number>`coalesce(sum(${column}), 0)::bigint`.mapWith(Number);
  const figures = {
    invoicedTaxablePaise: sum(reportDailySales.invoicedTaxablePaise),
    invoicedTaxPaise: sum(reportDailySales.invoicedTaxPaise),
    invoicedTotalPaise: sum(reportDailySales.invoicedTotalPaise),
    collectedCashPaise: sum(reportDailySales.collectedCashPaise),
    collectedUpiPaise: sum(reportDailySales.collectedUpiPaise),
  };
  return (
    db
      .select({ period, branchId: branches.id, branchName: branches.name, ...figures })
      .from(reportDailySales)
      .innerJoin(branches, eq(branches.id, reportDailySales.branchId))
      .where(
        and(
          sql`${reportDailySales.day} >= ${range.from}::date`,
          sql`${reportDailySales.day} <= ${range.to}::date`,
          range.branchId ? eq(reportDailySales.branchId, range.branchId) : undefined,
        ),
      )
      .groupBy(period, branches.id, branches.name)
      // A day whose writes cancelled out (an invoice cancelled without a credit note) is no row.
      .having(
        sql`sum(abs(${reportDailySales.invoicedTaxablePaise}) + abs(${reportDailySales.invoicedTaxPaise}) + abs(${reportDailySales.invoicedTotalPaise}) + abs(${reportDailySales.collectedCashPaise}) + abs(${reportDailySales.collectedUpiPaise})) > 0`,
      )
      .orderBy(asc(period), asc(branches.name), asc(branches.id))
  );
}
export type SalesRowData = Awaited<ReturnType<typeof listSalesRows>>[number];

/**
 * What customers owed at the end of India day `to` (the midnight after it), by the dues' rule
 * (dues.queries.ts): confirmed bills not cancelled and contract invoices, dated on or before
 * `to`, each its total less what had been received by then. Not by summing history — that
 * would read every bill ever made — but from what is owed now, corrected by what happened
 * after `to`, each part on an index:
 *   1. bills owed now, dated ≤ to (bills_open_dues_idx): total − paid;
 *   2. bills dated ≤ to but cancelled after `to` (bills_cancelled_idx): still owed at its end,
 *      total − paid (a cancelled invoice takes no payment, so paid is what it had by then);
 *   3. receipts after `to` on bills of 1 and 2 and on bills dated ≤ to paid off since
 *      (bill_payments_received_idx): added back, they were owed at its end;
 *   4. contract invoices owed now, dated ≤ to (amc_invoices_open_dues_idx), and
 *   5. their receipts after `to` (amc_invoice_payments_received_idx), as 1 and 3.
 * Refunds and credit notes belong to cancelled invoices, which 1–3 leave out once cancelled.
 * An opening due (decision 050) counts from its old invoice date, less what the old system
 * had received (in its paid amount, with no receipt row). A range ending today reads exactly
 * the Outstanding Dues total.
 */
export async function outstandingAt(
  db: Database,
  to: string,
  branchId: string | undefined,
): Promise<number> {
  const end = sql`((${to}::date + 1)::timestamp at time zone 'Asia/Kolkata')`;
  const datedBy = sql`coalesce(b.invoice_date, to_char((b.paid_at at time zone 'UTC') + interval '5 hours 30 minutes', 'YYYY-MM-DD')) <= ${to}`;
  const billBranch = branchId ? sql`and wo.branch_id = ${branchId}::uuid` : sql``;
  const amcBranch = branchId ? sql`and ai.branch_id = ${branchId}::uuid` : sql``;
  const result = await db.execute<{ owed: string | number | null }>(sql`
    select
      (select coalesce(sum(b.total_paise - b.paid_paise), 0)
         from bills b join work_orders wo on wo.id = b.work_order_id
        where b.paid_at is not null and b.cancelled_at is null and b.paid_paise < b.total_paise
          and ${datedBy} ${billBranch})
    + (select coalesce(sum(b.total_paise - b.paid_paise), 0)
         from bills b join work_orders wo on wo.id = b.work_order_id
        where b.cancelled_at is not null and b.cancelled_at >= ${end}
          and b.paid_at is not null and ${datedBy} ${billBranch})
    + (select coalesce(sum(p.amount_paise), 0)
         from bill_payments p
         join bills b on b.id = p.bill_id
         join work_orders wo on wo.id = b.work_order_id
        where p.received_at >= ${end}
          and b.paid_at is not null and ${datedBy}
          and (b.cancelled_at is null or b.cancelled_at >= ${end}) ${billBranch})
    + (select coalesce(sum(ai.total_paise - ai.paid_paise), 0)
         from amc_invoices ai
        where ai.paid_paise < ai.total_paise and ai.invoice_date <= ${to} ${amcBranch})
    + (select coalesce(sum(ap.amount_paise), 0)
         from amc_invoice_payments ap join amc_invoices ai on ai.id = ap.invoice_id
        where ap.received_at >= ${end} and ai.invoice_date <= ${to} ${amcBranch})
    as owed`);
  const rows = (result as unknown as { rows: { owed: string | number | null }[] }).rows;
  return Number(rows[0]?.owed ?? 0);
}
