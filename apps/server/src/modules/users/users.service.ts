import { AUTH_MESSAGES } from '@karya/domain/auth-schemas';
import { emptyStatusCounts } from '@karya/domain/dashboard-schemas';
import type { ManagerAccessStatus, Role } from '@karya/domain/roles';
import type { PublicUser } from '@karya/domain/user';
import { fullName } from '@karya/domain/user';
import {
  type AddAdminInput,
  type AdminChangePasswordInput,
  type ChangePasswordInput,
  type DeleteUserInput,
  type ManagerDetail,
  type UpdateUserInput,
  USER_MESSAGES,
  type UserStatusInput,
} from '@karya/domain/user-schemas';
import { recordAudit } from '../../audit/record-audit';
import type { Actor } from '../../auth/guard';
import { hashPassword, verifyPassword } from '../../auth/password';
import { type PublicUserRow, toPublicUser } from '../../auth/public-user';
import { managerBranchOf, type Scope } from '../../auth/scope';
import { deleteOtherSessions, deleteUserSessions } from '../../auth/sessions';
import type { Database, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { lockBranch } from '../branches';
import { emptyTally, technicianTallies } from '../dashboard';
import { canViewUser, editableFields } from './user-access';
import {
  branchHasOwner,
  deleteUserRow,
  findPasswordHash,
  findPublicUserRow,
  hasOpenTransfer,
  insertUser,
  isUsernameTaken,
  listPublicUsers,
  updateUserRow,
  userHasHistory,
} from './users.queries';

export interface ListOptions {
  branchId?: string | undefined;
  search?: string | undefined;
}

/** Admins, managers or technicians, optionally of one branch and matching a search. */
export async function listUsersByRole(
  db: Database,
  role: Role,
  options: ListOptions = {},
): Promise<PublicUser[]> {
  return (await listPublicUsers(db, { role, ...options })).map(toPublicUser);
}

/** Manager: only the technicians of their own branch, whatever branch was asked for. */
export async function listOwnBranchTechnicians(
  db: Database,
  scope: Scope,
  search?: string,
): Promise<PublicUser[]> {
  return listUsersByRole(db, 'technician', { branchId: managerBranchOf(scope), search });
}

type NewAccount = Omit<AddAdminInput, 'location'> & { location?: string | undefined };

/**
 * Creates an admin, manager or technician. A manager joining a branch that already has an
 * owner waits as 'pending' until ownership is transferred to them (spec 1 §4).
 */
export async function createAccount(
  db: Database,
  actor: Actor,
  role: Role,
  input: NewAccount,
  branchId: string | null,
): Promise<PublicUser> {
  const passwordHash = await hashPassword(input.password);
  const id = await db
    .transaction(async (tx) => {
      if (await isUsernameTaken(tx, input.username)) throw conflict(USER_MESSAGES.usernameExists);
      let activeManagerStatus: ManagerAccessStatus | null = null;
      if (branchId) {
        const branch = await lockBranch(tx, branchId);
        if (!branch) throw badRequest(USER_MESSAGES.selectBranch);
        if (role === 'manager') {
          activeManagerStatus = (await branchHasOwner(tx, branchId)) ? 'pending' : 'active';
        }
      }
      const created = await insertUser(tx, {
        firstName: input.firstName,
        lastName: input.lastName,
        username: input.username,
        email: input.email,
        phone: input.phone ?? '',
        location: role === 'admin' ? (input.location ?? '') : '',
        role,
        status: input.status ?? 'active',
        branchId,
        activeManagerStatus,
        passwordHash,
      });
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'user.create',
        entityType: 'user',
        entityId: created.id,
        summary: `Added ${role} ${input.username}`,
        changes: { role, branchId, status: input.status ?? 'active', activeManagerStatus },
      });
      return created.id;
    })
    .catch((error: unknown) => {
      // Two requests for one username at once: the unique index decides, the loser gets 409.
      if (isUniqueViolation(error, 'users_username_lower_key')) {
        throw conflict(USER_MESSAGES.usernameExists);
      }
      throw error;
    });
  return mustFind(db, id);
}

/** A manager's technician always joins the manager's own branch. */
export async function addOwnBranchTechnician(
  db: Database,
  actor: Actor,
  scope: Scope,
  input: NewAccount,
): Promise<PublicUser> {
  return createAccount(db, actor, 'technician', input, managerBranchOf(scope));
}

