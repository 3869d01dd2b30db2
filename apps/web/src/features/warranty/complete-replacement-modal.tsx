import {
  isClosableComplaint,
  type Replacement,
  WARRANTY_MESSAGES,
} from '@karya/domain/warranty-schemas';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { useBranchInventory } from '../../shared/get-inventory-by-type';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { useNotify } from '../../ui/notification-context';
import { useCompleteReplacement } from './api/complete-replacement';
import { SerialInput } from './serial-input';

const MAX_SUGGESTIONS = 12;

/**
 * The branch's units of the record's product, offered to pick from; the server decides (the
 * unit must be of the same product and in the branch's sellable stock).
 */
function useStockSerials(record: Replacement): string[] {
  const stock = useBranchInventory('serialized-product', null);
  const item = (stock.data ?? []).find(
    (entry) => entry._id === record.itemId || entry.id === record.itemId,
  );
  const chain = new Set(record.chain);
  return (item?.stock ?? [])
    .map((entry) => entry.serialNumber ?? '')
    .filter((serial) => serial && !chain.has(serial))
    .slice(0, MAX_SUGGESTIONS);
}

/** Spec 2 §4: completing with a new serial number makes the record 'replaced'. */
export function CompleteReplacementModal({
  record,
  onClose,
  onCompleted,
}: {
  record: Replacement;
  onClose: () => void;
  onCompleted: (record: Replacement) => void;
}) {
  const notify = useNotify();
  const complete = useCompleteReplacement();
  const suggestions = useStockSerials(record);
  const [serial, setSerial] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // Issue 39 item 17: the complaint this replacement answers closes with it, if the manager
  // leaves the box ticked and no technician has started it.
  const complaint = record.complaint;
  const closable = complaint !== null && isClosableComplaint(complaint.status);
  const [closeComplaint, setCloseComplaint] = useState(true);

  const send = async (value: string) => {
    const newSerialNumber = value.trim();
    setFailure(null);
    if (!newSerialNumber) {
      setError(WARRANTY_MESSAGES.newSerialRequired);
      return;
    }
    setError(null);
    try {
      const done = await complete.mutateAsync({
        replacementId: record._id,
        newSerialNumber,
        ...(closable ? { closeComplaint } : {}),
      });
      notify.success(WARRANTY_MESSAGES.completed);
      onCompleted(done);
    } catch (caught) {
      setFailure(errorMessage(caught, WARRANTY_MESSAGES.completeFailed));
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send(serial);
  };

  return (
    <Modal
      open
      onClose={onClose}
      title="Complete Replacement"
      description={`${record.productName} · faulty unit S/N ${record.currentSerialNumber}`}
      size="md"
      dismissible={!complete.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={complete.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            form="complete-replacement-form"
            loading={complete.isPending}
            loadingText="Completing..."
          >
            Complete Replacement
          </Button>
        </>
      }
    >
      <form id="complete-replacement-form" onSubmit={submit} noValidate className="space-y-4">
        {failure ? <Alert>{failure}</Alert> : null}
        <SerialInput
          label="New Serial Number*"
          value={serial}
          autoFocus
          onChange={(value) => {
            setSerial(value);
            if (error) setError(null);
          }}
          // A scanned unit is the manager's choice; they still confirm with the button.
          onScanned={() => {}}
          error={error}
        />
        <p className="text-xs text-slate-500">
          A unit of {record.productName} from your branch stock goes to {record.customerName}; the
          faulty unit goes to the branch's faulty shelf.
        </p>
        {complaint && closable ? (
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              checked={closeComplaint}
              onChange={(event) => setCloseComplaint(event.target.checked)}
              className="mt-0.5 size-4 shrink-0 rounded border-slate-300 text-blue-600"
            />
            <span className="min-w-0 [overflow-wrap:anywhere]">
              Close complaint {complaint.orderId}
            </span>
          </label>
        ) : null}
        {complaint && !closable && complaint.status !== 'completed' ? (
          <p className="text-xs text-slate-500 [overflow-wrap:anywhere]">
            {WARRANTY_MESSAGES.complaintLeftOpen(complaint.orderId, complaint.status)}
          </p>
        ) : null}
        {suggestions.length > 0 ? (
          <div>
            <p className="mb-1.5 text-xs font-medium text-slate-600">In branch stock</p>
            <ul aria-label="Serial numbers in branch stock" className="flex flex-wrap gap-1.5">
              {suggestions.map((suggestion) => (
                <li key={suggestion}>
                  <button
                    type="button"
                    aria-pressed={serial === suggestion}
                    onClick={() => {
                      setSerial(suggestion);
                      setError(null);
                    }}
                    className="rounded-md border border-slate-300 bg-white px-2 py-1 font-mono text-xs text-slate-700 hover:border-blue-400 hover:bg-blue-50 aria-pressed:border-blue-500 aria-pressed:bg-blue-50"
                  >
                    {suggestion}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </form>
    </Modal>
  );
}
