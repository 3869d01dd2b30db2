import { type ComponentType, lazy, Suspense } from 'react';
import { NotificationProvider } from '../ui/notification-provider';
import { pageSettled } from '../ui/page-settled';
import { AppRouter } from './router';

/**
 * The service worker's registration and update notice (issue 20), in a chunk of its own,
 * loaded once the first screen has settled. A phone that lost its signal before the chunk
 * came (and before the worker had precached it) tries again once it is back online: a
 * failed import must never take the screens down with it.
 */
function loadUpdatePrompt(): Promise<{ default: ComponentType }> {
  return pageSettled()
    .then(() => import('../ui/update-prompt'))
    .catch(
      () =>
        new Promise((resolve) => {
          window.addEventListener('online', () => resolve(loadUpdatePrompt()), { once: true });
        }),
    );
}
const UpdatePrompt = lazy(loadUpdatePrompt);

/**
 * Notifications → router, whose root route holds the session. The query cache comes with
 * the signed-in screens (app-shell.tsx), so the login screen loads no TanStack Query.
 */
export function AppProviders() {
  return (
    <NotificationProvider>
      <AppRouter />
      <Suspense fallback={null}>
        <UpdatePrompt />
      </Suspense>
    </NotificationProvider>
  );
}
