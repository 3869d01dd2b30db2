import { daysBetween, isoDayParts } from '@karya/domain/day-text';
import { EXPORT_MESSAGES } from '@karya/domain/export-schemas';

/** India days, both included, as GET /export-tally takes them. */
export interface TallyRange {
  from: string;
  to: string;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** As the server allows: a year, a leap year's 366 days included. */
const MAX_DAYS = 366;

const iso = (year: number, month: number, day: number) =>
  new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);

/** The month before `today`'s (an India day): what the accountant books after a month closes. */
export function lastMonth(today: string): TallyRange {
  const { year, month } = isoDayParts(today);
  return { from: iso(year, month - 1, 1), to: iso(year, month, 0) };
}

/** Why the range cannot be exported, in the server's words; null when it can. */
export function tallyRangeProblem({ from, to }: TallyRange): string | null {
  if (!ISO_DAY.test(from) || !ISO_DAY.test(to) || from > to) return EXPORT_MESSAGES.tallyRange;
  if (daysBetween(from, to) + 1 > MAX_DAYS) return EXPORT_MESSAGES.tallyRangeTooLong;
  return null;
}
