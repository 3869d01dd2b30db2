import type { WorkOrderStatus } from '@karya/domain/contact-schemas';
import { cx } from '../../lib/class-names';
import { WORK_ORDER_STATUS_LABELS } from './work-order-display';

const TONES: Record<WorkOrderStatus, string> = {
  pending: 'bg-yellow-100 text-yellow-800',
  assigned: 'bg-blue-100 text-blue-800',
  'in-progress': 'bg-indigo-100 text-indigo-800',
  paused: 'bg-orange-100 text-orange-800',
  'pending-approval': 'bg-purple-100 text-purple-800',
  transferring: 'bg-amber-100 text-amber-800',
  transferred: 'bg-slate-200 text-slate-700',
  completed: 'bg-green-100 text-green-800',
  rejected: 'bg-red-100 text-red-800',
};

export function WorkOrderStatusBadge({ status }: { status: WorkOrderStatus }) {
  return (
    <span
      className={cx(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        TONES[status],
      )}
    >
      {WORK_ORDER_STATUS_LABELS[status]}
    </span>
  );
}
