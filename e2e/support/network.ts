import { expect, type Page, type Request } from '@playwright/test';

const isApi = (request: Request) => new URL(request.url()).pathname.startsWith('/api/');

/**
 * Counts the page's API requests still waiting for an answer. A journey that takes the
 * phone offline while a screen's background refresh is on its way would otherwise get
 * that answer anyway, and on a slow machine it can be read after the office's change the
 * journey stages next: the phone then shows the new state it should not know of yet.
 * Watch from the page's start; `settled()` waits until nothing is in flight.
 */
export function watchApiRequests(page: Page): { settled: () => Promise<void> } {
  const inFlight = new Set<Request>();
  page.on('request', (request) => {
    if (isApi(request)) inFlight.add(request);
  });
  const answered = (request: Request) => inFlight.delete(request);
  page.on('requestfinished', answered);
  page.on('requestfailed', answered);
  return {
    settled: () =>
      expect
        .poll(() => inFlight.size, { message: 'API requests still in flight', timeout: 30_000 })
        .toBe(0),
  };
}
