/** The user as every answer shows it, read with the session (auth) and by the users module. */
import type { PublicUser } from '@karya/domain/user';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Tx } from '../db/client';
import { branches, users } from '../db/schema';

/** The columns every answer about a user is built from: never the password hash. */
export const publicUserColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  username: users.username,
  location: users.location,
  role: users.role,
  status: users.status,
  activeManagerStatus: users.activeManagerStatus,
  createdAt: users.createdAt,
  branchId: users.branchId,
  branchName: branches.name,
};

export type PublicUserRow = {
  [K in keyof typeof publicUserColumns]: (typeof publicUserColumns)[K]['_']['data'] | null;
} & { id: string; firstName: string; lastName: string; role: PublicUser['role'] };

export function toPublicUser(row: PublicUserRow): PublicUser {
  return {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email ?? '',
    phone: row.phone ?? '',
    username: row.username ?? '',
    location: row.location ?? '',
    role: row.role,
    status: row.status ?? 'active',
    branch: row.branchId ? { _id: row.branchId, name: row.branchName ?? '' } : null,
    activeManagerStatus: row.activeManagerStatus ?? null,
    createdAt: (row.createdAt ?? new Date(0)).toISOString(),
  };
}

export function selectPublicUsers(db: Database | Tx) {
  return db
    .select(publicUserColumns)
    .from(users)
    .leftJoin(branches, eq(branches.id, users.branchId))
    .$dynamic();
}

export async function findPublicUser(
  db: Database | Tx,
  userId: string,
): Promise<PublicUser | null> {
  const [row] = await selectPublicUsers(db).where(eq(users.id, userId)).limit(1);
  return row ? toPublicUser(row) : null;
}

export const publicUserSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  username: z.string(),
  location: z.string(),
  role: z.enum(['admin', 'manager', 'technician']),
  status: z.enum(['active', 'inactive']),
  branch: z.object({ _id: z.string(), name: z.string() }).nullable(),
  activeManagerStatus: z.enum(['active', 'pending', 'transferring', 'transferred']).nullable(),
  createdAt: z.string(),
});
