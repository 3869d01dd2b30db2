import { randomBytes } from 'node:crypto';
import { count, sql } from 'drizzle-orm';
import { recordAudit } from '../../audit/record-audit';
import { hashPassword } from '../../auth/password';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';

export interface BootstrapResult {
  created: boolean;
  username: string;
  /** Set only when the password was generated here and must be shown once. */
  generatedPassword?: string;
}

// Any fixed number works: it names the lock that keeps two starting processes apart.
const BOOTSTRAP_LOCK = 4_207_001;

/**
 * On a database with no users, creates the default admin. The advisory lock makes two
 * processes starting at once create one admin, and a restart creates none.
 */
export async function ensureDefaultAdmin(
  db: Database,
  options: { username: string; password: string | undefined },
): Promise<BootstrapResult> {
  const generatedPassword = options.password ? undefined : randomBytes(12).toString('base64url');
  const password = options.password ?? (generatedPassword as string);
  const passwordHash = await hashPassword(password);

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BOOTSTRAP_LOCK})`);
    const [existing] = await tx.select({ total: count() }).from(users);
    if ((existing?.total ?? 0) > 0) return { created: false, username: options.username };

    const [admin] = await tx
      .insert(users)
      .values({
        firstName: 'System',
        lastName: 'Admin',
        email: 'admin@karya.local',
        username: options.username,
        role: 'admin',
        status: 'active',
        passwordHash,
      })
      .returning({ id: users.id });
    await recordAudit(tx, {
      actorId: null,
      action: 'user.create',
      entityType: 'user',
      entityId: admin?.id ?? null,
      summary: `Default admin "${options.username}" created on first start`,
    });
    return {
      created: true,
      username: options.username,
      ...(generatedPassword ? { generatedPassword } : {}),
    };
  });
}
