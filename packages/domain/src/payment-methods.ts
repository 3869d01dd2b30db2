import { z } from 'zod';

/** How a customer pays (spec 2 §5), shared by bills and later payments (issue 19). */
export const PAYMENT_METHODS = ['online', 'cash'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Spec 2 §9: the shortest UPI transaction id accepted for an online payment. */
export const MIN_UPI_TRANSACTION_ID_LENGTH = 12;

/** Spec 2 §9: what an online payment without a long enough transaction id is told. */
export const INVALID_UPI_TRANSACTION_ID =
  'Please enter a valid UPI transaction ID (min 12 characters).';

/**
 * A UPI transaction id as it is stored and compared (issue 33 item 6): trimmed and
 * upper-cased, so '…x' and '…X' are one id, a payment recorded once.
 */
export function normalizeUpiTransactionId(transactionId: string): string {
  return transactionId.trim().toUpperCase();
}

/**
 * The transactionId of every payment a client sends (a bill's on site, a later payment of a
 * bill or a contract invoice): blank or absent is null, anything else normalised.
 */
export const upiTransactionIdField = z
  .string()
  .nullish()
  .transform((s) => (s ? normalizeUpiTransactionId(s) || null : null));

/**
 * UPI needs its transaction id: a bill's payment on site and every later payment (a bill's,
 * a contract invoice's) keep the same rule and say it in the same words.
 */
export function checkUpiTransactionId(
  input: { paymentMethod: string; transactionId: string | null },
  ctx: z.RefinementCtx,
): void {
  if (
    input.paymentMethod === 'online' &&
    (input.transactionId ?? '').length < MIN_UPI_TRANSACTION_ID_LENGTH
  )
    ctx.addIssue({ code: 'custom', path: ['transactionId'], message: INVALID_UPI_TRANSACTION_ID });
}
