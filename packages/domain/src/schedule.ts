import { dayMonthYear } from './day-text';

/**
 * The rules of a job's time (issue 34): India's clock, a branch's working hours,
 * a technician's leave, the conflicts a schedule can have and the day's utilisation. Pure
 * functions over instants, so the server finds conflicts and the board draws them from one
 * source. India keeps one offset all year (+05:30, no daylight saving), so a day in India is a
 * fixed 24-hour span of UTC.
 */

const IST_OFFSET_MINUTES = 5 * 60 + 30;
const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;

export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A working day's opening and closing, 'HH:MM' in India time; close is after open. */
export interface DayHours {
  open: string;
  close: string;
}

/** Per weekday, the hours the branch works, or null when it is closed that day. */
export type WorkingHours = Record<Weekday, DayHours | null>;

const SHOP_DAY: DayHours = { open: '09:30', close: '19:00' };

/** Issue 34: Monday to Saturday, 09:30–19:00, until a branch says otherwise. */
export const DEFAULT_WORKING_HOURS: WorkingHours = {
  sun: null,
  mon: SHOP_DAY,
  tue: SHOP_DAY,
  wed: SHOP_DAY,
  thu: SHOP_DAY,
  fri: SHOP_DAY,
  sat: SHOP_DAY,
};

