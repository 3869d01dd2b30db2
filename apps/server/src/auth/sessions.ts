import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import { branches, sessions, users } from '../db/schema';
import { type PublicUserRow, publicUserColumns } from './public-user';

export const SESSION_COOKIE = 'karya_session';

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(
  db: Database | Tx,
  userId: string,
  days: number,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt });
  return { token, expiresAt };
}

function prepareSessionLookup(db: Database) {
  return db
    .select(publicUserColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(branches, eq(branches.id, users.branchId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql`now()`),
        eq(users.status, 'active'),
      ),
    )
    .limit(1)
    .prepare('karya_find_session_user');
}

/**
 * Every signed-in request starts with this lookup: built once per database and prepared by
 * name, PostgreSQL plans it once per connection and Node builds no SQL per request (issue 17).
 */
const sessionLookups = new WeakMap<Database, ReturnType<typeof prepareSessionLookup>>();

/** The user behind a live session of an active account, or null. */
export async function findSessionUser(db: Database, token: string): Promise<PublicUserRow | null> {
  let lookup = sessionLookups.get(db);
  if (!lookup) {
    lookup = prepareSessionLookup(db);
    sessionLookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ tokenHash: hashToken(token) });
  return row ?? null;
}

export async function deleteSession(db: Database | Tx, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

export async function deleteUserSessions(db: Database | Tx, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Ends every session of the user but the one whose token is given (the one in use). */
export async function deleteOtherSessions(
  db: Database | Tx,
  userId: string,
  keepToken: string,
): Promise<void> {
  await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, hashToken(keepToken))));
}
