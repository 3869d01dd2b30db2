import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { persistQueryCache, queryClient } from '../lib/query-client';
import { useSessionUser } from '../lib/use-session-user';
import { useQueueFlush } from '../shared/queued-actions';
import { Loading } from '../ui/spinner';
import { DeskLayout } from './route-table';

/** route-table.tsx restores the cache as it loads this chunk, before the first render. */
export { restoreQueryCache } from '../lib/query-client';

/** Sends the user's offline queue at start, when back online, and now and then while it waits. */
function QueueFlush() {
  useQueueFlush();
  return null;
}

/**
 * Every screen behind the login, in its own chunk: the persisted query cache (TanStack
 * Query, which the login screen does without), then the desk's sidebar and header for
 * admins and managers (spec 1 §2.3: technicians get neither). The cache was restored from
 * localStorage as this chunk loaded (route-table.tsx); from here on it is saved as it changes.
 */
export function AppShell() {
  const user = useSessionUser();
  // The technician's phone keeps its data offline too, in IndexedDB (decision 026).
  const offlineOwner = user.role === 'technician' ? user._id : undefined;
  useEffect(() => persistQueryCache({ offlineOwner }), [offlineOwner]);
  return (
    <QueryClientProvider client={queryClient}>
      <QueueFlush />
      {user.role === 'technician' ? (
        <Outlet />
      ) : (
        <Suspense fallback={<Loading fullScreen />}>
          <DeskLayout />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
