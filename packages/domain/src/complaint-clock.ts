import type { SlaCounting, SlaState } from './complaint-schemas';
import { addDays, indiaDayOf, WEEKDAYS, type WorkingHours, workingSpanOf } from './schedule';

/**
 * A complaint's response clock (issue 37): when it falls due and turns amber, and where it
 * stands at an instant. Pure, so the server writes the instants once at opening and every list
 * reads the state by comparing them.
 */

const HOUR_MS = 60 * 60 * 1000;
/** Amber at 75% of the target, counted the way the due time is. */
const AT_RISK_SHARE = 0.75;

/**
 * The instant `ms` of counted time after `openedAt`: every millisecond for 'calendar'; for
 * 'working' only those inside the branch's working hours, so time outside them (a night, a
 * closed Sunday) does not run the clock and a complaint raised after closing starts counting
 * at the next opening.
 */
function afterCounted(
  openedAt: Date,
  ms: number,
  counting: SlaCounting,
  hours: WorkingHours,
): Date {
  // A branch closed every day would never reach a due time: count the calendar instead.
  const everOpen = WEEKDAYS.some((day) => hours[day] !== null);
  if (counting === 'calendar' || !everOpen) return new Date(openedAt.getTime() + ms);
  let remaining = ms;
  for (let day = indiaDayOf(openedAt); ; day = addDays(day, 1)) {
    const span = workingSpanOf(day, hours);
    if (!span) continue;
    const start = Math.max(span.start.getTime(), openedAt.getTime());
    const available = span.end.getTime() - start;
    if (available <= 0) continue;
    if (remaining <= available) return new Date(start + remaining);
    remaining -= available;
  }
}

/** When the complaint is due: `targetHours` after opening, counted as the branch counts. */
export function dueAtOf(
  openedAt: Date,
  targetHours: number,
  counting: SlaCounting,
  hours: WorkingHours,
): Date {
  return afterCounted(openedAt, targetHours * HOUR_MS, counting, hours);
}

/** When the complaint turns amber: 75% of its target, counted as its due time is. */
export function atRiskAtOf(
  openedAt: Date,
  targetHours: number,
  counting: SlaCounting,
  hours: WorkingHours,
): Date {
  return afterCounted(openedAt, targetHours * HOUR_MS * AT_RISK_SHARE, counting, hours);
}

export interface ClockInstants {
  dueAt: Date | string;
  atRiskAt: Date | string;
  startedAt: Date | string | null;
}

const timeOf = (at: Date | string) => (typeof at === 'string' ? Date.parse(at) : at.getTime());

/**
 * Where a clock stands at `now`: a start stops it ('met' in time, else 'breached'); a running
 * clock is 'breached' from its due time, 'at-risk' from its amber time, else 'ok'.
 */
export function slaStateOf(clock: ClockInstants, now: Date): SlaState {
  const due = timeOf(clock.dueAt);
  if (clock.startedAt !== null) return timeOf(clock.startedAt) <= due ? 'met' : 'breached';
  if (now.getTime() >= due) return 'breached';
  if (now.getTime() >= timeOf(clock.atRiskAt)) return 'at-risk';
  return 'ok';
}
