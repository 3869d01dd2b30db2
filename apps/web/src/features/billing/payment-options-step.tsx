import { type Bill, MIN_UPI_TRANSACTION_ID_LENGTH } from '@karya/domain/bill-schemas';
import { toPaise } from '@karya/domain/money';

import { Banknote, Smartphone } from 'lucide-react';
import { useId } from 'react';
import { cx } from '../../lib/class-names';
import { UpiQr } from '../../shared/upi-qr';
import { Alert } from '../../ui/alert';
import type { PaymentMethod, WizardAction, WizardState } from './bill-wizard-state';
import { BILLING_TEXT } from './billing-messages';
import { dueAmountPaise, formatRupees, parseRupees } from './billing-money';

const FIELD =
  'block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-blue-500 focus:ring-2 focus:ring-blue-500/20 focus:outline-none read-only:bg-slate-50 sm:text-sm dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:read-only:bg-slate-900';

const METHODS: ReadonlyArray<{ value: PaymentMethod; label: string; icon: typeof Banknote }> = [
  { value: 'online', label: 'Online (UPI)', icon: Smartphone },
  { value: 'cash', label: 'Cash', icon: Banknote },
];

/**
 * Spec 2 §2 'Select Payment Method': online shows the UPI QR and asks for the transaction
 * id; cash asks how much was paid (0 to the total) and shows what stays due. The details
 * dialog takes cash as the full total, read-only (spec 2 §5), and says where a part payment
 * is taken instead.
 */
export function PaymentOptionsStep({
  bill,
  state,
  dispatch,
  qrSize,
  cashReadOnly,
  upiRefusal = null,
}: {
  bill: Bill;
  state: WizardState;
  dispatch: (action: WizardAction) => void;
  qrSize: number;
  cashReadOnly: boolean;
  /** Why UPI cannot be taken now (no signal, decision 028); null when it can. */
  upiRefusal?: string | null;
}) {
  const upiNoteId = useId();
  const transactionId = useId();
  const cashId = useId();
  const partPaymentId = useId();
  const totalPaise = toPaise(bill.total);
  // Spec 2 §5: the server's upi://pay link carries payee, amount and the note 'Bill-{orderId}'.
  const link = bill.upiLink;
  const typedPaise = parseRupees(state.cashText);
  const duePaise = dueAmountPaise(totalPaise, typedPaise ?? 0);

  return (
    <div className="space-y-4">
      {state.error ? <Alert>{state.error}</Alert> : null}
      <div className="flex items-center justify-between rounded-lg bg-blue-50 px-3 py-2.5 dark:bg-blue-950">
        <span className="text-sm text-slate-700 dark:text-slate-200">Bill for {bill.orderId}</span>
        <span className="text-lg font-semibold text-blue-800 dark:text-blue-200">
          {formatRupees(totalPaise)}
        </span>
      </div>

      {totalPaise === 0 ? (
        <Alert tone="info">Nothing to collect: this bill is {formatRupees(0)}.</Alert>
      ) : null}
      <fieldset>
        <legend className="mb-2 text-sm font-medium">Payment Method</legend>
        <div className="grid grid-cols-2 gap-2">
          {METHODS.map(({ value, label, icon: Icon }) => {
            const chosen = state.method === value;
            const disabled = value === 'online' && upiRefusal !== null;
            return (
              <label
                key={value}
                className={cx(
                  'flex h-12 cursor-pointer items-center justify-center gap-2 rounded-lg border text-sm font-medium',
                  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-600',
                  chosen
                    ? 'border-blue-600 bg-blue-600 text-white'
                    : 'border-slate-300 bg-white text-slate-700 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100',
                  disabled && 'cursor-not-allowed opacity-50',
                )}
              >
                <input
                  type="radio"
                  name="payment-method"
                  value={value}
                  checked={chosen}
                  disabled={disabled}
                  aria-describedby={disabled ? upiNoteId : undefined}
                  onChange={() => dispatch({ type: 'method', method: value })}
                  className="sr-only"
                />
                <Icon aria-hidden="true" className="size-4" />
                {label}
              </label>
            );
          })}
        </div>
        {upiRefusal ? (
          <div id={upiNoteId} className="mt-2">
            <Alert tone="warning">{upiRefusal}</Alert>
          </div>
        ) : null}
      </fieldset>

      {state.method === 'online' && upiRefusal === null ? (
        <div className="space-y-3">
          {link ? (
            <figure className="flex flex-col items-center gap-2 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
              <UpiQr
                value={link}
                size={qrSize}
                label={`UPI QR code for ${formatRupees(totalPaise)}`}
              />
              <figcaption className="text-center text-xs text-slate-600 dark:text-slate-300">
                Scan with any UPI app to pay {formatRupees(totalPaise)}
                {bill.upiPayee ? (
                  <span className="block break-all font-medium">{bill.upiPayee.vpa}</span>
                ) : null}
              </figcaption>
            </figure>
          ) : (
            <Alert tone="warning">{BILLING_TEXT.noUpiPayee}</Alert>
          )}
          <div>
            <label htmlFor={transactionId} className="mb-1.5 block text-sm font-medium">
              UPI Transaction ID*
            </label>
            <input
              id={transactionId}
              value={state.transactionId}
              autoComplete="off"
              autoCapitalize="characters"
              placeholder={`At least ${MIN_UPI_TRANSACTION_ID_LENGTH} characters`}
              onChange={(event) => dispatch({ type: 'transaction-id', value: event.target.value })}
              className={FIELD}
            />
          </div>
        </div>
      ) : (
        <div className="space-y-3">
          <div>
            <label htmlFor={cashId} className="mb-1.5 block text-sm font-medium">
              Amount Paid (₹)
            </label>
            <input
              id={cashId}
              inputMode="decimal"
              value={state.cashText}
              readOnly={cashReadOnly}
              onChange={(event) => dispatch({ type: 'cash', value: event.target.value })}
              aria-describedby={cashReadOnly ? partPaymentId : undefined}
              className={FIELD}
            />
            {cashReadOnly ? (
              <p id={partPaymentId} className="mt-1.5 text-xs text-slate-600 dark:text-slate-300">
                {BILLING_TEXT.partPaymentWhere}
              </p>
            ) : null}
          </div>
          <dl className="grid grid-cols-2 gap-2 text-sm">
            <div className="rounded-lg bg-slate-50 px-3 py-2 dark:bg-slate-800">
              <dt className="text-xs text-slate-500 dark:text-slate-400">Total Amount</dt>
              <dd className="font-semibold">{formatRupees(totalPaise)}</dd>
            </div>
            <div className="rounded-lg bg-amber-50 px-3 py-2 dark:bg-amber-950">
              <dt className="text-xs text-amber-800 dark:text-amber-200">Due Amount</dt>
              <dd
                className="font-semibold text-amber-900 dark:text-amber-100"
                data-testid="due-amount"
              >
                {formatRupees(duePaise)}
              </dd>
            </div>
          </dl>
        </div>
      )}
    </div>
  );
}
