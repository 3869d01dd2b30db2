import { formatDateTime } from '@karya/domain/format';
import { errorMessage } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { useNotify } from '../../ui/notification-context';
import { useAcknowledgeRejection } from './api/acknowledge-rejection';
import type { OwnershipTransfer } from './api/transfer-types';
import { personName } from './person-name';

/** Spec 1 §2.9/§4: my request was rejected; shown until acknowledged. */
export function TransferRejectedModal({ transfer }: { transfer: OwnershipTransfer }) {
  const notify = useNotify();
  const acknowledge = useAcknowledgeRejection();
  return (
    <Modal
      open
      onClose={() => {}}
      dismissible={false}
      title="Transfer Request Rejected"
      size="md"
      footer={
        <Button
          loading={acknowledge.isPending}
          onClick={() =>
            acknowledge.mutate(transfer._id, {
              onError: (error) =>
                notify.error(errorMessage(error, 'Failed to check manager status')),
            })
          }
        >
          Understood
        </Button>
      }
    >
      <div className="space-y-3 text-sm text-slate-600">
        <p>
          {personName(transfer.newManager)} rejected your ownership transfer request
          {transfer.rejectedAt ? ` on ${formatDateTime(transfer.rejectedAt)}` : ''}.
        </p>
        <div className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-800">
          <p className="font-medium">Reason</p>
          <p className="mt-1 whitespace-pre-wrap">{transfer.rejectReason || '—'}</p>
        </div>
      </div>
    </Modal>
  );
}
