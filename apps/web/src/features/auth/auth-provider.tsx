import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isAnonymousPath } from '../../lib/anonymous-paths';
import { ApiError, onUnauthorized } from '../../lib/api-client';
import { AuthContext, type AuthContextValue } from '../../lib/auth-context';
import { clearQueryCache } from '../../lib/query-cache-reset';
import {
  clearStoredUser,
  parseStoredUser,
  readStoredUser,
  SESSION_USER_KEY,
  type SessionUser,
  writeStoredUser,
} from '../../lib/session-storage';
import { fetchCurrentUser, loginRequest, logoutRequest, takeSessionCheck } from './auth-api';

/**
 * Lives inside the router (as the root route's element) so that logging out can navigate.
 * The stored user is shown at once; GET /api/me then confirms it in the background.
 * Pages anyone may open (the login form, the landing page, a job-status link) do not ask:
 * the check is made when a screen behind the login is first opened (issue 39 item 22).
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const anonymousPage = isAnonymousPath(useLocation().pathname);
  const [user, setUser] = useState<SessionUser | null>(readStoredUser);
  // Whether the server has said who is signed in (or a login or logout has since decided it).
  // With a stored user the screens can render straight away; without one we must ask the
  // server before deciding between /login and the app (the cookie may still be valid).
  const [sessionKnown, setSessionKnown] = useState(false);
  const sessionChecked = useRef(false);
  const isLoading = user === null && !sessionKnown;
  const userRef = useRef(user);
  userRef.current = user;
  // Counts logins and logouts: the startup check must not undo one made while it ran (the
  // login form shows before the check has answered).
  const sessionChanges = useRef(0);

  const saveUser = useCallback((next: SessionUser) => {
    writeStoredUser(next);
    setUser(next);
  }, []);

  const forgetSession = useCallback(() => {
    sessionChecked.current = true;
    setSessionKnown(true);
    clearStoredUser();
    setUser(null);
    void clearQueryCache();
  }, []);

  useEffect(() => {
    if (anonymousPage || sessionChecked.current) return;
    const controller = new AbortController();
    const changesAtStart = sessionChanges.current;
    const stillCurrent = () => sessionChanges.current === changesAtStart;
    (takeSessionCheck() ?? fetchCurrentUser(controller.signal))
      .then((current) => {
        if (controller.signal.aborted || !stillCurrent()) return;
        // The same user as stored (a reload): nothing to save, and no render of every screen.
        const stored = userRef.current;
        if (stored && JSON.stringify(stored) === JSON.stringify(current)) return;
        saveUser(current);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted || !stillCurrent()) return;
        // Offline or server down: keep the stored user and its cached data (DESIGN.md).
        if (error instanceof ApiError && error.status === 401) forgetSession();
      })
      .finally(() => {
        if (controller.signal.aborted) return;
        sessionChecked.current = true;
        setSessionKnown(true);
      });
    // Left before the answer (a quick move to a public page): asked again on the next screen.
    return () => controller.abort();
  }, [anonymousPage, saveUser, forgetSession]);

  useEffect(
    () =>
      onUnauthorized(() => {
        // Nobody was logged in (e.g. the startup check): nothing to end, and a public page
        // such as 'Page Not Found' must not be replaced by /login.
        if (!userRef.current) return;
        forgetSession();
        navigate('/login', { replace: true });
      }),
    [forgetSession, navigate],
  );

  // Logging out or in another tab applies here too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== SESSION_USER_KEY && event.key !== null) return;
      setUser(parseStoredUser(localStorage.getItem(SESSION_USER_KEY)));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const login = useCallback(
    async (username: string, password: string) => {
      const loggedIn = await loginRequest(username, password);
      sessionChanges.current += 1;
      sessionChecked.current = true;
      setSessionKnown(true);
      await clearQueryCache();
      saveUser(loggedIn);
      return loggedIn;
    },
    [saveUser],
  );

  const logout = useCallback(async () => {
    sessionChanges.current += 1;
    try {
      await logoutRequest();
    } catch {
      // The session is forgotten locally either way; a dead server must not trap the user.
    }
    forgetSession();
    navigate('/login', { replace: true });
  }, [forgetSession, navigate]);

  const updateUser = useCallback(
    (changes: Partial<SessionUser>) => {
      const current = userRef.current;
      if (current) saveUser({ ...current, ...changes });
    },
    [saveUser],
  );

  const value = useMemo<AuthContextValue>(
    () => ({ user, isLoading, login, logout, updateUser }),
    [user, isLoading, login, logout, updateUser],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
