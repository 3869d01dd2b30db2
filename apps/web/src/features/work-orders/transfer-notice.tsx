import { formatDateTime } from '@karya/domain/format';
import type { WorkOrderDetail } from '@karya/domain/work-order-schemas';
import { ArrowRightLeft } from 'lucide-react';
import { personName, transferNoticeOf } from './work-order-display';

/** Spec 2 §2: why the order came back to the pending list, and what the manager noted. */
export function TransferNotice({ order }: { order: Pick<WorkOrderDetail, 'statusHistory'> }) {
  const notice = transferNoticeOf(order);
  if (!notice) return null;
  const { stopped, accepted } = notice;
  return (
    <div className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-900">
      <p className="flex items-center gap-2 font-semibold">
        <ArrowRightLeft aria-hidden="true" className="size-4" />
        Transferred project
      </p>
      <p className="mt-1">
        <span className="font-medium">Reason for transfer:</span> {stopped.remark || '—'}
        <span className="text-amber-700">
          {' '}
          ({personName(stopped.updatedBy)}, {formatDateTime(stopped.updatedAt)})
        </span>
      </p>
      {accepted ? (
        <p className="mt-1">
          <span className="font-medium">Manager's note:</span> {accepted.remark || '—'}
          <span className="text-amber-700">
            {' '}
            ({personName(accepted.updatedBy)}, {formatDateTime(accepted.updatedAt)})
          </span>
        </p>
      ) : null}
    </div>
  );
}
