import { AUTH_MESSAGES } from '@karya/domain/auth-schemas';
import { OWNERSHIP_MESSAGES } from '@karya/domain/ownership-schemas';
import type { ManagerAccessStatus, Role } from '@karya/domain/roles';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { forbidden, unauthorized } from '../http/errors';
import type { PublicUserRow } from './public-user';
import { findSessionUser, SESSION_COOKIE } from './sessions';

/**
 * Who may call a route. Every /api route must say it: 'public' (no session),
 * 'authenticated' (any signed-in user) or the list of roles allowed.
 */
export type Access = 'public' | 'authenticated' | readonly Role[];

export type Actor = PublicUserRow;

/**
 * The role sets a route's `access` names, one table for every module (issue 18). A route
 * that admits several roles still checks, in its service, which rows each may touch: a
 * technician reads only their own orders and bills, a manager only their branch.
 */
export const ROLES = {
  admins: ['admin'],
  managers: ['manager'],
  technicians: ['technician'],
  /** The desk: admins and the branch's managers. */
  desk: ['admin', 'manager'],
  /** Who installs and services: the branch's managers and its technicians. */
  field: ['manager', 'technician'],
  everyone: ['admin', 'manager', 'technician'],
} as const satisfies Record<string, readonly Role[]>;
const ROLE_SETS: ReadonlySet<readonly Role[]> = new Set(Object.values(ROLES));

/**
 * Manager access states (spec 1 §4) a route admits. A manager waiting for ownership
 * ('pending') or who handed it over ('transferring', 'transferred') may reach only the
 * routes that opt in; every other route refuses them here, in one place.
 */
export const MANAGER_STATES = {
  /** The default: only a manager with full access. */
  activeOnly: ['active'],
  /** Own profile and password, and answering a transfer addressed to them. */
  pendingToo: ['active', 'pending'],
  /** Who am I, my access state: what even a transferred manager still needs. */
  any: ['active', 'pending', 'transferring', 'transferred'],
} as const satisfies Record<string, readonly ManagerAccessStatus[]>;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Manager access states admitted; without it only active managers (MANAGER_STATES). */
    managerStates?: readonly ManagerAccessStatus[];
  }
  interface FastifyRequest {
    actor: Actor | null;
    sessionToken: string | null;
  }
}

/** The signed-in user of a route whose access is not 'public'. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized(AUTH_MESSAGES.pleaseLogIn);
  return request.actor;
}

const isApiRoute = (url: string) => url === '/api' || url.startsWith('/api/');
const isDocsRoute = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');

export function registerAuthGuard(app: FastifyInstance, db: Database): void {
  app.decorateRequest('actor', null);
  app.decorateRequest('sessionToken', null);

  // A route that forgets to declare who may call it fails at start-up, not in production.
  app.addHook('onRoute', (route) => {
    if (!isApiRoute(route.url) || isDocsRoute(route.url)) return;
    const access = route.config?.access;
    if (access === undefined) {
      throw new Error(`Route ${route.method} ${route.url} does not declare config.access`);
    }
    if (typeof access !== 'string' && !ROLE_SETS.has(access)) {
      throw new Error(`Route ${route.method} ${route.url} must name its roles from ROLES`);
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config?.access;
    if (access === undefined || access === 'public') return;
    // An answer that needs a session holds someone's data: a shared shop computer's browser
    // must not keep it (issue 16).
    reply.header('cache-control', 'no-store');

    const token = request.cookies[SESSION_COOKIE];
    const actor = token ? await findSessionUser(db, token) : null;
    if (!actor || !token) throw unauthorized(AUTH_MESSAGES.pleaseLogIn);
    request.actor = actor;
    request.sessionToken = token;

    if (access !== 'authenticated' && !access.includes(actor.role)) {
      throw forbidden(AUTH_MESSAGES.forbidden);
    }
    if (actor.role === 'manager') {
      const admitted = request.routeOptions.config?.managerStates ?? MANAGER_STATES.activeOnly;
      assertManagerAdmitted(actor.activeManagerStatus, admitted);
    }
  });
}

/** A manager without a recorded state is treated as waiting: access is never assumed. */
function assertManagerAdmitted(
  state: ManagerAccessStatus | null,
  admitted: readonly ManagerAccessStatus[],
): void {
  const current = state ?? 'pending';
  if (admitted.includes(current)) return;
  throw forbidden(
    current === 'pending'
      ? OWNERSHIP_MESSAGES.accessPending
      : OWNERSHIP_MESSAGES.ownershipTransferred,
  );
}

/** Whether the actor may see branch-scoped data: admins, technicians, active managers. */
export function hasFullAccess(actor: Actor): boolean {
  return actor.role !== 'manager' || actor.activeManagerStatus === 'active';
}
