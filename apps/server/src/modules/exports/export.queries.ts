import type { ExportKind } from '@karya/domain/export-schemas';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/**
 * One page of a kind's rows after a key, in key order: keyset paging on a unique column, so
 * each page is an index range however deep into a million rows it is, and nothing but the page
 * is held (issue 36). Every row carries its key as `_key`.
 */
export interface ExportPageQuery {
  branchId: string | undefined;
  after: string;
  limit: number;
}

interface KindQuery {
  /** Where paging starts: below every key. */
  first: string;
  page(query: ExportPageQuery): SQL;
}

const FIRST_UUID = '00000000-0000-0000-0000-000000000000';

/** A timestamp's India day, 'YYYY-MM-DD'. */
const istDay = (column: SQL) =>
  sql`to_char((${column} at time zone 'UTC') + interval '330 minutes', 'YYYY-MM-DD')`;

/** A timestamp as India's wall clock, 'YYYY-MM-DD HH:MM' (India keeps no summer time). */
const ist = (column: SQL) =>
  sql`to_char((${column} at time zone 'UTC') + interval '330 minutes', 'YYYY-MM-DD HH24:MI')`;

const inBranch = (column: SQL, branchId: string | undefined) =>
  branchId ? sql`and ${column} = ${branchId}::uuid` : sql``;

const contacts = (table: 'customers' | 'leads'): KindQuery => ({
  first: FIRST_UUID,
  page: ({ branchId, after, limit }) => sql`
    select c.id::text as "_key", c.name, c.phone_number as "phoneNumber",
      c.whatsapp_number as "whatsappNumber", c.email, c.address, c.age,
      c.state_code as "stateCode", c.gstin, c.status::text as status,
      ${table === 'leads' ? sql`c.initial_remark` : sql`null`} as remark,
      b.name as branch, ${ist(sql`c.created_at`)} as "createdAt"
    from ${sql.raw(table)} c join branches b on b.id = c.branch_id
    where c.id > ${after}::uuid ${inBranch(sql`c.branch_id`, branchId)}
      ${table === 'leads' ? sql`and c.converted_at is null` : sql``}
    order by c.id limit ${limit}`,
});

