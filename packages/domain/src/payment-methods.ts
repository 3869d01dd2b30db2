/** How a customer pays (spec 2 §5), shared by bills and later payments (issue 19). */
export const PAYMENT_METHODS = ['online', 'cash'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Spec 2 §9: the shortest UPI transaction id accepted for an online payment. */
export const MIN_UPI_TRANSACTION_ID_LENGTH = 12;
