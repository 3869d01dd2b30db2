import { RouterProvider } from 'react-router';
import { NotificationProvider } from '../ui/notification-provider';
import { router } from './router';

/**
 * Notifications → router, whose root route holds the session. The query cache comes with
 * the signed-in screens (app-shell.tsx), so the login screen loads no TanStack Query.
 */
export function AppProviders() {
  return (
    <NotificationProvider>
      <RouterProvider router={router} />
    </NotificationProvider>
  );
}
