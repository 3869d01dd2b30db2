import { type Actor, hasFullAccess } from '../../auth/guard';
import type { PublicUserRow } from '../../auth/public-user';
import type { Scope } from '../../auth/scope';

/**
 * Who may see a user (GET /api/get-user): admins anyone; everyone themselves; an active
 * manager the technicians of their own branch.
 */
export function canViewUser(actor: Actor, scope: Scope, target: PublicUserRow): boolean {
  if (scope.kind === 'all' || actor.id === target.id) return true;
  return isOwnBranchTechnician(actor, scope, target);
}

function isOwnBranchTechnician(actor: Actor, scope: Scope, target: PublicUserRow): boolean {
  return (
    scope.kind === 'branch' &&
    hasFullAccess(actor) &&
    target.role === 'technician' &&
    target.branchId === scope.branchId
  );
}

/** What a caller may change on a target with update-user (spec 1 §7.2 and §6). */
export interface EditableFields {
  location: boolean;
  branch: boolean;
  status: boolean;
  password: boolean;
}

/**
 * Null when the caller may not edit the target at all. Everyone edits their own profile
 * (names, email, phone) but never their own role, status, branch or username; only an admin
 * moves users between branches, sets status or sets someone else's password.
 */
export function editableFields(
  actor: Actor,
  scope: Scope,
  target: PublicUserRow,
): EditableFields | null {
  const self = actor.id === target.id;
  if (scope.kind === 'all') {
    if (self) return { location: true, branch: false, status: false, password: false };
    return {
      location: target.role === 'admin',
      branch: target.role !== 'admin',
      status: true,
      password: true,
    };
  }
  if (self || isOwnBranchTechnician(actor, scope, target)) {
    return { location: false, branch: false, status: false, password: false };
  }
  return null;
}
