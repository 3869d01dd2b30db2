import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { branches } from '../../db/schema';

interface CountsRow {
  branch_id: string | null;
  count: number | string;
  met: number | string;
  breached: number | string;
  open: number | string;
  median: number | string | null;
  repeats: number | string;
}

export interface ReportCounts {
  /** null: the total over every branch asked. */
  branchId: string | null;
  count: number;
  met: number;
  breached: number;
  open: number;
  medianMinutesToStart: number | null;
  repeats: number;
}

/** The branches a report covers: the one asked, or all (an admin's whole business), by name. */
export function reportBranches(db: Database, branchId: string | undefined) {
  return db
    .select({ id: branches.id, name: branches.name })
    .from(branches)
    .where(branchId ? eq(branches.id, branchId) : undefined)
    .orderBy(asc(branches.name), asc(branches.id));
}

/**
 * The month's complaints of the branches by branch and in total, in one statement over
 * complaint_clocks_branch_opened_idx; a repeat looks back 30 days on the unit (its serial,
 * else its installation) through the serial and installation indexes. A work order is never
 * cancelled, so every complaint opened counts.
 */
export async function readReportCounts(
  db: Database,
  branchIds: readonly string[],
  from: Date,
  to: Date,
  now: Date,
): Promise<ReportCounts[]> {
  if (branchIds.length === 0) return [];
  const ids = sql`array[${sql.join(
    branchIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}]`;
  const nowAt = sql`${now.toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    with month as (
      select k.branch_id, k.opened_at, k.due_at, k.started_at,
        exists (
          select 1 from complaint_clocks p
          where p.work_order_id <> k.work_order_id
            and p.opened_at < k.opened_at
            and p.opened_at >= k.opened_at - interval '30 days'
            and case when k.serial_number is not null then p.serial_number = k.serial_number
                     else p.installation_id = k.installation_id end
        ) as repeat
      from complaint_clocks k
      where k.branch_id = any(${ids})
        and k.opened_at >= ${from.toISOString()}::timestamptz
        and k.opened_at < ${to.toISOString()}::timestamptz
    )
    select branch_id,
      count(*) as count,
      count(*) filter (where started_at <= due_at) as met,
      count(*) filter (where started_at > due_at or (started_at is null and ${nowAt} >= due_at)) as breached,
      count(*) filter (where started_at is null and ${nowAt} < due_at) as open,
      percentile_cont(0.5) within group (order by extract(epoch from started_at - opened_at) / 60)
        filter (where started_at is not null) as median,
      count(*) filter (where repeat) as repeats
    from month
    group by grouping sets ((branch_id), ())`);
  // The drivers answer PGlite's and pg's result shapes alike under `rows`.
  const rows = (result as unknown as { rows: CountsRow[] }).rows;
  return rows.map((row) => ({
    branchId: row.branch_id,
    count: Number(row.count),
    met: Number(row.met),
    breached: Number(row.breached),
    open: Number(row.open),
    medianMinutesToStart: row.median === null ? null : Math.round(Number(row.median)),
    repeats: Number(row.repeats),
  }));
}
