import type { QueryKey } from '@tanstack/react-query';
import { technicianCountsQuery } from '../../features/work-orders/api/get-technician-work-order-counts';
import { technicianWorkOrdersQuery } from '../../features/work-orders/api/get-technician-work-orders';
import { TECHNICIAN_FIRST_URLS } from '../../features/work-orders/api/technician-first-requests';
import { TASK_STATUSES } from '../../features/work-orders/technician-projects';
import { markFirstAnswer } from '../../lib/cache-first';
import { hasEarlyResponse } from '../../lib/early-requests';
import { keepInLocalStorage, queryClient, restoreQueryCache } from '../../lib/query-client';
import { technicianInventoryQuery } from '../../shared/get-technician-inventory';

/**
 * How long the first render waits for answers already on their way: on a slow server the
 * screen then shows with its placeholders rather than 'Loading...'.
 */
const FIRST_ANSWERS_WAIT_MS = 1000;

/**
 * A cold start of the dashboard (issue 17): the counts, the first page of 'Your Tasks' and
 * the stock the page's HTML asked for (apps/web/early-start.ts) are put into the cache before
 * the first render, so that render shows Home complete, instead of placeholders and three
 * more renders as each answer comes (each 50-200 ms on a slow phone). Only queries with no
 * cached copy whose early answer is waiting: a cached copy shows at once and is refreshed
 * behind it (CACHE_FIRST), and a later visit of the dashboard does not wait at all.
 */
export async function prepareFirstAnswers(): Promise<void> {
  await restoreQueryCache();
  const fetches: Promise<void>[] = [];
  const first = (url: string, queryKey: QueryKey, prefetch: () => Promise<void>) => {
    if (!hasEarlyResponse(url) || queryClient.getQueryData(queryKey) !== undefined) return;
    fetches.push(
      prefetch().then(() => {
        const query = queryClient.getQueryCache().find({ queryKey, exact: true });
        if (query?.state.status === 'success') markFirstAnswer(query);
      }),
    );
  };
  const tasks = technicianWorkOrdersQuery(TASK_STATUSES);
  const inventory = technicianInventoryQuery();
  // Home's three queries stay in localStorage, read before the first render (decision 019);
  // the rest of what the phone keeps offline is in IndexedDB (decision 026).
  keepInLocalStorage([technicianCountsQuery.queryKey, tasks.queryKey, inventory.queryKey]);
  first(TECHNICIAN_FIRST_URLS.counts, technicianCountsQuery.queryKey, () =>
    queryClient.prefetchQuery(technicianCountsQuery),
  );
  first(TECHNICIAN_FIRST_URLS.tasks, tasks.queryKey, () =>
    queryClient.prefetchInfiniteQuery(tasks),
  );
  first(TECHNICIAN_FIRST_URLS.inventory, inventory.queryKey, () =>
    queryClient.prefetchQuery(inventory),
  );
  if (fetches.length === 0) return;
  await Promise.race([
    Promise.all(fetches),
    new Promise((resolve) => setTimeout(resolve, FIRST_ANSWERS_WAIT_MS)),
  ]);
}
