import type { PublicUser } from '@karya/domain/user';

/** Spec 1 §3: the session user lives in localStorage under this key. */
export const SESSION_USER_KEY = 'user';

export type SessionUser = PublicUser;

function looksLikeUser(value: unknown): value is SessionUser {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { _id?: unknown })._id === 'string' &&
    typeof (value as { role?: unknown }).role === 'string'
  );
}

/** A corrupt or foreign value counts as no session rather than crashing the app. */
export function parseStoredUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return looksLikeUser(value) ? value : null;
  } catch {
    return null;
  }
}

export function readStoredUser(): SessionUser | null {
  return parseStoredUser(localStorage.getItem(SESSION_USER_KEY));
}

export function writeStoredUser(user: SessionUser): void {
  localStorage.setItem(SESSION_USER_KEY, JSON.stringify(user));
}

export function clearStoredUser(): void {
  localStorage.removeItem(SESSION_USER_KEY);
}
