import { dataOf, type Transport } from './transport';
import { unique } from './unique';

export const DEFAULT_PASSWORD = 'secret-123';

export interface SeededBranch {
  id: string;
  name: string;
}

/** What POST /api/add-branches takes beyond the name and location (address, UPI, tax identity). */
export type BranchFields = Record<string, unknown> & { name?: string; location?: string };

/** A branch, made by an admin as Add Branch does. */
export async function createBranch(
  admin: Transport,
  fields: BranchFields = {},
): Promise<SeededBranch> {
  const branch = await dataOf<{ _id: string; name: string }>(admin, 'POST', '/api/add-branches', {
    name: unique('Branch '),
    location: 'Pune',
    status: 'active',
    ...fields,
  });
  return { id: branch._id, name: branch.name };
}

export type SeededRole = 'manager' | 'technician';

export interface SeededUser {
  id: string;
  username: string;
  password: string;
  firstName: string;
  lastName: string;
}

export interface UserFields {
  firstName?: string;
  lastName?: string;
  username?: string;
  password?: string;
  phone?: string;
}

/**
 * A manager or technician of a branch, made by an admin as Add Manager and Add Technician do.
 * Named after the role ('Manager', 'Technician') unless told otherwise. A second manager of a
 * branch waits as pending, as on screen.
 */
export async function createUser(
  admin: Transport,
  role: SeededRole,
  branchId: string,
  fields: UserFields = {},
): Promise<SeededUser> {
  const {
    username = unique(role.slice(0, 4)),
    password = DEFAULT_PASSWORD,
    firstName = role === 'manager' ? 'Manager' : 'Technician',
    lastName = unique('L'),
    phone = '9876543210',
  } = fields;
  const created = await dataOf<{ _id: string }>(
    admin,
    'POST',
    role === 'manager' ? '/api/add-managers' : '/api/add-technicians',
    {
      firstName,
      lastName,
      username,
      email: `${username}@example.com`,
      password,
      phone,
      branch: branchId,
      status: 'active',
    },
  );
  return { id: created._id, username, password, firstName, lastName };
}

/** A person of a seeded team with their own signed-in client. */
export type Member<T extends Transport> = SeededUser & { api: T };

export async function signedIn<T extends Transport>(
  admin: T,
  user: SeededUser,
): Promise<Member<T>> {
  return { ...user, api: await admin.signIn(user.username, user.password) };
}

export interface BranchTeam<T extends Transport, Technicians extends readonly unknown[]> {
  branch: SeededBranch;
  manager: Member<T>;
  technicians: { -readonly [K in keyof Technicians]: Member<T> };
}

/**
 * A branch of its own with its manager and technicians (one each of `technicians`), every one
 * signed in: what most tests and journeys start from, and parallel ones never share.
 */
export async function createBranchTeam<
  T extends Transport,
  const Technicians extends readonly UserFields[] = [UserFields],
>(
  admin: T,
  team: { branch?: BranchFields; manager?: UserFields; technicians?: Technicians } = {},
): Promise<BranchTeam<T, Technicians>> {
  const branch = await createBranch(admin, team.branch);
  const member = async (role: SeededRole, fields?: UserFields) =>
    signedIn(admin, await createUser(admin, role, branch.id, fields));
  const manager = await member('manager', team.manager);
  const technicians: Member<T>[] = [];
  for (const fields of team.technicians ?? [{}])
    technicians.push(await member('technician', fields));
  return {
    branch,
    manager,
    technicians: technicians as BranchTeam<T, Technicians>['technicians'],
  };
}