async function mustFind(db: Database | Tx, userId: string): Promise<PublicUser> {
  const row = await findPublicUserRow(db, userId);
  if (!row) throw notFound(USER_MESSAGES.userNotFound);
  return toPublicUser(row);
}

async function findTarget(db: Database | Tx, userId: string): Promise<PublicUserRow> {
  const row = await findPublicUserRow(db, userId);
  if (!row) throw notFound(USER_MESSAGES.userNotFound);
  return row;
}

export async function getUser(
  db: Database,
  actor: Actor,
  scope: Scope,
  userId: string,
): Promise<PublicUser> {
  const target = await findTarget(db, userId);
  if (!canViewUser(actor, scope, target)) throw forbidden(AUTH_MESSAGES.forbidden);
  return toPublicUser(target);
}

const cannotChange = (what: string) => forbidden(`You cannot change ${what}`);

export interface UpdateUserResult {
  user: PublicUser;
  message: string;
}

export async function updateUser(
  db: Database,
  actor: Actor,
  scope: Scope,
  userId: string,
  input: UpdateUserInput,
): Promise<UpdateUserResult> {
  const target = await findTarget(db, userId);
  const may = editableFields(actor, scope, target);
  if (!may) throw forbidden(AUTH_MESSAGES.forbidden);

  // Read-only form fields come back unchanged; only a real change is refused.
  if (input.username !== undefined && input.username !== target.username) {
    throw badRequest(USER_MESSAGES.usernameUnchangeable);
  }
  if (input.role !== undefined && input.role !== target.role) throw cannotChange('the role');
  const statusChanges = input.status !== undefined && input.status !== target.status;
  if (statusChanges && !may.status) {
    throw actor.id === target.id
      ? forbidden(USER_MESSAGES.cannotDeactivateSelf)
      : cannotChange('the status');
  }
  const branchChanges = input.branch !== undefined && input.branch !== target.branchId;
  if (branchChanges && !may.branch) throw cannotChange('the branch');
  if (branchChanges && input.branch === null) throw badRequest(USER_MESSAGES.selectBranch);
  const newPassword = input.password ? input.password : undefined;
  if (newPassword && !may.password) throw cannotChange('the password here');

  const passwordHash = newPassword ? await hashPassword(newPassword) : undefined;
  await db.transaction(async (tx) => {
    const values: Parameters<typeof updateUserRow>[2] = {
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      ...(input.phone !== undefined ? { phone: input.phone } : {}),
      ...(may.location && input.location !== undefined ? { location: input.location } : {}),
      ...(statusChanges ? { status: input.status } : {}),
      ...(passwordHash ? { passwordHash } : {}),
    };
    if (branchChanges && input.branch) {
      if (!(await lockBranch(tx, input.branch))) throw badRequest(USER_MESSAGES.selectBranch);
      values.branchId = input.branch;
      if (target.role === 'manager') {
        // A move in the middle of a handover would leave the transfer pointing nowhere.
        if (await hasOpenTransfer(tx, target.id)) {
          throw conflict('This manager has an ownership transfer waiting for an answer');
        }
        values.activeManagerStatus = (await branchHasOwner(tx, input.branch, target.id))
          ? 'pending'
          : 'active';
      }
    }
    await updateUserRow(tx, target.id, values);
    if (statusChanges && input.status === 'inactive') await deleteUserSessions(tx, target.id);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'user.update',
      entityType: 'user',
      entityId: target.id,
      summary: `Updated ${target.role} ${target.username}`,
      changes: {
        fields: Object.keys(values).filter((key) => key !== 'passwordHash'),
        passwordChanged: Boolean(passwordHash),
      },
    });
  });

  const user = await mustFind(db, target.id);
  return { user, message: updateMessage(actor, target) };
}

function updateMessage(actor: Actor, target: PublicUserRow): string {
  if (actor.id === target.id) return USER_MESSAGES.profileUpdated;
  if (target.role === 'manager') return USER_MESSAGES.managerUpdated;
  if (target.role === 'technician') return USER_MESSAGES.technicianUpdated;
  return USER_MESSAGES.adminUpdated;
}

/**
 * One's own password, with the current one checked. Every other session of the account
 * ends (issue 16): a password changed because it leaked must lock out whoever used it.
 */
