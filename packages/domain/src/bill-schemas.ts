import { z } from 'zod';
import { quantityField, rupeesField } from './input';
import { billPaymentSchema, billTaxSchema, invoiceSchema, lineTaxSchema } from './invoice-schemas';
import { formatRupees, toPaise } from './money';
import { occurredAtField } from './occurred-at';
import {
  checkUpiTransactionId,
  INVALID_UPI_TRANSACTION_ID,
  MIN_UPI_TRANSACTION_ID_LENGTH,
  PAYMENT_METHODS,
  type PaymentMethod,
  upiTransactionIdField,
} from './payment-methods';
import { isUuid } from './user-schemas';
import { type WorkOrderDetail, workOrderDetailSchema } from './work-order-schemas';

/** The request and answer shapes of the bill endpoints (spec 2 §3, §5, §7 Bills), server and web. */

export { MIN_UPI_TRANSACTION_ID_LENGTH, PAYMENT_METHODS, type PaymentMethod };

export const BILL_MESSAGES = {
  noItems: 'No items selected for billing',
  serialAlreadyAdded: 'This serialized item is already added',
  serviceAlreadyAdded: 'This service is already added',
  maxQuantity: (n: number) => `Maximum available quantity (${n}) reached for this item`,
  quantityMin: 'Quantity cannot be less than 1',
  invalidTransactionId: INVALID_UPI_TRANSACTION_ID,
  paidAmountRange: 'The amount paid must be between 0 and the bill total',
  paymentMethodRequired: 'Please select a payment method',
  rejectionReasonRequired: 'Please enter a reason for rejecting the bill',
  invalidProject: 'Invalid project data',
  itemNotFound: 'Item not found',
  serialRequired: 'Please enter or scan a serial number for this product',
  serialNotHeld: (serial: string) => `Serial number ${serial} is not in your inventory`,
  billNotFound: 'Bill not found',
  billAlreadyPaid: 'This bill is already paid',
  billRejected: 'This bill has been rejected',
  billReplaced: 'This bill was replaced by a newer bill',
  orderNotInProgress: 'Bills can be made only for a project in progress',
  orderAlreadyPaid: 'Payment for this project has already been recorded',
  /** Confirmation found the technician no longer holds a line's stock. */
  stockNoLongerHeld: (name: string) =>
    `${name} is no longer in your inventory; create the bill again`,
  billCreated: 'Bill created successfully',
  paymentRecorded: 'Payment recorded successfully',
  billRejectedDone: 'Bill rejected successfully',
  serialsUpdated: 'Serial numbers updated successfully',
  serialNotUsedOnOrder: (serial: string) =>
    `Serial number ${serial} was not used on this work order`,
  /** Web fallbacks when the server gives no message (spec 2 §8). */
  failedCreate: 'Failed to create bill',
  failedPayment: 'Failed to process payment',
  /** The status-history remark of a payment entry (spec 2 §4). */
  paymentRemark: (billNumber: string, method: PaymentMethod, rupees: number) =>
    `Payment of ${formatRupees(toPaise(rupees))} received by ${method} for bill ${billNumber}`,
} as const;

export const BILL_PAYMENT_STATUSES = ['paid', 'partial', 'unpaid'] as const;
export type BillPaymentStatus = (typeof BILL_PAYMENT_STATUSES)[number];

/** A bill is open until it is confirmed (payment recorded) or rejected. */
export const BILL_STATUSES = ['pending', 'confirmed', 'rejected'] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];

/** The status-history status of a payment entry; paymentDone reads it (spec 2 §4). */
export const PAYMENT_HISTORY_STATUS = 'payment';

const orderRef = z
  .string({ error: BILL_MESSAGES.invalidProject })
  .trim()
  .min(1, BILL_MESSAGES.invalidProject);
const billRef = z
  .string({ error: BILL_MESSAGES.billNotFound })
  .trim()
  .min(1, BILL_MESSAGES.billNotFound);

/**
 * A bill line as the wizard sends it (spec 2 §3 'Bill line sent'). price, amount and type are
 * accepted and ignored: the server prices every line from the catalogue.
 */
