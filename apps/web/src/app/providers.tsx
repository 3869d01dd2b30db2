import { NotificationProvider } from '../ui/notification-provider';
import { AppRouter } from './router';

/**
 * Notifications → router, whose root route holds the session. The query cache comes with
 * the signed-in screens (app-shell.tsx), so the login screen loads no TanStack Query.
 */
export function AppProviders() {
  return (
    <NotificationProvider>
      <AppRouter />
    </NotificationProvider>
  );
}
