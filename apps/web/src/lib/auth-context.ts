import { createContext, useContext } from 'react';
import type { SessionUser } from './session-storage';

export interface AuthContextValue {
  user: SessionUser | null;
  /** True while a session with no stored user is being looked up with the server. */
  isLoading: boolean;
  /** Resolves with the user, or rejects with the ApiError of the login call. */
  login: (username: string, password: string) => Promise<SessionUser>;
  /** Ends the session on the server (failure ignored), forgets everything, goes to /login. */
  logout: () => Promise<void>;
  /** Merges into the session user, e.g. after the user edits their own profile. */
  updateUser: (changes: Partial<SessionUser>) => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth must be used within an AuthProvider');
  return auth;
}
