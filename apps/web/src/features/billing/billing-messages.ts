import { BILL_MESSAGES } from '@karya/domain/bill-schemas';
import { INVENTORY_MESSAGES } from '@karya/domain/inventory-schemas';

/** How a bill was paid, as the wizard and the bill document print it. */
export const PAYMENT_METHOD_LABELS = { online: 'Online (UPI)', cash: 'Cash' } as const;

/** The words of billing and payment on the technician's phone (spec 2 §2, §5, §8). */
export const BILLING_TEXT = {
  noItems: BILL_MESSAGES.noItems,
  serialAlreadyAdded: BILL_MESSAGES.serialAlreadyAdded,
  serviceAlreadyAdded: BILL_MESSAGES.serviceAlreadyAdded,
  maxQuantity: BILL_MESSAGES.maxQuantity,
  quantityBelowOne: BILL_MESSAGES.quantityMin,
  serialRequired: 'Please enter a serial number',
  serialNotFound: INVENTORY_MESSAGES.serialNotFound,
  transactionIdShort: BILL_MESSAGES.invalidTransactionId,
  paidAmountRange: BILL_MESSAGES.paidAmountRange,
  createFailed: BILL_MESSAGES.failedCreate,
  paymentFailed: BILL_MESSAGES.failedPayment,
  statusFailed: 'Failed to update status',
  paymentSuccessful: 'Payment Successful',
  /** Spec 2 §4: the remark of the wizard's move to pending-approval. */
  completedRemark: 'Payment collected and project completed',
  /** Why an open bill is dropped when the technician goes back or closes the wizard. */
  billAbandoned: 'Bill cancelled by the technician before payment',
  noUpiPayee: 'No UPI ID is set for this branch. Ask your manager, or collect cash.',
} as const;
