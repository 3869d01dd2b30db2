import { daysBetween } from '@karya/domain/day-text';
import { durationText } from '@karya/domain/job-durations';
import {
  addDays,
  clockOfMinutes,
  type DayUtilisation,
  daysFrom,
  indiaClockOf,
  indiaDayOf,
  indiaInstant,
  minutesOfClock,
  type UtilisationBand,
  utilisationBand,
  WEEKDAYS,
  type WorkingHours,
  weekdayOf,
} from '@karya/domain/schedule';
import type { ScheduledJobAnswer } from '@karya/domain/schedule-schemas';

/**
 * The board's geometry (issue 34), pure so it is tested apart from the screen: the hours a day
 * view shows, where a job's card sits, which instant a drop at a point names (snapped to 15
 * minutes), and the words the board reads out. The clock is India's (packages/domain/schedule).
 */

/** Pixels per hour on the day view: a 15-minute slot is 18 px, a shop's day fits 1366 px. */
export const HOUR_PX = 72;
export const MINUTE_PX = HOUR_PX / 60;
/** A drop or a resize lands on a quarter of an hour. */
export const SNAP_MINUTES = 15;
const DAY_MINUTES = 24 * 60;
const MINUTE_MS = 60_000;

/** The clock minutes a day view spans: the branch's hours with an hour either side. */
export interface DayFrame {
  start: number;
  end: number;
}

/** A closed day still shows a shop's usual hours, all of it greyed. */
const CLOSED_FRAME: DayFrame = { start: 8 * 60, end: 20 * 60 };

export function dayFrame(day: string, hours: WorkingHours): DayFrame {
  const today = hours[weekdayOf(day)];
  if (!today) return CLOSED_FRAME;
  const open = minutesOfClock(today.open) ?? CLOSED_FRAME.start;
  const close = minutesOfClock(today.close) ?? CLOSED_FRAME.end;
  return {
    start: Math.max(0, Math.floor(open / 60) * 60 - 60),
    end: Math.min(DAY_MINUTES, Math.ceil(close / 60) * 60 + 60),
  };
}

/** The whole hours a frame's header labels: '08:00', '09:00', … */
export function frameHours(frame: DayFrame): string[] {
  const hours: string[] = [];
  for (let m = Math.ceil(frame.start / 60) * 60; m < frame.end; m += 60)
    hours.push(clockOfMinutes(m));
  return hours;
}

export const frameWidth = (frame: DayFrame) => (frame.end - frame.start) * MINUTE_PX;

/** Minutes from the India midnight that starts `day` to `instant` (may be < 0 or > 1440). */
export function minutesInto(day: string, instant: Date): number {
  return (instant.getTime() - indiaInstant(day, '00:00').getTime()) / MINUTE_MS;
}

const snapDown = (minutes: number) => Math.floor(minutes / SNAP_MINUTES) * SNAP_MINUTES;
const snapNearest = (minutes: number) => Math.round(minutes / SNAP_MINUTES) * SNAP_MINUTES;

/**
 * The instant a drop names: the 15-minute slot under the pointer, `offsetPx` from the left
 * of a technician's row on `day`.
 */
export function slotAt(day: string, frame: DayFrame, offsetPx: number): Date {
  const minutes = snapDown(frame.start + offsetPx / MINUTE_PX);
  const clamped = Math.min(Math.max(minutes, frame.start), frame.end - SNAP_MINUTES);
  return indiaInstant(day, clockOfMinutes(clamped));
}

/** A card dragged `deltaPx` sideways: its start moved by as many quarters of an hour. */
export function movedStart(start: Date, deltaPx: number): Date {
  return new Date(start.getTime() + snapNearest(deltaPx / MINUTE_PX) * MINUTE_MS);
}

/** A card's edge dragged `deltaPx`: its duration, in quarters of an hour, at least one. */
export function resizedMinutes(minutes: number, deltaPx: number): number {
  return Math.max(SNAP_MINUTES, snapNearest(minutes + deltaPx / MINUTE_PX));
}

/** The same clock time on another India day (a card moved on the week view). */
export function onDay(start: Date, day: string): Date {
  return indiaInstant(day, indiaClockOf(start));
}

/** An arrival window: India clock times 'HH:MM' (what the customer was told). */
export interface ArrivalWindow {
  start: string;
  end: string;
}

/**
 * The window a moved visit keeps: a move that changes the start's India clock time shifts the
 * window by as many minutes, so the customer is told the new time and 'Late' is judged against
 * it; a move that changes only the day (or only the technician, or a resize) keeps it. The
 * shifted window keeps its length and stays within the day (00:00–23:59), pushed back inside
 * when the shift would carry it over midnight.
 */
export function shiftedWindow(window: ArrivalWindow, from: Date, to: Date): ArrivalWindow {
  const shift = (minutesOfClock(indiaClockOf(to)) ?? 0) - (minutesOfClock(indiaClockOf(from)) ?? 0);
  const start = minutesOfClock(window.start);
  const end = minutesOfClock(window.end);
  if (shift === 0 || start === null || end === null) return window;
  const length = Math.max(0, end - start);
  const last = DAY_MINUTES - 1;
  const newStart = Math.min(Math.max(0, start + shift), last - length);
  return { start: clockOfMinutes(newStart), end: clockOfMinutes(newStart + length) };
}

/**
 * Whether a job's 'Late: not started' mark may still change as time passes: work booked and
 * not yet started (the statuses lateness marks). A started job's mark was settled when it
 * started, and other statuses are never marked.
 */
export function mayTurnLate(job: {
  start: string | null;
  startedAt: string | null;
  status: string;
}) {
  return (
    job.start !== null &&
    job.startedAt === null &&
    (job.status === 'assigned' || job.status === 'rejected')
  );
}

