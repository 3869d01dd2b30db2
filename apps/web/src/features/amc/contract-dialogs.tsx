import type { AmcContractDetail, AmcVisit } from '@karya/domain/amc-schemas';
import { type FormEvent, useId, useState } from 'react';
import { ApiError, errorMessage } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { useNotify } from '../../ui/notification-context';
import { TextAreaField } from '../../ui/text-area-field';
import { TextField } from '../../ui/text-field';
import { dayText, moveProblem } from './amc-display';
import { useCancelContract, useMoveVisit } from './api/contract-changes';

/** 'Cancel contract': a reason is required; its visits stop opening work orders. */
export function CancelContractDialog({
  contract,
  onClose,
}: {
  contract: AmcContractDetail;
  onClose: () => void;
}) {
  const notify = useNotify();
  const formId = useId();
  const cancel = useCancelContract(contract._id);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() === '') {
      setError('Please give a reason for cancelling');
      return;
    }
    cancel.mutate(reason.trim(), {
      onSuccess: () => {
        notify.success('Contract cancelled');
        onClose();
      },
      onError: (failure) => setError(errorMessage(failure, 'Could not cancel the contract')),
    });
  };

  return (
    <Modal
      open
      onClose={onClose}
      title="Cancel contract"
      description={`${contract.contractNumber} · ${contract.customer.name}`}
      dismissible={!cancel.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={cancel.isPending}>
            Keep contract
          </Button>
          <Button type="submit" form={formId} variant="danger" loading={cancel.isPending}>
            Cancel contract
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-3">
        <p className="text-sm text-slate-600">
          Visits not yet opened will no longer become work orders. Work orders already opened stay
          as they are.
        </p>
        <TextAreaField
          label="Reason"
          rows={3}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            setError(null);
          }}
          error={error ?? undefined}
        />
      </form>
    </Modal>
  );
}

/**
 * 'Move visit': a new date and why; later visits stay where they are unless 'Also move later
 * visits' is ticked, when they move by the same number of days.
 */
export function MoveVisitDialog({
  contract,
  visit,
  onClose,
}: {
  contract: AmcContractDetail;
  visit: AmcVisit;
  onClose: () => void;
}) {
  const notify = useNotify();
  const formId = useId();
  const move = useMoveVisit(contract._id);
  const [dueDate, setDueDate] = useState(visit.dueDate);
  const [reason, setReason] = useState('');
  const [shiftLaterVisits, setShiftLater] = useState(false);
  const [errors, setErrors] = useState<{ dueDate?: string; reason?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const laterCount = contract.visits.filter(
    (other) => other.number > visit.number && other.state !== 'done',
  ).length;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const problem = moveProblem(visit.dueDate, dueDate, reason);
    if (problem) {
      setErrors(problem.startsWith('Say') ? { reason: problem } : { dueDate: problem });
      return;
    }
    move.mutate(
      { number: visit.number, dueDate, reason: reason.trim(), shiftLaterVisits },
      {
        onSuccess: () => {
          notify.success('Visit moved');
          onClose();
        },
        onError: (error) => {
          const field = error instanceof ApiError ? error.fieldErrors[0]?.field : undefined;
          if (field === 'reason') setErrors({ reason: error.message });
          else if (error instanceof ApiError && !error.isNetworkError && field !== undefined) {
            setErrors({ dueDate: error.message });
          } else setFailure(errorMessage(error, 'Could not move the visit'));
        },
      },
    );
  };

  return (
    <Modal
      open
      onClose={onClose}
      title="Move visit"
      description={`Visit ${visit.number} · due ${dayText(visit.dueDate)}`}
      dismissible={!move.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={move.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={move.isPending}>
            Move visit
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        {failure ? <Alert>{failure}</Alert> : null}
        <TextField
          label="New date"
          type="date"
          value={dueDate}
          onChange={(event) => {
            setDueDate(event.target.value);
            setErrors({});
          }}
          error={errors.dueDate}
        />
        <TextAreaField
          label="Reason"
          rows={2}
          value={reason}
          placeholder="e.g. Customer away until the 20th"
          onChange={(event) => {
            setReason(event.target.value);
            setErrors((current) => ({ ...current, reason: undefined }));
          }}
          error={errors.reason}
        />
        {laterCount > 0 ? (
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              checked={shiftLaterVisits}
              onChange={(event) => setShiftLater(event.target.checked)}
              className="mt-0.5 size-4 rounded border-slate-300 text-blue-600"
            />
            <span>
              Also move later visits
              <span className="block text-xs text-slate-500">
                {laterCount === 1 ? 'The next visit moves' : `The ${laterCount} later visits move`}{' '}
                by the same number of days. Unticked, they stay where they are.
              </span>
            </span>
          </label>
        ) : null}
      </form>
    </Modal>
  );
}
