import { QUOTE_ADVANCE_PERCENT } from '@karya/domain/quotation-schemas';
import { type FormEvent, useState } from 'react';
import { ApiError, errorMessage } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { useNotify } from '../../ui/notification-context';
import { TextField } from '../../ui/text-field';
import { useConfirmAdvance } from './api';
import { parsed } from './builder-state';
import { money } from './quote-display';

/**
 * 'Confirm advance': the manager saw the customer's UPI payment and records it against its
 * transaction id; it becomes a receipt of the order's eventual invoice.
 */
export function ConfirmAdvanceDialog({
  quotationId,
  acceptedTotal,
  onClose,
}: {
  quotationId: string;
  acceptedTotal: number;
  onClose: () => void;
}) {
  const suggested = Math.round((acceptedTotal * QUOTE_ADVANCE_PERCENT) / 100);
  const [amount, setAmount] = useState(suggested > 0 ? String(suggested) : '');
  const [transactionId, setTransactionId] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = useConfirmAdvance(quotationId);
  const notify = useNotify();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const value = parsed(amount);
    const problems: Record<string, string> = {};
    if (value === undefined || Number.isNaN(value) || value <= 0)
      problems.amount = 'Please enter the amount received';
    if (!transactionId.trim()) problems.transactionId = 'Please enter the UPI transaction id';
    setErrors(problems);
    if (Object.keys(problems).length > 0 || value === undefined) return;
    try {
      await confirm.mutateAsync({ amount: value, transactionId: transactionId.trim() });
      notify.success('Advance confirmed');
      onClose();
    } catch (error) {
      if (error instanceof ApiError)
        setErrors(Object.fromEntries(error.fieldErrors.map((f) => [f.field, f.message])));
      setFailure(errorMessage(error, 'Could not confirm the advance'));
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title="Confirm advance"
      description={`The customer may pay ${QUOTE_ADVANCE_PERCENT}% (${money(suggested)}) by UPI from the quotation's page.`}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {failure ? <Alert>{failure}</Alert> : null}
        <TextField
          label="Amount received (₹)"
          inputMode="decimal"
          value={amount}
          error={errors.amount}
          onChange={(event) => setAmount(event.target.value)}
        />
        <TextField
          label="UPI transaction id"
          value={transactionId}
          error={errors.transactionId}
          onChange={(event) => setTransactionId(event.target.value)}
        />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={confirm.isPending} loadingText="Confirming...">
            Confirm advance
          </Button>
        </div>
      </form>
    </Modal>
  );
}
