/** How long after the load event the page's own first requests are left alone. */
export const SETTLE_AFTER_LOAD_MS = 3000;

/**
 * Resolves once the page has loaded, SETTLE_AFTER_LOAD_MS have passed and the main thread is
 * idle: for work the first screen must not wait behind. The service worker's install downloads
 * the whole app shell (decision 025); on a phone on a slow network it would otherwise take the
 * bandwidth and the CPU the technician's dashboard needs for its first render (issue 20).
 */
export function pageSettled(): Promise<void> {
  return new Promise((resolve) => {
    const idle = () => {
      if ('requestIdleCallback' in window)
        window.requestIdleCallback(() => resolve(), { timeout: 5000 });
      else resolve();
    };
    const afterLoad = () => setTimeout(idle, SETTLE_AFTER_LOAD_MS);
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad, { once: true });
  });
}
