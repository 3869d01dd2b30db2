import { WORK_ORDER_MESSAGES, type WorkOrderDetail } from '@karya/domain/work-order-schemas';
import {
  countWords,
  MIN_APPROVAL_NOTE_WORDS,
  WORK_ORDER_STATE_MESSAGES,
} from '@karya/domain/work-order-state';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { ChecklistAnswers } from '../../shared/checklist-answers';
import { JobPhotos } from '../../shared/job-photos';
import { JobSignatureSection } from '../../shared/job-signature';
import { ServiceReportButton } from '../../shared/service-report-button';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { useNotify } from '../../ui/notification-context';
import { TextAreaField } from '../../ui/text-area-field';
import { useApproveOrder } from './api/approve-order';
import { personName } from './work-order-display';

/** Spec 1 §5: a manager approves a pending-approval project with a note of 5+ words. */
export function ApproveProjectDialog({
  order,
  onClose,
}: {
  order: WorkOrderDetail;
  onClose: () => void;
}) {
  const notify = useNotify();
  const approve = useApproveOrder();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const words = countWords(note);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (words < MIN_APPROVAL_NOTE_WORDS) {
      setNoteError(WORK_ORDER_STATE_MESSAGES.tooFewWords(words));
      return;
    }
    setNoteError(undefined);
    try {
      await approve.mutateAsync({
        customerId: order.customerId,
        orderId: order.orderId,
        remark: note.trim(),
      });
      notify.success(WORK_ORDER_MESSAGES.projectApproved);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to update status'));
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title="Approve Project"
      description={`${order.projectType} for ${order.customerName} · ${personName(order.technician, 'Not Assigned')}`}
      size="md"
      dismissible={!approve.isPending}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {failure ? <Alert>{failure}</Alert> : null}
        {/* Issue 22: the manager approves with the checklist answers in front of them. */}
        <ChecklistAnswers
          orderId={order.orderId}
          className="max-h-64 overflow-y-auto rounded-lg border border-slate-200 p-3"
        />
        <JobPhotos
          orderId={order.orderId}
          className="max-h-64 overflow-y-auto rounded-lg border border-slate-200 p-3"
        />
        <JobSignatureSection
          orderId={order.orderId}
          className="rounded-lg border border-slate-200 p-3"
        />
        {/* The whole job on paper: what the customer keeps, read before approving. */}
        <ServiceReportButton source={{ orderId: order.orderId }} />
        <TextAreaField
          label="Approval Note*"
          value={note}
          onChange={(event) => {
            setNote(event.target.value);
            if (noteError && countWords(event.target.value) >= MIN_APPROVAL_NOTE_WORDS) {
              setNoteError(undefined);
            }
          }}
          placeholder={`At least ${MIN_APPROVAL_NOTE_WORDS} words about the completed work`}
          rows={4}
          error={noteError}
        />
        {noteError ? null : (
          <p className="text-xs text-slate-500">
            Word count: {words} (minimum {MIN_APPROVAL_NOTE_WORDS})
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={approve.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={approve.isPending} loadingText="Approving...">
            Approve Project
          </Button>
        </div>
      </form>
    </Modal>
  );
}
