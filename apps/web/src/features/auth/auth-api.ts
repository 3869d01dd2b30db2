import type { PublicUser } from '@karya/domain/user';
import { apiRequest } from '../../lib/api-client';

export function loginRequest(username: string, password: string): Promise<PublicUser> {
  return apiRequest<PublicUser>('POST', '/login', { username, password });
}

export function logoutRequest(): Promise<null> {
  return apiRequest<null>('POST', '/logout');
}

export function fetchCurrentUser(signal?: AbortSignal): Promise<PublicUser> {
  return apiRequest<PublicUser>('GET', '/me', undefined, signal ? { signal } : {});
}

let startupCheck: Promise<PublicUser> | undefined;

/**
 * The session check of a cold start (no stored user), begun by main.tsx so the first render
 * can wait for its answer (already on its way: apps/web/early-start.ts) and show the screen,
 * not a spinner first and the screen one render later (issue 17). AuthProvider then takes
 * this answer instead of asking again.
 */
export function startSessionCheck(): Promise<PublicUser> {
  const check = fetchCurrentUser();
  check.catch(() => undefined);
  startupCheck = check;
  return check;
}

/** The startup session check, if main.tsx began one, at most once. */
export function takeSessionCheck(): Promise<PublicUser> | undefined {
  const check = startupCheck;
  startupCheck = undefined;
  return check;
}
