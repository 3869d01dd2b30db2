import { addDays } from '@karya/domain/amc';
import { indiaDate } from '@karya/domain/financial-year';
import type { WorkQuery, WorkReport } from '@karya/domain/report-schemas';
import type { Database } from '../../db/client';
import type { ReportRange } from './reports-range';
import { backlogCounts, workFigures } from './work.queries';

/**
 * GET /api/reports/work: orders opened and approved per India day (or month), project type and category
 * in the range (summed across the branches read), their totals, and the backlog of pending
 * orders now by their age in India days since they were opened (today's and the two days
 * before: 0–2; then 3–7, 8–30, and over 30). An accepted transfer's pending order is aged from
 * the transfer, when it joined the pending list again.
 */
export async function workReport(
  db: Database,
  range: ReportRange,
  groupBy: WorkQuery['groupBy'],
  now: Date,
): Promise<WorkReport> {
  const today = indiaDate(now);
  const [rows, backlog] = await Promise.all([
    workFigures(db, range, groupBy),
    backlogCounts(db, range.branchId, {
      upTo2: addDays(today, -2),
      upTo7: addDays(today, -7),
      upTo30: addDays(today, -30),
    }),
  ]);
  const totals = rows.reduce(
    (sum, row) => ({ opened: sum.opened + row.opened, completed: sum.completed + row.completed }),
    { opened: 0, completed: 0 },
  );
  return {
    from: range.from,
    to: range.to,
    groupBy,
    rows,
    totals,
    backlog: [
      { bucket: '0-2', count: backlog.d0to2 },
      { bucket: '3-7', count: backlog.d3to7 },
      { bucket: '8-30', count: backlog.d8to30 },
      { bucket: '30+', count: backlog.over30 },
    ],
  };
}
