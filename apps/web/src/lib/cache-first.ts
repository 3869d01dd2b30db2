/**
 * DESIGN.md: a list shows its cached (persisted) copy at once and always fetches a fresh one
 * behind it. Without 'always', a copy restored from localStorage that looks fresh would be
 * shown for up to staleTime without asking the server, even if it predates the last change.
 */
export const CACHE_FIRST = { refetchOnMount: 'always' } as const;
