import { type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';

/**
 * The technician productivity report's SQL (issue 38): the daily rollup kept in the same
 * transactions as the status changes and bills (report_daily_technician), never the history.
 * A branch's range is a range of the primary key (branch_id, day, technician_id); every
 * branch's, a range of its day index: at most 366 days × the technicians who worked.
 */

type Db = Database | Tx;

async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

export interface TechnicianFigures {
  technicianId: string;
  firstName: string | null;
  lastName: string | null;
  completed: number;
  approved: number;
  minutesOnJob: number;
  completedThenComplained: number;
  billedPaise: number;
  transfers: number;
  rejections: number;
  /** India days on which the technician completed at least one job. */
  workingDays: number;
}

/** Each technician's sums over the days from..to (both included) of one branch or all. */
export function technicianFigures(
  db: Db,
  range: { from: string; to: string; branchId: string | undefined },
): Promise<TechnicianFigures[]> {
  const branch = range.branchId ? sql`and r.branch_id = ${range.branchId}::uuid` : sql``;
  return rowsOf<TechnicianFigures>(
    db,
    sql`
    select r.technician_id as "technicianId",
           u.first_name as "firstName",
           u.last_name as "lastName",
           sum(r.completed)::int as "completed",
           sum(r.approved)::int as "approved",
           sum(r.minutes_on_job)::float8 as "minutesOnJob",
           sum(r.completed_then_complained)::int as "completedThenComplained",
           sum(r.billed_paise)::float8 as "billedPaise",
           sum(r.transfers)::int as "transfers",
           sum(r.rejections)::int as "rejections",
           count(distinct r.day) filter (where r.completed > 0)::int as "workingDays"
    from report_daily_technician r
    left join users u on u.id = r.technician_id
    where r.day between ${range.from}::date and ${range.to}::date ${branch}
    group by r.technician_id, u.first_name, u.last_name`,
  );
}

export interface TechnicianRef {
  technicianId: string;
  firstName: string;
  lastName: string;
}

/**
 * The active technicians of one branch or all (users_role_branch_idx): those who did nothing
 * in the range are listed too, with zeros, so an idle technician shows rather than vanishes.
 */
export function activeTechnicians(db: Db, branchId: string | undefined): Promise<TechnicianRef[]> {
  const branch = branchId ? sql`and u.branch_id = ${branchId}::uuid` : sql``;
  return rowsOf<TechnicianRef>(
    db,
    sql`
    select u.id as "technicianId", u.first_name as "firstName", u.last_name as "lastName"
    from users u
    where u.role = 'technician' and u.status = 'active' ${branch}`,
  );
}
