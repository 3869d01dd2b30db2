import { z } from 'zod';
import { UPDATE_LANGUAGES } from './customer-updates';
import { rupeesField } from './input';
import { checkUpiTransactionId, PAYMENT_METHODS, upiTransactionIdField } from './payment-methods';

/**
 * Issue 19: the request and answer shapes of the business profile, GST invoices, later
 * payments (receipts), outstanding dues and the accountant's reports. Money in rupees on the
 * wire, paise inside; GST rates in percent on the wire, basis points in the database
 * (decision 020).
 */

export const INVOICE_MESSAGES = {
  profileSaved: 'Business profile saved successfully',
  legalNameRequired: 'Please enter the legal name of the business',
  logoTooLarge: 'The logo must be a PNG, JPEG or WebP image of at most 200 KB',
  invalidEmail: 'Please enter a valid email address',
  invalidState: 'Please select a state',
  gstinStateMismatch: "The GSTIN's first two digits must be the code of the branch's state",
  invoicePrefixFormat: 'Invoice series must be 1 to 4 letters or digits',
  invoicePrefixTaken: 'Another branch already uses this invoice series',
  gstRateNotAllowed: (allowed: string) => `GST rate must be one of ${allowed}`,
  rateNotSet: 'GST rate not set',
  hsnNotSet: 'HSN/SAC not set',
  amountPositive: 'Please enter an amount more than 0',
  amountOverDue: (due: string) => `The amount cannot be more than the amount due (${due})`,
  nothingDue: 'Nothing is due on this bill',
  billNotConfirmed: 'Only a confirmed bill can take a payment',
  /** cancel-invoice on a bill that was never confirmed (a draft is rejected instead). */
  notAnInvoice: 'Only a confirmed bill can be cancelled',
  /** Confirmation found the branch's GST registration changed since the bill was made. */
  taxDetailsChanged:
    "The branch's GST details changed since this bill was made; create the bill again",
  invoiceCancelled: 'This invoice is cancelled',
  invoiceAlreadyCancelled: 'This invoice is already cancelled',
  cancellationReasonRequired: 'Please enter a reason for cancelling the invoice',
  invoiceCancelledDone: 'Invoice cancelled; its number stays in the series',
  transactionIdUsed: 'This UPI transaction ID has already been recorded',
  paymentRecorded: 'Payment recorded successfully',
  invalidDateRange: 'Please choose a start date on or before the end date',
  dateRangeTooLong: 'Please choose a range of at most 366 days',
  noDues: 'No outstanding dues',
  noInvoices: 'No invoices in this period',
} as const;

/* ---------------------------------------------------------------- business profile */

/** A logo as a data: URL; 200 KB of image is about 273,000 characters of base64. */
export const LOGO_MAX_DATA_URL_LENGTH = 280_000;
const LOGO_DATA_URL = /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]+=*$/;

/** PUT /api/business-profile (admins). */
export const businessProfileInputSchema = z.object({
  legalName: z
    .string({ error: INVOICE_MESSAGES.legalNameRequired })
    .trim()
    .min(1, INVOICE_MESSAGES.legalNameRequired)
    .max(200),
  tradeName: z.string().trim().max(200).default(''),
  logo: z
    .string()
    .nullish()
    .transform((value) => value || null)
    .refine(
      (value) =>
        value === null || (value.length <= LOGO_MAX_DATA_URL_LENGTH && LOGO_DATA_URL.test(value)),
      INVOICE_MESSAGES.logoTooLarge,
    ),
  address: z.string().trim().max(500).default(''),
  phone: z.string().trim().max(40).default(''),
  email: z
    .string()
    .trim()
    .max(200)
    .default('')
    .refine((value) => value === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), {
      message: INVOICE_MESSAGES.invalidEmail,
    }),
  gstRegistered: z.boolean({ error: 'GST-registered must be true or false' }).default(false),
});
export type BusinessProfileInput = z.infer<typeof businessProfileInputSchema>;

