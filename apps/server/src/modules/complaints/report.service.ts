import { AUTH_MESSAGES } from '@karya/domain/auth-schemas';
import type { ComplaintsReport, ComplaintsReportRow } from '@karya/domain/complaint-schemas';
import { indiaInstant } from '@karya/domain/schedule';
import type { Scope } from '../../auth/scope';
import type { Database } from '../../db/client';
import { forbidden } from '../../http/errors';
import { type ReportCounts, readReportCounts, reportBranches } from './report.queries';

const NONE: Omit<ReportCounts, 'branchId'> = {
  count: 0,
  met: 0,
  breached: 0,
  open: 0,
  medianMinutesToStart: null,
  repeats: 0,
};

/** The first instant of an India month 'YYYY-MM' and of the month after it. */
function monthSpan(month: string): { from: Date; to: Date } {
  const [year = 0, number = 0] = month.split('-').map(Number);
  const next = number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
  return { from: indiaInstant(`${month}-01`, '00:00'), to: indiaInstant(`${next}-01`, '00:00') };
}

/**
 * GET /api/complaints-report: how each branch in scope kept its response promise in an India
 * month (an admin's whole business or the branch asked, a manager's own), and the total.
 * 'Breached' and 'open' of clocks still running are read at `now`.
 */
export async function complaintsReport(
  db: Database,
  scope: Scope,
  month: string,
  now: Date,
): Promise<ComplaintsReport> {
  if (scope.kind === 'own') throw forbidden(AUTH_MESSAGES.forbidden);
  const branches = await reportBranches(db, scope.branchId);
  const { from, to } = monthSpan(month);
  const counts = await readReportCounts(
    db,
    branches.map((branch) => branch.id),
    from,
    to,
    now,
  );
  const byBranch = new Map(counts.map((row) => [row.branchId, row]));
  const rowOf = (row: ReportCounts | undefined) => {
    const { branchId: _branch, ...figures } = row ?? { branchId: null, ...NONE };
    return figures;
  };
  const rows: ComplaintsReportRow[] = branches.map((branch) => ({
    branch: { _id: branch.id, name: branch.name },
    ...rowOf(byBranch.get(branch.id)),
  }));
  return { month, rows, total: rowOf(byBranch.get(null)) };
}
