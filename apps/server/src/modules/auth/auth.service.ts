import { AUTH_MESSAGES, type LoginInput } from '@karya/domain/auth-schemas';
import type { PublicUser } from '@karya/domain/user';
import { eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../audit/record-audit';
import { verifyAgainstDummy, verifyPassword } from '../../auth/password';
import { findPublicUser, toPublicUser } from '../../auth/public-user';
import { createSession, deleteSession, findSessionUser } from '../../auth/sessions';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { forbidden, unauthorized } from '../../http/errors';
import { assertLoginAllowed, clearLoginFailures, recordLoginFailure } from './login-throttle';

export interface LoginResult {
  user: PublicUser;
  token: string;
  expiresAt: Date;
}

export async function login(
  db: Database,
  input: LoginInput,
  context: { ip: string; sessionDays: number },
): Promise<LoginResult> {
  await assertLoginAllowed(db, context.ip, input.username);

  const [account] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, status: users.status })
    .from(users)
    .where(eq(sql`lower(${users.username})`, input.username.toLowerCase()))
    .limit(1);

  const passwordMatches = account
    ? await verifyPassword(account.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!account || !passwordMatches) {
    await recordLoginFailure(db, context.ip, input.username);
    throw unauthorized(AUTH_MESSAGES.invalidCredentials);
  }
  if (account.status !== 'active') throw forbidden(AUTH_MESSAGES.inactiveAccount);

  const session = await db.transaction(async (tx) => {
    const created = await createSession(tx, account.id, context.sessionDays);
    await recordAudit(tx, {
      actorId: account.id,
      action: 'auth.login',
      entityType: 'user',
      entityId: account.id,
      summary: `Signed in from ${context.ip}`,
    });
    return created;
  });
  await clearLoginFailures(db, context.ip, input.username);

  const user = await findPublicUser(db, account.id);
  if (!user) throw unauthorized(AUTH_MESSAGES.invalidCredentials);
  return { user, ...session };
}

/** Ends the session behind the token, if there is one; logging out twice is harmless. */
export async function logout(db: Database, token: string | undefined): Promise<void> {
  if (!token) return;
  const actor = await findSessionUser(db, token);
  await db.transaction(async (tx) => {
    await deleteSession(tx, token);
    if (actor) {
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'auth.logout',
        entityType: 'user',
        entityId: actor.id,
        summary: 'Signed out',
      });
    }
  });
}

export { toPublicUser };
