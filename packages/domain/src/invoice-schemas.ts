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
  /** cancel-invoice on an invoice with money received and no word on what becomes of it. */
  paidInvoiceNeedsChoice: (received: string, how: string) =>
    `${received} has been received on this invoice (${how}). Choose whether to refund it or keep it as the customer's advance before cancelling`,
  /** The choice names another amount than what was received (a payment came in meanwhile). */
  moneyChoiceAmount: (received: string) =>
    `${received} has been received on this invoice; the refund or advance must be that amount`,
  nothingReceived: 'Nothing has been received on this invoice: cancel it without a refund',
  refundMethodRequired: 'Please choose how the money is refunded: Cash or UPI',
  moneyOutcomeRequired: 'Please choose Refund or Keep as advance',
  /** issue-corrected-invoice on a bill that is not a cancelled invoice. */
  notCancelledInvoice: 'Only a cancelled invoice can be issued again',
  alreadyCorrected: (number: string) => `This invoice has already been corrected by ${number}`,
  correctedLinesMismatch:
    'The corrected invoice must carry every line of the cancelled one, each once',
  lineNameRequired: 'Please enter a description for every line',
  pricePositive: 'Please enter a price of ₹0 or more',
  /** The corrected invoice comes to less than the advance kept: the rest goes back. */
  advanceOverTotal: (advance: string, total: string) =>
    `The advance kept (${advance}) is more than the corrected invoice (${total}): choose how the rest is refunded`,
  correctedInvoiceIssued: 'Corrected invoice issued',
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

/**
 * The ledgers of the accountant's Tally the export posts to (issue 36), as Tally names them in
 * that company; the defaults are Tally's usual names.
 */
export const TALLY_LEDGER_DEFAULTS = {
  tallySalesLedger: 'Sales',
  tallyCgstLedger: 'CGST',
  tallySgstLedger: 'SGST',
  tallyIgstLedger: 'IGST',
  tallyRoundOffLedger: 'Round Off',
  tallyCashLedger: 'Cash',
  tallyBankLedger: 'Bank',
} as const;
export type TallyLedgerKey = keyof typeof TALLY_LEDGER_DEFAULTS;
export const TALLY_LEDGER_BLANK = 'A Tally ledger name cannot be blank';

/** Absent: kept as they are (a client that predates them saves the profile unchanged). */
const tallyLedgerInputs = Object.fromEntries(
  Object.keys(TALLY_LEDGER_DEFAULTS).map((key) => [
    key,
    z.string().trim().min(1, TALLY_LEDGER_BLANK).max(100).optional(),
  ]),
) as Record<TallyLedgerKey, z.ZodOptional<z.ZodString>>;

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
  /** The terms a new quotation starts with (issue 35); absent: kept as they are. */
  quoteTerms: z.string().max(4000).optional(),
  ...tallyLedgerInputs,
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
  /** The default terms of a new quotation (issue 35). */
  quoteTerms: z.string(),
  /** Tally's ledger names for the export (issue 36); the defaults until changed. */
  tallySalesLedger: z.string(),
  tallyCgstLedger: z.string(),
  tallySgstLedger: z.string(),
  tallyIgstLedger: z.string(),
  tallyRoundOffLedger: z.string(),
  tallyCashLedger: z.string(),
  tallyBankLedger: z.string(),
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

/** A refund voucher: money given back on a cancelled invoice. */
export const refundVoucherSchema = z.object({
  _id: z.string(),
  voucherNumber: z.string(),
  amount: z.number(),
  method: z.enum(PAYMENT_METHODS),
  transactionId: z.string().nullable(),
  refundedAt: z.string(),
  refundedBy: z.object({ _id: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
});
export type RefundVoucher = z.infer<typeof refundVoucherSchema>;

/** One line of a credit note: what it takes back of one invoice line (positive amounts). */
export const creditNoteLineSchema = z.object({
  name: z.string(),
  unit: z.string(),
  quantity: z.number(),
  hsnSac: z.string().nullable(),
  gstRate: z.number().nullable(),
  taxable: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  total: z.number(),
});

/** The credit note of a cancelled Tax Invoice (CGST Act section 34). */
export const creditNoteSchema = z.object({
  _id: z.string(),
  number: z.string(),
  /** India's date, 'YYYY-MM-DD'. */
  date: z.string(),
  financialYear: z.number(),
  reason: z.string(),
  /** The invoice it reverses. */
  invoiceNumber: z.string(),
  invoiceDate: z.string(),
  lines: z.array(creditNoteLineSchema),
  taxable: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  roundOff: z.number(),
  total: z.number(),
  totalInWords: z.string(),
});
export type CreditNote = z.infer<typeof creditNoteSchema>;

export const CANCELLED_MONEY = ['refund', 'advance'] as const;
export type CancelledMoney = (typeof CANCELLED_MONEY)[number];

export const invoiceCancellationSchema = z.object({
  /** Refund or advance; null when nothing was received (or cancelled before the choice). */
  money: z.enum(CANCELLED_MONEY).nullable(),
  /** What had been received on the invoice when it was cancelled. */
  received: z.number(),
  refunds: z.array(refundVoucherSchema),
  /** The advance still waiting for the corrected invoice (0 once applied or refunded). */
  advanceHeld: z.number(),
  creditNote: creditNoteSchema.nullable(),
  correctedBy: z.object({ billId: z.string(), number: z.string(), date: z.string() }).nullable(),
});
export type InvoiceCancellation = z.infer<typeof invoiceCancellationSchema>;

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
  /**
   * What became of a cancelled invoice (decision 041): the money received on it (refunded
   * with a voucher, or kept as the customer's advance), its credit note (a Tax Invoice's) and
   * the corrected invoice that bills the job again. Null while the invoice stands.
   */
  cancellation: invoiceCancellationSchema.nullish(),
  /** The cancelled invoice this one corrects. */
  corrects: z.object({ billId: z.string(), number: z.string(), date: z.string() }).nullish(),
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
  /** An advance kept from a cancelled invoice and applied here (decision 041). */
  advanceOf: z.object({ billId: z.string(), number: z.string() }).nullish(),
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

/** How money is given back: a refund's method and, for UPI, its transaction id. */
const refundFields = {
  method: z.enum(PAYMENT_METHODS, { error: INVOICE_MESSAGES.refundMethodRequired }),
  transactionId: upiTransactionIdField,
};
const checkRefund = (
  input: { method: string; transactionId: string | null },
  ctx: z.RefinementCtx,
) =>
  checkUpiTransactionId({ paymentMethod: input.method, transactionId: input.transactionId }, ctx);

/**
 * What becomes of the money received on an invoice being cancelled (decision 041): all of it
 * refunded (cash, or UPI with the refund's transaction id) or all of it kept as the
 * customer's advance for the corrected invoice. `amount` is what the user was shown as
 * received; the server refuses the choice if more has come in since.
 */
export const cancelledMoneyInputSchema = z
  .object({
    outcome: z.enum(CANCELLED_MONEY, { error: INVOICE_MESSAGES.moneyOutcomeRequired }),
    amount: rupeesField(INVOICE_MESSAGES.amountPositive),
    method: z.enum(PAYMENT_METHODS, { error: INVOICE_MESSAGES.refundMethodRequired }).optional(),
    transactionId: upiTransactionIdField,
  })
  .superRefine((input, ctx) => {
    if (input.amount === 0)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: INVOICE_MESSAGES.amountPositive });
    if (input.outcome !== 'refund') return;
    if (!input.method) {
      ctx.addIssue({
        code: 'custom',
        path: ['method'],
        message: INVOICE_MESSAGES.refundMethodRequired,
      });
      return;
    }
    checkRefund({ method: input.method, transactionId: input.transactionId }, ctx);
  });
