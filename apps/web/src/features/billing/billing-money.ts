import { paymentStatusOf } from '@karya/domain/bill-schemas';
import { formatRupees } from '@karya/domain/format';
import { BILLING_TEXT } from './billing-messages';

/** Amounts typed in rupees with at most 2 decimals, e.g. '1234', '1234.5', '1,234.50'. */
const RUPEES_TEXT = /^\d+(\.\d{0,2})?$/;

/** Typed rupees as paise, or null when it is not an amount. */
export function parseRupees(text: string): number | null {
  const cleaned = text.replace(/[₹,\s]/g, '');
  if (!RUPEES_TEXT.test(cleaned)) return null;
  return Math.round(Number(cleaned) * 100);
}

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

export { formatRupees, paymentStatusOf };
