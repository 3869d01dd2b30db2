import { and, count, eq, gt, lt, min } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { loginFailures } from '../../db/schema';
import { tooManyRequests } from '../../http/errors';

const WINDOW_MS = 15 * 60 * 1000;
/** Failed attempts allowed per IP and username in the window; the next one is refused. */
export const MAX_FAILURES_PER_USERNAME = 10;
/** Failed attempts allowed per IP across all usernames, against password spraying. */
export const MAX_FAILURES_PER_IP = 50;

function retryMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/** Refuses the attempt (429) while the IP, or the IP and username, has failed too often. */
export async function assertLoginAllowed(
  db: Database,
  ip: string,
  username: string,
): Promise<void> {
  const since = new Date(Date.now() - WINDOW_MS);
  const key = username.toLowerCase();
  const [pair] = await db
    .select({ failures: count(), oldest: min(loginFailures.attemptedAt) })
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.ip, ip),
        eq(loginFailures.username, key),
        gt(loginFailures.attemptedAt, since),
      ),
    );
  const [byIp] = await db
    .select({ failures: count(), oldest: min(loginFailures.attemptedAt) })
    .from(loginFailures)
    .where(and(eq(loginFailures.ip, ip), gt(loginFailures.attemptedAt, since)));

  const blocking =
    pair && pair.failures >= MAX_FAILURES_PER_USERNAME
      ? pair
      : byIp && byIp.failures >= MAX_FAILURES_PER_IP
        ? byIp
        : null;
  if (!blocking?.oldest) return;
  const oldest = new Date(blocking.oldest).getTime();
  const retryAfter = Math.max(1, Math.ceil((oldest + WINDOW_MS - Date.now()) / 1000));
  throw tooManyRequests(retryMessage(retryAfter), retryAfter);
}

export async function recordLoginFailure(
  db: Database,
  ip: string,
  username: string,
): Promise<void> {
  const cutoff = new Date(Date.now() - WINDOW_MS);
  await db.insert(loginFailures).values({ ip, username: username.toLowerCase() });
  // Old rows are never read again; clearing them here keeps the table small without a job.
  await db
    .delete(loginFailures)
    .where(and(eq(loginFailures.ip, ip), lt(loginFailures.attemptedAt, cutoff)));
}

export async function clearLoginFailures(
  db: Database,
  ip: string,
  username: string,
): Promise<void> {
  await db
    .delete(loginFailures)
    .where(and(eq(loginFailures.ip, ip), eq(loginFailures.username, username.toLowerCase())));
}
