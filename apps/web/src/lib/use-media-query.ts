import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches now, redrawn when it changes. A screen that would draw
 * two large layouts and hide one with CSS draws only the one shown (the schedule board's
 * desk board and phone list: 500 cards each, issue 34).
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (changed: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
