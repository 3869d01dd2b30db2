import {
  INVOICE_MESSAGES,
  type RecordBillPaymentInput,
  recordBillPaymentSchema,
} from '@karya/domain/invoice-schemas';
import { formatRupees, parseRupees, toRupees } from '@karya/domain/money';
import type { PaymentMethod } from '@karya/domain/payment-methods';

/** What the Record Payment dialog holds while it is being filled in. */
export interface RecordPaymentForm {
  /** Rupees as typed. */
  amountText: string;
  method: PaymentMethod;
  transactionId: string;
}

/** The due, in full, is the likely payment; cash is the likely method at a door. */
export function initialRecordPaymentForm(duePaise: number): RecordPaymentForm {
  return { amountText: toRupees(duePaise).toFixed(2), method: 'cash', transactionId: '' };
}

export type RecordPaymentCheck =
  | { input: RecordBillPaymentInput; errors: null }
  | { input: null; errors: Partial<Record<'amount' | 'transactionId', string>> };

/**
 * The request for POST /record-bill-payment, or why it cannot be sent: the contract's own
 * rules (an amount above 0; UPI with a transaction id of 12 characters) and never more than
 * the due, which the server checks again under its lock.
 */
export function checkRecordPayment(
  billId: string,
  form: RecordPaymentForm,
  duePaise: number,
): RecordPaymentCheck {
  const errors: Partial<Record<'amount' | 'transactionId', string>> = {};
  const paise = parseRupees(form.amountText);
  if (paise === null || paise <= 0) errors.amount = INVOICE_MESSAGES.amountPositive;
  else if (paise > duePaise) errors.amount = INVOICE_MESSAGES.amountOverDue(formatRupees(duePaise));
  const parsed = recordBillPaymentSchema.safeParse({
    billId,
    amount: paise === null ? undefined : toRupees(paise),
    paymentMethod: form.method,
    transactionId: form.method === 'online' ? form.transactionId : null,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === 'amount' || field === 'transactionId') && !errors[field])
        errors[field] = issue.message;
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { input: null, errors };
  return { input: parsed.data, errors: null };
}
