import { type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { reportPeriod } from './reports-range';

/**
 * The work report's SQL (issue 38): orders opened and approved from the daily rollup kept in
 * the same transactions as the orders (report_daily_work: a range of its primary key for a
 * branch, of its day index for all), and the backlog from the pending orders' days
 * (work_order_pending_days, kept by the orders' triggers).
 */

type Db = Database | Tx;

async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

export interface WorkFigures {
  day: string;
  projectType: string;
  projectCategory: string;
  opened: number;
  completed: number;
}

/**
 * Per India day (or month: 'YYYY-MM'), project type and category over from..to, summed across
 * the branches read.
 */
export function workFigures(
  db: Db,
  range: { from: string; to: string; branchId: string | undefined },
  groupBy: 'day' | 'month',
): Promise<WorkFigures[]> {
  const branch = range.branchId ? sql`and r.branch_id = ${range.branchId}::uuid` : sql``;
  const period = reportPeriod(sql`r.day`, groupBy);
  return rowsOf<WorkFigures>(
    db,
    sql`
    select ${period} as "day",
           r.project_type as "projectType",
           r.project_category as "projectCategory",
           sum(r.opened)::int as "opened",
           sum(r.completed)::int as "completed"
    from report_daily_work r
    where r.day between ${range.from}::date and ${range.to}::date ${branch}
    group by 1, r.project_type, r.project_category
    having sum(r.opened) <> 0 or sum(r.completed) <> 0
    order by 1, r.project_type, r.project_category`,
  );
}

/** The first India day of each bucket, 'YYYY-MM-DD': orders opened on or after it. */
export interface BacklogEdges {
  /** Two days ago: 0–2 days old from here on. */
  upTo2: string;
  /** Seven days ago: 3–7 days old from here to upTo2. */
  upTo7: string;
  /** Thirty days ago: 8–30 days old from here to upTo7; older is over 30. */
  upTo30: string;
}

export interface BacklogCounts {
  d0to2: number;
  d3to7: number;
  d8to30: number;
  over30: number;
}

/**
 * Pending orders now by the India day they were opened: a branch's rows of
 * work_order_pending_days (kept by the orders' triggers, only days with a backlog), one range
 * of its primary key; every branch, the whole small table. A backlog of thousands of orders
 * costs a row per day, not an index entry per order.
 */
export async function backlogCounts(
  db: Db,
  branchId: string | undefined,
  edges: BacklogEdges,
): Promise<BacklogCounts> {
  const branch = branchId ? sql`where p.branch_id = ${branchId}::uuid` : sql``;
  const day = (value: string) => sql`${value}::date`;
  const [row] = await rowsOf<BacklogCounts>(
    db,
    sql`
    select coalesce(sum(p.total) filter (where p.day >= ${day(edges.upTo2)}), 0)::int as "d0to2",
           coalesce(sum(p.total) filter (where p.day < ${day(edges.upTo2)}
                                           and p.day >= ${day(edges.upTo7)}), 0)::int as "d3to7",
           coalesce(sum(p.total) filter (where p.day < ${day(edges.upTo7)}
                                           and p.day >= ${day(edges.upTo30)}), 0)::int as "d8to30",
           coalesce(sum(p.total) filter (where p.day < ${day(edges.upTo30)}), 0)::int as "over30"
    from work_order_pending_days p
    ${branch}`,
  );
  return row ?? { d0to2: 0, d3to7: 0, d8to30: 0, over30: 0 };
}
