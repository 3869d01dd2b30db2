import { AUTH_MESSAGES } from '@karya/domain/auth-schemas';
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../http/errors';
import { branchOf } from '../http/list-query';
import { type Actor, actorOf } from './guard';

/**
 * What one request may read and write (issue 18, decision 024), worked out once in the route
 * and passed to every service function that touches branch data:
 * - `all`: an admin, every branch, or the one branch asked with ?branch=;
 * - `branch`: a manager, their own branch whatever they ask for;
 * - `own`: a technician, their own work (orders, bills, stock, returns); `branchId` is the
 *   branch they work in, which some areas read whole (its catalogue, its customers' units).
 * Another branch's record answers as absent, so its existence does not leak.
 */
export type Scope =
  | { kind: 'all'; branchId?: string | undefined }
  | { kind: 'branch'; branchId: string }
  | { kind: 'own'; technicianId: string; branchId: string | null };

/**
 * The scope of a signed-in user. `askedBranch` is the request's ?branch=, already checked by
 * the route's schema (undefined: every branch); only an admin's is honoured. A manager
 * without a branch cannot be created, but one would be refused here rather than read
 * everything.
 */
export function scopeOf(actor: Actor, askedBranch?: string): Scope {
  if (actor.role === 'admin') return { kind: 'all', branchId: askedBranch };
  if (actor.role === 'technician')
    return { kind: 'own', technicianId: actor.id, branchId: actor.branchId };
  if (!actor.branchId) throw forbidden(AUTH_MESSAGES.noBranch);
  return { kind: 'branch', branchId: actor.branchId };
}

/**
 * The scope of a request to a route that needs a session, once per request: its actor, and
 * the ?branch= it asks for (blank or 'all': every branch).
 */
export function requestScope(request: FastifyRequest, askedBranch?: string): Scope {
  return scopeOf(actorOf(request), branchOf(askedBranch));
}

/**
 * The one branch a list reads, or undefined for every branch: an admin's asked branch (or
 * none), a manager's, a technician's own branch (refused without one).
 */
export function branchOfScope(scope: Scope): string | undefined {
  if (scope.kind === 'all') return scope.branchId;
  if (scope.branchId === null) throw forbidden(AUTH_MESSAGES.noBranch);
  return scope.branchId;
}

/** The branch of a report on money: never a technician's, who reads only their own bills. */
export function deskBranchOf(scope: Scope): string | undefined {
  if (scope.kind === 'own') throw forbidden(AUTH_MESSAGES.forbidden);
  return branchOfScope(scope);
}

/** The branch a manager's change goes to (adding a lead, stock in, a confirmed return). */
export function managerBranchOf(scope: Scope): string {
  if (scope.kind !== 'branch') throw forbidden(AUTH_MESSAGES.forbidden);
  return scope.branchId;
}

/** The technician whose own work a change is (a bill, a return). */
export function technicianOf(scope: Scope): string {
  if (scope.kind !== 'own') throw forbidden(AUTH_MESSAGES.forbidden);
  return scope.technicianId;
}

/**
 * Whether a record of this branch is in scope: any for an admin who asked none, else the
 * asked, managed or worked-in branch (a technician reads their branch's catalogue and units).
 */
export function inScope(scope: Scope, branchId: string | null): boolean {
  if (scope.kind === 'all') return !scope.branchId || scope.branchId === branchId;
  return scope.branchId !== null && scope.branchId === branchId;
}

/** Whether a piece of work (an order, its bill) is in scope: a technician's own only. */
export function seesWork(
  scope: Scope,
  work: { branchId: string; technicianId: string | null },
): boolean {
  if (scope.kind === 'own') return work.technicianId === scope.technicianId;
  return inScope(scope, work.branchId);
}
