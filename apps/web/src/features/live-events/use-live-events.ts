import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiUrl } from '../../lib/api-url';
import { connectLive } from './live-connection';

/**
 * Keeps the desk's lists live (issue 34, decision 046): GET /api/events tells of every change
 * in the user's branches, and each burst of events invalidates `keys`, so the open board and
 * lists refetch while the others are refetched when next shown.
 */
export function useLiveEvents(keys: readonly QueryKey[], enabled: boolean): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    return connectLive({
      open: (lastEventId) =>
        new EventSource(apiUrl('/events', { lastEventId }), { withCredentials: true }),
      refetch: () => {
        for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
      },
    });
  }, [enabled, keys, queryClient]);
}
