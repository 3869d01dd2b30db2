import { toRupees } from '@karya/domain/money';
import type { TechnicianRow, TechniciansReport } from '@karya/domain/report-schemas';
import type { Database } from '../../db/client';
import type { ReportRange } from './reports-range';
import {
  activeTechnicians,
  type TechnicianFigures,
  technicianFigures,
} from './technicians.queries';

const round = (value: number, places: number) => {
  const factor = 10 ** places;
  return Math.round(value * factor) / factor;
};

const nameOf = (first: string | null, last: string | null) =>
  `${first ?? ''} ${last ?? ''}`.trim() || 'Former technician';

const NONE: Omit<TechnicianFigures, 'technicianId' | 'firstName' | 'lastName'> = {
  completed: 0,
  approved: 0,
  minutesOnJob: 0,
  completedThenComplained: 0,
  billedPaise: 0,
  transfers: 0,
  rejections: 0,
  workingDays: 0,
};

/**
 * One technician's row from their sums. Averages are over the jobs they completed in the
 * range (null when none): minutes in progress per job to the whole minute, jobs per day on
 * which they completed any to two decimals, and the first-time fix rate (the share of those
 * jobs no complaint on the same installation followed within 30 days) to four. Jobs completed
 * in the last 30 days may still draw a complaint, so a recent range's rate can still fall.
 */
export function technicianRowOf(figures: TechnicianFigures): TechnicianRow {
  const { completed } = figures;
  const complained = Math.min(figures.completedThenComplained, completed);
  return {
    technician: {
      _id: figures.technicianId,
      name: nameOf(figures.firstName, figures.lastName),
    },
    completed,
    approved: figures.approved,
    avgMinutesOnJob: completed > 0 ? Math.round(figures.minutesOnJob / completed) : null,
    jobsPerWorkingDay:
      completed > 0 && figures.workingDays > 0 ? round(completed / figures.workingDays, 2) : null,
    billed: toRupees(figures.billedPaise),
    firstTimeFixRate: completed > 0 ? round(1 - complained / completed, 4) : null,
    transfers: figures.transfers,
    rejections: figures.rejections,
  };
}

/**
 * GET /api/reports/technicians: a row per technician with any figure in the range, and every
 * active technician of the branch (or all branches) besides, with zeros; most jobs completed
 * first, then by name.
 */
export async function techniciansReport(
  db: Database,
  range: ReportRange,
): Promise<TechniciansReport> {
  const [figures, technicians] = await Promise.all([
    technicianFigures(db, range),
    activeTechnicians(db, range.branchId),
  ]);
  const byId = new Map(figures.map((row) => [row.technicianId, row]));
  for (const technician of technicians) {
    if (!byId.has(technician.technicianId)) {
      byId.set(technician.technicianId, { ...technician, ...NONE });
    }
  }
  const rows = [...byId.values()].map(technicianRowOf);
  rows.sort(
    (a, b) =>
      b.completed - a.completed ||
      a.technician.name.localeCompare(b.technician.name) ||
      a.technician._id.localeCompare(b.technician._id),
  );
  return { from: range.from, to: range.to, rows };
}