/** GET /api/business-profile: every signed-in user (the invoice header); empty until set. */
export const businessProfileSchema = z.object({
  legalName: z.string(),
  tradeName: z.string(),
  logo: z.string().nullable(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  gstRegistered: z.boolean(),
  /** Null until an admin first saves the profile. */
  updatedAt: z.string().nullable(),
});
export type BusinessProfile = z.infer<typeof businessProfileSchema>;

/** GET /api/gst-rates: the active slabs, lowest first. */
export const gstRateSchema = z.object({
  /** Percent, e.g. 18 or 0.25. */
  rate: z.number(),
  /** '18%'. */
  label: z.string(),
});
export const gstRatesAnswerSchema = z.object({ rates: z.array(gstRateSchema) });
export type GstRate = z.infer<typeof gstRateSchema>;

/* ---------------------------------------------------------------- invoices */

export const INVOICE_KINDS = ['tax-invoice', 'bill-of-supply'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

const stateRef = z.object({ code: z.string(), name: z.string() });

/** The seller as printed on an issued invoice: a snapshot taken when it was issued. */
export const invoiceSupplierSchema = z.object({
  legalName: z.string(),
  tradeName: z.string(),
  logo: z.string().nullable(),
  /** The branch's address and phone (the business's when the branch has none). */
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  branchName: z.string(),
  gstin: z.string().nullable(),
  state: stateRef.nullable(),
});
export type InvoiceSupplier = z.infer<typeof invoiceSupplierSchema>;

/** The buyer as printed: the customer, the site address and its state, and a B2B GSTIN. */
export const invoiceRecipientSchema = z.object({
  name: z.string(),
  phone: z.string(),
  address: z.string(),
  state: stateRef.nullable(),
  gstin: z.string().nullable(),
});
export type InvoiceRecipient = z.infer<typeof invoiceRecipientSchema>;

/** What a confirmed bill adds: the invoice it became. */
export const invoiceSchema = z.object({
  number: z.string(),
  kind: z.enum(INVOICE_KINDS),
  /** India's date of issue, 'YYYY-MM-DD'. */
  date: z.string(),
  /** 'FY 2026-27' start year, e.g. 2026. */
  financialYear: z.number(),
  placeOfSupply: stateRef.nullable(),
  supplier: invoiceSupplierSchema,
  recipient: invoiceRecipientSchema,
  reverseCharge: z.literal(false),
  /** 'Rupees One Lakh … Only' for the total. */
  totalInWords: z.string(),
  cancelledAt: z.string().nullable(),
  cancellationReason: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** Per line, added to the bill line answer; rupees. gstRate null: not set, no tax. */
export const lineTaxSchema = z.object({
  hsnSac: z.string().nullable(),
  gstRate: z.number().nullable(),
  priceIncludesTax: z.boolean(),
  warranty: z.string(),
  taxable: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
});
export type LineTax = z.infer<typeof lineTaxSchema>;

/** Per bill, added to the bill answer (also on a pending bill: the Bill Summary shows it). */
export const billTaxSchema = z.object({
  /** Whether the split is CGST + SGST (place of supply in the branch's state) or IGST. */
  intraState: z.boolean(),
  placeOfSupply: stateRef.nullable(),
  taxable: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  /** The total rounded to the rupee minus the lines' sum (may be negative). */
  roundOff: z.number(),
});
export type BillTax = z.infer<typeof billTaxSchema>;

/** A payment received against a bill: at confirmation or later; each has a receipt. */
export const billPaymentSchema = z.object({
  _id: z.string(),
  receiptNumber: z.string(),
  amount: z.number(),
  method: z.enum(PAYMENT_METHODS),
  transactionId: z.string().nullable(),
  receivedAt: z.string(),
  receivedBy: z.object({ _id: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
});
export type BillPayment = z.infer<typeof billPaymentSchema>;

/** A later payment's fields: a bill's (record-bill-payment) and a contract invoice's. */
export const laterPaymentFields = {
  amount: rupeesField(INVOICE_MESSAGES.amountPositive),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: 'Please select a payment method' }),
  transactionId: upiTransactionIdField,
};

/**
 * The rules a later payment's fields keep beyond their types (a bill's, a contract
 * invoice's): more than ₹0, and UPI with its transaction id.
 */
export function checkLaterPayment(
  input: { amount: number; paymentMethod: string; transactionId: string | null },
  ctx: z.RefinementCtx,
): void {
  // A negative amount is refused by rupeesField already; say it once.
  if (input.amount === 0)
    ctx.addIssue({ code: 'custom', path: ['amount'], message: INVOICE_MESSAGES.amountPositive });
  checkUpiTransactionId(input, ctx);
}

/**
 * POST /api/record-bill-payment: a later payment against a confirmed bill (managers of its
 * branch, admins, or a technician of the bill's branch on a visit). Amount in rupees, never
 * more than the due; UPI needs a transaction id.
 */
export const recordBillPaymentSchema = z
  .object({ billId: z.string().trim().min(1), ...laterPaymentFields })
  .superRefine(checkLaterPayment);
export type RecordBillPaymentInput = z.infer<typeof recordBillPaymentSchema>;

/** POST /api/cancel-invoice (managers of its branch, admins). */
export const cancelInvoiceSchema = z.object({
  billId: z.string().trim().min(1),
  reason: z
    .string({ error: INVOICE_MESSAGES.cancellationReasonRequired })
    .trim()
    .min(1, INVOICE_MESSAGES.cancellationReasonRequired)
    .max(500),
});
export type CancelInvoiceInput = z.infer<typeof cancelInvoiceSchema>;

/* ---------------------------------------------------------------- dues */

export const AGEING_BUCKET_KEYS = ['0-30', '31-60', '61-90', '90+'] as const;
export type AgeingBucket = (typeof AGEING_BUCKET_KEYS)[number];

/** One row of Outstanding Dues. */
export const dueRowSchema = z.object({
  billId: z.string(),
  /** The invoice number, or the bill number of a bill confirmed before invoices existed. */
  invoiceNumber: z.string(),
  invoiceDate: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  customerPhone: z.string(),
  /** The language the customer's updates are written in: the reminder's first choice (issue 21). */
  customerLanguage: z.enum(UPDATE_LANGUAGES),
  /** The customer's WhatsApp number, else their phone: where a reminder goes. */
  whatsappNumber: z.string(),
  branch: z.object({ _id: z.string(), name: z.string() }),
  orderId: z.string(),
  total: z.number(),
  paid: z.number(),
  due: z.number(),
  daysOutstanding: z.number(),
  bucket: z.enum(AGEING_BUCKET_KEYS),
  /** upi://pay for exactly the due, tn = invoice number; null without a payee. */
  upiLink: z.string().nullable(),
  /**
   * A maintenance contract's invoice (decision 037): `billId` is then the contract invoice's id
   * and `orderId` empty. Absent or null for a bill.
   */
  contract: z
    .object({
      _id: z.string(),
      contractNumber: z.string(),
      instalment: z.number(),
      instalments: z.number(),
    })
    .nullish(),
});
export type DueRow = z.infer<typeof dueRowSchema>;

/**
 * What every due of a filter adds up to, and how old it is: GET /api/outstanding-dues-totals
 * ?branchId=&search= beside the paged list GET /api/outstanding-dues (whose `data` is the
 * page's DueRow array, its count in X-Total-Count); managers their branch, admins all or one.
 */
export const duesTotalsSchema = z.object({
  due: z.number(),
  count: z.number(),
  byBucket: z.record(z.enum(AGEING_BUCKET_KEYS), z.number()),
});
export type DuesTotals = z.infer<typeof duesTotalsSchema>;

/**
 * GET /api/visit-dues?orderId=: one customer's dues at the branch, oldest first (at most a
 * handful shown), with what they all add up to. Not a paged list: it takes no page.
 */
export const visitDuesAnswerSchema = z.object({
  rows: z.array(dueRowSchema),
  total: z.number(),
  totals: duesTotalsSchema,
});
export type VisitDuesAnswer = z.infer<typeof visitDuesAnswerSchema>;

/* ---------------------------------------------------------------- reports */

/**
 * GET /api/gst-sales-register?from=&to=&branchId=[&format=csv] and
 * GET /api/gst-hsn-summary?…: admins (all or one branch), managers (their branch).
 * Dates are India dates 'YYYY-MM-DD', both inclusive.
 */
export const reportRangeSchema = z
  .object({
    from: z
      .string({ error: INVOICE_MESSAGES.invalidDateRange })
      .regex(/^\d{4}-\d{2}-\d{2}$/, INVOICE_MESSAGES.invalidDateRange),
    to: z
      .string({ error: INVOICE_MESSAGES.invalidDateRange })
      .regex(/^\d{4}-\d{2}-\d{2}$/, INVOICE_MESSAGES.invalidDateRange),
    branchId: z.string().trim().optional(),
    format: z.enum(['json', 'csv']).default('json'),
  })
  .refine((range) => range.from <= range.to, {
    message: INVOICE_MESSAGES.invalidDateRange,
    path: ['from'],
  });
export type ReportRange = z.infer<typeof reportRangeSchema>;

export const salesRegisterRowSchema = z.object({
  billId: z.string(),
  invoiceNumber: z.string(),
  invoiceDate: z.string(),
  kind: z.enum(INVOICE_KINDS),
  customerName: z.string(),
  customerGstin: z.string().nullable(),
  placeOfSupply: stateRef.nullable(),
  taxable: z.number(),
  igst: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  roundOff: z.number(),
  total: z.number(),
  cancelled: z.boolean(),
});
export type SalesRegisterRow = z.infer<typeof salesRegisterRowSchema>;

const taxTotals = z.object({
  taxable: z.number(),
  igst: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  total: z.number(),
});

/** Cancelled invoices are listed (their numbers account for the series) but not totalled. */
export const salesRegisterAnswerSchema = z.object({
  rows: z.array(salesRegisterRowSchema),
  totals: taxTotals.extend({ roundOff: z.number(), count: z.number() }),
});
export type SalesRegisterAnswer = z.infer<typeof salesRegisterAnswerSchema>;

export const hsnSummaryRowSchema = z.object({
  /** Null: items billed before an admin set their HSN/SAC ('HSN/SAC not set'). */
  hsnSac: z.string().nullable(),
  description: z.string(),
  uqc: z.string(),
  quantity: z.number(),
  gstRate: z.number().nullable(),
  taxable: z.number(),
  igst: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  total: z.number(),
});
export type HsnSummaryRow = z.infer<typeof hsnSummaryRowSchema>;

export const hsnSummaryAnswerSchema = z.object({
  rows: z.array(hsnSummaryRowSchema),
  totals: taxTotals,
});
export type HsnSummaryAnswer = z.infer<typeof hsnSummaryAnswerSchema>;
