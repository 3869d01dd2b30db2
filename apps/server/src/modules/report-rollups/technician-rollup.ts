import { WORK_ORDER_STATUSES } from '@karya/domain/contact-schemas';
import { indiaDate } from '@karya/domain/financial-year';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { reportDailyTechnician } from '../../db/reports-schema';

/** History entries that change the status; the others (remarks, payments, messages) do not. */
const WORK_STATUS_LIST = sql.join(
  WORK_ORDER_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);

/**
 * What one write adds to a technician's India day in report_daily_technician (issue 38). A
 * figure left out adds nothing.
 */
export interface TechnicianDelta {
  completed?: number;
  approved?: number;
  minutesOnJob?: number;
  completedThenComplained?: number;
  billedPaise?: number;
  transfers?: number;
  rejections?: number;
}

/** Whose figures, in which branch, when: null is the transaction's now, as the history's. */
export interface TechnicianDayKey {
  technicianId: string;
  branchId: string;
  at: Date | null;
}

/**
 * The India day of an instant; null: the database's now (the transaction's start), the time a
 * history entry written without the phone's time carries, so the rollup and the history agree
 * on the day even when the app's clock and the database's differ.
 */
export const rollupDayOf = (at: Date | null) =>
  at ? sql`${indiaDate(at)}::date` : sql`(now() at time zone 'Asia/Kolkata')::date`;

const COLUMNS = [
  'completed',
  'approved',
  'minutesOnJob',
  'completedThenComplained',
  'billedPaise',
  'transfers',
  'rejections',
] as const satisfies readonly (keyof TechnicianDelta)[];

const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * Adds a write's figures to the technician's branch and India day, in the caller's transaction,
 * so the rollup commits or rolls back with the change it counts. One upsert that adds to what is
 * there: concurrent writers of the same day wait on the row, none overwrites another.
 */
export async function addDailyTechnician(
  db: Database,
  key: TechnicianDayKey,
  delta: TechnicianDelta,
): Promise<void> {
  const values = Object.fromEntries(COLUMNS.map((column) => [column, delta[column] ?? 0])) as {
    [K in (typeof COLUMNS)[number]]: number;
  };
  if (Object.values(values).every((value) => value === 0)) return;
  const set = Object.fromEntries(
    COLUMNS.map((column) => [
      column,
      sql.raw(`report_daily_technician.${snake(column)} + excluded.${snake(column)}`),
    ]),
  );
  await db
    .insert(reportDailyTechnician)
    .values({
      technicianId: key.technicianId,
      branchId: key.branchId,
      day: rollupDayOf(key.at),
      ...values,
    })
    .onConflictDoUpdate({
      target: [
        reportDailyTechnician.branchId,
        reportDailyTechnician.day,
        reportDailyTechnician.technicianId,
      ],
      set,
    });
}

/**
 * Minutes the order spent in progress under this technician, from its status history: each
 * 'in-progress' entry they made (a start or a resume) runs to the next status change, so a pause,
 * a transfer request and the wait for approval are left out, and remarks, payments and messages
 * (history entries that are no status) end nothing. A reassigned order carries its first
 * technician's entries; they are theirs, not this technician's. Rounded once per order, as the
 * backfill (migration 0042) rounds it.
 */
export async function minutesInProgress(
  db: Database,
  workOrderId: string,
  technicianId: string,
): Promise<number> {
  const result = await db.execute(sql`
    select coalesce(round(extract(epoch from sum(e.next_at - e.updated_at)) / 60), 0)::bigint as minutes
    from (
      select h.status, h.updated_by, h.updated_at,
             lead(h.updated_at) over (order by h.updated_at, h.id) as next_at
      from work_order_status_history h
      where h.work_order_id = ${workOrderId} and h.status in (${WORK_STATUS_LIST})
    ) e
    where e.status = 'in-progress' and e.updated_by = ${technicianId} and e.next_at is not null`);
  const rows = (result as unknown as { rows: { minutes: string | number | null }[] }).rows;
  return Number(rows[0]?.minutes ?? 0);
}

/**
 * The technician's completion (in progress to pending-approval, 'Complete Project & Send for
 * Approval'): one job more on the day, and its minutes in progress. Called after the
 * pending-approval entry is written, in its transaction.
 */
export async function recordTechnicianCompletion(
  db: Database,
  order: { id: string; technicianId: string; branchId: string },
  at: Date | null,
): Promise<void> {
  const minutesOnJob = await minutesInProgress(db, order.id, order.technicianId);
  await addDailyTechnician(
    db,
    { technicianId: order.technicianId, branchId: order.branchId, at },
    { completed: 1, minutesOnJob },
  );
}

/** A complaint counts against the jobs on its installation completed this long before. */
export const FIRST_TIME_FIX_DAYS = 30;
const WINDOW = sql.raw(`interval '${FIRST_TIME_FIX_DAYS} days'`);

/**
 * A complaint was opened on an installation (a Repair order naming it): every job on that
 * installation (the installation itself, or a repair or maintenance visit of it) that a
 * technician completed in the 30 days before, and that no earlier complaint already counted
 * against, counts as completed-then-complained on the day it was completed. Each job counts
 * once, however many complaints follow it. Called in the complaint's transaction after its row
 * is written.
 *
 * The installation's row is locked (no key update: the complaint's own foreign key holds a key
 * share on it) so two complaints of one installation at once count in turn, the second seeing
 * the first. A job completed in the last 30 days may still draw a complaint, so the figure for
 * recent days can still grow: the first-time fix rate of a recent range is provisional.
 */
export async function recordComplaintOpened(
  db: Database,
  complaint: { id: string; installationId: string },
): Promise<void> {
  await db.execute(
    sql`select 1 from work_orders where id = ${complaint.installationId} for no key update`,
  );
  await db.execute(sql`
    insert into report_daily_technician (technician_id, branch_id, day, completed_then_complained)
    select j.technician_id, j.branch_id, (h.updated_at at time zone 'Asia/Kolkata')::date, count(*)
    from work_orders c
    join work_orders j
      on (j.id = c.existing_project_id or j.existing_project_id = c.existing_project_id)
     and j.id <> c.id
    join work_order_status_history h
      on h.work_order_id = j.id and h.status = 'pending-approval'
    where c.id = ${complaint.id}
      and j.technician_id is not null
      and h.updated_at <= c.created_at
      and c.created_at <= h.updated_at + ${WINDOW}
      and not exists (
        select 1 from work_orders o
        where o.existing_project_id = c.existing_project_id
          and o.project_category = 'Repair'
          and o.transferred_from_id is null
          and o.id <> c.id
          and o.created_at >= h.updated_at
          and o.created_at <= h.updated_at + ${WINDOW})
    group by 1, 2, 3
    on conflict (branch_id, day, technician_id) do update
      set completed_then_complained =
        report_daily_technician.completed_then_complained + excluded.completed_then_complained`);
}
