import type { TechnicianInventoryItem } from '@karya/domain/inventory-answers';
import { formatQuantities } from '@karya/domain/quantity';
import { useState } from 'react';
import {
  EMPTY_SELECTION,
  type ReturnSelection,
  returnableItems,
  returnQuantities,
  selectionOf,
  toReturnRequests,
} from '../../shared/inventory-units';
import { QUEUE_TEXT } from '../../shared/queued-actions-notice';
import { TECHNICIAN_INVENTORY_TEXT as TEXT } from '../../shared/technician-inventory-messages';
import type { ReturnRequest } from '../../shared/technician-inventory-types';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { useNotify } from '../../ui/notification-context';
import { type FailedReturn, useReturnInventory } from './api/return-inventory';
import { ReturnItemPicker } from './return-item-picker';

type Step = 'select' | 'confirm';

interface Failure {
  /** What did go back, in its units ('1 Piece · 5 Meter'); empty when nothing did. */
  returned: string;
  failed: FailedReturn[];
}

const requestLabel = (request: ReturnRequest) =>
  request.type === 'serialized-product' ? request.serialNumber : `${request.quantity}`;

/** The confirmation step's list: one line per item, its serials or its quantity. */
function ReturnSummary({
  requests,
  items,
}: {
  requests: readonly ReturnRequest[];
  items: readonly TechnicianInventoryItem[];
}) {
  const byItem = new Map<string, ReturnRequest[]>();
  for (const request of requests)
    byItem.set(request.itemId, [...(byItem.get(request.itemId) ?? []), request]);
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
      {[...byItem.entries()].map(([itemId, lines]) => {
        const first = lines[0];
        if (!first) return null;
        return (
          <li key={itemId} className="px-3 py-2.5">
            <div className="flex items-start justify-between gap-3">
              <p className="min-w-0 break-words text-sm font-medium text-slate-900">
                {first.itemName}
              </p>
              <p className="shrink-0 text-sm font-semibold text-slate-900">
                {formatQuantities(returnQuantities(lines, items))}
              </p>
            </div>
            {first.type === 'serialized-product' ? (
              <p className="mt-1 break-all font-mono text-xs text-slate-600">
                {lines.map(requestLabel).join(', ')}
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

const requestKey = (request: ReturnRequest) => `${request.itemId}:${requestLabel(request)}`;

/**
 * Spec 2 §8 'Failed to return some items', with the server's reasons. One shared reason
 * (a lost network) is said once when every failed line is still listed below it.
 */
function FailureNotice({
  failure,
  pending,
}: {
  failure: Failure;
  pending: readonly ReturnRequest[];
}) {
  const reasons = new Set(failure.failed.map(({ message }) => message));
  const pendingKeys = new Set(pending.map(requestKey));
  const allStillListed = failure.failed.every(({ request }) =>
    pendingKeys.has(requestKey(request)),
  );
  const [onlyReason] = reasons;
  return (
    <Alert>
      <p className="font-medium">{TEXT.someFailed}</p>
      {failure.returned ? <p className="mt-1">{failure.returned} returned.</p> : null}
      {reasons.size === 1 && allStillListed ? (
        <p className="mt-1">{onlyReason}</p>
      ) : (
        <ul className="mt-1 list-disc space-y-0.5 pl-4">
          {failure.failed.map(({ request, message }) => (
            <li key={requestKey(request)}>
              {request.itemName}
              {request.type === 'serialized-product' ? ` (${request.serialNumber})` : ''}: {message}
            </li>
          ))}
        </ul>
      )}
      {pending.length > 0 ? <p className="mt-1">The items below are still selected.</p> : null}
    </Alert>
  );
}

export interface ReturnInventoryDialogProps {
  /** The technician's inventory as the tab shows it; services are left out here. */
  items: readonly TechnicianInventoryItem[];
  onClose: () => void;
}

/**
 * Spec 2 §2 'Return Inventory dialog with a confirmation step': tick serials and set
 * generic quantities, review, then one POST /return-inventory per line. What failed stays
 * selected so that nothing has to be picked again.
 */
export function ReturnInventoryDialog({ items, onClose }: ReturnInventoryDialogProps) {
  const notify = useNotify();
  const submit = useReturnInventory();
  const [step, setStep] = useState<Step>('select');
  const [selection, setSelection] = useState<ReturnSelection>(EMPTY_SELECTION);
  const [nothingSelected, setNothingSelected] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);

  const returnable = returnableItems(items);
  const requests = toReturnRequests(items, selection);
  // Each in its own unit, never one sum of metres and pieces (issue 39 item 5).
  const quantities = formatQuantities(returnQuantities(requests, items), '');
  const busy = submit.isPending;

  const changeSelection = (next: ReturnSelection) => {
    setSelection(next);
    setNothingSelected(false);
  };

  const review = () => {
    if (requests.length === 0) {
      setNothingSelected(true);
      return;
    }
    setStep('confirm');
  };

  const confirm = async () => {
    setFailure(null);
    const outcome = await submit.mutateAsync(requests);
    if (outcome.failed.length === 0) {
      // With no network the return waits on the phone (issue 20) and the stock shows it gone.
      if (outcome.queued.length > 0) notify.info(QUEUE_TEXT.queued);
      else notify.success(TEXT.returned);
      onClose();
      return;
    }
    setSelection(selectionOf(outcome.failed.map(({ request }) => request)));
    setFailure({
      returned: formatQuantities(
        returnQuantities([...outcome.returned, ...outcome.queued], items),
        '',
      ),
      failed: outcome.failed,
    });
  };

  const footer =
    step === 'select' ? (
      <>
        {nothingSelected ? <Alert className="w-full">{TEXT.nothingSelected}</Alert> : null}
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={review}>
          {quantities ? `Review Return (${quantities})` : 'Review Return'}
        </Button>
      </>
    ) : (
      <>
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => {
            setFailure(null);
            setStep('select');
          }}
        >
          Back
        </Button>
        <Button
          onClick={() => void confirm()}
          loading={busy}
          loadingText="Returning..."
          disabled={requests.length === 0}
        >
          Confirm Return
        </Button>
      </>
    );

  return (
    <Modal
      open
      onClose={onClose}
      dismissible={!busy}
      size="lg"
      title={step === 'select' ? 'Return Inventory' : 'Confirm Return'}
      description={
        step === 'select'
          ? 'Tick the serial numbers and set the quantities to hand back to your manager.'
          : requests.length === 0
            ? 'None of the selected items is left to return.'
            : `Return ${quantities}? They stay pending until your manager confirms the return.`
      }
      footer={footer}
    >
      {step === 'select' ? (
        returnable.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-500">{TEXT.noItemsAssigned}</p>
        ) : (
          <div className="space-y-3">
            {returnable.map((item) => (
              <ReturnItemPicker
                key={item._id}
                item={item}
                selection={selection}
                onChange={changeSelection}
                disabled={busy}
              />
            ))}
          </div>
        )
      ) : (
        <div className="space-y-3">
          {failure ? <FailureNotice failure={failure} pending={requests} /> : null}
          {requests.length > 0 ? <ReturnSummary requests={requests} items={items} /> : null}
        </div>
      )}
    </Modal>
  );
}