export const billLineInputSchema = z.object({
  /** The catalogue item's _id or its client id ('ITEM-…'). */
  itemId: z.string({ error: BILL_MESSAGES.itemNotFound }).trim().min(1, BILL_MESSAGES.itemNotFound),
  name: z.string().optional(),
  quantity: quantityField(BILL_MESSAGES.quantityMin).default(1),
  serialNumber: z
    .string()
    .trim()
    .nullish()
    .transform((s) => (s ? s : null)),
  price: z.unknown().optional(),
  amount: z.unknown().optional(),
  type: z.unknown().optional(),
});
export type BillLineInput = z.infer<typeof billLineInputSchema>;

/** POST /api/create-bill */
export const createBillSchema = z
  .object({
    customerId: z
      .string({ error: BILL_MESSAGES.invalidProject })
      .trim()
      .refine(isUuid, BILL_MESSAGES.invalidProject),
    orderId: orderRef,
    items: z
      .array(billLineInputSchema, { error: BILL_MESSAGES.noItems })
      .min(1, BILL_MESSAGES.noItems),
    /** When the technician made it, from a queued action (issue 39 item 3, decision 043). */
    occurredAt: occurredAtField,
  })
  .superRefine((bill, ctx) => {
    const serials = new Set<string>();
    bill.items.forEach((line, index) => {
      if (!line.serialNumber) return;
      if (serials.has(line.serialNumber))
        ctx.addIssue({
          code: 'custom',
          path: ['items', index, 'serialNumber'],
          message: BILL_MESSAGES.serialAlreadyAdded,
        });
      serials.add(line.serialNumber);
    });
  });
export type CreateBillInput = z.infer<typeof createBillSchema>;

/** POST /api/confirm-order-bill. Amounts in rupees; transactionId is null for cash. */
export const confirmOrderBillSchema = z
  .object({
    billId: billRef,
    paymentMethod: z.enum(PAYMENT_METHODS, { error: BILL_MESSAGES.paymentMethodRequired }),
    transactionId: upiTransactionIdField,
    /** Cash: 0 to the total. Online: ignored, an online payment is always the total. */
    paidAmount: z.preprocess(
      (value) => (value === '' || value === null ? undefined : value),
      rupeesField(BILL_MESSAGES.paidAmountRange).optional(),
    ),
    /** When the money was taken: the payment's, the bill's and the invoice's date. */
    occurredAt: occurredAtField,
  })
  .superRefine(checkUpiTransactionId);
export type ConfirmOrderBillInput = z.infer<typeof confirmOrderBillSchema>;

/** POST /api/reject-bill */
export const rejectBillSchema = z.object({
  billId: billRef,
  rejectionReason: z
    .string({ error: BILL_MESSAGES.rejectionReasonRequired })
    .trim()
    .min(1, BILL_MESSAGES.rejectionReasonRequired),
});
export type RejectBillInput = z.infer<typeof rejectBillSchema>;

/** POST /api/update-serial-status (spec 2 §7): mark a bill's serials used for the order. */
export const updateSerialStatusSchema = z.object({
  serialNumbers: z.array(z.string().trim().min(1)).min(1, BILL_MESSAGES.serialRequired),
  workOrderId: orderRef,
  customerId: z.string().trim().optional(),
});
export type UpdateSerialStatusInput = z.infer<typeof updateSerialStatusSchema>;

/** GET /api/history: ?page=&pageSize= or ?limit=&offset= like the work-order lists. */
export const BILL_DEFAULT_PAGE_SIZE = 100;
export const BILL_MAX_PAGE_SIZE = 500;

/* ---------------------------------------------------------------- answers */

const personRef = z.object({ _id: z.string(), firstName: z.string(), lastName: z.string() });

/** Who a UPI payment goes to: the branch's setting, else the server default (null: none). */
export const upiPayeeSchema = z.object({ vpa: z.string(), name: z.string() });
export type UpiPayee = z.infer<typeof upiPayeeSchema>;

/** A priced bill line; price and amount in rupees, from the catalogue at billing time. */
export const billLineSchema = z.object({
  _id: z.string(),
  /** The catalogue item's client id ('ITEM-…'); itemObjectId is its _id. */
  itemId: z.string(),
  itemObjectId: z.string(),
  name: z.string(),
  type: z.enum(['serialized-product', 'generic-product', 'service']),
  unit: z.string(),
  quantity: z.number(),
  serialNumber: z.string().nullable(),
  price: z.number(),
  /** What the customer pays for the line, tax included (issue 19). */
  amount: z.number(),
  ...lineTaxSchema.shape,
});
export type BillLine = z.infer<typeof billLineSchema>;

