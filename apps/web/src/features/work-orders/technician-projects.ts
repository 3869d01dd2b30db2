import type { WorkOrderStatus } from '@karya/domain/contact-schemas';
import type { WorkOrderDetail } from '@karya/domain/work-order-schemas';
import type { TechnicianTab } from './technician-tabs';

/**
 * The technician's orders the way the dashboard reads them (spec 2 §2, spec 1 §4). Each tab
 * fetches its own statuses a page at a time; the counts come from the server's tallies.
 */
export const COMPLETED_STATUSES: readonly WorkOrderStatus[] = ['completed'];
/** The Transferred projects tab: Transfer Pending and Transferred. */
export const TRANSFER_STATUSES: readonly WorkOrderStatus[] = ['transferring', 'transferred'];
/** The current project tab: the one in-progress order (spec 2 §4). */
export const CURRENT_STATUSES: readonly WorkOrderStatus[] = ['in-progress'];
/** The Pending Approval, Paused and Assigned Projects tabs (spec 2 §2). */
export const PENDING_APPROVAL_STATUSES: readonly WorkOrderStatus[] = ['pending-approval'];
export const PAUSED_STATUSES: readonly WorkOrderStatus[] = ['paused'];
export const ASSIGNED_TAB_STATUSES: readonly WorkOrderStatus[] = [
  'assigned',
  'in-progress',
  'rejected',
];
/** The Home tiles' 'Active Assignments': assigned plus in-progress. */
export const ACTIVE_TILE_STATUSES: readonly WorkOrderStatus[] = ['assigned', 'in-progress'];

/** Spec 2 §2 'Your Tasks': what is still on the technician's plate, newest update first. */
export const TASK_STATUSES: readonly WorkOrderStatus[] = [
  'assigned',
  'in-progress',
  'paused',
  'transferring',
  'rejected',
  'pending-approval',
];

/** The All projects tab's 'active assignments': the orders the technician can work on. */
export const ACTIVE_ASSIGNMENT_STATUSES: readonly WorkOrderStatus[] = [
  'assigned',
  'in-progress',
  'paused',
  'rejected',
];

/**
 * The All projects tab's boxes (issue 15): every status falls in exactly one, so the boxes add
 * up to the total. Each names the statuses it holds.
 */
export const PROJECT_BOXES = [
  {
    label: 'Assigned',
    holds: 'assigned, in progress, rejected',
    statuses: ASSIGNED_TAB_STATUSES,
    tab: 'assigned-projects',
  },
  {
    label: 'Approval',
    holds: 'pending approval',
    statuses: PENDING_APPROVAL_STATUSES,
    tab: 'pending-approval-projects',
  },
  { label: 'Paused', holds: 'paused', statuses: PAUSED_STATUSES, tab: 'paused-projects' },
  { label: 'Completed', holds: 'completed', statuses: COMPLETED_STATUSES, tab: 'completed' },
  {
    label: 'Transferred',
    holds: 'transfer pending, transferred',
    statuses: TRANSFER_STATUSES,
    tab: 'transferred-projects',
  },
] as const satisfies readonly {
  label: string;
  holds: string;
  statuses: readonly WorkOrderStatus[];
  tab: TechnicianTab;
}[];

/**
 * Each box's count, from the server's counts per status (issue 17: the dashboard fetches
 * no whole list to count it); undefined while the counts are unknown.
 */
export function projectBoxCounts(
  counts: Partial<Record<WorkOrderStatus, number>> | undefined,
): Array<number | undefined> {
  return PROJECT_BOXES.map(({ statuses }) =>
    counts ? statuses.reduce((sum, status) => sum + (counts[status] ?? 0), 0) : undefined,
  );
}

export function withStatus(
  orders: readonly WorkOrderDetail[],
  statuses: readonly WorkOrderStatus[],
): WorkOrderDetail[] {
  return orders.filter((order) => statuses.includes(order.status));
}

export function countStatus(orders: readonly WorkOrderDetail[], status: WorkOrderStatus): number {
  return orders.reduce((count, order) => count + (order.status === status ? 1 : 0), 0);
}

const time = (value: string | null | undefined) => (value ? new Date(value).getTime() : 0);

export function newestUpdateFirst(orders: readonly WorkOrderDetail[]): WorkOrderDetail[] {
  return [...orders].sort((a, b) => time(b.updatedAt) - time(a.updatedAt));
}

/** Spec 2 §4: only one project is the current (in-progress) one. */
export function currentProjectOf(orders: readonly WorkOrderDetail[]): WorkOrderDetail | null {
  return newestUpdateFirst(withStatus(orders, ['in-progress']))[0] ?? null;
}

/**
 * Spec 2 §2: a click on an in-progress, pending-approval or completed project moves to that
 * tab; any other opens the details dialog (as does a click inside the matching tab itself).
 */
export function tabOfStatus(status: WorkOrderStatus): TechnicianTab | null {
  switch (status) {
    case 'in-progress':
      return 'current-project';
    case 'pending-approval':
      return 'pending-approval-projects';
    case 'completed':
      return 'completed';
    default:
      return null;
  }
}
