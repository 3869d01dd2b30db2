import { indiaDate } from '@karya/domain/financial-year';

/** What the month's complaint report writes (issue 37), from its figures. */

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** This month in India, 'YYYY-MM'. */
export function thisMonth(now: Date = new Date()): string {
  return indiaDate(now).slice(0, 7);
}

/** The month an address asks for (?month=YYYY-MM), else this month. */
export function monthOrThisMonth(asked: string | null, now: Date = new Date()): string {
  return asked && MONTH.test(asked) ? asked : thisMonth(now);
}

/** '2026-11' → 'November 2026'. */
export function monthText(month: string): string {
  const match = MONTH.exec(month);
  if (!match) return month;
  return `${MONTH_NAMES[Number(match[2]) - 1]} ${match[1]}`;
}

/** Median minutes to start as people say it: '3 h 20 min', '45 min', '2 h'; '—' for none. */
export function minutesText(minutes: number | null): string {
  if (minutes === null || !Number.isFinite(minutes)) return '—';
  const whole = Math.round(minutes);
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
