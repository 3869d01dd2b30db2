/**
 * The reschedule notices the board shows (issue 34), one per order: a second order's move adds
 * its own instead of replacing the first, so no customer goes untold; a later move of the same
 * order replaces that order's notice, which then names its latest time.
 */
export function withNotice<T extends { orderId: string }>(notices: readonly T[], job: T): T[] {
  return [...notices.filter((notice) => notice.orderId !== job.orderId), job];
}

/** The notices left once one order's is closed. */
export function withoutNotice<T extends { orderId: string }>(
  notices: readonly T[],
  orderId: string,
): T[] {
  return notices.filter((notice) => notice.orderId !== orderId);
}
