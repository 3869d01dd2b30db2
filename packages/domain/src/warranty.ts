/**
 * Warranty periods (spec 2 §5, §9): parsed from the catalogue item's warranty text, years
 * counting 365 days and months 30. 'No Warranty' (or text with no period) means none.
 */

export const WARRANTY_OPTIONS = [
  'No Warranty',
  '1 day',
  '6 months',
  '1 year',
  '1.5 years',
  '2 years',
  '3 years',
  '5 years',
] as const;
export const DEFAULT_WARRANTY = '1 year';

const DAY_MS = 24 * 60 * 60 * 1000;
const UNIT_DAYS: Record<string, number> = { year: 365, month: 30, day: 1 };
const PERIOD = /(\d+(?:\.\d+)?)\s*(year|yr|month|mon|day)s?\b/i;

/** Days of warranty in the text ('1.5 years' → 547), or null for none. */
export function warrantyDays(text: string | null | undefined): number | null {
  const value = (text ?? '').trim();
  if (!value || /^no\b/i.test(value)) return null;
  const match = PERIOD.exec(value);
  if (!match?.[1] || !match[2]) return null;
  const unit = match[2].toLowerCase().startsWith('y')
    ? 'year'
    : match[2].toLowerCase().startsWith('m')
      ? 'month'
      : 'day';
  const days = Math.floor(Number(match[1]) * (UNIT_DAYS[unit] ?? 0));
  return days > 0 ? days : null;
}

export interface WarrantyState {
  underWarranty: boolean;
  /** The last moment covered; null when the item has no warranty or was never installed. */
  expiryDate: Date | null;
  /** Whole days left, counting part of a day as one; 0 once expired. */
  daysLeft: number;
  warrantyDays: number | null;
}

/**
 * A unit is under warranty from its installation until installation + the period, that
 * moment included. A unit not yet installed has no running warranty.
 */
export function warrantyState(
  installedAt: Date | null,
  warrantyText: string | null | undefined,
  now: Date = new Date(),
): WarrantyState {
  const days = warrantyDays(warrantyText);
  if (days === null || !installedAt) {
    return { underWarranty: false, expiryDate: null, daysLeft: 0, warrantyDays: days };
  }
  const expiry = new Date(installedAt.getTime() + days * DAY_MS);
  const left = expiry.getTime() - now.getTime();
  return {
    underWarranty: left >= 0,
    expiryDate: expiry,
    daysLeft: left >= 0 ? Math.ceil(left / DAY_MS) : 0,
    warrantyDays: days,
  };
}
