import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiUrl } from '../../lib/api-url';

/** Events that come together (a move writes two history lines) make one refetch. */
export const LIVE_DEBOUNCE_MS = 200;
const FIRST_REOPEN_MS = 2_000;
const LONGEST_REOPEN_MS = 60_000;

/**
 * Keeps the desk's lists live (issue 34): GET /api/events tells of every change in the
 * user's branches, and each one (a burst: once, after LIVE_DEBOUNCE_MS) invalidates `keys`,
 * so the open board and lists refetch while the others are refetched when next shown.
 * EventSource reconnects by itself after a dropped stream and sends Last-Event-ID, which the
 * server answers with what was missed; a stream it gives up on (a refused reconnect, a
 * proxy's 502) is opened again here, with a growing pause, saying where it was in the query.
 */
export function useLiveEvents(keys: readonly QueryKey[], enabled: boolean): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let lastEventId: string | undefined;
    let failures = 0;
    let refetchTimer: ReturnType<typeof setTimeout> | undefined;
    let reopenTimer: ReturnType<typeof setTimeout> | undefined;

    const refetchSoon = () => {
      if (refetchTimer !== undefined) return;
      refetchTimer = setTimeout(() => {
        refetchTimer = undefined;
        for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
      }, LIVE_DEBOUNCE_MS);
    };

    const open = (reopened: boolean) => {
      source = new EventSource(apiUrl('/events', { lastEventId }), { withCredentials: true });
      source.onopen = () => {
        failures = 0;
        // Before any event there is no id to resume from: what changed meanwhile is refetched.
        if (reopened && lastEventId === undefined) refetchSoon();
      };
      source.onmessage = (event: MessageEvent) => {
        if (event.lastEventId) lastEventId = event.lastEventId;
        refetchSoon();
      };
      source.onerror = () => {
        if (source?.readyState !== EventSource.CLOSED) return;
        source.close();
        const pause = Math.min(LONGEST_REOPEN_MS, FIRST_REOPEN_MS * 2 ** failures);
        failures += 1;
        reopenTimer = setTimeout(() => open(true), pause);
      };
    };

    open(false);
    return () => {
      source?.close();
      clearTimeout(refetchTimer);
      clearTimeout(reopenTimer);
    };
  }, [enabled, keys, queryClient]);
}