/** A bill as every bill endpoint answers it; money in rupees. */
export const billSchema = z.object({
  _id: z.string(),
  /** Same as _id: the wizard reads data.billId or data._id (spec 2 §7). */
  billId: z.string(),
  /** Given at confirmation; null while the bill is a draft (and for a draft never paid). */
  billNumber: z.string().nullable(),
  status: z.enum(BILL_STATUSES),
  /** The work order's _id and its readable orderId. */
  workOrderId: z.string(),
  orderId: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  customerPhone: z.string(),
  customerAddress: z.string(),
  /** The shop the customer deals with: printed on the customer's copy. */
  branch: z.object({ _id: z.string(), name: z.string(), address: z.string(), phone: z.string() }),
  technician: personRef.nullable(),
  items: z.array(billLineSchema),
  total: z.number(),
  paidAmount: z.number(),
  dueAmount: z.number(),
  paymentStatus: z.enum(BILL_PAYMENT_STATUSES),
  paymentMethod: z.enum(PAYMENT_METHODS).nullable(),
  transactionId: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  rejectedAt: z.string().nullable(),
  /** Whom to pay by UPI, for the QR code; null when neither branch nor server sets one. */
  upiPayee: upiPayeeSchema.nullable(),
  /** upi://pay link for the total, or null without a payee. */
  upiLink: z.string().nullable(),
  /** Issue 19: the tax split, known from creation (the Bill Summary shows it before payment). */
  tax: billTaxSchema,
  /** The invoice (or bill of supply) it became at confirmation; null while pending/rejected. */
  invoice: invoiceSchema.nullable(),
  /** Every payment received, oldest first, each with its receipt number. */
  payments: z.array(billPaymentSchema),
  /** upi://pay for exactly the due with tn = the invoice number; null when nothing is due. */
  dueUpiLink: z.string().nullable(),
});
export type Bill = z.infer<typeof billSchema>;

/** POST /api/confirm-order-bill: the confirmed bill and the updated order (spec 2 §7). */
export const confirmOrderBillAnswerSchema = billSchema.extend({ workOrder: workOrderDetailSchema });
export type ConfirmOrderBillAnswer = Bill & { workOrder: WorkOrderDetail };

/**
 * GET /api/bill-tax-setting: the technician's branch as create-bill taxes a bill, so the phone
 * can work out the same figures with no signal (issue 20, decision 028).
 */
export const billTaxSettingSchema = z.object({
  invoiceKind: z.enum(['tax-invoice', 'bill-of-supply']),
  /** The state the branch supplies from (its own, else its GSTIN's); null: unknown. */
  supplierStateCode: z.string().nullable(),
});
export type BillTaxSetting = z.infer<typeof billTaxSettingSchema>;

/* ---------------------------------------------------------------- UPI */

/**
 * The upi://pay link a UPI app reads from the QR code (spec 2 §5): payee, amount and the note
 * 'Bill-{orderId}'. Amount in rupees with two decimals.
 */
export function buildUpiPaymentLink(input: {
  vpa: string;
  name: string;
  amount: number;
  orderId: string;
}): string {
  const params = [
    // UPI apps read the VPA's '@' as written; everything else is percent-encoded.
    `pa=${encodeURIComponent(input.vpa).replace(/%40/g, '@')}`,
    `pn=${encodeURIComponent(input.name)}`,
    `am=${input.amount.toFixed(2)}`,
    'cu=INR',
    `tn=${encodeURIComponent(`Bill-${input.orderId}`)}`,
  ];
  return `upi://pay?${params.join('&')}`;
}

/** Payment status from what was paid (spec 1 §4): paid, partial, otherwise unpaid. Paise. */
export function paymentStatusOf(totalPaise: number, paidPaise: number): BillPaymentStatus {
  if (paidPaise >= totalPaise) return 'paid';
  return paidPaise > 0 ? 'partial' : 'unpaid';
}

/** POST /api/update-serial-status: each serial, used at the customer on that order. */
export const updateSerialStatusAnswerSchema = z.object({
  workOrderId: z.string(),
  orderId: z.string(),
  serials: z.array(
    z.object({
      serialNumber: z.string(),
      status: z.literal('used'),
      workOrderId: z.string(),
      orderId: z.string(),
      customerId: z.string(),
      billNumber: z.string().nullable(),
      usedAt: z.string().nullable(),
    }),
  ),
});
export type UpdateSerialStatusAnswer = z.infer<typeof updateSerialStatusAnswerSchema>;