export type CancelledMoneyInput = z.infer<typeof cancelledMoneyInputSchema>;

/**
 * POST /api/cancel-invoice (managers of its branch, admins). `money` is required when
 * something was received on the invoice (409 without it).
 */
export const cancelInvoiceSchema = z.object({
  billId: z.string().trim().min(1),
  reason: z
    .string({ error: INVOICE_MESSAGES.cancellationReasonRequired })
    .trim()
    .min(1, INVOICE_MESSAGES.cancellationReasonRequired)
    .max(500),
  money: cancelledMoneyInputSchema.optional(),
});
export type CancelInvoiceInput = z.infer<typeof cancelInvoiceSchema>;

/**
 * POST /api/issue-corrected-invoice (managers of its branch, admins): the cancelled invoice's
 * job billed again. Every line of the cancelled invoice, each once, with its price (rupees,
 * tax included or not as it was) and description; quantities and serials stay as they went
 * to the customer, so no stock moves. `refund` says how the part of a kept advance that is
 * more than the new total goes back.
 */
export const issueCorrectedInvoiceSchema = z.object({
  billId: z.string().trim().min(1),
  lines: z
    .array(
      z.object({
        lineId: z.string().trim().min(1),
        name: z
          .string({ error: INVOICE_MESSAGES.lineNameRequired })
          .trim()
          .min(1, INVOICE_MESSAGES.lineNameRequired)
          .max(200),
        price: rupeesField(INVOICE_MESSAGES.pricePositive),
      }),
      { error: INVOICE_MESSAGES.correctedLinesMismatch },
    )
    .min(1, INVOICE_MESSAGES.correctedLinesMismatch),
  refund: z.object(refundFields).superRefine(checkRefund).optional(),
});
export type IssueCorrectedInvoiceInput = z.infer<typeof issueCorrectedInvoiceSchema>;

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
  /**
   * A cancelled Tax Invoice reversed by a credit note (decision 041): the credit note's
   * number. Such an invoice counts on its own date and its credit note takes it back out on
   * the note's; a cancelled invoice without one is listed and not counted.
   */
  reversedBy: z.string().optional(),
  /**
   * A credit note's row: invoiceNumber and invoiceDate are the note's, every value negative,
   * and this the invoice it reverses.
   */
  creditNoteFor: z.object({ invoiceNumber: z.string(), invoiceDate: z.string() }).optional(),
});
export type SalesRegisterRow = z.infer<typeof salesRegisterRowSchema>;

/** Whether a register row's values are in the totals (and the CSV's columns). */
export const countsInRegister = (row: Pick<SalesRegisterRow, 'cancelled' | 'reversedBy'>) =>
  !row.cancelled || row.reversedBy !== undefined;

const taxTotals = z.object({
  taxable: z.number(),
  igst: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  total: z.number(),
});

/**
 * Cancelled invoices are listed (their numbers account for the series); one reversed by a
 * credit note is totalled and so is its note, negative; one without a note is not totalled.
 */
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
  /** Rows of their own for the lines credit notes took back: every value negative. */
  creditNote: z.literal(true).optional(),
});
export type HsnSummaryRow = z.infer<typeof hsnSummaryRowSchema>;

export const hsnSummaryAnswerSchema = z.object({
  rows: z.array(hsnSummaryRowSchema),
  totals: taxTotals,
});
export type HsnSummaryAnswer = z.infer<typeof hsnSummaryAnswerSchema>;
