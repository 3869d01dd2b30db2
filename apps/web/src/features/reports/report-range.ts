import { indiaDate } from '@karya/domain/financial-year';
import {
  REPORT_MAX_DAYS,
  REPORT_MESSAGES,
  REPORT_PRESETS,
  type ReportPreset,
} from '@karya/domain/report-schemas';

/** A report's range: India days 'YYYY-MM-DD', both ends included. */
export interface ReportDates {
  from: string;
  to: string;
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A calendar day as a UTC midnight: arithmetic on days without any time zone in it. */
function utcOf(day: string): number {
  const match = ISO_DAY.exec(day);
  if (!match) return Number.NaN;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, date);
  // '2026-02-30' is no day: Date.UTC would roll it into March.
  return new Date(time).getUTCDate() === date ? time : Number.NaN;
}

const isoOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/** Whether a text is a real calendar day 'YYYY-MM-DD'. */
export function isDay(text: string | null | undefined): text is string {
  return typeof text === 'string' && !Number.isNaN(utcOf(text));
}

/** The day `days` after (or before) a day. */
export function addDays(day: string, days: number): string {
  return isoOf(utcOf(day) + days * DAY_MS);
}

/** Days from `from` to `to`, both counted: 1 for a single day. */
export function daysInRange({ from, to }: ReportDates): number {
  return Math.round((utcOf(to) - utcOf(from)) / DAY_MS) + 1;
}

/** Today in India, whatever the browser's time zone (India keeps UTC+5:30 all year). */
export function indiaToday(now: Date = new Date()): string {
  return indiaDate(now);
}

/**
 * The days a preset covers, seen from India's `today`. A week starts on Monday; this week and
 * this month run to today; last month is the whole calendar month before.
 */
export function presetRange(preset: Exclude<ReportPreset, 'custom'>, today: string): ReportDates {
  const time = utcOf(today);
  const date = new Date(time);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const yesterday = addDays(today, -1);
      return { from: yesterday, to: yesterday };
    }
    case 'this-week': {
      // getUTCDay: Sunday 0 … Saturday 6; days back to Monday.
      const back = (date.getUTCDay() + 6) % 7;
      return { from: addDays(today, -back), to: today };
    }
    case 'this-month':
      return { from: isoOf(Date.UTC(year, month, 1)), to: today };
    case 'last-month':
      return { from: isoOf(Date.UTC(year, month - 1, 1)), to: isoOf(Date.UTC(year, month, 0)) };
  }
}

/** The preset a range is (the first that matches), else 'custom'. */
export function presetOf(range: ReportDates, today: string): ReportPreset {
  for (const preset of REPORT_PRESETS) {
    if (preset === 'custom') continue;
    const candidate = presetRange(preset, today);
    if (candidate.from === range.from && candidate.to === range.to) return preset;
  }
  return 'custom';
}

/** Why the server would refuse a range, in its words; null when it can be asked for. */
export function rangeProblem(range: ReportDates): string | null {
  if (!isDay(range.from) || !isDay(range.to) || range.from > range.to)
    return REPORT_MESSAGES.invalidRange;
  if (daysInRange(range) > REPORT_MAX_DAYS) return REPORT_MESSAGES.rangeTooLong;
  return null;
}

/** Up to 62 days (two months) a bar a day reads well; longer, a bar a month. */
export const DAY_GROUPING_MAX_DAYS = 62;

export function defaultGroupBy(range: ReportDates): 'day' | 'month' {
  return daysInRange(range) <= DAY_GROUPING_MAX_DAYS ? 'day' : 'month';
}

/**
 * The range an address asks for (?from=&to=), else this month to today. A half-given or
 * broken range falls back whole, so the picker never shows one end of each.
 */
export function rangeFromParams(
  from: string | null,
  to: string | null,
  today: string,
): ReportDates {
  if (isDay(from) && isDay(to)) return { from, to };
  return presetRange('this-month', today);
}

/** Every day of a range, in order (for a chart's x axis with no gaps). */
export function daysOf(range: ReportDates): string[] {
  const count = daysInRange(range);
  if (!(count > 0)) return [];
  return Array.from({ length: count }, (_, index) => addDays(range.from, index));
}

/** Every month 'YYYY-MM' a range touches, in order. */
export function monthsOf(range: ReportDates): string[] {
  const months: string[] = [];
  let month = range.from.slice(0, 7);
  const last = range.to.slice(0, 7);
  while (month <= last && months.length < 40) {
    months.push(month);
    const [year, number] = month.split('-').map(Number) as [number, number];
    month = isoOf(Date.UTC(year, number, 1)).slice(0, 7);
  }
  return months;
}
