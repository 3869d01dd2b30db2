import { OWNERSHIP_MESSAGES } from '@karya/domain/ownership-schemas';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { TextAreaField } from '../../ui/text-area-field';
import { useAcceptTransfer } from './api/accept-transfer';
import type { OwnershipTransfer } from './api/transfer-types';
import { LogoutButton } from './logout-button';
import { personName } from './person-name';
import { RejectTransferModal } from './reject-transfer-modal';

const ACCEPT_MESSAGE_REQUIRED = OWNERSHIP_MESSAGES.responseRequired;

/** Spec 1 §2.9/§4: a pending transfer addressed to me — accept or reject. */
export function TransferRequestModal({ transfer }: { transfer: OwnershipTransfer }) {
  const accept = useAcceptTransfer(transfer._id);
  const [response, setResponse] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState(false);

  const onAccept = async () => {
    setFailure(null);
    if (!response.trim()) {
      setFieldError(ACCEPT_MESSAGE_REQUIRED);
      return;
    }
    setFieldError(undefined);
    try {
      await accept.mutateAsync(response.trim());
      window.location.reload();
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to accept transfer'));
    }
  };

  if (rejecting) {
    return <RejectTransferModal transferId={transfer._id} onCancel={() => setRejecting(false)} />;
  }

  return (
    <Modal
      open
      onClose={() => {}}
      dismissible={false}
      title="Ownership Transfer Request"
      size="md"
      footer={
        <>
          <LogoutButton />
          <Button variant="danger" onClick={() => setRejecting(true)} disabled={accept.isPending}>
            Reject
          </Button>
          <Button
            onClick={() => void onAccept()}
            loading={accept.isPending}
            loadingText="Processing..."
          >
            Accept
          </Button>
        </>
      }
    >
      <div className="space-y-4 text-sm text-slate-600">
        {failure ? <Alert>{failure}</Alert> : null}
        <p>
          <span className="font-medium text-slate-900">{personName(transfer.oldManager)}</span>{' '}
          wants to transfer ownership of the branch to you.
        </p>
        {transfer.message ? (
          <blockquote className="rounded-lg border border-slate-200 bg-slate-50 p-3 whitespace-pre-wrap">
            {transfer.message}
          </blockquote>
        ) : null}
        <TextAreaField
          label="Response Message*"
          placeholder="Write a message for the current manager"
          value={response}
          onChange={(event) => setResponse(event.target.value)}
          error={fieldError}
        />
      </div>
    </Modal>
  );
}
