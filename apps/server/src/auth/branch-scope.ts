import { AUTH_MESSAGES } from '@karya/domain/auth-schemas';
import { forbidden } from '../http/errors';
import type { Actor } from './guard';

/**
 * The branch a desk report reads: an admin's choice (undefined: every branch), a manager's
 * own branch whatever they ask for, as the other manager lists do. Technicians never read a
 * whole branch's money.
 */
export function deskBranchScope(actor: Actor, requested: string | undefined): string | undefined {
  if (actor.role === 'admin') return requested;
  if (actor.role !== 'manager' || !actor.branchId) throw forbidden(AUTH_MESSAGES.forbidden);
  return actor.branchId;
}
