import type { ManagerAddTechnicianInput } from '@karya/domain/user-schemas';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { users } from '../../db/schema';
import { insertUser } from './users.queries';

/**
 * Technicians from an import (issue 36), with the add-technician form's fields. The password
 * arrives hashed: the import keeps no password, only its hash from the preview on. An existing
 * technician (same username, or same email in the branch) gets their name, email, phone and
 * status updated, never their password.
 */

type Db = Database | Tx;
export type ImportedTechnician = Omit<ManagerAddTechnicianInput, 'password' | 'branch'> & {
  passwordHash: string;
};

/** Users by 'username:<lower>' (any role: usernames are unique) and the branch's technicians by 'email:<lower>'. */
export async function usersByKeys(
  db: Db,
  branchId: string,
  keys: readonly string[],
): Promise<Map<string, { id: string; role: string; branchId: string | null }>> {
  const usernames = keys.filter((key) => key.startsWith('username:')).map((key) => key.slice(9));
  const emails = keys.filter((key) => key.startsWith('email:')).map((key) => key.slice(6));
  const found = new Map<string, { id: string; role: string; branchId: string | null }>();
  const columns = {
    id: users.id,
    role: users.role,
    branchId: users.branchId,
    username: users.username,
    email: users.email,
  };
  if (usernames.length > 0) {
    const rows = await db
      .select(columns)
      .from(users)
      .where(inArray(sql`lower(${users.username})`, usernames));
    for (const row of rows) found.set(`username:${row.username.toLowerCase()}`, row);
  }
  if (emails.length > 0) {
    const rows = await db
      .select(columns)
      .from(users)
      .where(
        and(
          eq(users.role, 'technician'),
          eq(users.branchId, branchId),
          inArray(sql`lower(${users.email})`, emails),
        ),
      );
    for (const row of rows) {
      const key = `email:${row.email.toLowerCase()}`;
      if (!found.has(key)) found.set(key, row);
    }
  }
  return found;
}

export async function saveImportedTechnician(
  tx: Tx,
  branchId: string,
  input: ImportedTechnician,
  existingId: string | null,
): Promise<string> {
  if (existingId) {
    await tx
      .update(users)
      .set({
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        ...(input.phone !== undefined ? { phone: input.phone } : {}),
        ...(input.status ? { status: input.status } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, existingId));
    return existingId;
  }
  const created = await insertUser(tx, {
    firstName: input.firstName,
    lastName: input.lastName,
    username: input.username,
    email: input.email,
    phone: input.phone ?? '',
    role: 'technician',
    status: input.status ?? 'active',
    branchId,
    passwordHash: input.passwordHash,
  });
  return created.id;
}
