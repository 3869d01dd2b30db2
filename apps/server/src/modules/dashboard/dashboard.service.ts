import { BRANCH_MESSAGES } from '@karya/domain/branch-schemas';
import {
  type AdminDashboard,
  ASSIGNED_PROJECT_STATUSES,
  type Dashboard,
  emptyStatusCounts,
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
import { demoRequestSummary } from '../system';
import {
  adminCardCounts,
  listBranchRefs,
  listBranchTechnicians,
  maintenanceCardCounts,
  managerCardCounts,
  tallyByBranch,
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

/** Per branch (and all together) from one grouped query; branches without orders are absent. */
export async function branchTallies(db: Database, branchId?: string) {
  const byBranch = new Map<string, WorkTally>();
  const all = emptyTally();
  for (const row of await tallyByBranch(db, branchId)) {
    const tally = byBranch.get(row.branchId) ?? emptyTally();
    byBranch.set(row.branchId, tally);
    addToTally(tally, row.status, row.withTechnician, row.total);
    addToTally(all, row.status, row.withTechnician, row.total);
  }
  return { byBranch, all };
}

/** One branch's orders per technician (and the branch's whole) from one grouped query. */
export async function technicianTallies(db: Database, branchId: string) {
  const byTechnician = new Map<string, WorkTally>();
  const branch = emptyTally();
  for (const row of await tallyByTechnician(db, branchId)) {
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

/** Technicians Overview / Team Overview rows of a branch: every technician, zero or not. */
export async function technicianOverview(db: Database, branchId: string) {
  const [technicians, tallies] = await Promise.all([
    listBranchTechnicians(db, branchId),
    technicianTallies(db, branchId),
  ]);
  const rows: TechnicianOverviewRow[] = technicians.map((technician) => ({
    _id: technician.id,
    firstName: technician.firstName,
    lastName: technician.lastName,
    status: technician.status,
    ...(tallies.byTechnician.get(technician.id)?.counts ?? emptyStatusCounts()),
  }));
  return { rows, total: totalOf(rows), branch: tallies.branch };
}

/** Today and the end of the renewal window, in India, from the server's clock. */
export interface DashboardDay {
  today: string;
  renewalUntil: string;
}

async function adminDashboard(
  db: Database,
  day: DashboardDay,
  branchId?: string,
): Promise<AdminDashboard> {
  const [branchRows, cards, tallies, demoRequests, maintenance] = await Promise.all([
    listBranchRefs(db, branchId),
    adminCardCounts(db, branchId),
    branchTallies(db, branchId),
    demoRequestSummary(db),
    maintenanceCardCounts(db, branchId, day.today, day.renewalUntil),
  ]);
  const filtered = branchId ? branchRows[0] : undefined;
  if (branchId && !filtered) throw notFound(BRANCH_MESSAGES.branchNotFound);
  const rows = branchRows.map((branch) => ({
    _id: branch.id,
    name: branch.name,
    ...(tallies.byBranch.get(branch.id)?.counts ?? emptyStatusCounts()),
  }));
  return {
    view: 'admin',
    branch: filtered ? { _id: filtered.id, name: filtered.name } : null,
    cards: {
      totalBranches: branchRows.length,
      totalTechnicians: cards.technicians,
      inventoryItems: cards.inventoryItems,
      totalCustomers: cards.customers,
      workOrders: tallies.all.waitingForTechnician,
      assignedProjects: tallies.all.assignedProjects,
      pendingApprovals: tallies.all.counts.pendingApproval,
      completedProjects: tallies.all.counts.completed,
    },
    branchOverview: { rows, total: totalOf(rows) },
    demoRequests,
    maintenance,
  };
}

async function managerDashboard(
  db: Database,
  day: DashboardDay,
  branchId: string,
  branchName: string,
): Promise<ManagerDashboard> {
  const [cards, overview, maintenance] = await Promise.all([
    managerCardCounts(db, branchId),
    technicianOverview(db, branchId),
    maintenanceCardCounts(db, branchId, day.today, day.renewalUntil),
  ]);
  return {
    view: 'manager',
    branch: { _id: branchId, name: branchName },
    cards: {
      ...cards,
      pendingWorkOrders: overview.branch.waitingForTechnician,
      assignedProjects: overview.branch.assignedProjects,
      pendingApprovals: overview.branch.counts.pendingApproval,
      completedProjects: overview.branch.counts.completed,
    },
    techniciansOverview: { rows: overview.rows, total: overview.total },
    maintenance,
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
