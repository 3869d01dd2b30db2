import { BRANCH_MESSAGES } from '@karya/domain/branch-schemas';
import type { ComplaintCards } from '@karya/domain/complaint-schemas';
import {
  type AdminDashboard,
  ASSIGNED_PROJECT_STATUSES,
  type Dashboard,
  emptyStatusCounts,
  type MaintenanceCards,
  type ManagerDashboard,
  STATUS_COLUMN_OF,
  type StatusCounts,
  type TechnicianOverviewRow,
  totalOf,
} from '@karya/domain/dashboard-schemas';
import { isUuid } from '@karya/domain/user-schemas';
import type { Actor } from '../../auth/guard';
import { managerBranchOf, type Scope } from '../../auth/scope';
import type { Database } from '../../db/client';
import { notFound } from '../../http/errors';
import {
  adminDashboardFigures,
  type BranchTallyRow,
  type ComplaintFigures,
  listBranchTechnicians,
  type MaintenanceFigures,
  managerDashboardFigures,
  type TechnicianRef,
  type TechnicianTallyRow,
  tallyByTechnician,
} from './dashboard.queries';

/** What the work orders of a scope (a branch, a technician, everything) add up to. */
export interface WorkTally {
  /** The six overview columns. */
  counts: StatusCounts;
  /** Pending orders without a technician: the 'Work Orders' figures (spec 1 §9). */
  waitingForTechnician: number;
  /** Assigned, in-progress and paused orders with a technician (spec 1 §4). */
  assignedProjects: number;
}

export function emptyTally(): WorkTally {
  return {
    counts: emptyStatusCounts(),
    waitingForTechnician: 0,
    assignedProjects: 0,
  };
}

const isOneOf = (list: readonly string[], status: string) => list.includes(status);

function addToTally(tally: WorkTally, status: string, hasTechnician: boolean, total: number) {
  const column = STATUS_COLUMN_OF[status];
  if (column) tally.counts[column] += total;
  if (status === 'pending' && !hasTechnician) tally.waitingForTechnician += total;
  if (hasTechnician && isOneOf(ASSIGNED_PROJECT_STATUSES, status)) tally.assignedProjects += total;
}

/** Per branch (and all together); branches without orders are absent. */
function branchTallies(rows: readonly BranchTallyRow[]) {
  const byBranch = new Map<string, WorkTally>();
  const all = emptyTally();
  for (const row of rows) {
    const tally = byBranch.get(row.branchId) ?? emptyTally();
    byBranch.set(row.branchId, tally);
    addToTally(tally, row.status, row.withTechnician, row.total);
    addToTally(all, row.status, row.withTechnician, row.total);
  }
  return { byBranch, all };
}

/** One branch's orders per technician, and the branch's whole. */
function tallyPerTechnician(rows: readonly TechnicianTallyRow[]) {
  const byTechnician = new Map<string, WorkTally>();
  const branch = emptyTally();
  for (const row of rows) {
    const hasTechnician = row.technicianId !== null;
    if (row.technicianId !== null) {
      const tally = byTechnician.get(row.technicianId) ?? emptyTally();
      byTechnician.set(row.technicianId, tally);
      addToTally(tally, row.status, true, row.total);
    }
    addToTally(branch, row.status, hasTechnician, row.total);
  }
  return { byTechnician, branch };
}

/** One branch's orders per technician (and the branch's whole) from one grouped query. */
export async function technicianTallies(db: Database, branchId: string) {
  return tallyPerTechnician(await tallyByTechnician(db, branchId));
}

/** Technicians Overview / Team Overview rows: every technician of the branch, zero or not. */
function overviewOf(
  technicians: readonly TechnicianRef[],
  tallyRows: readonly TechnicianTallyRow[],
) {
  const tallies = tallyPerTechnician(tallyRows);
  const rows: TechnicianOverviewRow[] = technicians.map((technician) => ({
    _id: technician.id,
    firstName: technician.firstName,
    lastName: technician.lastName,
    status: technician.status,
    ...(tallies.byTechnician.get(technician.id)?.counts ?? emptyStatusCounts()),
  }));
  return { rows, total: totalOf(rows), branch: tallies.branch };
}