export async function changeOwnPassword(
  db: Database,
  actor: Actor,
  session: string,
  userId: string,
  input: ChangePasswordInput,
): Promise<void> {
  if (userId !== actor.id) throw forbidden(AUTH_MESSAGES.forbidden);
  const currentHash = await findPasswordHash(db, actor.id);
  if (!currentHash || !(await verifyPassword(currentHash, input.currentPassword))) {
    throw badRequest(USER_MESSAGES.currentPasswordIncorrect);
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await updateUserRow(tx, actor.id, { passwordHash });
    await deleteOtherSessions(tx, actor.id, session);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'user.change-password',
      entityType: 'user',
      entityId: actor.id,
      summary: 'Changed own password',
    });
  });
}

/** An admin sets someone's password; their open sessions end, as after any reset. */
export async function adminChangePassword(
  db: Database,
  actor: Actor,
  userId: string,
  input: AdminChangePasswordInput,
): Promise<void> {
  const target = await findTarget(db, userId);
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await updateUserRow(tx, target.id, { passwordHash });
    if (target.id !== actor.id) await deleteUserSessions(tx, target.id);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'user.reset-password',
      entityType: 'user',
      entityId: target.id,
      summary: `Set the password of ${target.username}`,
    });
  });
}

/** Activates or deactivates a user; deactivation ends their sessions in the same transaction. */
export async function setUserStatus(
  db: Database,
  actor: Actor,
  input: UserStatusInput,
): Promise<UpdateUserResult> {
  if (input.userId === actor.id && input.status === 'inactive') {
    throw badRequest(USER_MESSAGES.cannotDeactivateSelf);
  }
  const target = await findTarget(db, input.userId);
  await db.transaction(async (tx) => {
    await updateUserRow(tx, target.id, { status: input.status });
    if (input.status === 'inactive') await deleteUserSessions(tx, target.id);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'user.status',
      entityType: 'user',
      entityId: target.id,
      summary: `Set ${target.username} ${input.status}`,
      changes: { from: target.status, to: input.status },
    });
  });
  return {
    user: await mustFind(db, target.id),
    message:
      input.status === 'active' ? USER_MESSAGES.userActivated : USER_MESSAGES.userDeactivated,
  };
}

/**
 * Deletes an account created by mistake. One with history (it signed in, created a branch,
 * took part in a transfer) is kept so the record stays whole: deactivate it instead.
 */
export async function deleteUser(
  db: Database,
  actor: Actor,
  input: DeleteUserInput,
): Promise<void> {
  if (input.userId === actor.id) throw badRequest(USER_MESSAGES.cannotDeleteSelf);
  const target = await findTarget(db, input.userId);
  await db.transaction(async (tx) => {
    if (await userHasHistory(tx, target.id)) throw conflict(USER_MESSAGES.userHasHistory);
    await deleteUserRow(tx, target.id);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'user.delete',
      entityType: 'user',
      entityId: target.id,
      summary: `Deleted ${target.role} ${target.username} (${fullName(target)})`,
    });
  });
}

/** A manager with their branch's performance and team, counted from the work orders in SQL. */
export async function getManagerDetail(db: Database, managerId: string): Promise<ManagerDetail> {
  const row = await findPublicUserRow(db, managerId);
  if (row?.role !== 'manager') throw notFound(USER_MESSAGES.managerNotFound);
  const manager = toPublicUser(row);
  const branchId = manager.branch?._id;
  const [team, tallies] = branchId
    ? await Promise.all([
        listUsersByRole(db, 'technician', { branchId }),
        technicianTallies(db, branchId),
      ])
    : [[], null];
  const work = tallies?.branch ?? emptyTally();
  return {
    manager,
    branch: manager.branch,
    performance: {
      teamSize: team.length,
      workOrders: work.waitingForTechnician,
      assigned: work.assignedProjects,
      pendingApproval: work.counts.pendingApproval,
      completed: work.counts.completed,
      transferring: work.counts.transferring,
      transferred: work.counts.transferred,
    },
    team: team.map((member) => ({
      _id: member._id,
      firstName: member.firstName,
      lastName: member.lastName,
      email: member.email,
      phone: member.phone,
      username: member.username,
      status: member.status,
      ...(tallies?.byTechnician.get(member._id)?.counts ?? emptyStatusCounts()),
    })),
  };
}