const QUERIES: Readonly<Record<ExportKind, KindQuery>> = {
  customers: contacts('customers'),
  leads: contacts('leads'),
  // The catalogue is the business's, shared by every branch.
  items: {
    first: '',
    page: ({ after, limit }) => sql`
      select i.code as "_key", i.code, i.type::text as type, i.name, i.unit, i.warranty,
        i.mrp_paise as mrp, i.purchase_price_paise as "purchasePrice",
        i.sale_price_paise as "salePrice", i.hsn_sac as "hsnSac",
        i.gst_rate_bp / 100.0 as "gstRate", i.price_includes_tax as "priceIncludesTax"
      from inventory_items i
      where i.code > ${after} order by i.code limit ${limit}`,
  },
  // A branch's shelf as the opening-stock import takes it: one row a serial, one row per
  // generic item with its quantity. Services hold no stock.
  stock: {
    first: '',
    page: ({ branchId, after, limit }) => sql`
      select * from (
        select b.name || chr(1) || i.code || chr(1) || s.serial_number as "_key", b.name as branch,
          i.code, i.name, i.type::text as type, s.serial_number as "serialNumber", 1 as quantity,
          i.purchase_price_paise as "purchasePrice", i.sale_price_paise as "salePrice"
        from serial_units s
          join inventory_items i on i.id = s.item_id
          join branches b on b.id = s.branch_id
        where s.location = 'branch' ${inBranch(sql`s.branch_id`, branchId)}
        union all
        select b.name || chr(1) || i.code || chr(1) as "_key", b.name as branch,
          i.code, i.name, i.type::text as type, null as "serialNumber", bs.quantity,
          i.purchase_price_paise as "purchasePrice", i.sale_price_paise as "salePrice"
        from branch_stock bs
          join inventory_items i on i.id = bs.item_id
          join branches b on b.id = bs.branch_id
        where i.type = 'generic-product' and bs.quantity > 0 ${inBranch(sql`bs.branch_id`, branchId)}
      ) shelf
      where "_key" collate "C" > ${after} order by "_key" collate "C" limit ${limit}`,
  },
  technicians: {
    first: FIRST_UUID,
    page: ({ branchId, after, limit }) => sql`
      select u.id::text as "_key", u.first_name as "firstName", u.last_name as "lastName",
        u.username, u.email, u.phone, u.status::text as status, b.name as branch,
        ${ist(sql`u.created_at`)} as "createdAt"
      from users u left join branches b on b.id = u.branch_id
      where u.role = 'technician' and u.id > ${after}::uuid ${inBranch(sql`u.branch_id`, branchId)}
      order by u.id limit ${limit}`,
  },
  'work-orders': {
    first: '',
    page: ({ branchId, after, limit }) => sql`
      select w.order_id as "_key", w.order_id as "orderId", w.project_id as "projectId",
        w.project_type as "projectType", w.project_category::text as category,
        w.status::text as status, c.name as customer, c.phone_number as "customerPhone",
        nullif(trim(coalesce(t.first_name, '') || ' ' || coalesce(t.last_name, '')), '') as technician,
        w.initial_remark as remark, b.name as branch, ${ist(sql`w.created_at`)} as "createdAt",
        ${ist(sql`w.completed_at`)} as "completedAt"
      from work_orders w
        join customers c on c.id = w.customer_id
        join branches b on b.id = w.branch_id
        left join users t on t.id = w.technician_id
      where w.order_id > ${after} ${inBranch(sql`w.branch_id`, branchId)}
      order by w.order_id limit ${limit}`,
  },
  bills: {
    first: FIRST_UUID,
    page: ({ branchId, after, limit }) => sql`
      select x.id::text as "_key", x.bill_number as "billNumber",
        x.invoice_number as "invoiceNumber", x.invoice_date as "invoiceDate",
        x.invoice_kind::text as "invoiceKind", w.order_id as "orderId", c.name as customer,
        nullif(trim(coalesce(t.first_name, '') || ' ' || coalesce(t.last_name, '')), '') as technician,
        case when x.cancelled_at is not null then 'cancelled'
             when x.rejected_at is not null then 'rejected'
             when x.paid_at is not null then 'confirmed' else 'pending' end as status,
        x.payment_status::text as "paymentStatus", x.payment_method::text as "paymentMethod",
        x.taxable_paise as taxable, x.cgst_paise as cgst, x.sgst_paise as sgst,
        x.igst_paise as igst, x.round_off_paise as "roundOff", x.total_paise as total,
        x.paid_paise as paid, b.name as branch, ${ist(sql`x.created_at`)} as "createdAt"
      from bills x
        join work_orders w on w.id = x.work_order_id
        join customers c on c.id = w.customer_id
        join branches b on b.id = w.branch_id
        left join users t on t.id = x.technician_id
      where x.id > ${after}::uuid ${inBranch(sql`w.branch_id`, branchId)}
      order by x.id limit ${limit}`,
  },
  // Receipts of bills and of contract invoices, one list as the accountant reads them.
  payments: {
    first: '',
    page: ({ branchId, after, limit }) => sql`
      select * from (
        select 'b' || p.id::text as "_key", p.receipt_number as "receiptNumber",
          ${ist(sql`p.received_at`)} as "receivedAt", p.amount_paise as amount,
          p.method::text as method, p.transaction_id as "transactionId",
          coalesce(x.invoice_number, x.bill_number) as "invoiceNumber",
          case when p.advance_of_bill_id is null then 'Bill' else 'Bill (advance kept)' end as source,
          c.name as customer, b.name as branch
        from bill_payments p
          join bills x on x.id = p.bill_id
          join work_orders w on w.id = x.work_order_id
          join customers c on c.id = w.customer_id
          join branches b on b.id = w.branch_id
        where true ${inBranch(sql`w.branch_id`, branchId)}
        union all
        select 'a' || p.id::text, p.receipt_number, ${ist(sql`p.received_at`)}, p.amount_paise,
          p.method::text, p.transaction_id, i.invoice_number, 'AMC contract', c.name, b.name
        from amc_invoice_payments p
          join amc_invoices i on i.id = p.invoice_id
          join amc_contracts k on k.id = i.contract_id
          join customers c on c.id = k.customer_id
          join branches b on b.id = i.branch_id
        where true ${inBranch(sql`i.branch_id`, branchId)}
      ) paid
      where "_key" collate "C" > ${after} order by "_key" collate "C" limit ${limit}`,
  },
  'amc-contracts': {
    first: FIRST_UUID,
    page: ({ branchId, after, limit }) => sql`
      select k.id::text as "_key", k.contract_number as "contractNumber", c.name as customer,
        c.phone_number as "customerPhone", k.project_type as "projectType",
        k.start_date::text as "startDate", k.term_months as "termMonths",
        k.visits_per_term as "visitsPerTerm", k.price_paise as price,
        k.price_includes_tax as "priceIncludesTax", k.gst_rate_bp / 100.0 as "gstRate",
        k.coverage::text as coverage, k.billing::text as billing,
        array_to_string(array(select jsonb_array_elements_text(k.serial_numbers)), ', ') as "serialNumbers",
        k.notes, k.status::text as status, k.end_date::text as "endDate", b.name as branch
      from amc_contracts k
        join customers c on c.id = k.customer_id
        join branches b on b.id = k.branch_id
      where k.id > ${after}::uuid ${inBranch(sql`k.branch_id`, branchId)}
      order by k.id limit ${limit}`,
  },
  // What Outstanding Dues lists: confirmed, uncancelled invoices and contract invoices still owed.
  dues: {
    first: '',
    page: ({ branchId, after, limit }) => sql`
      select * from (
        select 'b' || x.id::text as "_key",
          coalesce(x.invoice_number, x.bill_number) as "invoiceNumber",
          coalesce(x.invoice_date, ${istDay(sql`x.paid_at`)}) as "invoiceDate", c.name as customer, c.phone_number as "customerPhone",
          x.total_paise as total, x.paid_paise as paid, x.total_paise - x.paid_paise as due,
          'Bill' as source, b.name as branch
        from bills x
          join work_orders w on w.id = x.work_order_id
          join customers c on c.id = w.customer_id
          join branches b on b.id = w.branch_id
        where x.paid_at is not null and x.cancelled_at is null and x.paid_paise < x.total_paise
          ${inBranch(sql`w.branch_id`, branchId)}
        union all
        select 'a' || i.id::text, i.invoice_number, i.invoice_date, c.name, c.phone_number,
          i.total_paise, i.paid_paise, i.total_paise - i.paid_paise, 'AMC contract', b.name
        from amc_invoices i
          join amc_contracts k on k.id = i.contract_id
          join customers c on c.id = k.customer_id
          join branches b on b.id = i.branch_id
        where i.paid_paise < i.total_paise ${inBranch(sql`i.branch_id`, branchId)}
      ) owed
      where "_key" collate "C" > ${after} order by "_key" collate "C" limit ${limit}`,
  },
};

export type ExportRow = Record<string, unknown> & { _key: string };

export const firstKeyOf = (kind: ExportKind) => QUERIES[kind].first;

export async function exportPage(
  db: Database,
  kind: ExportKind,
  query: ExportPageQuery,
): Promise<ExportRow[]> {
  const result = await db.execute(QUERIES[kind].page(query));
  return (result as unknown as { rows: ExportRow[] }).rows;
}
