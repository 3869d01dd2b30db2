/**
 * The date of a stock entry (issue 39 item 21). Add Stock takes a date alone ('2026-11-20',
 * what its date field gives) or, from an API client, a date and time. A date alone is kept
 * as that day's 00:00 UTC, its stored form: no recorded moment falls exactly on a UTC
 * midnight to the millisecond in practice, so the answers can say the entry has a date only
 * and the screens show '20/11/26', never a time nobody entered ('5:30 am', '12:00 am').
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_ALONE = /^\d{4}-\d{2}-\d{2}$/;

/** The moment kept for an entry's date: a date alone as its day, a moment as itself, else now. */
export function stockInMoment(text: string | null | undefined, now: Date = new Date()): Date {
  const given = text?.trim() ?? '';
  if (!given) return now;
  const moment = new Date(DATE_ALONE.test(given) ? `${given}T00:00:00.000Z` : given);
  return Number.isNaN(moment.getTime()) ? now : moment;
}

/** Whether a stored entry date is the form of a date given alone (see the file comment). */
export function isDateOnlyStamp(value: Date | string): boolean {
  const time = (value instanceof Date ? value : new Date(value)).getTime();
  return !Number.isNaN(time) && time % DAY_MS === 0;
}