/** The longest span GET /api/schedule answers, in days. */
export const SCHEDULE_MAX_DAYS = 31;
/** The longest a job may be booked for: a day. */
export const MAX_JOB_MINUTES = DAY_MINUTES;

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Minutes after midnight of 'HH:MM', or null when it is not a clock time. */
export function minutesOfClock(clock: string): number | null {
  const match = CLOCK.exec(clock);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** 'HH:MM' of minutes after midnight (0–1439). */
export function clockOfMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** '14:05' as people read a clock: '2:05 pm'. */
export function clockText(clock: string): string {
  const minutes = minutesOfClock(clock);
  if (minutes === null) return clock;
  const h = Math.floor(minutes / 60);
  const m = String(minutes % 60).padStart(2, '0');
  return `${h % 12 === 0 ? 12 : h % 12}:${m} ${h < 12 ? 'am' : 'pm'}`;
}

/** The instant a day's India clock time names: ('2026-11-30', '11:00') → 05:30 UTC. */
export function indiaInstant(day: string, clock: string): Date {
  const match = DAY.exec(day);
  const minutes = minutesOfClock(clock);
  if (!match || minutes === null) throw new RangeError(`Not a day and time: ${day} ${clock}`);
  const midnight = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Date(midnight + (minutes - IST_OFFSET_MINUTES) * MINUTE_MS);
}

/** The India day 'YYYY-MM-DD' an instant falls on. */
export function indiaDayOf(instant: Date): string {
  return new Date(instant.getTime() + IST_OFFSET_MINUTES * MINUTE_MS).toISOString().slice(0, 10);
}

/** 'HH:MM' on India's clock at an instant. */
export function indiaClockOf(instant: Date): string {
  return new Date(instant.getTime() + IST_OFFSET_MINUTES * MINUTE_MS).toISOString().slice(11, 16);
}

/** The weekday of an India day. */
export function weekdayOf(day: string): Weekday {
  const weekday = WEEKDAYS[indiaInstant(day, '12:00').getUTCDay()];
  if (!weekday) throw new RangeError(`Not a day: ${day}`);
  return weekday;
}

/** The day after (or `n` days after) an India day. */
export function addDays(day: string, n: number): string {
  return indiaDayOf(new Date(indiaInstant(day, '12:00').getTime() + n * DAY_MINUTES * MINUTE_MS));
}

/** The India days from `from` to `to`, both included. */
export function daysFrom(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

export interface Interval {
  start: Date;
  end: Date;
}

const overlaps = (a: Interval, b: Interval) => a.start < b.end && b.start < a.end;

/** Whole minutes two intervals share. */
function sharedMinutes(a: Interval, b: Interval): number {
  const start = Math.max(a.start.getTime(), b.start.getTime());
  const end = Math.min(a.end.getTime(), b.end.getTime());
  return end > start ? Math.round((end - start) / MINUTE_MS) : 0;
}

/** The branch's working span on an India day, or null when it is closed. */
export function workingSpanOf(day: string, hours: WorkingHours): Interval | null {
  const today = hours[weekdayOf(day)];
  if (!today) return null;
  return { start: indiaInstant(day, today.open), end: indiaInstant(day, today.close) };
}

export interface ScheduledJob extends Interval {
  orderId: string;
}

export interface Leave extends Interval {
  id: string;
  reason: string;
}

export type ScheduleConflict =
  | { kind: 'overlap'; orderId: string; start: string; end: string; message: string }
  | { kind: 'outside-working-hours'; day: string; message: string }
  | { kind: 'on-leave'; leaveId: string; start: string; end: string; message: string };

export interface ConflictInput extends Interval {
  /** The technician's other scheduled jobs (never the one being scheduled). */
  jobs: readonly ScheduledJob[];
  hours: WorkingHours;
  leave: readonly Leave[];
}

const span = (interval: Interval) =>
  `${indiaClockOf(interval.start)}–${indiaClockOf(interval.end)}`;

/**
 * What is wrong with booking the technician for start..end: another of their jobs overlapping,
 * time outside the branch's working hours (a closed day included), or their leave. An empty
 * list means the slot is free; otherwise the board asks 'Schedule anyway?'.
 */
export function scheduleConflicts(input: ConflictInput): ScheduleConflict[] {
  const conflicts: ScheduleConflict[] = [];
  for (const job of input.jobs)
    if (overlaps(job, input))
      conflicts.push({
        kind: 'overlap',
        orderId: job.orderId,
        start: job.start.toISOString(),
        end: job.end.toISOString(),
        message: `Overlaps ${job.orderId} (${span(job)})`,
      });
  for (const day of daysFrom(
    indiaDayOf(input.start),
    indiaDayOf(new Date(input.end.getTime() - 1)),
  )) {
    const working = workingSpanOf(day, input.hours);
    const dayStart = indiaInstant(day, '00:00');
    const dayPart: Interval = {
      start: new Date(Math.max(input.start.getTime(), dayStart.getTime())),
      end: new Date(Math.min(input.end.getTime(), dayStart.getTime() + DAY_MINUTES * MINUTE_MS)),
    };
    const within = working && dayPart.start >= working.start && dayPart.end <= working.end;
    if (!within)
      conflicts.push({
        kind: 'outside-working-hours',
        day,
        message: working
          ? `Outside working hours on ${day} (${span(working)})`
          : `The branch is closed on ${day}`,
      });
  }
  for (const leave of input.leave)
    if (overlaps(leave, input))
      conflicts.push({
        kind: 'on-leave',
        leaveId: leave.id,
        start: leave.start.toISOString(),
        end: leave.end.toISOString(),
        message: `On leave${leave.reason ? `: ${leave.reason}` : ''}`,
      });
  return conflicts;
}

export interface DayUtilisation {
  date: string;
  bookedMinutes: number;
  workingMinutes: number;
}

/**
 * A technician's day: the minutes booked on it (each job's part that falls on that India day)
 * against the working minutes the branch's hours give, less their leave.
 */
export function dayUtilisation(
  day: string,
  hours: WorkingHours,
  jobs: readonly Interval[],
  leave: readonly Interval[],
): DayUtilisation {
  const dayStart = indiaInstant(day, '00:00');
  const whole: Interval = {
    start: dayStart,
    end: new Date(dayStart.getTime() + DAY_MINUTES * MINUTE_MS),
  };
  const bookedMinutes = jobs.reduce((sum, job) => sum + sharedMinutes(job, whole), 0);
  const working = workingSpanOf(day, hours);
  if (!working) return { date: day, bookedMinutes, workingMinutes: 0 };
  const total = sharedMinutes(working, whole);
  // Leaves may overlap one another: count each working minute on leave once.
  const onLeave = mergeIntervals(leave).reduce((sum, l) => sum + sharedMinutes(l, working), 0);
  return { date: day, bookedMinutes, workingMinutes: Math.max(0, total - onLeave) };
}

function mergeIntervals(intervals: readonly Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a.start.getTime() - b.start.getTime());
  const merged: Interval[] = [];
  for (const next of sorted) {
    const last = merged.at(-1);
    if (last && next.start <= last.end) {
      if (next.end > last.end) last.end = next.end;
    } else merged.push({ start: next.start, end: next.end });
  }
  return merged;
}

export type UtilisationBand = 'under' | 'normal' | 'over';

/** Under half the working day is under-used; more than all of it is over-booked. */
export function utilisationBand({
  bookedMinutes,
  workingMinutes,
}: DayUtilisation): UtilisationBand {
  if (bookedMinutes > workingMinutes) return 'over';
  if (bookedMinutes * 2 < workingMinutes) return 'under';
  return 'normal';
}

/** A booked visit as the customer is told it. */
export interface Visit {
  start: string;
  end: string;
  window: { start: string; end: string } | null;
}

/**
 * '09 Mar 2027, 10:00 am – 12:00 pm' (the arrival window), or '09 Mar 2027, 10:30 am' (the
 * booked start) when no window was given; by India's clock wherever it is read.
 */
export function visitText(visit: Visit): string {
  const start = new Date(visit.start);
  const day = dayMonthYear(indiaDayOf(start), ' ');
  return visit.window
    ? `${day}, ${clockText(visit.window.start)} – ${clockText(visit.window.end)}`
    : `${day}, ${clockText(indiaClockOf(start))}`;
}

/** With no window told, a start this long after the booked one is late. */
export const LATE_AFTER_MINUTES = 30;

/**
 * How late a booked job is, as the board marks it (issue 34): 'started-late' once it started
 * after its arrival window closed (or, with no window, more than LATE_AFTER_MINUTES after
 * its booked start); 'not-started' while work not yet started is past that point. A job
 * started late still starts: the field is messy, the board only shows it.
 */
export function lateness(
  job: {
    start: string | null;
    window: { start: string; end: string } | null;
    startedAt: string | null;
    status: string;
  },
  now: Date,
): 'started-late' | 'not-started' | null {
  if (!job.start) return null;
  const start = new Date(job.start);
  const deadline = job.window
    ? indiaInstant(indiaDayOf(start), job.window.end)
    : new Date(start.getTime() + LATE_AFTER_MINUTES * MINUTE_MS);
  if (job.startedAt) return new Date(job.startedAt) > deadline ? 'started-late' : null;
  return (job.status === 'assigned' || job.status === 'rejected') && now > deadline
    ? 'not-started'
    : null;
}
