/*
 * Issue 38: report_daily_technician and report_daily_work from the rows already there, exactly
 * what the writers (modules/report-rollups, called by work-orders and billing) add from now on.
 * Both tables are emptied first: every figure is recomputed from the history, so a rollup a
 * writer filled between migrations 0040 and this one is not counted twice. Days are India days
 * of the history entry's time (the phone's when it was taken, else the transaction's now).
 *
 * Entries a reassignment order copied from the order it was transferred from (same status, time,
 * author and remark on its transferred_from order) are that first order's, counted there once.
 * An opening due's settled order (a New Installation completed without ever being sent for
 * approval, decision 050) is past business: neither opened nor completed.
 *
 * report_daily_work, per branch, day, project type and category:
 * - opened: every order on its creation day but a transfer's reassignment and a settled order;
 * - completed: every 'completed' entry (an approval, a complaint closed by its replacement).
 * report_daily_technician, per technician (the order's), branch and day:
 * - completed, minutes_on_job: each 'pending-approval' entry (sent for approval), with the
 *   order's minutes in progress: each 'in-progress' entry of the technician to the next status
 *   entry (entries that are no status, remarks, payments, messages, end nothing), rounded per order;
 * - approved: each 'completed' entry of an order that was sent for approval;
 * - transfers, rejections: each 'transferring' and 'rejected' entry not copied;
 * - billed_paise: each bill confirmed by its technician (paid_at), on that day, in the order's
 *   branch; a corrected invoice (corrects_bill_id) re-bills the same job and is not counted,
 *   a cancellation does not take a bill back, an opening due has no technician;
 * - completed_then_complained: each job sent for approval on an installation (the installation
 *   itself, or a repair or maintenance visit of it) that a complaint (a Repair order, not a
 *   transfer's reassignment) on the same installation followed within 30 days, once per job.
 */
delete from "report_daily_technician";
--> statement-breakpoint
delete from "report_daily_work";
--> statement-breakpoint
insert into "report_daily_work" ("branch_id", "day", "project_type", "project_category", "opened", "completed")
select "branch_id", "day", "project_type", "project_category", sum("opened"), sum("completed")
from (
  select wo."branch_id", (wo."created_at" at time zone 'Asia/Kolkata')::date as "day",
    wo."project_type", wo."project_category"::text as "project_category", 1 as "opened", 0 as "completed"
  from "work_orders" wo
  where wo."transferred_from_id" is null
    and not (wo."project_category" = 'New Installation' and wo."status" = 'completed'
      and not exists (select 1 from "work_order_status_history" pa
                      where pa."work_order_id" = wo."id" and pa."status" = 'pending-approval'))
  union all
  select wo."branch_id", (h."updated_at" at time zone 'Asia/Kolkata')::date,
    wo."project_type", wo."project_category"::text, 0, 1
  from "work_order_status_history" h
  join "work_orders" wo on wo."id" = h."work_order_id"
  where h."status" = 'completed'
    and not (wo."project_category" = 'New Installation'
      and not exists (select 1 from "work_order_status_history" pa
                      where pa."work_order_id" = wo."id" and pa."status" = 'pending-approval'))
) "figures"
group by "branch_id", "day", "project_type", "project_category";
--> statement-breakpoint
insert into "report_daily_technician" (
  "technician_id", "branch_id", "day", "completed", "approved", "minutes_on_job",
  "completed_then_complained", "billed_paise", "transfers", "rejections"
)
select "technician_id", "branch_id", "day", sum("completed"), sum("approved"), sum("minutes"),
  sum("complained"), sum("billed"), sum("transfers"), sum("rejections")
from (
  -- Sent for approval: the job, its minutes in progress, and whether a complaint followed.
  select wo."technician_id", wo."branch_id", (h."updated_at" at time zone 'Asia/Kolkata')::date as "day",
    1 as "completed", 0 as "approved", coalesce(m."minutes", 0)::bigint as "minutes",
    case when exists (
      select 1 from "work_orders" c
      where c."project_category" = 'Repair'
        and c."transferred_from_id" is null
        and c."existing_project_id" = coalesce(wo."existing_project_id", wo."id")
        and c."id" <> wo."id"
        and c."created_at" >= h."updated_at"
        and c."created_at" <= h."updated_at" + interval '30 days'
    ) then 1 else 0 end as "complained",
    0::bigint as "billed", 0 as "transfers", 0 as "rejections"
  from "work_order_status_history" h
  join "work_orders" wo on wo."id" = h."work_order_id"
  left join lateral (
    select round(extract(epoch from sum(e."next_at" - e."updated_at")) / 60)::bigint as "minutes"
    from (
      select s."status", s."updated_by", s."updated_at",
        lead(s."updated_at") over (order by s."updated_at", s."id") as "next_at"
      from "work_order_status_history" s
      where s."work_order_id" = wo."id"
        and s."status" in ('pending', 'assigned', 'in-progress', 'paused', 'pending-approval',
          'transferring', 'transferred', 'completed', 'rejected')
    ) e
    where e."status" = 'in-progress' and e."updated_by" = wo."technician_id" and e."next_at" is not null
  ) m on true
  where h."status" = 'pending-approval' and wo."technician_id" is not null
  union all
  -- Approved: the manager's approval of a job sent for approval.
  select wo."technician_id", wo."branch_id", (h."updated_at" at time zone 'Asia/Kolkata')::date,
    0, 1, 0, 0, 0, 0, 0
  from "work_order_status_history" h
  join "work_orders" wo on wo."id" = h."work_order_id"
  where h."status" = 'completed' and wo."technician_id" is not null
    and exists (select 1 from "work_order_status_history" pa
                where pa."work_order_id" = wo."id" and pa."status" = 'pending-approval')
  union all
  -- Transfers asked for and rejected, each counted on the order it happened on.
  select wo."technician_id", wo."branch_id", (h."updated_at" at time zone 'Asia/Kolkata')::date,
    0, 0, 0, 0, 0,
    case when h."status" = 'transferring' then 1 else 0 end,
    case when h."status" = 'rejected' then 1 else 0 end
  from "work_order_status_history" h
  join "work_orders" wo on wo."id" = h."work_order_id"
  where h."status" in ('transferring', 'rejected') and wo."technician_id" is not null
    and not exists (
      select 1 from "work_order_status_history" p
      where wo."transferred_from_id" is not null
        and p."work_order_id" = wo."transferred_from_id"
        and p."status" = h."status"
        and p."updated_at" = h."updated_at"
        and p."updated_by" is not distinct from h."updated_by"
        and p."remark" = h."remark")
  union all
  -- Bills confirmed by their technician.
  select b."technician_id", wo."branch_id", (b."paid_at" at time zone 'Asia/Kolkata')::date,
    0, 0, 0, 0, b."total_paise", 0, 0
  from "bills" b
  join "work_orders" wo on wo."id" = b."work_order_id"
  where b."paid_at" is not null and b."technician_id" is not null and b."corrects_bill_id" is null
) "figures"
group by "technician_id", "branch_id", "day";
