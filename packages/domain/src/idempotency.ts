/**
 * The Idempotency-Key contract between the phone's offline queue and the server (issue 20,
 * decision 027): the header, what a key may be, and the messages both sides read.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Set on an answer that repeats the one kept for its key. */
export const REPLAYED_HEADER = 'idempotent-replayed';
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,200}$/;

export const IDEMPOTENCY_MESSAGES = {
  badKey: "Idempotency-Key must be 1 to 200 letters, digits, '-', '_', '.' or ':'",
  reusedKey: 'This Idempotency-Key was already used for a different request',
  stillRunning: 'This request is still being processed; try again in a moment',
} as const;
