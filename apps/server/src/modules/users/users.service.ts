import type { Role } from '@karya/domain/roles';
import type { PublicUser } from '@karya/domain/user';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { selectPublicUsers, toPublicUser } from './public-user';

export async function listUsersByRole(db: Database, role: Role): Promise<PublicUser[]> {
  const rows = await selectPublicUsers(db)
    .where(eq(users.role, role))
    .orderBy(asc(users.firstName), asc(users.lastName));
  return rows.map(toPublicUser);
}
