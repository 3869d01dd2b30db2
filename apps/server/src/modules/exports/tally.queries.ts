import { addDays } from '@karya/domain/amc';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { businessProfile } from '../../db/schema';

/** The instants an India day range covers: from its first midnight to the midnight after. */
export interface TallyWindow {
  from: string;
  to: string;
  branchId: string | undefined;
}

const startOf = (day: string) => `${day}T00:00:00+05:30`;
const afterOf = (day: string) => `${addDays(day, 1)}T00:00:00+05:30`;

async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

const inBranch = (column: SQL, branchId: string | undefined) =>
  branchId ? sql`and ${column} = ${branchId}::uuid` : sql``;

/** The Business Profile's Tally ledger names (none before the profile is first saved). */
export async function profileLedgers(db: Database) {
  const [row] = await db
    .select({
      sales: businessProfile.tallySalesLedger,
      cgst: businessProfile.tallyCgstLedger,
      sgst: businessProfile.tallySgstLedger,
      igst: businessProfile.tallyIgstLedger,
      roundOff: businessProfile.tallyRoundOffLedger,
      cash: businessProfile.tallyCashLedger,
      bank: businessProfile.tallyBankLedger,
    })
    .from(businessProfile)
    .limit(1);
  return row;
}

export interface InvoiceRow {
  id: string;
  source: 'bill' | 'amc';
  invoiceNumber: string;
  invoiceDate: string;
  invoiceKind: string;
  recipient: unknown;
  placeOfSupply: string | null;
  cgst: string | number;
  sgst: string | number;
  igst: string | number;
  total: string | number;
  cancelled: boolean;
  cancellationReason: string | null;
  hasCreditNote: boolean;
}

/** Bills' and contracts' invoices dated in the range, cancelled ones too. */
export function invoicesIn(db: Database, window: TallyWindow): Promise<InvoiceRow[]> {
  return rowsOf(
    db,
    sql`
    select x.id::text as id, 'bill' as source, x.invoice_number as "invoiceNumber",
      x.invoice_date as "invoiceDate", x.invoice_kind::text as "invoiceKind", x.recipient,
      x.place_of_supply as "placeOfSupply", x.cgst_paise as cgst, x.sgst_paise as sgst,
      x.igst_paise as igst, x.total_paise as total, x.cancelled_at is not null as cancelled,
      x.cancellation_reason as "cancellationReason",
      exists (select 1 from credit_notes n where n.bill_id = x.id) as "hasCreditNote"
    from bills x join work_orders w on w.id = x.work_order_id
    where x.invoice_number is not null
      and x.invoice_date between ${window.from} and ${window.to}
      ${inBranch(sql`w.branch_id`, window.branchId)}
    union all
    select i.id::text, 'amc', i.invoice_number, i.invoice_date, i.invoice_kind::text, i.recipient,
      i.place_of_supply, i.cgst_paise, i.sgst_paise, i.igst_paise, i.total_paise, false, null, false
    from amc_invoices i
    where i.invoice_date between ${window.from} and ${window.to}
      ${inBranch(sql`i.branch_id`, window.branchId)}
    order by "invoiceDate", "invoiceNumber"`,
  );
}

export interface LineRow {
  ownerId: string;
  name: string;
  hsnSac: string | null;
  quantity: number;
  unit: string;
  gstRateBp: number | null;
  taxable: string | number;
}

/** The lines of the bills named, in their order. */
export function billLinesOf(db: Database, billIds: readonly string[]): Promise<LineRow[]> {
  if (billIds.length === 0) return Promise.resolve([]);
  return rowsOf(
    db,
    sql`
    select l.bill_id::text as "ownerId", l.name, l.hsn_sac as "hsnSac", l.quantity, l.unit,
      l.gst_rate_bp as "gstRateBp", l.taxable_paise as taxable
    from bill_lines l
    where l.bill_id in (${sql.join(
      billIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
    order by l.bill_id, l.position`,
  );
}

