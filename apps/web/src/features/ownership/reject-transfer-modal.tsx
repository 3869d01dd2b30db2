import { OWNERSHIP_MESSAGES } from '@karya/domain/ownership-schemas';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { TextAreaField } from '../../ui/text-area-field';
import { useRejectTransfer } from './api/reject-transfer';

const REJECT_REASON_REQUIRED = OWNERSHIP_MESSAGES.rejectReasonRequired;

/** Spec 1 §2.9/§4: reject with a required reason; the page reloads afterwards. */
export function RejectTransferModal({
  transferId,
  onCancel,
}: {
  transferId: string;
  onCancel: () => void;
}) {
  const reject = useRejectTransfer(transferId);
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  const onReject = async () => {
    setFailure(null);
    if (!reason.trim()) {
      setFieldError(REJECT_REASON_REQUIRED);
      return;
    }
    setFieldError(undefined);
    try {
      await reject.mutateAsync(reason.trim());
      window.location.reload();
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to reject transfer'));
    }
  };

  return (
    <Modal
      open
      onClose={onCancel}
      dismissible={!reject.isPending}
      title="Reject Ownership Transfer"
      size="md"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={reject.isPending}>
            Cancel
          </Button>
          <Button
            variant="danger"
            onClick={() => void onReject()}
            loading={reject.isPending}
            loadingText="Processing..."
          >
            Reject Transfer
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {failure ? <Alert>{failure}</Alert> : null}
        <TextAreaField
          label="Reason for Rejection*"
          placeholder="Explain why you are rejecting the transfer"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={fieldError}
        />
      </div>
    </Modal>
  );
}
