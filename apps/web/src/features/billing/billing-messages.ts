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
  /** Issue 35: a planned serialised line on its way to the bill without its serial. */
  pickSerial: (name: string) =>
    `Pick a serial for ${name} from your stock (search or Scan Barcode), or remove the line`,
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
  // Spec 2 §5 keeps this dialog's cash read-only; the one place a part payment is taken is the
  // Current tab's Generate Bill, online or not (issue 39 item 4).
  partPaymentWhere:
    'Here the cash is the whole bill. To take part of it, go back and bill from the Current tab: there Amount Paid can be anything from ₹0 to the total.',
} as const;

/**
 * The words of a bill made with no signal (issue 20, decision 028). Ours, not the spec's: the
 * spec has no offline billing.
 */
export const OFFLINE_BILL_TEXT = {
  /** Beside the disabled UPI choice while the phone has no network. */
  upiNeedsNetwork:
    'UPI needs a connection: the payment must be checked with the server at once. Take cash now, or take UPI when the phone has signal.',
  /** Online, but actions queued earlier are still being sent: the bill goes after them. */
  upiAfterQueue:
    'UPI waits until the actions queued before this bill are sent. Take cash, or try again in a moment.',
  /** On the Bill Summary of a bill the phone worked out itself. */
  summaryOffline:
    'No signal: this bill was worked out on the phone. It is sent with the cash payment when the phone is back online.',
  waitingTitle: 'Waiting to sync',
  waitingNote: 'The bill and the cash payment are sent when the phone is back online.',
} as const;
