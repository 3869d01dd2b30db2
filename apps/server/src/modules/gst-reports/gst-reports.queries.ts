import { type AnyColumn, and, asc, eq, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  amcInvoices,
  billLines,
  bills,
  creditNoteLines,
  creditNotes,
  customers,
  workOrders,
} from '../../db/schema';

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
export async function listRegisterRows(db: Database, filter: ReportFilter) {
  const [billRows, contractRows, noteRows] = await Promise.all([
    listBillRegisterRows(db, filter),
    listContractRegisterRows(db, filter),
    listCreditNoteRegisterRows(db, filter),
  ]);
  if (contractRows.length === 0 && noteRows.length === 0) return billRows;
  // Within a day the invoices come first, then the credit notes, each in number order.
  const isNote = (row: RegisterRowData) => (row.creditNoteFor ? 1 : 0);
  return [...billRows, ...contractRows, ...noteRows].sort(
    (a, b) =>
      a.invoiceDate.localeCompare(b.invoiceDate) ||
      isNote(a) - isNote(b) ||
      a.invoiceNumber.localeCompare(b.invoiceNumber),
  );
}

function listBillRegisterRows(db: Database, filter: ReportFilter) {
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
      reversedBy: creditNotes.number,
      creditNoteFor: sql<{ invoiceNumber: string; invoiceDate: string } | null>`null`,
    })
    .from(bills)
    .innerJoin(workOrders, eq(workOrders.id, bills.workOrderId))
    .innerJoin(customers, eq(customers.id, workOrders.customerId))
    .leftJoin(creditNotes, eq(creditNotes.billId, bills.id))
    .where(invoicesIn(filter))
    .orderBy(asc(bills.invoiceDate), asc(bills.invoiceNumber));
}
export type RegisterRowData = Awaited<ReturnType<typeof listBillRegisterRows>>[number];

/**
 * Credit notes dated in the range (decision 041): each a row of its own, its values negative,
 * naming the invoice it reverses; the recipient is the invoice's as printed.
 */
function listCreditNoteRegisterRows(
  db: Database,
  filter: ReportFilter,
): Promise<RegisterRowData[]> {
  const negative = (column: SQL | AnyColumn) => sql<number>`(-${column})::bigint`.mapWith(Number);
  return db
    .select({
      billId: bills.id,
      invoiceNumber: creditNotes.number,
      invoiceDate: creditNotes.date,
      kind: bills.invoiceKind,
      customerName: sql<string>`coalesce(${bills.recipient}->>'name', ${customers.name})`,
      customerGstin: sql<
        string | null
      >`coalesce(nullif(${bills.recipient}->>'gstin', ''), ${customers.gstin})`,
      placeOfSupply: bills.placeOfSupply,
      taxablePaise: negative(creditNotes.taxablePaise),
      igstPaise: negative(creditNotes.igstPaise),
      cgstPaise: negative(creditNotes.cgstPaise),
      sgstPaise: negative(creditNotes.sgstPaise),
      roundOffPaise: negative(creditNotes.roundOffPaise),
      totalPaise: negative(creditNotes.totalPaise),
      cancelledAt: sql<Date | null>`null`,
      reversedBy: sql<string | null>`null`,
      creditNoteFor: sql<{
        invoiceNumber: string;
        invoiceDate: string;
      } | null>`json_build_object('invoiceNumber', ${bills.invoiceNumber}, 'invoiceDate', ${bills.invoiceDate})`,
    })
    .from(creditNotes)
    .innerJoin(bills, eq(bills.id, creditNotes.billId))
    .innerJoin(workOrders, eq(workOrders.id, bills.workOrderId))
    .innerJoin(customers, eq(customers.id, workOrders.customerId))
    .where(
      and(
        sql`${creditNotes.date} >= ${filter.from}`,
        sql`${creditNotes.date} <= ${filter.to}`,
        filter.branchId ? eq(creditNotes.branchId, filter.branchId) : undefined,
      ),
    )
    .orderBy(asc(creditNotes.date), asc(creditNotes.number));
}

/**
 * Maintenance contracts' invoices (issue 23, decision 035), numbered in the same series: the
 * register lists them beside the bills so the series has no gap. Never cancelled yet.
 */
function contractInvoicesIn(filter: ReportFilter): SQL | undefined {
  return and(
    sql`${amcInvoices.invoiceDate} >= ${filter.from}`,
    sql`${amcInvoices.invoiceDate} <= ${filter.to}`,
    filter.branchId ? eq(amcInvoices.branchId, filter.branchId) : undefined,
  );
}

function listContractRegisterRows(db: Database, filter: ReportFilter): Promise<RegisterRowData[]> {
  return db
    .select({
      billId: amcInvoices.id,
      invoiceNumber: amcInvoices.invoiceNumber,
      invoiceDate: amcInvoices.invoiceDate,
      kind: amcInvoices.invoiceKind,
      customerName: sql<string>`coalesce(${amcInvoices.recipient}->>'name', '')`,
      customerGstin: sql<string | null>`nullif(${amcInvoices.recipient}->>'gstin', '')`,
      placeOfSupply: amcInvoices.placeOfSupply,
      taxablePaise: amcInvoices.taxablePaise,
      igstPaise: amcInvoices.igstPaise,
      cgstPaise: amcInvoices.cgstPaise,
      sgstPaise: amcInvoices.sgstPaise,
      roundOffPaise: amcInvoices.roundOffPaise,
      totalPaise: amcInvoices.totalPaise,
      cancelledAt: sql<Date | null>`null`,
      reversedBy: sql<string | null>`null`,
      creditNoteFor: sql<{ invoiceNumber: string; invoiceDate: string } | null>`null`,
    })
    .from(amcInvoices)
    .where(contractInvoicesIn(filter))
    .orderBy(asc(amcInvoices.invoiceDate), asc(amcInvoices.invoiceNumber));
}

