import { durationFor } from '@karya/domain/job-durations';
import { indiaClockOf, indiaDayOf, indiaInstant } from '@karya/domain/schedule';
import { SCHEDULE_MESSAGES as M, type ScheduledJobAnswer } from '@karya/domain/schedule-schemas';
import type { MoveRequest } from './api/schedule-moves';

/** What the dialog's fields hold; kept when a conflict sends the user back to it. */
export interface ScheduleValues {
  technicianId: string;
  day: string;
  time: string;
  duration: string;
  windowStart: string;
  windowEnd: string;
}

/**
 * The fields for a job: its own time, or the day on screen at the branch's opening for the
 * admin-set default duration of its type and category (`durations`, from the server).
 */
export function initialValues(
  job: ScheduledJobAnswer,
  fallback: { day: string; time: string; technicianId?: string },
  durations?: Parameters<typeof durationFor>[0],
): ScheduleValues {
  const start = job.start ? new Date(job.start) : null;
  const minutes =
    job.start && job.end
      ? Math.round((Date.parse(job.end) - Date.parse(job.start)) / 60_000)
      : durationFor(durations, job.projectType, job.projectCategory);
  return {
    technicianId: job.technicianId ?? fallback.technicianId ?? '',
    day: start ? indiaDayOf(start) : fallback.day,
    time: start ? indiaClockOf(start) : fallback.time,
    duration: String(minutes),
    windowStart: job.window?.start ?? '',
    windowEnd: job.window?.end ?? '',
  };
}

export type ScheduleErrors = Partial<Record<keyof ScheduleValues, string>>;

/** The request the fields name, or what to fix in them. */
export function requestOf(
  job: ScheduledJobAnswer,
  values: ScheduleValues,
): { request: MoveRequest } | { errors: ScheduleErrors } {
  const errors: ScheduleErrors = {};
  if (!values.technicianId) errors.technicianId = M.selectTechnician;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.day)) errors.day = M.invalidDay;
  if (!/^\d{2}:\d{2}$/.test(values.time)) errors.time = M.invalidClock;
  const duration = Number(values.duration);
  if (!Number.isInteger(duration) || duration < 1 || duration > 1440)
    errors.duration = M.invalidDuration;
  const window = values.windowStart || values.windowEnd;
  if (window && !(values.windowStart && values.windowEnd))
    errors.windowEnd = 'Enter both the start and the end of the arrival window, or neither';
  else if (window && values.windowEnd <= values.windowStart) errors.windowEnd = M.windowOrder;
  if (Object.keys(errors).length > 0) return { errors };
  return {
    request: {
      orderId: job.orderId,
      technicianId: values.technicianId,
      start: indiaInstant(values.day, values.time).toISOString(),
      durationMinutes: duration,
      ...(window ? { window: { start: values.windowStart, end: values.windowEnd } } : {}),
      version: job.version,
    },
  };
}
