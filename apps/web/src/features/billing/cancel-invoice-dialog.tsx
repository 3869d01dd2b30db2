import type { Bill } from '@karya/domain/bill-schemas';
import {
  type CancelInvoiceInput,
  type CancelledMoney,
  INVOICE_MESSAGES,
} from '@karya/domain/invoice-schemas';
import { formatRupees, toPaise } from '@karya/domain/money';
import {
  INVALID_UPI_TRANSACTION_ID,
  MIN_UPI_TRANSACTION_ID_LENGTH,
  normalizeUpiTransactionId,
  type PaymentMethod,
} from '@karya/domain/payment-methods';
import { type FormEvent, useId, useState } from 'react';
import { CHOICE, PaymentMethodFields } from '../../shared/payment-method-fields';
import { Alert } from '../../ui/alert';
import { BottomSheet } from '../../ui/bottom-sheet';
import { Button } from '../../ui/button';
import { DARK_SECONDARY } from '../../ui/dashboard-panels';
import { PAYMENT_METHOD_LABELS } from './billing-messages';

const OUTCOMES: ReadonlyArray<{ value: CancelledMoney; label: string; detail: string }> = [
  { value: 'refund', label: 'Refund', detail: 'Give it back now; a refund voucher is recorded.' },
  {
    value: 'advance',
    label: 'Keep as advance',
    detail: 'It stays as the customer’s advance and pays the corrected invoice.',
  },
];

const dayOf = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'Asia/Kolkata' });

export interface CancelInvoiceDialogProps {
  bill: Bill;
  /** Resolves to the server's refusal, or null once the invoice is cancelled. */
  onSubmit: (input: CancelInvoiceInput) => Promise<string | null>;
  onClose: () => void;
}

/**
 * 'Cancel Invoice' (decision 041): with the reason. An invoice with money received says how
 * much and how before it is cancelled, and asks what becomes of it: refunded (cash, or UPI
 * with the refund's transaction id) or kept as the customer's advance for the corrected invoice.
 */
export function CancelInvoiceDialog({ bill, onSubmit, onClose }: CancelInvoiceDialogProps) {
  const received = bill.paidAmount;
  const [reason, setReason] = useState('');
  const [outcome, setOutcome] = useState<CancelledMoney | null>(null);
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [transactionId, setTransactionId] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'outcome' | 'transactionId', string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const formId = useId();
  const reasonId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() === '') return;
    const found: typeof errors = {};
    if (received > 0 && !outcome) found.outcome = INVOICE_MESSAGES.moneyOutcomeRequired;
    const txn = normalizeUpiTransactionId(transactionId);
    if (outcome === 'refund' && method === 'online' && txn.length < MIN_UPI_TRANSACTION_ID_LENGTH)
      found.transactionId = INVALID_UPI_TRANSACTION_ID;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const input: CancelInvoiceInput = { billId: bill.billId, reason: reason.trim() };
    if (received > 0 && outcome) {
      input.money =
        outcome === 'refund'
          ? {
              outcome,
              amount: received,
              method,
              transactionId: method === 'online' ? txn : null,
            }
          : { outcome, amount: received, transactionId: null };
    }
    setSaving(true);
    setRefusal(null);
    const refused = await onSubmit(input);
    setSaving(false);
    if (refused) setRefusal(refused);
    else onClose();
  };

  return (
    <BottomSheet
      open
      onClose={onClose}
      title="Cancel Invoice"
      description={bill.invoice?.number ?? bill.billNumber ?? bill.orderId}
      size="sm"
      dismissible={!saving}
      footer={
        <>
          <Button
            variant="secondary"
            className={DARK_SECONDARY}
            onClick={onClose}
            disabled={saving}
          >
            Keep Invoice
          </Button>
          <Button
            type="submit"
            form={formId}
            variant="danger"
            disabled={reason.trim() === ''}
            loading={saving}
          >
            Cancel Invoice
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        {refusal ? <Alert>{refusal}</Alert> : null}
        {received > 0 ? (
          <div className="space-y-3">
            <Alert tone="warning">
              <span data-testid="cancel-received">
                {formatRupees(toPaise(received))} has been received on this invoice
              </span>
              <ul className="mt-1 list-disc pl-5">
                {bill.payments.map((payment) => (
                  <li key={payment._id}>
                    {PAYMENT_METHOD_LABELS[payment.method]} {formatRupees(toPaise(payment.amount))}{' '}
                    on {dayOf.format(new Date(payment.receivedAt))}, receipt {payment.receiptNumber}
                  </li>
                ))}
              </ul>
            </Alert>
            <fieldset>
              <legend className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-200">
                What becomes of this money?*
              </legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {OUTCOMES.map((option) => (
                  <label key={option.value} className={`${CHOICE} flex-col px-3 py-2 text-center`}>
                    <input
                      type="radio"
                      name={`${formId}-outcome`}
                      value={option.value}
                      checked={outcome === option.value}
                      onChange={() => {
                        setOutcome(option.value);
                        setErrors({});
                      }}
                      className="sr-only"
                    />
                    <span>{option.label}</span>
                    <span className="text-xs font-normal opacity-80">{option.detail}</span>
                  </label>
                ))}
              </div>
              {errors.outcome ? (
                <p className="mt-1 text-xs text-red-600">{errors.outcome}</p>
              ) : null}
            </fieldset>
            {outcome === 'refund' ? (
              <PaymentMethodFields
                name={`${formId}-method`}
                legend="Refund Method"
                method={method}
                onMethod={(value) => {
                  setMethod(value);
                  setErrors({});
                }}
                transactionId={transactionId}
                onTransactionId={(value) => {
                  setTransactionId(value);
                  setErrors({});
                }}
                error={errors.transactionId}
                hint="The transaction of the refund sent to the customer"
              />
            ) : null}
          </div>
        ) : null}
        <div>
          <label
            htmlFor={reasonId}
            className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200"
          >
            Reason*
          </label>
          <textarea
            id={reasonId}
            rows={3}
            required
            value={reason}
            placeholder="Why is this invoice cancelled?"
            onChange={(event) => setReason(event.target.value)}
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-blue-500 focus:ring-2 focus:ring-blue-500/20 focus:outline-none sm:text-sm dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:placeholder:text-slate-500"
          />
        </div>
      </form>
    </BottomSheet>
  );
}
