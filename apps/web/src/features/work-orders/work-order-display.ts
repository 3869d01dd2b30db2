import type { WorkOrderStatus } from '@karya/domain/contact-schemas';
import { PROJECT_CATEGORY_LABELS } from '@karya/domain/project-categories';
import type { Role } from '@karya/domain/roles';
import { fullName } from '@karya/domain/user';
import type { StatusHistoryEntry, WorkOrderDetail } from '@karya/domain/work-order-schemas';
import {
  type TransitionActor,
  WORK_ORDER_TRANSITIONS,
  type WorkOrderAction,
} from '@karya/domain/work-order-state';

/** Spec 2 §2: Complaint for Repair, otherwise New Installation. */
export function categoryLabel(order: Pick<WorkOrderDetail, 'projectCategory'>): string {
  return PROJECT_CATEGORY_LABELS[order.projectCategory] ?? 'New Installation';
}

export function isComplaint(order: Pick<WorkOrderDetail, 'projectCategory'>): boolean {
  return order.projectCategory === 'Repair';
}

type Person = { firstName: string; lastName: string } | null | undefined;

export function personName(person: Person, fallback = 'Unknown'): string {
  if (!person) return fallback;
  return fullName(person) || fallback;
}

/** The newest history entry of a status (the history is kept oldest first). */
export function latestEntry(
  order: Pick<WorkOrderDetail, 'statusHistory'>,
  status: string,
): StatusHistoryEntry | null {
  const history = order.statusHistory ?? [];
  for (let index = history.length - 1; index >= 0; index -= 1) {
    const entry = history[index];
    if (entry?.status === status) return entry;
  }
  return null;
}

/** The history newest first, as the detail panel lists it. */
export function historyNewestFirst(order: Pick<WorkOrderDetail, 'statusHistory'>) {
  return [...(order.statusHistory ?? [])].sort(
    (a, b) => new Date(b.updatedAt).getTime() - new Date(a.updatedAt).getTime(),
  );
}

/**
 * Spec 2 §2: a pending order that came back from a transfer carries the technician's stop
 * reason and the manager's acceptance note.
 */
export function transferNoticeOf(order: Pick<WorkOrderDetail, 'statusHistory'>) {
  const stopped = latestEntry(order, 'transferring');
  if (!stopped) return null;
  return { stopped, accepted: latestEntry(order, 'transferred') };
}

const ACTOR_OF_ROLE: Partial<Record<Role, TransitionActor>> = {
  admin: 'admin',
  manager: 'branch-manager',
};

/**
 * Whether to offer an action's button: the state machine's rule for this status and role.
 * The server decides for real (branch, note, payment); this only hides what cannot work.
 */
export function offers(action: WorkOrderAction, status: WorkOrderStatus, role: Role): boolean {
  const rule = WORK_ORDER_TRANSITIONS[action];
  const actor = ACTOR_OF_ROLE[role];
  return actor !== undefined && rule.by.includes(actor) && rule.from.includes(status);
}
