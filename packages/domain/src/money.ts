/**
 * Money, in one place (issue 18): amounts are kept and computed in paise (integers), sent and
 * typed in rupees, and shown in rupees with two decimals (en-IN, ₹).
 */

export const toPaise = (rupees: number): number => Math.round(rupees * 100);
export const toRupees = (paise: number): number => paise / 100;

/** Built on first use: building it loads the locale's data, which costs a slow phone time. */
let rupeeFormat: Intl.NumberFormat | undefined;

/** Paise shown as rupees, e.g. ₹1,23,456.50. */
export function formatRupees(paise: number): string {
  rupeeFormat ??= new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return rupeeFormat.format(toRupees(paise));
}

/** Amounts typed in rupees with at most 2 decimals, e.g. '1234', '1234.5', '1,234.50', '₹ 99'. */
const RUPEES_TEXT = /^\d+(\.\d{0,2})?$/;

/** Typed rupees as paise, or null when the text is not an amount. */
export function parseRupees(text: string): number | null {
  const cleaned = text.replace(/[₹,\s]/g, '');
  if (!RUPEES_TEXT.test(cleaned)) return null;
  return toPaise(Number(cleaned));
}
