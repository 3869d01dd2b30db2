import { type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';

/**
 * The work report's SQL (issue 38): orders opened and approved from the daily rollup kept in
 * the same transactions as the orders (report_daily_work: a range of its primary key for a
 * branch, of its day index for all), and the backlog counted from work_orders now.
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

/** Per India day, project type and category over from..to, summed across the branches read. */
export function workFigures(
  db: Db,
  range: { from: string; to: string; branchId: string | undefined },
): Promise<WorkFigures[]> {
  const branch = range.branchId ? sql`and r.branch_id = ${range.branchId}::uuid` : sql``;
  return rowsOf<WorkFigures>(
    db,
    sql`
    select to_char(r.day, 'YYYY-MM-DD') as "day",
           r.project_type as "projectType",
           r.project_category as "projectCategory",
           sum(r.opened)::int as "opened",
           sum(r.completed)::int as "completed"
    from report_daily_work r
    where r.day between ${range.from}::date and ${range.to}::date ${branch}
    group by r.day, r.project_type, r.project_category
    having sum(r.opened) <> 0 or sum(r.completed) <> 0
    order by r.day, r.project_type, r.project_category`,
  );
}

/** The starts of the buckets: orders created at or after each instant (India midnights). */
export interface BacklogEdges {
  /** The start of the India day two days ago: 0–2 days old from here on. */
  upTo2: Date;
  /** Of seven days ago: 3–7 days old from here to upTo2. */
  upTo7: Date;
  /** Of thirty days ago: 8–30 days old from here to upTo7; older is over 30. */
  upTo30: Date;
}

export interface BacklogCounts {
  d0to2: number;
  d3to7: number;
  d8to30: number;
  over30: number;
}

/**
 * Pending orders now by age. Per branch, one range of work_orders_branch_status_created_idx
 * (branch_id, status 'pending', created_at): the count of the branch's pending orders with a
 * filter per bucket; for every branch, the same range per branch (a lateral join over the few
 * branches), never a scan of the orders of other statuses.
 */
export async function backlogCounts(
  db: Db,
  branchId: string | undefined,
  edges: BacklogEdges,
): Promise<BacklogCounts> {
  const branch = branchId ? sql`where b.id = ${branchId}::uuid` : sql``;
  const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
  const [row] = await rowsOf<BacklogCounts>(
    db,
    sql`
    select coalesce(sum(x.d0to2), 0)::int as "d0to2",
           coalesce(sum(x.d3to7), 0)::int as "d3to7",
           coalesce(sum(x.d8to30), 0)::int as "d8to30",
           coalesce(sum(x.over30), 0)::int as "over30"
    from branches b
    cross join lateral (
      select count(*) filter (where w.created_at >= ${at(edges.upTo2)}) as d0to2,
             count(*) filter (where w.created_at >= ${at(edges.upTo7)}
                                and w.created_at < ${at(edges.upTo2)}) as d3to7,
             count(*) filter (where w.created_at >= ${at(edges.upTo30)}
                                and w.created_at < ${at(edges.upTo7)}) as d8to30,
             count(*) filter (where w.created_at < ${at(edges.upTo30)}) as over30
      from work_orders w
      where w.branch_id = b.id and w.status = 'pending'
    ) x
    ${branch}`,
  );
  return row ?? { d0to2: 0, d3to7: 0, d8to30: 0, over30: 0 };
}
