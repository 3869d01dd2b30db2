import { MIN_UPI_TRANSACTION_ID_LENGTH, type PaymentMethod } from '@karya/domain/payment-methods';
import { TextField } from '../ui/text-field';

const METHODS: ReadonlyArray<{ value: PaymentMethod; label: string }> = [
  { value: 'cash', label: 'Cash' },
  { value: 'online', label: 'UPI' },
];

/** A choice drawn as a button: the radio inside it is what the keyboard and readers use. */
export const CHOICE =
  'flex cursor-pointer items-center justify-center gap-2 rounded-lg border border-slate-300 text-sm font-medium has-checked:border-blue-600 has-checked:bg-blue-600 has-checked:text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-600 dark:border-slate-600';

/**
 * How money moves, Cash or UPI, and UPI's transaction id: Record Payment asks it of money
 * received, Cancel Invoice and the corrected invoice of money refunded (issue 39 item 6).
 */
export function PaymentMethodFields({
  name,
  legend,
  method,
  onMethod,
  transactionId,
  onTransactionId,
  error,
  hint,
}: {
  /** The radio group's name, unique on the page. */
  name: string;
  legend: string;
  method: PaymentMethod;
  onMethod: (method: PaymentMethod) => void;
  transactionId: string;
  onTransactionId: (value: string) => void;
  error: string | undefined;
  hint?: string;
}) {
  return (
    <>
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-200">
          {legend}
        </legend>
        <div className="grid grid-cols-2 gap-2">
          {METHODS.map(({ value, label }) => (
            <label key={value} className={`${CHOICE} h-11`}>
              <input
                type="radio"
                name={name}
                value={value}
                checked={method === value}
                onChange={() => onMethod(value)}
                className="sr-only"
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      {method === 'online' ? (
        <TextField
          label="UPI Transaction ID*"
          autoComplete="off"
          autoCapitalize="characters"
          placeholder={`At least ${MIN_UPI_TRANSACTION_ID_LENGTH} characters`}
          value={transactionId}
          onChange={(event) => onTransactionId(event.target.value)}
          error={error}
          {...(hint ? { hint } : {})}
        />
      ) : null}
    </>
  );
}
