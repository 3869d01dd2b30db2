import { useAuth } from './auth-context';
import type { SessionUser } from './session-storage';

/**
 * The logged-in user, for screens behind the login guard: they never see `null`, so they
 * need no check of their own.
 */
export function useSessionUser(): SessionUser {
  const { user } = useAuth();
  if (!user) throw new Error('useSessionUser must be used behind the login guard');
  return user;
}