/** A contract invoice is one line: the term's service. */
export function amcLinesOf(db: Database, invoiceIds: readonly string[]): Promise<LineRow[]> {
  if (invoiceIds.length === 0) return Promise.resolve([]);
  return rowsOf(
    db,
    sql`
    select i.id::text as "ownerId", i.description as name, i.hsn_sac as "hsnSac", 1 as quantity,
      'Service' as unit, i.gst_rate_bp as "gstRateBp", i.taxable_paise as taxable
    from amc_invoices i
    where i.id in (${sql.join(
      invoiceIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
}

export interface CreditNoteRow {
  id: string;
  number: string;
  date: string;
  reason: string;
  invoiceNumber: string;
  invoiceDate: string;
  recipient: unknown;
  placeOfSupply: string | null;
  cgst: string | number;
  sgst: string | number;
  igst: string | number;
  total: string | number;
}

export function creditNotesIn(db: Database, window: TallyWindow): Promise<CreditNoteRow[]> {
  return rowsOf(
    db,
    sql`
    select n.id::text as id, n.number, n.date, n.reason, x.invoice_number as "invoiceNumber",
      x.invoice_date as "invoiceDate", x.recipient, x.place_of_supply as "placeOfSupply",
      n.cgst_paise as cgst, n.sgst_paise as sgst, n.igst_paise as igst, n.total_paise as total
    from credit_notes n join bills x on x.id = n.bill_id
    where n.date between ${window.from} and ${window.to}
      ${inBranch(sql`n.branch_id`, window.branchId)}
    order by n.date, n.number`,
  );
}

export function creditNoteLinesOf(db: Database, noteIds: readonly string[]): Promise<LineRow[]> {
  if (noteIds.length === 0) return Promise.resolve([]);
  return rowsOf(
    db,
    sql`
    select l.credit_note_id::text as "ownerId", l.name, l.hsn_sac as "hsnSac", l.quantity, l.unit,
      l.gst_rate_bp as "gstRateBp", l.taxable_paise as taxable
    from credit_note_lines l
    where l.credit_note_id in (${sql.join(
      noteIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
    order by l.credit_note_id, l.position`,
  );
}

export interface MoneyRow {
  kind: 'receipt' | 'refund';
  number: string;
  day: string;
  amount: string | number;
  method: 'cash' | 'online';
  transactionId: string | null;
  invoiceNumber: string;
  recipient: unknown;
  /** The customer's name, for a bill with no printed recipient (an opening due, decision 050). */
  customerName: string | null;
}

const indiaDay = (column: SQL) =>
  sql`to_char((${column} at time zone 'UTC') + interval '330 minutes', 'YYYY-MM-DD')`;

/**
 * Receipts of bills and contract invoices received in the range, and refunds given. An advance
 * kept from a cancelled invoice and applied to its correction came under its first receipt,
 * already exported: it is no new money.
 */
export function moneyIn(db: Database, window: TallyWindow): Promise<MoneyRow[]> {
  const start = startOf(window.from);
  const end = afterOf(window.to);
  return rowsOf(
    db,
    sql`
    select 'receipt' as kind, p.receipt_number as number, ${indiaDay(sql`p.received_at`)} as day,
      p.amount_paise as amount, p.method::text as method, p.transaction_id as "transactionId",
      coalesce(x.invoice_number, x.bill_number) as "invoiceNumber", x.recipient,
      c.name as "customerName"
    from bill_payments p
      join bills x on x.id = p.bill_id
      join work_orders w on w.id = x.work_order_id
      join customers c on c.id = w.customer_id
    where p.advance_of_bill_id is null
      and p.received_at >= ${start}::timestamptz and p.received_at < ${end}::timestamptz
      ${inBranch(sql`w.branch_id`, window.branchId)}
    union all
    select 'receipt', p.receipt_number, ${indiaDay(sql`p.received_at`)}, p.amount_paise,
      p.method::text, p.transaction_id, i.invoice_number, i.recipient, null
    from amc_invoice_payments p join amc_invoices i on i.id = p.invoice_id
    where p.received_at >= ${start}::timestamptz and p.received_at < ${end}::timestamptz
      ${inBranch(sql`i.branch_id`, window.branchId)}
    union all
    select 'refund', r.voucher_number, ${indiaDay(sql`r.refunded_at`)}, r.amount_paise,
      r.method::text, r.transaction_id, coalesce(x.invoice_number, x.bill_number), x.recipient,
      c.name
    from bill_refunds r
      join bills x on x.id = r.bill_id
      join work_orders w on w.id = x.work_order_id
      join customers c on c.id = w.customer_id
    where r.refunded_at >= ${start}::timestamptz and r.refunded_at < ${end}::timestamptz
      ${inBranch(sql`w.branch_id`, window.branchId)}
    order by day, number`,
  );
}