/** A branch's Technicians Overview (the branch page), from two queries. */
export async function technicianOverview(db: Database, branchId: string) {
  const [technicians, tallyRows] = await Promise.all([
    listBranchTechnicians(db, branchId),
    tallyByTechnician(db, branchId),
  ]);
  return overviewOf(technicians, tallyRows);
}

/** Today and the end of the renewal window, in India, from the server's clock. */
export interface DashboardDay {
  today: string;
  renewalUntil: string;
  /** The instant the complaint clocks are read at, and this India month's first, ISO. */
  now: string;
  monthStart: string;
}

const complaintsOf = (figures: ComplaintFigures): ComplaintCards => ({
  atRisk: figures.complaintsAtRisk,
  breachedThisMonth: figures.complaintsBreached,
});

const maintenanceOf = (figures: MaintenanceFigures): MaintenanceCards => ({
  overdueVisits: figures.overdueVisits,
  renewalsDue: figures.renewalsDue,
  nextVisitDue: figures.nextVisitDue,
});

async function adminDashboard(
  db: Database,
  day: DashboardDay,
  branchId?: string,
): Promise<AdminDashboard> {
  const figures = await adminDashboardFigures(db, { branchId, ...day });
  const filtered = branchId ? figures.branches[0] : undefined;
  if (branchId && !filtered) throw notFound(BRANCH_MESSAGES.branchNotFound);
  const tallies = branchTallies(figures.tallies);
  const rows = figures.branches.map((branch) => ({
    _id: branch.id,
    name: branch.name,
    ...(tallies.byBranch.get(branch.id)?.counts ?? emptyStatusCounts()),
  }));
  return {
    view: 'admin',
    branch: filtered ? { _id: filtered.id, name: filtered.name } : null,
    cards: {
      totalBranches: figures.branches.length,
      totalTechnicians: figures.technicians,
      inventoryItems: figures.inventoryItems,
      totalCustomers: figures.customers,
      workOrders: tallies.all.waitingForTechnician,
      assignedProjects: tallies.all.assignedProjects,
      pendingApprovals: tallies.all.counts.pendingApproval,
      completedProjects: tallies.all.counts.completed,
    },
    branchOverview: { rows, total: totalOf(rows) },
    demoRequests: { new: figures.newDemoRequests },
    maintenance: maintenanceOf(figures),
    complaints: complaintsOf(figures),
    lowStock: { count: figures.lowStock },
  };
}

async function managerDashboard(
  db: Database,
  day: DashboardDay,
  branchId: string,
  branchName: string,
): Promise<ManagerDashboard> {
  const figures = await managerDashboardFigures(db, { branchId, ...day });
  const overview = overviewOf(figures.technicianRows, figures.tallies);
  return {
    view: 'manager',
    branch: { _id: branchId, name: branchName },
    cards: {
      activeLeads: figures.activeLeads,
      customers: figures.customers,
      technicians: figures.technicians,
      inventoryItems: figures.inventoryItems,
      pendingWorkOrders: overview.branch.waitingForTechnician,
      assignedProjects: overview.branch.assignedProjects,
      pendingApprovals: overview.branch.counts.pendingApproval,
      completedProjects: overview.branch.counts.completed,
    },
    techniciansOverview: { rows: overview.rows, total: overview.total },
    maintenance: maintenanceOf(figures),
    complaints: complaintsOf(figures),
    lowStock: { count: figures.lowStock },
  };
}

/**
 * The dashboard of the signed-in user. An admin may filter by branch (an unknown one is not
 * found); a manager always gets their own branch whatever they ask, like contacts and
 * inventory do. The actor gives the manager's branch name as their session read it.
 */
export function getDashboard(
  db: Database,
  actor: Actor,
  scope: Scope,
  day: DashboardDay,
): Promise<Dashboard> {
  if (scope.kind === 'all') {
    if (scope.branchId && !isUuid(scope.branchId)) throw notFound(BRANCH_MESSAGES.branchNotFound);
    return adminDashboard(db, day, scope.branchId);
  }
  return managerDashboard(db, day, managerBranchOf(scope), actor.branchName ?? '');
}
