import { createHash, timingSafeEqual } from 'node:crypto';
import { join } from 'node:path';
import { RESET_MESSAGES, type ResetResult, type ResetStatus } from '@karya/domain/system-schemas';
import { eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../audit/record-audit';
import type { Actor } from '../../auth/guard';
import type { Database, Tx } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest, conflict, forbidden, HttpError } from '../../http/errors';
import { pruneBackups, writeBackup } from './backup';
import { assertUnderLimit, inMinutes, recordAttempt, type ThrottleRule } from './request-throttle';
import {
  BRANCHES_TABLE,
  deletionStatements,
  KEPT_TABLES,
  quoteIdent,
  RESET_TABLES,
  USERS_TABLE,
  unclassifiedObjects,
} from './reset-tables';

export interface ResetSettings {
  /** RESET_PASSWORD; undefined disables the reset. */
  resetPassword: string | undefined;
  /** ADMIN_USERNAME: the admin who survives. */
  adminUsername: string;
  /** Backups go to `${dataDir}/backups`. */
  dataDir: string;
  /** BACKUP_KEEP: the newest backups kept there after a reset. */
  backupKeep: number;
}

export interface ResetRequest {
  actor: Actor;
  ip: string;
  password: string;
  /** Where the cause of a failed reset (or of a failed pruning) is written: the request's logger. */
  logError: (error: unknown) => void;
}

/** Wrong reset passwords per admin and per address within 15 minutes before a 429. */
export const RESET_PASSWORD_RULE: ThrottleRule = {
  bucket: 'reset-password',
  windowMs: 15 * 60 * 1000,
  max: 5,
  message: (minutes) => `Too many incorrect passwords. Please try again in ${inMinutes(minutes)}.`,
};

// Names the advisory lock that keeps two resets of different API processes from running at once.
const RESET_LOCK = 4_207_012;

/*
 * The databases on which a reset request of this process is being answered. PGlite has one
 * connection, whose session takes an advisory lock again as often as it asks, and runs one
 * transaction after another: a second reset would queue behind the first and then run too.
 * So within a process the claim is this set, taken before the first await; across processes
 * (WORKERS > 1, PostgreSQL) it is the advisory lock.
 */
const resetsRunning = new WeakSet<Database>();

export function resetStatus(settings: ResetSettings): ResetStatus {
  return { enabled: Boolean(settings.resetPassword), backupKeep: settings.backupKeep };
}

/** Constant time whatever the lengths: both sides are hashed to 32 bytes first. */
function passwordMatches(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

async function countRows(tx: Tx, tables: readonly string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const [row] = rowsOf<{ n: number | string }>(
      await tx.execute(sql.raw(`select count(*)::int as n from ${quoteIdent(table)}`)),
    );
    counts[table] = Number(row?.n ?? 0);
  }
  return counts;
}

/**
 * The admin who survives: the default admin (ADMIN_USERNAME) when that account is an admin;
 * otherwise the admin resetting, who evidently knows a password that works.
 */
