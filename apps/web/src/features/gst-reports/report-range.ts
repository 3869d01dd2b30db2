import { daysBetween, isoDayParts } from '@karya/domain/gst';
import { INVOICE_MESSAGES } from '@karya/domain/invoice-schemas';

/** The reports' date range: India days, both inclusive. */
export interface ReportDates {
  from: string;
  to: string;
}

/** As the server allows: a year of invoices, a leap year's 366 days included. */
const MAX_DAYS = 366;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

const iso = (year: number, month: number, day: number) =>
  new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);

/** The month `today` is in, first to last day (GSTR-1 is filed a month at a time). */
export function monthOf(today: string, monthsBack = 0): ReportDates {
  const { year, month } = isoDayParts(today);
  return { from: iso(year, month - monthsBack, 1), to: iso(year, month - monthsBack + 1, 0) };
}

/** Why the range cannot be asked for, in the server's words; null when it can. */
export function rangeProblem({ from, to }: ReportDates): string | null {
  if (!ISO_DAY.test(from) || !ISO_DAY.test(to) || from > to)
    return INVOICE_MESSAGES.invalidDateRange;
  if (daysBetween(from, to) + 1 > MAX_DAYS) return INVOICE_MESSAGES.dateRangeTooLong;
  return null;
}
