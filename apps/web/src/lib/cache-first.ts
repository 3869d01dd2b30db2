/** What refetchOnMount is shown of a query. */
interface QueryState {
  queryHash: string;
  state: { dataUpdatedAt: number };
}

/**
 * Answers fetched for the first render of this page load, before it (the technician
 * dashboard's, from the requests the page's HTML started: lib/early-requests.ts): the query's
 * hash and when its answer came.
 */
const firstAnswers = new Map<string, number>();

/**
 * DESIGN.md: a list shows its cached (persisted) copy at once and always fetches a fresh one
 * behind it. Without 'always', a copy restored from localStorage that looks fresh would be
 * shown for up to staleTime without asking the server, even if it predates the last change.
 * An answer fetched for this load's first render is that fresh one: its screen does not ask
 * again as it mounts, and asks as any fetched answer does once stale (staleTime) or refreshed.
 */
export const CACHE_FIRST = {
  refetchOnMount: (query: QueryState) =>
    firstAnswers.get(query.queryHash) === query.state.dataUpdatedAt ? true : 'always',
} as const;

/** Records a query fetched for the first render (see CACHE_FIRST). */
export function markFirstAnswer(query: QueryState): void {
  firstAnswers.set(query.queryHash, query.state.dataUpdatedAt);
}
