import { fullName } from '@karya/domain/user';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { useNotify } from '../../ui/notification-context';
import { TextAreaField } from '../../ui/text-area-field';
import { useInitiateTransfer } from './api/initiate-transfer';
import type { NewManager } from './api/transfer-types';

/** Spec 1 §7.2: a refusal without a message reads 'Error: {status} …'. */
function transferFailure(error: unknown): string {
  if (error instanceof ApiError && error.status > 0 && !error.message.trim()) {
    return `Error: ${error.status} Failed to initiate transfer`;
  }
  return errorMessage(error, 'Failed to initiate transfer');
}

/** Spec 1 §2.9: request an ownership transfer to a new manager of my branch. */
export function TransferModal({
  candidate,
  onClose,
}: {
  candidate: NewManager;
  onClose: () => void;
}) {
  const notify = useNotify();
  const initiate = useInitiateTransfer();
  const [message, setMessage] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const name = fullName(candidate);

  const onSubmit = async () => {
    setFailure(null);
    try {
      await initiate.mutateAsync({ newManagerId: candidate._id, message: message.trim() });
      notify.success(`Transfer request sent to ${name}`);
      onClose();
    } catch (error) {
      setFailure(transferFailure(error));
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      dismissible={!initiate.isPending}
      title="Transfer Branch Ownership"
      description={`To ${name} (${candidate.email})`}
      size="md"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={initiate.isPending}>
            Cancel
          </Button>
          <Button
            onClick={() => void onSubmit()}
            loading={initiate.isPending}
            loadingText="Processing..."
          >
            Request Transfer
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {failure ? <Alert>{failure}</Alert> : null}
        <TextAreaField
          label="Message (optional)"
          placeholder="Add a message for the new manager"
          value={message}
          onChange={(event) => setMessage(event.target.value)}
        />
        <Alert tone="warning">
          After the transfer you will lose access to manage this branch. This action cannot be
          undone.
        </Alert>
      </div>
    </Modal>
  );
}
