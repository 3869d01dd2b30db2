import type { ScheduledJobAnswer, ScheduleMoveAnswer } from '@karya/domain/schedule-schemas';
import { ApiError, apiRequest } from '../../../lib/api-client';

/** What POST /schedule-work-order takes: a job's technician, start, duration and window. */
export interface MoveRequest {
  orderId: string;
  technicianId: string;
  /** ISO instant. */
  start: string;
  durationMinutes: number;
  window?: { start: string; end: string };
  override?: boolean;
  /** The job's version as the board drew it: a stale one is refused (409 with the job). */
  version: number;
}

export function scheduleWorkOrder(request: MoveRequest): Promise<ScheduleMoveAnswer> {
  return apiRequest<ScheduleMoveAnswer>('POST', '/schedule-work-order', request);
}

export function unscheduleWorkOrder(orderId: string, version: number) {
  return apiRequest<ScheduledJobAnswer>('POST', '/unschedule-work-order', { orderId, version });
}

/** A 409 for a stale version: someone moved the job meanwhile. */
export function isStaleMove(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409 && 'job' in error.details;
}

/** The job as it now is, which a stale move's 409 carries (null when it is gone). */
export function staleJob(error: unknown): ScheduledJobAnswer | null {
  if (!isStaleMove(error)) return null;
  const job = error.details.job;
  return job && typeof job === 'object' ? (job as ScheduledJobAnswer) : null;
}
