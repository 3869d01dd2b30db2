/**
 * Answers the page asked for before its scripts ran (apps/web/early-start.ts: a small script
 * the HTML loads first starts the calls a signed-in screen makes on load, e.g. /api/me and
 * the technician dashboard's counts and first page), so on a slow phone they travel while
 * the app's scripts download. Each is used once, by the same GET, and only soon after load:
 * anything later asks the server afresh.
 */
const FRESH_FOR_MS = 15_000;

interface EarlyRequests {
  at: number;
  answers: Record<string, Promise<Response>>;
}

declare global {
  interface Window {
    __karyaEarly?: EarlyRequests;
  }
}

/** The early answer to a GET of `url` (as apiUrl writes it), at most once. */
export function takeEarlyResponse(url: string): Promise<Response> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.__karyaEarly;
  if (!early) return undefined;
  const answer = early.answers[url];
  delete early.answers[url];
  return answer && Date.now() - early.at < FRESH_FOR_MS ? answer : undefined;
}

/** Whether an early answer to a GET of `url` is there to take (see takeEarlyResponse). */
export function hasEarlyResponse(url: string): boolean {
  const early = typeof window === 'undefined' ? undefined : window.__karyaEarly;
  return Boolean(early?.answers[url]) && Date.now() - (early?.at ?? 0) < FRESH_FOR_MS;
}

/** A change makes every early answer stale. */
export function dropEarlyResponses(): void {
  if (typeof window !== 'undefined') window.__karyaEarly = undefined;
}
