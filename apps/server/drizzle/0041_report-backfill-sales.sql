CREATE INDEX "amc_invoice_payments_received_idx" ON "amc_invoice_payments" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "bill_payments_received_idx" ON "bill_payments" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "bills_cancelled_idx" ON "bills" USING btree ("cancelled_at") WHERE "bills"."cancelled_at" is not null;--> statement-breakpoint
/*
 * Issue 38: report_daily_sales from the rows already there, exactly what the writers
 * (modules/report-rollups, called by billing and contracts) add from now on, per branch and
 * India day:
 * - invoiced: what the GST sales register counts (gst-reports.queries.ts): each numbered
 *   invoice on its invoice date in its order's branch, unless cancelled without a credit note;
 *   each credit note negative on its own date in its branch; each contract invoice on its date.
 *   Opening dues (no invoice number, decision 050) are left out, as the register leaves them.
 * - collected: every receipt on the India day it was received, in the bill's branch (or the
 *   contract invoice's), cash or online (UPI); refunds out on their day. A payment that carries
 *   a cancelled invoice's advance to the corrected one (advance_of_bill_id) is not new money:
 *   it was counted when received.
 * All-zero rows are not written: the report reads only rows with a figure.
 */
insert into "report_daily_sales" (
  "branch_id", "day",
  "invoiced_taxable_paise", "invoiced_tax_paise", "invoiced_total_paise",
  "collected_cash_paise", "collected_upi_paise"
)
select "branch_id", "day", sum("taxable"), sum("tax"), sum("total"), sum("cash"), sum("upi")
from (
  select wo."branch_id", b."invoice_date"::date as "day",
    b."taxable_paise" as "taxable", b."igst_paise" + b."cgst_paise" + b."sgst_paise" as "tax",
    b."total_paise" as "total", 0::bigint as "cash", 0::bigint as "upi"
  from "bills" b
  join "work_orders" wo on wo."id" = b."work_order_id"
  where b."invoice_number" is not null
    and (b."cancelled_at" is null
      or exists (select 1 from "credit_notes" cn where cn."bill_id" = b."id"))
  union all
  select cn."branch_id", cn."date"::date,
    -cn."taxable_paise", -(cn."igst_paise" + cn."cgst_paise" + cn."sgst_paise"), -cn."total_paise",
    0, 0
  from "credit_notes" cn
  union all
  select ai."branch_id", ai."invoice_date"::date,
    ai."taxable_paise", ai."igst_paise" + ai."cgst_paise" + ai."sgst_paise", ai."total_paise",
    0, 0
  from "amc_invoices" ai
  union all
  select wo."branch_id", (p."received_at" at time zone 'Asia/Kolkata')::date, 0, 0, 0,
    case when p."method" = 'cash' then p."amount_paise" else 0 end,
    case when p."method" = 'cash' then 0 else p."amount_paise" end
  from "bill_payments" p
  join "bills" b on b."id" = p."bill_id"
  join "work_orders" wo on wo."id" = b."work_order_id"
  where p."advance_of_bill_id" is null
  union all
  select wo."branch_id", (r."refunded_at" at time zone 'Asia/Kolkata')::date, 0, 0, 0,
    case when r."method" = 'cash' then -r."amount_paise" else 0 end,
    case when r."method" = 'cash' then 0 else -r."amount_paise" end
  from "bill_refunds" r
  join "bills" b on b."id" = r."bill_id"
  join "work_orders" wo on wo."id" = b."work_order_id"
  union all
  select ai."branch_id", (ap."received_at" at time zone 'Asia/Kolkata')::date, 0, 0, 0,
    case when ap."method" = 'cash' then ap."amount_paise" else 0 end,
    case when ap."method" = 'cash' then 0 else ap."amount_paise" end
  from "amc_invoice_payments" ap
  join "amc_invoices" ai on ai."id" = ap."invoice_id"
) as "figures"
group by "branch_id", "day"
having sum("taxable") <> 0 or sum("tax") <> 0 or sum("total") <> 0
  or sum("cash") <> 0 or sum("upi") <> 0;