/**
 * The clock a memoised part of the board is given: the minute when one of its jobs may turn
 * late, so it is drawn again as the minute changes, and 0 otherwise, so it is not.
 */
export function clockFor(
  jobs: readonly { start: string | null; startedAt: string | null; status: string }[],
  now: number,
): number {
  return jobs.some(mayTurnLate) ? now : 0;
}

/** A column's left and right edges on the screen. */
export interface Column {
  left: number;
  right: number;
}

/**
 * Which of a week row's day columns a card dropped between `left` and `right` lies most
 * over (its index), the first of equals; null when over none. The row's cells are as high and
 * as wide as each other, so this is the cell dnd-kit's rectangle intersection picks.
 */
export function columnUnder(
  columns: readonly Column[],
  left: number,
  right: number,
): number | null {
  let under: number | null = null;
  let most = 0;
  for (const [index, column] of columns.entries()) {
    const overlap = Math.min(column.right, right) - Math.max(column.left, left);
    if (overlap > most) {
      most = overlap;
      under = index;
    }
  }
  return under;
}

export interface Span {
  left: number;
  width: number;
}

/** Where start..end sits on a day's row, clipped to the frame; null when none of it shows. */
export function spanOn(day: string, frame: DayFrame, start: Date, end: Date): Span | null {
  const from = Math.max(minutesInto(day, start), frame.start);
  const to = Math.min(minutesInto(day, end), frame.end);
  if (to <= from) return null;
  return { left: (from - frame.start) * MINUTE_PX, width: (to - from) * MINUTE_PX };
}

/** The parts of the frame outside the branch's working hours (all of it on a closed day). */
export function closedSpans(day: string, frame: DayFrame, hours: WorkingHours): Span[] {
  const today = hours[weekdayOf(day)];
  const whole = { left: 0, width: frameWidth(frame) };
  if (!today) return [whole];
  const open = minutesOfClock(today.open) ?? frame.start;
  const close = minutesOfClock(today.close) ?? frame.end;
  const spans: Span[] = [];
  if (open > frame.start) spans.push({ left: 0, width: (open - frame.start) * MINUTE_PX });
  if (close < frame.end)
    spans.push({ left: (close - frame.start) * MINUTE_PX, width: (frame.end - close) * MINUTE_PX });
  return spans;
}

/**
 * Overlapping jobs of one technician (booked anyway) stack in lanes: each job's lane, first
 * free one in start order, and how many lanes the row needs (at least one).
 */
export function stackLanes<T extends { _id: string; start: string; end: string }>(
  jobs: readonly T[],
): { lane: Map<string, number>; lanes: number } {
  const sorted = [...jobs].sort((a, b) => a.start.localeCompare(b.start));
  const laneEnds: string[] = [];
  const lane = new Map<string, number>();
  for (const job of sorted) {
    let index = laneEnds.findIndex((end) => end <= job.start);
    if (index < 0) index = laneEnds.push(job.end) - 1;
    else laneEnds[index] = job.end;
    lane.set(job._id, index);
  }
  return { lane, lanes: Math.max(1, laneEnds.length) };
}

/** Whole India days from the order's creation to `today`. */
export function waitingDays(createdAt: string, today: string): number {
  return daysBetween(indiaDayOf(new Date(createdAt)), today);
}

/** An order waiting longer than this is marked in the lane. */
export const WAITING_MARK_DAYS = 3;

/** Monday to Sunday of the week `day` falls in. */
export function weekOf(day: string): string[] {
  // WEEKDAYS starts on Sunday; the board's week on Monday.
  const monday = addDays(day, -((WEEKDAYS.indexOf(weekdayOf(day)) + 6) % 7));
  return daysFrom(monday, addDays(monday, 6));
}

export const BAND_LABELS: Record<UtilisationBand, string> = {
  under: 'Under-used',
  normal: 'Normal',
  over: 'Over-booked',
};

/** 'Booked 4h of 9h 30m (42%) · Under-used'; a day with no working time says so. */
export function utilisationText(day: DayUtilisation): string {
  if (day.workingMinutes === 0)
    return day.bookedMinutes > 0
      ? `Booked ${durationText(day.bookedMinutes)} · No working time · Over-booked`
      : 'No working time';
  const percent = Math.round((day.bookedMinutes / day.workingMinutes) * 100);
  return `Booked ${durationText(day.bookedMinutes)} of ${durationText(day.workingMinutes)} (${percent}%) · ${BAND_LABELS[utilisationBand(day)]}`;
}

const SHORT_DAY = new Intl.DateTimeFormat('en-IN', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'Asia/Kolkata',
});
const LONG_DAY = new Intl.DateTimeFormat('en-IN', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

/** 'Mon 30 Nov' for a day's heading. */
export function dayLabel(day: string): string {
  return SHORT_DAY.format(indiaInstant(day, '12:00'));
}

/** 'Monday, 30 November 2026'. */
export function longDayLabel(day: string): string {
  return LONG_DAY.format(indiaInstant(day, '12:00'));
}

/** Each technician's jobs of each day, in time order, keyed `technicianId|day`. */
export function jobsByCell(jobs: readonly ScheduledJobAnswer[]): Map<string, ScheduledJobAnswer[]> {
  const cells = new Map<string, ScheduledJobAnswer[]>();
  for (const job of jobs) {
    if (!job.technicianId || job.start === null) continue;
    const key = `${job.technicianId}|${indiaDayOf(new Date(job.start))}`;
    const cell = cells.get(key);
    if (cell) cell.push(job);
    else cells.set(key, [job]);
  }
  for (const cell of cells.values()) {
    cell.sort((a, b) => (a.start ?? '').localeCompare(b.start ?? ''));
  }
  return cells;
}
