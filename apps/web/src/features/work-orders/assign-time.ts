import { indiaInstant, MAX_JOB_MINUTES } from '@karya/domain/schedule';
import { SCHEDULE_MESSAGES } from '@karya/domain/schedule-schemas';

/** The Assign Technician dialog's optional time (issue 34), as typed. */
export interface AssignTimeValues {
  /** 'YYYY-MM-DD', India day; empty: assign without a time. */
  date: string;
  /** 'HH:MM', India time; empty: assign without a time. */
  time: string;
  duration: string;
}

export type AssignTimeErrors = Partial<Record<keyof AssignTimeValues, string>>;

export const ASSIGN_TIME_MESSAGES = {
  bothOrNeither: 'Enter both the date and the time, or leave both empty to assign without a time',
} as const;

/**
 * What the fields ask for: no time at all (assign as the spec describes), a booked start and
 * duration, or what to fix.
 */
export function assignTimeOf(
  values: AssignTimeValues,
):
  | { kind: 'none' }
  | { kind: 'time'; start: string; durationMinutes: number }
  | { kind: 'errors'; errors: AssignTimeErrors } {
  const date = values.date.trim();
  const time = values.time.trim();
  if (!date && !time) return { kind: 'none' };
  const errors: AssignTimeErrors = {};
  if (!date) errors.date = ASSIGN_TIME_MESSAGES.bothOrNeither;
  else if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) errors.date = SCHEDULE_MESSAGES.invalidDay;
  if (!time) errors.time = ASSIGN_TIME_MESSAGES.bothOrNeither;
  else if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) errors.time = SCHEDULE_MESSAGES.invalidClock;
  const duration = Number(values.duration.trim());
  if (!/^\d+$/.test(values.duration.trim()) || duration < 1 || duration > MAX_JOB_MINUTES)
    errors.duration = SCHEDULE_MESSAGES.invalidDuration;
  if (Object.keys(errors).length > 0) return { kind: 'errors', errors };
  return {
    kind: 'time',
    start: indiaInstant(date, time).toISOString(),
    durationMinutes: duration,
  };
}
