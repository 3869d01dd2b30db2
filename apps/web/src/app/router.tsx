import { Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import { AuthProvider } from '../features/auth/auth-provider';
import { LoginPage } from '../features/auth/login-page';
import { Loading } from '../ui/spinner';
import { AppLayout } from './app-layout';
import { NotFoundPage } from './not-found-page';
import { RequireAuth, RouteScreen } from './require-auth';
import { RouteError } from './route-error';
import { APP_ROUTES, LandingPage } from './route-table';

/** The session lives inside the router so that logging out can navigate to /login. */
function RootRoute() {
  return (
    <AuthProvider>
      <Outlet />
    </AuthProvider>
  );
}

export const router = createBrowserRouter([
  {
    element: <RootRoute />,
    errorElement: <RouteError />,
    children: [
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
            element: <AppLayout />,
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