/**
 * The rate a line was charged: its item's, except on a bill of supply, which charges none
 * (an 18 % row with no tax would tell the accountant something that never happened).
 */
const chargedRateBp = sql<
  number | null
>`case when ${bills.invoiceKind} = 'bill-of-supply' then 0 else ${billLines.gstRateBp} end`;

/**
 * The lines of the invoices the register counts (uncancelled, or reversed by a credit note)
 * summed by HSN/SAC, rate charged, unit and kind of item (the unit and kind decide the UQC,
 * which the service merges on); and the credit notes' lines, negative, in groups of their own.
 */
export async function listHsnGroups(db: Database, filter: ReportFilter) {
  const [billGroups, contractGroups, noteGroups] = await Promise.all([
    listBillHsnGroups(db, filter),
    listContractHsnGroups(db, filter),
    listCreditNoteHsnGroups(db, filter),
  ]);
  return [...billGroups, ...contractGroups, ...noteGroups];
}

function listBillHsnGroups(db: Database, filter: ReportFilter) {
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
      creditNote: sql<boolean>`false`,
    })
    .from(billLines)
    .innerJoin(bills, eq(bills.id, billLines.billId))
    .innerJoin(workOrders, eq(workOrders.id, bills.workOrderId))
    .where(
      and(
        invoicesIn(filter),
        or(
          isNull(bills.cancelledAt),
          sql`exists (select 1 from ${creditNotes} where ${creditNotes.billId} = ${bills.id})`,
        ),
      ),
    )
    .groupBy(billLines.hsnSac, chargedRateBp, billLines.unit, billLines.type);
}
export type HsnGroupData = Awaited<ReturnType<typeof listBillHsnGroups>>[number];

/** The lines credit notes dated in the range took back, negative, grouped as the bills' are. */
function listCreditNoteHsnGroups(db: Database, filter: ReportFilter): Promise<HsnGroupData[]> {
  const taken = (column: SQL | typeof creditNoteLines.quantity) =>
    sql<string>`coalesce(-sum(${column}), 0)`;
  return db
    .select({
      hsnSac: creditNoteLines.hsnSac,
      gstRateBp: creditNoteLines.gstRateBp,
      unit: creditNoteLines.unit,
      type: creditNoteLines.type,
      names: sql<string[]>`array_agg(distinct ${creditNoteLines.name})`,
      quantity: taken(creditNoteLines.quantity),
      taxablePaise: taken(sql`${creditNoteLines.taxablePaise}`),
      igstPaise: taken(sql`${creditNoteLines.igstPaise}`),
      cgstPaise: taken(sql`${creditNoteLines.cgstPaise}`),
      sgstPaise: taken(sql`${creditNoteLines.sgstPaise}`),
      creditNote: sql<boolean>`true`,
    })
    .from(creditNoteLines)
    .innerJoin(creditNotes, eq(creditNotes.id, creditNoteLines.creditNoteId))
    .where(
      and(
        sql`${creditNotes.date} >= ${filter.from}`,
        sql`${creditNotes.date} <= ${filter.to}`,
        filter.branchId ? eq(creditNotes.branchId, filter.branchId) : undefined,
      ),
    )
    .groupBy(
      creditNoteLines.hsnSac,
      creditNoteLines.gstRateBp,
      creditNoteLines.unit,
      creditNoteLines.type,
    );
}

/** Contract invoices as one service line each (SAC, the rate charged), for the HSN summary. */
function listContractHsnGroups(db: Database, filter: ReportFilter): Promise<HsnGroupData[]> {
  const rate = sql<
    number | null
  >`case when ${amcInvoices.invoiceKind} = 'bill-of-supply' then 0 else ${amcInvoices.gstRateBp} end`;
  const sum = (column: SQL) => sql<string>`coalesce(sum(${column}), 0)`;
  return db
    .select({
      hsnSac: sql<string | null>`${amcInvoices.hsnSac}`,
      gstRateBp: rate,
      unit: sql<string>`'Service'`,
      type: sql<'service'>`'service'`,
      names: sql<string[]>`array['Annual maintenance contract']`,
      quantity: sql<string>`count(*)`,
      taxablePaise: sum(sql`${amcInvoices.taxablePaise}`),
      igstPaise: sum(sql`${amcInvoices.igstPaise}`),
      cgstPaise: sum(sql`${amcInvoices.cgstPaise}`),
      sgstPaise: sum(sql`${amcInvoices.sgstPaise}`),
      creditNote: sql<boolean>`false`,
    })
    .from(amcInvoices)
    .where(contractInvoicesIn(filter))
    .groupBy(amcInvoices.hsnSac, rate);
}