async function keptAdminOf(tx: Tx, settings: ResetSettings, actor: Actor) {
  const [named] = await tx
    .select({ id: users.id, username: users.username, role: users.role })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${settings.adminUsername})`);
  return named?.role === 'admin'
    ? { id: named.id, username: named.username }
    : { id: actor.id, username: actor.username ?? '' };
}

/**
 * Spec 2 §4 reset flow, done on the server (decision 012): only an admin who knows the
 * server's reset password; wrong passwords are limited like logins. One transaction locks
 * every business table, writes the backup, empties the tables but for one admin, restarts
 * the numbering and records the reset in the audit trail. Any failure leaves every row.
 * Once at a time (issue 33): a reset asked for while another is being answered, in this
 * process or another, is refused with 409 and writes nothing; one asked for after it is a
 * reset of its own. After a reset the backups beyond the newest BACKUP_KEEP are deleted.
 */
export async function resetSystem(
  db: Database,
  settings: ResetSettings,
  request: ResetRequest,
): Promise<ResetResult> {
  if (!settings.resetPassword) throw forbidden(RESET_MESSAGES.notEnabled);
  // Claimed before anything waits on the database: a request that waited first (for the
  // tables the running reset locks, say) would find the claim given back and reset again.
  // A wrong password being checked holds it for a moment too; it is answered at once.
  if (resetsRunning.has(db)) throw conflict(RESET_MESSAGES.alreadyRunning);
  resetsRunning.add(db);
  try {
    const result = await resetOnce(db, settings, request);
    const directory = join(settings.dataDir, 'backups');
    await pruneBackups(directory, settings.backupKeep).catch(request.logError);
    return result;
  } finally {
    resetsRunning.delete(db);
  }
}

async function resetOnce(
  db: Database,
  settings: ResetSettings,
  request: ResetRequest,
): Promise<ResetResult> {
  const keys = [`user:${request.actor.id}`, `ip:${request.ip}`];
  const resetAt = new Date();
  try {
    const result = await db.transaction(async (tx) => {
      // First, and without waiting: another process's reset holds it until its commit, and
      // its locked tables would otherwise hold this request until then, to reset after it.
      const [lock] = rowsOf<{ locked: boolean }>(
        await tx.execute(sql`select pg_try_advisory_xact_lock(${RESET_LOCK}) as locked`),
      );
      if (!lock?.locked) throw conflict(RESET_MESSAGES.alreadyRunning);
      await assertUnderLimit(tx, RESET_PASSWORD_RULE, keys);
      if (!request.password) {
        throw badRequest(RESET_MESSAGES.passwordRequired, [
          { field: 'password', message: RESET_MESSAGES.passwordRequired },
        ]);
      }
      if (!passwordMatches(request.password, settings.resetPassword ?? '')) {
        // Answered after the commit (null), so that the attempt counts.
        await recordAttempt(tx, RESET_PASSWORD_RULE, keys);
        return null;
      }
      return await emptyTheBusiness(tx, settings, request, resetAt);
    });
    if (!result) {
      throw badRequest(RESET_MESSAGES.incorrectPassword, [
        { field: 'password', message: RESET_MESSAGES.incorrectPassword },
      ]);
    }
    return result;
  } catch (error) {
    // Refusals before anything was written are the client's to read.
    if (error instanceof HttpError) throw error;
    // The transaction rolled back: every row is where it was. A backup already written
    // stays (it is harmless, and a commit that failed late may not be certain).
    request.logError(error);
    throw new HttpError(500, RESET_MESSAGES.failed);
  }
}

async function emptyTheBusiness(
  tx: Tx,
  settings: ResetSettings,
  request: ResetRequest,
  resetAt: Date,
): Promise<ResetResult> {
  const { actor, ip } = request;
  const username = actor.username ?? actor.id;
  const unclassified = await unclassifiedObjects(tx);
  if (unclassified.length > 0) {
    throw new Error(`The reset does not know what to do with: ${unclassified.join(', ')}`);
  }
  // Writers wait (or time out) from here to the commit: the backup is what gets deleted.
  await tx.execute(sql.raw(`SET LOCAL lock_timeout = '15s'`));
  await tx.execute(
    sql.raw(`LOCK TABLE ${RESET_TABLES.map(quoteIdent).join(', ')} IN ACCESS EXCLUSIVE MODE`),
  );
  const before = await countRows(tx, RESET_TABLES);
  const kept = await keptAdminOf(tx, settings, actor);
  const backup = await writeBackup(tx, {
    directory: join(settings.dataDir, 'backups'),
    takenAt: resetAt,
    reason: `before the system reset by ${username} from ${ip}`,
    tables: [...RESET_TABLES, ...KEPT_TABLES],
  });

  for (const statement of deletionStatements(kept.id)) await tx.execute(sql.raw(statement));
  await tx.update(users).set({ status: 'active' }).where(eq(users.id, kept.id));

  const deleted = Object.fromEntries(
    RESET_TABLES.map((table) => [
      table,
      table === USERS_TABLE ? Math.max(0, (before[table] ?? 0) - 1) : (before[table] ?? 0),
    ]),
  );
  const totalDeleted = Object.values(deleted).reduce((sum, n) => sum + n, 0);
  await recordAudit(tx, {
    // The admin resetting survives unless someone else is the default admin.
    actorId: kept.id === actor.id ? actor.id : null,
    action: 'system.reset',
    entityType: 'system',
    summary: `System reset by ${username} from ${ip}: ${totalDeleted} rows deleted (${deleted[BRANCHES_TABLE]} branches, ${deleted[USERS_TABLE]} users)`,
    changes: {
      by: { id: actor.id, username },
      ip,
      at: resetAt.toISOString(),
      keptAdmin: kept,
      deleted,
      backup: backup.file,
    },
  });
  return {
    resetAt: resetAt.toISOString(),
    keptAdmin: { _id: kept.id, username: kept.username },
    deleted,
    totalDeleted,
    backup: { file: backup.file, bytes: backup.bytes },
  };
}
