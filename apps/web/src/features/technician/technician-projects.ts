import type { WorkOrderStatus } from '@karya/domain/contact-schemas';
import type { WorkOrderDetail } from '@karya/domain/work-order-schemas';
import type { TechnicianTab } from './technician-tabs';

/**
 * The technician's orders split the way the dashboard reads them (spec 2 §2, spec 1 §4).
 * The open work is fetched whole; completed and transferred grow forever, so they are
 * fetched apart with their totals from the server.
 */
export const OPEN_STATUSES: readonly WorkOrderStatus[] = [
  'assigned',
  'in-progress',
  'paused',
  'rejected',
  'transferring',
  'pending-approval',
];
export const COMPLETED_STATUSES: readonly WorkOrderStatus[] = ['completed'];
export const TRANSFERRED_STATUSES: readonly WorkOrderStatus[] = ['transferred'];

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
    statuses: ['assigned', 'in-progress', 'rejected'],
    tab: 'assigned-projects',
  },
  {
    label: 'Approval',
    holds: 'pending approval',
    statuses: ['pending-approval'],
    tab: 'pending-approval-projects',
  },
  { label: 'Paused', holds: 'paused', statuses: ['paused'], tab: 'paused-projects' },
  { label: 'Completed', holds: 'completed', statuses: ['completed'], tab: 'completed' },
  {
    label: 'Transferred',
    holds: 'transfer pending, transferred',
    statuses: ['transferring', 'transferred'],
    tab: 'transferred-projects',
  },
] as const satisfies readonly {
  label: string;
  holds: string;
  statuses: readonly WorkOrderStatus[];
  tab: TechnicianTab;
}[];

/**
 * Each box's count. Open work is counted from the orders at hand; completed and transferred
 * orders are not all fetched, so their totals come from the server.
 */
export function projectBoxCounts(
  open: readonly WorkOrderDetail[],
  totals: { completed: number; transferred: number },
): number[] {
  return PROJECT_BOXES.map(({ statuses }) =>
    statuses.reduce(
      (sum, status) =>
        sum +
        (status === 'completed'
          ? totals.completed
          : status === 'transferred'
            ? totals.transferred
            : countStatus(open, status)),
      0,
    ),
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
