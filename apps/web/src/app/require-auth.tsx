import { Suspense } from 'react';
import { Navigate, Outlet } from 'react-router';
import { homePathFor } from '../features/auth/home-path';
import { useAuth } from '../lib/auth-context';
import { useSessionUser } from '../lib/use-session-user';
import { Loading } from '../ui/spinner';
import { type AppRoute, isAllowed } from './route-table';

/** Spec 1 §2.1: everything below / needs a session. */
export function RequireAuth() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <Loading fullScreen />;
  if (!user) return <Navigate to="/login" replace />;
  return <Outlet />;
}

/** One screen of the route table: the role check, the tab title, the lazy-load fallback. */
export function RouteScreen({ route }: { route: AppRoute }) {
  const user = useSessionUser();
  if (!isAllowed(route.roles, user.role)) {
    return <Navigate to={homePathFor(user.role)} replace />;
  }
  return (
    <>
      <title>{`${route.title} · Karya`}</title>
      <Suspense fallback={<Loading />}>{route.element}</Suspense>
    </>
  );
}
