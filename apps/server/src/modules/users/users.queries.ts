import type { Role } from '@karya/domain/roles';
import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { type PublicUserRow, selectPublicUsers } from '../../auth/public-user';
import type { Database, Tx } from '../../db/client';
import { auditEvents, branches, ownershipTransfers, users } from '../../db/schema';
import { likeEscape } from '../../db/sql-text';

type Db = Database | Tx;

export interface UserListFilter {
  role: Role;
  branchId?: string | null | undefined;
  /** Matches first name, last name, email or username, in any letter case. */
  search?: string | undefined;
}

/** LIKE treats % and _ as wildcards; a search for them must find them literally. */
const containing = (text: string) => `%${likeEscape(text)}%`;

export async function listPublicUsers(db: Db, filter: UserListFilter): Promise<PublicUserRow[]> {
  const conditions = [eq(users.role, filter.role)];
  if (filter.branchId) conditions.push(eq(users.branchId, filter.branchId));
  const search = filter.search?.trim();
  if (search) {
    const pattern = containing(search);
    const matches = or(
      ilike(users.firstName, pattern),
      ilike(users.lastName, pattern),
      ilike(users.email, pattern),
      ilike(users.username, pattern),
    );
    if (matches) conditions.push(matches);
  }
  return selectPublicUsers(db)
    .where(and(...conditions))
    .orderBy(asc(users.firstName), asc(users.lastName));
}

export async function findPublicUserRow(db: Db, userId: string): Promise<PublicUserRow | null> {
  const [row] = await selectPublicUsers(db).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

export async function findPasswordHash(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.passwordHash ?? null;
}

export async function isUsernameTaken(db: Db, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .limit(1);
  return Boolean(row);
}

/** Whether the branch has a manager holding ownership (active, or handing it over). */
export async function branchHasOwner(db: Db, branchId: string, exceptUserId?: string) {
  const [row] = await db
    .select({ total: count() })
    .from(users)
    .where(
      and(
        eq(users.branchId, branchId),
        eq(users.role, 'manager'),
        inArray(users.activeManagerStatus, ['active', 'transferring']),
        exceptUserId ? sql`${users.id} <> ${exceptUserId}` : undefined,
      ),
    );
  return (row?.total ?? 0) > 0;
}

export async function insertUser(
  tx: Tx,
  values: typeof users.$inferInsert,
): Promise<{ id: string }> {
  const [row] = await tx.insert(users).values(values).returning({ id: users.id });
  if (!row) throw new Error('user insert returned no row');
  return row;
}

export async function updateUserRow(
  tx: Tx,
  userId: string,
  values: Partial<typeof users.$inferInsert>,
): Promise<void> {
  await tx
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/**
 * Whether deleting the user would erase history: anything they did (audit events, which
 * include every sign-in), a branch they created, or an ownership transfer they were part of.
 */
export async function userHasHistory(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({
      audited: sql<boolean>`exists (select 1 from ${auditEvents} where ${auditEvents.actorId} = ${userId})`,
      createdBranch: sql<boolean>`exists (select 1 from ${branches} where ${branches.createdBy} = ${userId})`,
      transfer: sql<boolean>`exists (select 1 from ${ownershipTransfers} where ${or(
        eq(ownershipTransfers.oldManagerId, userId),
        eq(ownershipTransfers.newManagerId, userId),
      )})`,
    })
    .from(sql`(select 1) as one`);
  return Boolean(row?.audited || row?.createdBranch || row?.transfer);
}

export async function deleteUserRow(tx: Tx, userId: string): Promise<void> {
  await tx.delete(users).where(eq(users.id, userId));
}

/** Whether the user is part of a transfer still waiting for an answer. */
export async function hasOpenTransfer(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: ownershipTransfers.id })
    .from(ownershipTransfers)
    .where(
      and(
        eq(ownershipTransfers.status, 'pending'),
        or(
          eq(ownershipTransfers.oldManagerId, userId),
          eq(ownershipTransfers.newManagerId, userId),
        ),
      ),
    )
    .limit(1);
  return Boolean(row);
}
