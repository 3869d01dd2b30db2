import { and, asc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { billLines, bills, customers, workOrders } from '../../db/schema';

/** Invoices dated from..to (India days, inclusive), of one branch or every branch. */
export interface ReportFilter {
  from: string;
  to: string;
  branchId?: string | undefined;
}

/** Issued invoices in the range; the range is on bills_invoice_date_idx. */
function invoicesIn(filter: ReportFilter): SQL | undefined {
  return and(
    isNotNull(bills.invoiceNumber),
    sql`${bills.invoiceDate} >= ${filter.from}`,
    sql`${bills.invoiceDate} <= ${filter.to}`,
    filter.branchId ? eq(workOrders.branchId, filter.branchId) : undefined,
  );
}

/**
 * One row per invoice, cancelled ones too (their numbers account for the series), in the
 * order they were issued. The recipient is the one printed on the invoice, not today's.
 */
export function listRegisterRows(db: Database, filter: ReportFilter) {
  return db
    .select({
      billId: bills.id,
      invoiceNumber: sql<string>`${bills.invoiceNumber}`,
      invoiceDate: sql<string>`${bills.invoiceDate}`,
      kind: bills.invoiceKind,
      customerName: sql<string>`coalesce(${bills.recipient}->>'name', ${customers.name})`,
      customerGstin: sql<
        string | null
      >`coalesce(nullif(${bills.recipient}->>'gstin', ''), ${customers.gstin})`,
      placeOfSupply: bills.placeOfSupply,
      taxablePaise: bills.taxablePaise,
      igstPaise: bills.igstPaise,
      cgstPaise: bills.cgstPaise,
      sgstPaise: bills.sgstPaise,
      roundOffPaise: bills.roundOffPaise,
      totalPaise: bills.totalPaise,
      cancelledAt: bills.cancelledAt,
    })
    .from(bills)
    .innerJoin(workOrders, eq(workOrders.id, bills.workOrderId))
    .innerJoin(customers, eq(customers.id, workOrders.customerId))
    .where(invoicesIn(filter))
    .orderBy(asc(bills.invoiceDate), asc(bills.invoiceNumber));
}
export type RegisterRowData = Awaited<ReturnType<typeof listRegisterRows>>[number];

/**
 * The rate a line was charged: its item's, except on a bill of supply, which charges none
 * (an 18 % row with no tax would tell the accountant something that never happened).
 */
const chargedRateBp = sql<
  number | null
>`case when ${bills.invoiceKind} = 'bill-of-supply' then 0 else ${billLines.gstRateBp} end`;

/**
 * The lines of uncancelled invoices summed by HSN/SAC, rate charged, unit and kind of item
 * (the unit and kind decide the UQC, which the service merges on).
 */
export function listHsnGroups(db: Database, filter: ReportFilter) {
  const sum = (column: SQL | typeof billLines.quantity) => sql<string>`coalesce(sum(${column}), 0)`;
  return db
    .select({
      hsnSac: billLines.hsnSac,
      gstRateBp: chargedRateBp,
      unit: billLines.unit,
      type: billLines.type,
      names: sql<string[]>`array_agg(distinct ${billLines.name})`,
      quantity: sum(billLines.quantity),
      taxablePaise: sum(sql`${billLines.taxablePaise}`),
      igstPaise: sum(sql`${billLines.igstPaise}`),
      cgstPaise: sum(sql`${billLines.cgstPaise}`),
      sgstPaise: sum(sql`${billLines.sgstPaise}`),
    })
    .from(billLines)
    .innerJoin(bills, eq(bills.id, billLines.billId))
    .innerJoin(workOrders, eq(workOrders.id, bills.workOrderId))
    .where(and(invoicesIn(filter), isNull(bills.cancelledAt)))
    .groupBy(billLines.hsnSac, chargedRateBp, billLines.unit, billLines.type);
}
export type HsnGroupData = Awaited<ReturnType<typeof listHsnGroups>>[number];
