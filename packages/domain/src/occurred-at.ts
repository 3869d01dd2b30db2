import { z } from 'zod';
import { indiaClockOf, indiaDayOf } from './schedule';

/**
 * When a queued action happened (issue 39 item 3, decision 043). The phone stamps every action
 * it queues with its own clock (`occurredAt`); the server takes that time for the history
 * entry, the bill, its payment and the invoice only when it is believable, and otherwise keeps
 * its own time and says why in the order's history.
 */

/** How old a phone's time may be: as long as a queued action waits (decision 026). */
export const OCCURRED_AT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** A phone's clock a little ahead of the server's: taken as the server's now. */
export const OCCURRED_AT_FUTURE_SKEW_MS = 2 * 60 * 1000;

export const OCCURRED_AT_MESSAGES = {
  invalid: 'occurredAt must be a date and time with its zone, e.g. 2027-03-31T23:50:00+05:30',
} as const;

/** The optional body field: an ISO 8601 date and time with 'Z' or an offset. */
export const occurredAtField = z.iso
  .datetime({ offset: true, error: OCCURRED_AT_MESSAGES.invalid })
  .optional();

export type OccurredAtRefusal = 'too-old' | 'future' | 'before-previous';

export type OccurredAtDecision =
  | { taken: true; at: Date }
  | { taken: false; at: Date; reason: OccurredAtRefusal; note: string };

/** '31/03/2027 23:50': India's date and time of an instant, as the note prints it. */
export function indiaDateTimeText(date: Date): string {
  const [year, month, day] = indiaDayOf(date).split('-');
  return `${day}/${month}/${year} ${indiaClockOf(date)}`;
}

const REASON_TEXT: Record<OccurredAtRefusal, (previous: Date | null) => string> = {
  'too-old': () => 'more than 7 days old',
  future: () => 'later than the server’s time',
  'before-previous': (previous) =>
    `earlier than the order’s previous entry${previous ? ` (${indiaDateTimeText(previous)})` : ''}`,
};

/** 'Phone time 21/03/2027 16:49 not used: more than 7 days old'. */
export function occurredAtNote(
  occurredAt: Date,
  reason: OccurredAtRefusal,
  previous: Date | null,
): string {
  return `Phone time ${indiaDateTimeText(occurredAt)} not used: ${REASON_TEXT[reason](previous)}`;
}

/**
 * The time an action is recorded at. Without occurredAt: the server's now. With it: that time
 * when it is not later than now (up to OCCURRED_AT_FUTURE_SKEW_MS ahead reads as now), at most
 * OCCURRED_AT_MAX_AGE_MS old and not earlier than the order's previous event; otherwise now,
 * with the note the history shows.
 */
export function decideOccurredAt(
  occurredAt: string | Date | undefined | null,
  now: Date,
  previousEventAt: Date | null,
): OccurredAtDecision {
  if (occurredAt === undefined || occurredAt === null) return { taken: true, at: now };
  const at = occurredAt instanceof Date ? occurredAt : new Date(occurredAt);
  if (Number.isNaN(at.getTime())) throw new RangeError(`Not a time: ${String(occurredAt)}`);
  const refuse = (reason: OccurredAtRefusal): OccurredAtDecision => ({
    taken: false,
    at: now,
    reason,
    note: occurredAtNote(at, reason, previousEventAt),
  });
  const ahead = at.getTime() - now.getTime();
  if (ahead > OCCURRED_AT_FUTURE_SKEW_MS) return refuse('future');
  if (-ahead > OCCURRED_AT_MAX_AGE_MS) return refuse('too-old');
  // A little ahead of the server: its now (the order's history never runs into the future).
  const taken = ahead > 0 ? now : at;
  if (previousEventAt && taken.getTime() < previousEventAt.getTime()) {
    return refuse('before-previous');
  }
  return { taken: true, at: taken };
}
