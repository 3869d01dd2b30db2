import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PERSISTED_CACHE_MAX_AGE, queryClient, queryPersister } from '../lib/query-client';
import { useSessionUser } from '../lib/use-session-user';
import { Loading } from '../ui/spinner';
import { DeskLayout } from './route-table';

/**
 * Every screen behind the login, in its own chunk: the persisted query cache (TanStack
 * Query, which the login screen does without), then the desk's sidebar and header for
 * admins and managers (spec 1 §2.3: technicians get neither).
 */
export function AppShell() {
  const user = useSessionUser();
  return (
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={{
        persister: queryPersister,
        maxAge: PERSISTED_CACHE_MAX_AGE,
        buster: __KARYA_BUILD_ID__,
      }}
    >
      {user.role === 'technician' ? (
        <Outlet />
      ) : (
        <Suspense fallback={<Loading fullScreen />}>
          <DeskLayout />
        </Suspense>
      )}
    </PersistQueryClientProvider>
  );
}
