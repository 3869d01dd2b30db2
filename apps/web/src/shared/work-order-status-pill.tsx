import type { WorkOrderStatus } from '@karya/domain/contact-schemas';
import { type PillTone, StatusPill } from '../ui/status-pill';

/** Spec 1 §4: the desk's words for a work order's status. */
export const WORK_ORDER_STATUS_LABELS: Record<WorkOrderStatus, string> = {
  pending: 'Pending',
  assigned: 'Assigned',
  'in-progress': 'In Progress',
  paused: 'Paused',
  'pending-approval': 'Pending Approval',
  transferring: 'Transferring',
  transferred: 'Transferred',
  completed: 'Completed',
  rejected: 'Rejected',
};

/** Spec 1 §4 vocabulary; transferring reads 'Transfer Pending' to the technician (spec 2 §2). */
export const TECHNICIAN_STATUS_LABELS: Record<WorkOrderStatus, string> = {
  ...WORK_ORDER_STATUS_LABELS,
  transferring: 'Transfer Pending',
};

const TONES: Record<WorkOrderStatus, PillTone> = {
  pending: 'yellow',
  assigned: 'blue',
  'in-progress': 'indigo',
  paused: 'orange',
  'pending-approval': 'purple',
  transferring: 'amber',
  transferred: 'slate',
  completed: 'green',
  rejected: 'red',
};

/** A work order's status: the desk's words, or the technician's with `labels`. */
export function WorkOrderStatusPill({
  status,
  labels = WORK_ORDER_STATUS_LABELS,
}: {
  status: WorkOrderStatus;
  labels?: Record<WorkOrderStatus, string>;
}) {
  return <StatusPill tone={TONES[status]}>{labels[status]}</StatusPill>;
}
