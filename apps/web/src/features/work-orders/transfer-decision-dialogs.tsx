import { WORK_ORDER_MESSAGES, type WorkOrderDetail } from '@karya/domain/work-order-schemas';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { useNotify } from '../../ui/notification-context';
import { TextAreaField } from '../../ui/text-area-field';
import { useAcceptTransfer } from './api/accept-transfer';
import { useRejectTransfer } from './api/reject-transfer';
import { latestEntry, personName } from './work-order-display';

function TransferSummary({ order }: { order: WorkOrderDetail }) {
  const reason = latestEntry(order, 'transferring')?.remark;
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm">
      <p className="font-medium text-slate-900">
        {order.projectType} · {order.customerName}
      </p>
      <p className="text-slate-600">
        Technician: {personName(order.technician, 'Not Assigned')} · {order.orderId}
      </p>
      <p className="mt-2 text-slate-700">
        <span className="font-medium">Reason for stopping:</span> {reason || '—'}
      </p>
    </div>
  );
}

/**
 * Spec 2 §4: accepting a transfer needs a remark; the project goes back to the pending list
 * as a new order, so the manager is taken there to reassign it (spec 2 §2).
 */
export function AcceptTransferDialog({
  order,
  onClose,
}: {
  order: WorkOrderDetail;
  onClose: () => void;
}) {
  const notify = useNotify();
  const navigate = useNavigate();
  const accept = useAcceptTransfer();
  const [remark, setRemark] = useState('');
  const [remarkError, setRemarkError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!remark.trim()) {
      setRemarkError(WORK_ORDER_MESSAGES.acceptRemarkRequired);
      return;
    }
    setRemarkError(undefined);
    try {
      await accept.mutateAsync({
        customerId: order.customerId,
        orderId: order.orderId,
        remark: remark.trim(),
      });
      notify.success(WORK_ORDER_MESSAGES.transferAccepted);
      onClose();
      navigate('/work-orders');
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to accept transfer request'));
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title="Accept Transfer Request"
      size="md"
      dismissible={!accept.isPending}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {failure ? <Alert>{failure}</Alert> : null}
        <TransferSummary order={order} />
        <TextAreaField
          label="Remark*"
          value={remark}
          onChange={(event) => {
            setRemark(event.target.value);
            if (event.target.value.trim()) setRemarkError(undefined);
          }}
          placeholder="A note for the project's history, e.g. who will take it over"
          rows={3}
          error={remarkError}
        />
        <p className="text-xs text-slate-500">
          The project goes back to Pending Work Orders to be assigned to another technician.
        </p>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={accept.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={accept.isPending} loadingText="Accepting...">
            Accept Transfer
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** Spec 2 §5: rejecting needs a reason; the technician may then start the project again. */
export function RejectTransferDialog({
  order,
  onClose,
}: {
  order: WorkOrderDetail;
  onClose: () => void;
}) {
  const notify = useNotify();
  const reject = useRejectTransfer();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!reason.trim()) {
      setReasonError(WORK_ORDER_MESSAGES.rejectReasonRequired);
      return;
    }
    setReasonError(undefined);
    try {
      await reject.mutateAsync({
        customerId: order.customerId,
        orderId: order.orderId,
        rejectReason: reason.trim(),
      });
      notify.success(WORK_ORDER_MESSAGES.transferRejected);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to reject transfer request'));
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title="Reject Transfer Request"
      size="md"
      dismissible={!reject.isPending}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {failure ? <Alert>{failure}</Alert> : null}
        <TransferSummary order={order} />
        <TextAreaField
          label="Reason for Rejection*"
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            if (event.target.value.trim()) setReasonError(undefined);
          }}
          placeholder="Why the technician should continue this project"
          rows={3}
          error={reasonError}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={reject.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="danger"
            loading={reject.isPending}
            loadingText="Rejecting..."
          >
            Reject Transfer
          </Button>
        </div>
      </form>
    </Modal>
  );
}
