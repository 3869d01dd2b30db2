import type { Actor } from '../../auth/guard';
import { hasFullAccess } from '../../auth/guard';
import type { PublicUserRow } from '../../auth/public-user';

/**
 * Who may see a user (GET /api/get-user): admins anyone; everyone themselves; an active
 * manager the technicians of their own branch.
 */
export function canViewUser(actor: Actor, target: PublicUserRow): boolean {
  if (actor.role === 'admin' || actor.id === target.id) return true;
  return isOwnBranchTechnician(actor, target);
}

export function isOwnBranchTechnician(actor: Actor, target: PublicUserRow): boolean {
  return (
    actor.role === 'manager' &&
    hasFullAccess(actor) &&
    actor.branchId !== null &&
    target.role === 'technician' &&
    target.branchId === actor.branchId
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
export function editableFields(actor: Actor, target: PublicUserRow): EditableFields | null {
  const self = actor.id === target.id;
  if (actor.role === 'admin') {
    if (self) return { location: true, branch: false, status: false, password: false };
    return {
      location: target.role === 'admin',
      branch: target.role !== 'admin',
      status: true,
      password: true,
    };
  }
  if (self || isOwnBranchTechnician(actor, target)) {
    return { location: false, branch: false, status: false, password: false };
  }
  return null;
}
