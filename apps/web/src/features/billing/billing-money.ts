import { paymentStatusOf } from '@karya/domain/bill-schemas';
import { formatRupees, parseRupees } from '@karya/domain/money';
import { BILLING_TEXT } from './billing-messages';

/** Spec 2 §5: what is still owed once the amount paid is taken off the total. */
export function dueAmountPaise(totalPaise: number, paidPaise: number): number {
  return Math.max(0, totalPaise - paidPaise);
}

/** Spec 2 §5: a cash amount runs from 0 to the total. Null when it is acceptable. */
export function cashAmountError(text: string, totalPaise: number): string | null {
  const paise = parseRupees(text);
  if (paise === null || paise > totalPaise) return BILLING_TEXT.paidAmountRange;
  return null;
}

export { formatRupees, parseRupees, paymentStatusOf };
