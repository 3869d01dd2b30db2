import { formatDateTime } from '@karya/domain/format';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { WifiOff } from 'lucide-react';
import { useCallback, useSyncExternalStore } from 'react';
import { useOnline } from './use-online';

/** Issue 20's words; {time} as the app writes times (packages/domain/src/format.ts). */
export const offlineBannerText = (time: string) => `Offline — showing data from ${time}`;

/** When the newest answer under `queryKey` came from the server (0: none yet). */
function useDataTime(queryKey: QueryKey): number {
  const cache = useQueryClient().getQueryCache();
  const read = useCallback(
    () =>
      Math.max(
        0,
        ...cache
          .findAll({ queryKey })
          .filter((query) => query.state.data !== undefined)
          .map((query) => query.state.dataUpdatedAt),
      ),
    [cache, queryKey],
  );
  return useSyncExternalStore(
    useCallback((listener) => cache.subscribe(listener), [cache]),
    read,
  );
}

/**
 * The technician's phone with no network (issue 20): 'Offline — showing data from {time}',
 * the time of the newest answer of the screen's data (`queryKey`, e.g. the technician's
 * orders) on the phone. Gone as soon as the network is back, when the lists refresh
 * (shared/queued-actions.ts).
 */
export function OfflineBanner({ queryKey }: { queryKey: QueryKey }) {
  const online = useOnline();
  if (online) return null;
  return <OfflineBannerText queryKey={queryKey} />;
}

function OfflineBannerText({ queryKey }: { queryKey: QueryKey }) {
  const time = useDataTime(queryKey);
  return (
    <div
      role="status"
      className="mb-4 flex items-center gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm font-medium text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <WifiOff aria-hidden="true" className="size-4 shrink-0" />
      {time > 0 ? offlineBannerText(formatDateTime(new Date(time))) : 'Offline'}
    </div>
  );
}
