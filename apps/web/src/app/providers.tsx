import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { RouterProvider } from 'react-router';
import { PERSISTED_CACHE_MAX_AGE, queryClient, queryPersister } from '../lib/query-client';
import { NotificationProvider } from '../ui/notification-provider';
import { router } from './router';

/** Query cache (persisted) → notifications → router, whose root route holds the session. */
export function AppProviders() {
  return (
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={{
        persister: queryPersister,
        maxAge: PERSISTED_CACHE_MAX_AGE,
        buster: __KARYA_BUILD_ID__,
      }}
    >
      <NotificationProvider>
        <RouterProvider router={router} />
      </NotificationProvider>
    </PersistQueryClientProvider>
  );
}
