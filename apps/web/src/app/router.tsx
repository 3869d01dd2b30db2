import { Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import { AuthProvider } from '../features/auth/auth-provider';
import { LoginPage } from '../features/auth/login-page';
import { readStoredUser } from '../features/auth/session-storage';
import { Loading } from '../ui/spinner';
import { NotFoundPage } from './not-found-page';
import { RequireAuth, RouteScreen } from './require-auth';
import { RouteError } from './route-error';
import { APP_ROUTES, AppShell, LandingPage, preloadScreensOf } from './route-table';

/** The session lives inside the router so that logging out can navigate to /login. */
function RootRoute() {
  return (
    <AuthProvider>
      <Outlet />
    </AuthProvider>
  );
}

/** The chunks of the screen at the address, fetched before the app first renders (main.tsx). */
export const screensReady = preloadScreensOf(window.location.pathname, readStoredUser()?.role);

export const router = createBrowserRouter([
  {
    element: <RootRoute />,
    errorElement: <RouteError />,
    children: [
      // In the entry chunk: it needs nothing the entry lacks (no query cache, no form library).
      { path: '/login', element: <LoginPage /> },
      // The public landing page: no login. The server also serves it as welcome.html.
      {
        path: '/welcome',
        element: (
          <Suspense fallback={<Loading fullScreen />}>
            <LandingPage />
          </Suspense>
        ),
      },
      {
        path: '/',
        element: <RequireAuth />,
        children: [
          {
            element: (
              <Suspense fallback={<Loading fullScreen />}>
                <AppShell />
              </Suspense>
            ),
            children: [
              { index: true, element: <Navigate to="/dashboard" replace /> },
              ...APP_ROUTES.map((route) => ({
                path: route.path,
                element: <RouteScreen route={route} />,
              })),
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
