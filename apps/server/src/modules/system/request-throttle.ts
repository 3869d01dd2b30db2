import { and, count, eq, gt, inArray, lt, min } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { requestThrottle } from '../../db/schema';
import { tooManyRequests } from '../../http/errors';

/**
 * A limit on attempts per key within a sliding window, counted in the database like failed
 * logins (login-throttle.ts, decision 001) so it holds across API processes.
 */
export interface ThrottleRule {
  bucket: string;
  windowMs: number;
  /** Attempts allowed in the window; the next one is refused. */
  max: number;
  /** The 429's message, given the minutes until an attempt is allowed again. */
  message: (minutes: number) => string;
}

/** Refuses (429, Retry-After) while any of the keys has used up its attempts. */
export async function assertUnderLimit(
  db: Database,
  rule: ThrottleRule,
  keys: readonly string[],
): Promise<void> {
  const since = new Date(Date.now() - rule.windowMs);
  for (const key of keys) {
    const [row] = await db
      .select({ attempts: count(), oldest: min(requestThrottle.attemptedAt) })
      .from(requestThrottle)
      .where(
        and(
          eq(requestThrottle.bucket, rule.bucket),
          eq(requestThrottle.key, key),
          gt(requestThrottle.attemptedAt, since),
        ),
      );
    if (!row?.oldest || row.attempts < rule.max) continue;
    const oldest = new Date(row.oldest).getTime();
    const retryAfter = Math.max(1, Math.ceil((oldest + rule.windowMs - Date.now()) / 1000));
    throw tooManyRequests(rule.message(Math.ceil(retryAfter / 60)), retryAfter);
  }
}

/** Counts one attempt against each key, and drops the keys' rows the window has left behind. */
export async function recordAttempt(
  db: Database,
  rule: ThrottleRule,
  keys: readonly string[],
): Promise<void> {
  if (keys.length === 0) return;
  await db.insert(requestThrottle).values(keys.map((key) => ({ bucket: rule.bucket, key })));
  await db
    .delete(requestThrottle)
    .where(
      and(
        eq(requestThrottle.bucket, rule.bucket),
        inArray(requestThrottle.key, [...keys]),
        lt(requestThrottle.attemptedAt, new Date(Date.now() - rule.windowMs)),
      ),
    );
}

/**
 * Runs `attempt` and counts only its failures against the keys: a failure `counts` accepts (a
 * guess: an unknown or revoked token) is recorded, and once the keys have used up their
 * attempts such a failure answers the 429 instead. A success is never counted and is answered
 * even while the keys are over the limit, so one person guessing behind an address many share
 * (a carrier's NAT, an office) cannot shut out the others' real links (issue 33 item 7).
 */
export async function limitFailures<T>(
  db: Database,
  rule: ThrottleRule,
  keys: readonly string[],
  counts: (error: unknown) => boolean,
  attempt: () => Promise<T>,
): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (!counts(error)) throw error;
    await assertUnderLimit(db, rule, keys);
    await recordAttempt(db, rule, keys);
    throw error;
  }
}

/** 'in 1 minute', 'in 12 minutes'. */
export const inMinutes = (minutes: number) => `${minutes} minute${minutes === 1 ? '' : 's'}`;
