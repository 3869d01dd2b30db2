import { PAYMENT_HISTORY_STATUS } from '@karya/domain/bill-schemas';
import type { WorkOrderDetail } from '@karya/domain/work-order-schemas';
import { Param, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';

/** As JavaScript's toISOString(): UTC, milliseconds (truncated, as the drivers' Dates are). */
const iso = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The user `id` names as a person reference (null when it names nobody). Scalar subqueries
 * are planned on their own, so the statement's join search stays at four relations: joined,
 * eight tables took milliseconds to plan at a million orders (decision 009).
 */
const person = (id: string, extra = '') =>
  `(select json_build_object('_id', u.id, 'firstName', u.first_name, 'lastName', u.last_name${extra})
    from users u where u.id = ${id})`;

/** A column of the linked order `id`, or null. */
const linked = (column: string, id: string) =>
  `(select l.${column} from work_orders l where l.id = ${id})`;

/**
 * Each order's whole WorkOrderDetail, built by PostgreSQL as one json value, in the order of
 * the page's ids ($1): the order with its customer, branch, people and linked orders, its
 * history (oldest first) and confirmed bills, and what derives from them (rejection, pause,
 * payment). One statement for a page; Node only parses the json (issue 17).
 */
const ANSWERS = `
select json_build_object(
  '_id', w.id,
  'orderId', w.order_id,
  'projectId', w.project_id,
  'projectType', w.project_type,
  'projectCategory', w.project_category,
  'status', w.status,
  'customerId', w.customer_id,
  'customerName', c.name,
  'customerPhone', c.phone_number,
  'customerWhatsapp', c.whatsapp_number,
  'customerAddress', c.address,
  'location', c.address,
  'branch', json_build_object('_id', b.id, 'name', b.name),
  'branchName', b.name,
  'technician', ${person('w.technician_id', ", 'phoneNumber', u.phone, 'username', u.username")},
  'originalTechnician', ${person('w.original_technician_id', ", 'phoneNumber', u.phone")},
  'approvedBy', ${person('w.approved_by')},
  'existingProjectId', w.existing_project_id,
  'projectCreatedAt', ${iso(`coalesce(${linked('created_at', 'w.existing_project_id')}, w.created_at)`)},
  'projectCompletedAt', ${iso(linked('completed_at', 'w.existing_project_id'))},
  'transferredFromOrderId', ${linked('order_id', 'w.transferred_from_id')},
  'initialRemark', w.initial_remark,
  'instructions', w.instructions,
  'assignedAt', ${iso('w.assigned_at')},
  'completedAt', ${iso('w.completed_at')},
  'createdAt', ${iso('w.created_at')},
  'updatedAt', ${iso('w.updated_at')},
  'statusHistory', coalesce(h.entries, '[]'::json),
  'billingInfo', coalesce(pb.entries, '[]'::json),
  'paymentDone', pb.entries is not null or coalesce(h.paid, false),
  'rejectReason', h.reject_reason,
  'rejectDate', h.reject_date,
  'rejectHistory', coalesce(h.rejections, '[]'::json),
  'pauseReason', case when w.status = 'paused' then h.pause_reason end,
  'pausedAt', case when w.status = 'paused' then h.paused_at end
) as answer
from unnest($ids::uuid[]) with ordinality as page(id, n)
join work_orders w on w.id = page.id
join customers c on c.id = w.customer_id
join branches b on b.id = w.branch_id
left join lateral (
  select
    json_agg(json_build_object(
      'status', e.status, 'remark', e.remark, 'updatedAt', e.at_text, 'updatedBy', e.author
    ) order by e.updated_at, e.id) as entries,
    json_agg(json_build_object('reason', e.remark, 'rejectedAt', e.at_text, 'rejectedBy', e.author)
      order by e.updated_at, e.id) filter (where e.status = 'rejected') as rejections,
    (array_agg(e.remark order by e.updated_at desc, e.id desc)
      filter (where e.status = 'rejected'))[1] as reject_reason,
    (array_agg(e.at_text order by e.updated_at desc, e.id desc)
      filter (where e.status = 'rejected'))[1] as reject_date,
    (array_agg(e.remark order by e.updated_at desc, e.id desc)
      filter (where e.status = 'paused'))[1] as pause_reason,
    (array_agg(e.at_text order by e.updated_at desc, e.id desc)
      filter (where e.status = 'paused'))[1] as paused_at,
    bool_or(e.status = '${PAYMENT_HISTORY_STATUS}') as paid
  from (
    select s.id, s.status, s.remark, s.updated_at, ${iso('s.updated_at')} as at_text,
      ${person('s.updated_by')} as author
    from work_order_status_history s
    where s.work_order_id = w.id
  ) as e
) as h on true
left join lateral (
  select json_agg(json_build_object(
    'billId', bl.id,
    'billNumber', coalesce(bl.bill_number, ''),
    'amount', (bl.total_paise / 100.0)::float8,
    'paidAmount', (bl.paid_paise / 100.0)::float8,
    'paymentStatus', bl.payment_status,
    'paymentMethod', bl.payment_method,
    'transactionId', bl.transaction_id,
    'paidAt', ${iso('bl.paid_at')}
  ) order by bl.paid_at, bl.id) as entries
  from bills bl
  where bl.work_order_id = w.id and bl.paid_at is not null
) as pb on true
order by page.n`;
const [BEFORE_IDS, AFTER_IDS] = ANSWERS.split('$ids') as [string, string];

/** The answers of the orders `ids`, in that order; ids of no order are left out. */
export async function workOrderAnswers(
  db: Database | Tx,
  ids: string[],
): Promise<WorkOrderDetail[]> {
  if (ids.length === 0) return [];
  const result = await db.execute(
    sql`${sql.raw(BEFORE_IDS)}${new Param(ids)}${sql.raw(AFTER_IDS)}`,
  );
  return (result as unknown as { rows: Array<{ answer: WorkOrderDetail }> }).rows.map(
    (row) => row.answer,
  );
}
