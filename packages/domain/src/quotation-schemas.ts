import { z } from 'zod';
import { PROJECT_TYPES } from './contact-schemas';
import { UPDATE_LANGUAGES } from './customer-updates';
import { MAX_QUANTITY, MAX_RUPEES, queryInt } from './input';
import { billTaxSchema } from './invoice-schemas';

/**
 * Issue 35: quotations. The request and answer shapes every part shares (decision 049): the
 * desk's builder and list, the customer's public page, the server. Money in rupees on the
 * wire (as bills answer), paise inside; GST rates in percent on the wire.
 */

export const QUOTE_STATUSES = [
  'draft',
  'sent',
  'viewed',
  'changes-requested',
  'accepted',
  'declined',
  'expired',
] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  viewed: 'Viewed',
  'changes-requested': 'Changes requested',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
};

/** 'Good / Better / Best': at most three options, of which the customer picks one. */
export const QUOTE_MAX_OPTIONS = 3;
export const QUOTE_DEFAULT_VALID_DAYS = 15;
/** 'Pay 30% advance' on the customer's page, where the branch has a UPI id. */
export const QUOTE_ADVANCE_PERCENT = 30;
export const QUOTE_MAX_LINES = 200;

export const QUOTE_MESSAGES = {
  created: 'Quotation saved',
  updated: 'Quotation saved',
  sent: 'Quotation sent',
  notFound: 'Quotation not found',
  contactRequired: 'Please choose a lead or a customer',
  oneContact: 'A quotation is for a lead or a customer, not both',
  linesRequired: 'Please add at least one line',
  quantityPositive: 'Quantity must be more than 0',
  priceNotNegative: 'Price cannot be negative',
  discountNotNegative: 'Discount cannot be negative',
  discountOverAmount: 'The discount cannot be more than the amount',
  freeLineNameRequired: 'Please enter a name for the line',
  itemNotFound: 'Item not found in the catalogue',
  optionUnknown: 'Every line must belong to one of the options',
  tooManyOptions: 'At most three options',
  validUntilPast: 'Valid until cannot be before today',
  notDraft: 'Only a draft can be edited; revise the quotation to change it',
  notSent: 'Only a sent quotation can be revised',
  alreadyAccepted: 'This quotation has already been accepted',
  expired: 'This quotation has expired; please ask for a new one',
  declined: 'This quotation was declined; please ask for a new one',
  revised: 'This quotation was revised; please look at the new version',
  chooseOption: 'Please choose one of the options',
  optionalLineUnknown: 'That optional line is not in this quotation',
  nameRequired: 'Please type your name to accept',
  noteRequired: 'Please write a note',
  accepted: 'Thank you! Your quotation is accepted',
  leadConverted: 'This lead is already a customer',
} as const;

/** A calendar day, 'YYYY-MM-DD' (India). */
const dayField = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Please enter a date');

/**
 * One line as the builder sends it. A catalogue line names its item (the item's _id or its
 * 'ITEM-…' id) and takes the catalogue's name, unit, HSN/SAC, GST rate and sale price (a price
 * given overrides the sale price); a free line ('custom bracket') has no itemId and gives them.
 */
export const quoteLineInputSchema = z.object({
  /** Kept across edits so the customer's ticks and the planned items can name a line. */
  _id: z.string().optional(),
  itemId: z.string().trim().min(1).optional(),
  name: z.string().trim().max(200).optional(),
  unit: z.string().trim().max(20).optional(),
  hsnSac: z.string().trim().max(8).nullish(),
  /** Percent; free lines only. */
  gstRate: z.number().min(0).max(100).nullish(),
  /** Free lines only; catalogue lines follow the item. */
  priceIncludesTax: z.boolean().optional(),
  /** A fraction is allowed (90.5 m of cable); the bill counts whole units. */
  quantity: z.number().positive(QUOTE_MESSAGES.quantityPositive).max(MAX_QUANTITY),
  /** Rupees per unit; default: the catalogue's sale price. */
  price: z.number().min(0, QUOTE_MESSAGES.priceNotNegative).max(MAX_RUPEES).optional(),
  /** Rupees off this line (price × quantity). */
  discount: z.number().min(0, QUOTE_MESSAGES.discountNotNegative).max(MAX_RUPEES).default(0),
  /** A line the customer may tick; not in the total until ticked. */
  optional: z.boolean().default(false),
  /** 1–3: the line belongs to that option only; null: to every option (or no options). */
  option: z.number().int().min(1).max(QUOTE_MAX_OPTIONS).nullable().default(null),
});
export type QuoteLineInput = z.input<typeof quoteLineInputSchema>;

export const quoteOptionSchema = z.object({
  option: z.number().int().min(1).max(QUOTE_MAX_OPTIONS),
  /** 'Good', 'Better', 'Best' or the manager's words. */
  name: z.string().trim().min(1).max(40),
});
export type QuoteOption = z.infer<typeof quoteOptionSchema>;

const quoteBodyShape = {
  /** The work order acceptance opens: its project type (category is New Installation). */
  projectType: z.enum(PROJECT_TYPES),
  options: z.array(quoteOptionSchema).max(QUOTE_MAX_OPTIONS, QUOTE_MESSAGES.tooManyOptions),
  lines: z.array(quoteLineInputSchema).min(1, QUOTE_MESSAGES.linesRequired).max(QUOTE_MAX_LINES),
  /** Rupees off the whole (before tax, spread over the lines by amount). */
  discount: z.number().min(0, QUOTE_MESSAGES.discountNotNegative).max(MAX_RUPEES),
  /** Default: today + 15 days (India). */
  validUntil: dayField,
  /** Default: the business profile's quotation terms. */
  terms: z.string().max(4000),
  notes: z.string().max(4000),
  /** The site's state when it is not the contact's (decides CGST+SGST or IGST). */
  siteStateCode: z.string().nullable(),
};

/** POST /api/quotations: a draft (no number until sent). */
export const createQuotationSchema = z.object({
  leadId: z.string().optional(),
  customerId: z.string().optional(),
  ...quoteBodyShape,
  options: quoteBodyShape.options.default([]),
  discount: quoteBodyShape.discount.default(0),
  validUntil: quoteBodyShape.validUntil.optional(),
  terms: quoteBodyShape.terms.optional(),
  notes: quoteBodyShape.notes.default(''),
  siteStateCode: quoteBodyShape.siteStateCode.optional(),
});
export type CreateQuotationInput = z.input<typeof createQuotationSchema>;

/** PATCH /api/quotations/{id}: the draft (a new quote or a revision), any field. */
export const updateQuotationSchema = z.object({
  projectType: quoteBodyShape.projectType.optional(),
  options: quoteBodyShape.options.optional(),
  lines: quoteBodyShape.lines.optional(),
  discount: quoteBodyShape.discount.optional(),
  validUntil: quoteBodyShape.validUntil.optional(),
  terms: quoteBodyShape.terms.optional(),
  notes: quoteBodyShape.notes.optional(),
  siteStateCode: quoteBodyShape.siteStateCode.optional(),
});
export type UpdateQuotationInput = z.input<typeof updateQuotationSchema>;

/** A line as every quotation answer has it; no purchase price, ever. */
export const quoteLineSchema = z.object({
  _id: z.string(),
  /** The catalogue item's 'ITEM-…' id and _id; null for a free line. */
  itemId: z.string().nullable(),
  itemObjectId: z.string().nullable(),
  name: z.string(),
  type: z.enum(['serialized-product', 'generic-product', 'service', 'custom']),
  unit: z.string(),
  hsnSac: z.string().nullable(),
  gstRate: z.number().nullable(),
  priceIncludesTax: z.boolean(),
  quantity: z.number(),
  price: z.number(),
  discount: z.number(),
  optional: z.boolean(),
  option: z.number().nullable(),
  /** price × quantity − discount, as the catalogue prices it (tax included or not). */
  amount: z.number(),
});
export type QuoteLine = z.infer<typeof quoteLineSchema>;

/** How the quote is taxed, so a page can total any choice with quoteTotals. */
export const quoteTaxingSchema = z.object({
  kind: z.enum(['tax-invoice', 'bill-of-supply']),
  intraState: z.boolean(),
  placeOfSupply: z.object({ code: z.string(), name: z.string() }).nullable(),
});
export type QuoteTaxing = z.infer<typeof quoteTaxingSchema>;

/** The total of one option: its lines and the common ones, no optional line ticked. */
export const quoteOptionTotalSchema = z.object({
  option: z.number().nullable(),
  name: z.string().nullable(),
  tax: billTaxSchema,
  total: z.number(),
});

const personRef = z.object({ _id: z.string(), firstName: z.string(), lastName: z.string() });

export const quoteAcceptanceSchema = z.object({
  name: z.string(),
  option: z.number().nullable(),
  optionalLineIds: z.array(z.string()),
  /** A data: URL of the signature, when they signed. */
  signature: z.string().nullable(),
  at: z.string(),
  /** The address it was accepted from (the request's client address). */
  ip: z.string().nullable(),
  total: z.number(),
  version: z.number(),
});

/** Every desk answer: POST, GET one, PATCH, revise. */
export const quotationSchema = z.object({
  _id: z.string(),
  /** 'QKOTH/26-27/0001'; null while a draft was never sent. */
  number: z.string().nullable(),
  /** The version this answer shows (the latest unless ?version= asked for another). */
  version: z.number(),
  /** The latest version the customer has been sent; null before the first send. */
  sentVersion: z.number().nullable(),
  /** 'QKOTH/26-27/0001-R2' from version 2 on; the number for version 1; null for a draft. */
  displayNumber: z.string().nullable(),
  status: z.enum(QUOTE_STATUSES),
  branch: z.object({ _id: z.string(), name: z.string() }),
  lead: z.object({ _id: z.string(), name: z.string(), phoneNumber: z.string() }).nullable(),
  customer: z.object({ _id: z.string(), name: z.string(), phoneNumber: z.string() }).nullable(),
  /** The contact's WhatsApp (else phone) for 'Send quote on WhatsApp'. */
  sendTo: z.string(),
  language: z.enum(UPDATE_LANGUAGES),
  projectType: z.enum(PROJECT_TYPES),
  options: z.array(quoteOptionSchema),
  lines: z.array(quoteLineSchema),
  discount: z.number(),
  taxing: quoteTaxingSchema,
  /** The first option's (or the only) total with no optional line: the list's value. */
  tax: billTaxSchema,
  total: z.number(),
  optionTotals: z.array(quoteOptionTotalSchema),
  validUntil: z.string(),
  terms: z.string(),
  notes: z.string(),
  siteStateCode: z.string().nullable(),
  /** The public page's token and URL; null until sent. */
  token: z.string().nullable(),
  url: z.string().nullable(),
  versions: z.array(
    z.object({ version: z.number(), sentAt: z.string().nullable(), total: z.number() }),
  ),
  sentAt: z.string().nullable(),
  viewedAt: z.string().nullable(),
  acceptance: quoteAcceptanceSchema.nullable(),
  /** 'Request changes' or 'Decline' with the customer's note. */
  response: z
    .object({ kind: z.enum(['changes-requested', 'declined']), note: z.string(), at: z.string() })
    .nullable(),
  /** The New Installation order acceptance opened. */
  workOrder: z.object({ _id: z.string(), orderId: z.string() }).nullable(),
  advance: z
    .object({
      amount: z.number(),
      transactionId: z.string(),
      confirmedAt: z.string(),
      confirmedBy: personRef.nullable(),
    })
    .nullable(),
  createdBy: personRef.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Quotation = z.infer<typeof quotationSchema>;

/** GET /api/quotations?status=&search=&leadId=&customerId=&branchId=&page=&limit= */
export const quotationListQuerySchema = z.object({
  status: z.enum(QUOTE_STATUSES).optional(),
  search: z.string().trim().max(100).optional(),
  leadId: z.string().optional(),
  customerId: z.string().optional(),
  branchId: z.string().optional(),
  /** Plain digits (the shared query building block); absent: page 1 of 25. */
  page: queryInt({ min: 1, max: 1_000_000 }).optional(),
  limit: queryInt({ min: 1, max: 100 }).optional(),
});

export const quotationListItemSchema = z.object({
  _id: z.string(),
  number: z.string().nullable(),
  displayNumber: z.string().nullable(),
  version: z.number(),
  status: z.enum(QUOTE_STATUSES),
  contactName: z.string(),
  contactPhone: z.string(),
  contactKind: z.enum(['lead', 'customer']),
  branch: z.object({ _id: z.string(), name: z.string() }),
  total: z.number(),
  validUntil: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type QuotationListItem = z.infer<typeof quotationListItemSchema>;

/**
 * The page's rows as the envelope's `data` array, the filter's total in X-Total-Count, as
 * every paged list answers (decisions 005, 024; the server's paged-answers test holds it).
 */
export const quotationListSchema = z.array(quotationListItemSchema);

/** POST /api/quotations/{id}/send */
export const sendQuotationAnswerSchema = z.object({
  number: z.string(),
  version: z.number(),
  token: z.string(),
  url: z.string(),
  /** Whether a WhatsApp template message was queued (Cloud API configured and mapped). */
  sentAutomatically: z.boolean(),
});

/** POST /api/quotations/{id}/advance: the manager confirms the customer's UPI advance. */
export const confirmAdvanceSchema = z.object({
  amount: z.number().positive(),
  transactionId: z.string().trim().min(1),
});

/** The customer's page: GET /api/quote/{token}. No purchase price, no internal ids but lines'. */
export const publicQuoteSchema = z.object({
  number: z.string(),
  version: z.number(),
  status: z.enum(QUOTE_STATUSES),
  language: z.enum(UPDATE_LANGUAGES),
  business: z.object({
    name: z.string(),
    address: z.string(),
    phone: z.string(),
    logo: z.string().nullable(),
    gstin: z.string().nullable(),
  }),
  branch: z.object({ name: z.string(), address: z.string(), phone: z.string() }),
  customerName: z.string(),
  projectType: z.enum(PROJECT_TYPES),
  options: z.array(quoteOptionSchema),
  lines: z.array(quoteLineSchema.omit({ itemObjectId: true })),
  discount: z.number(),
  taxing: quoteTaxingSchema,
  optionTotals: z.array(quoteOptionTotalSchema),
  validUntil: z.string(),
  terms: z.string(),
  notes: z.string(),
  createdAt: z.string(),
  acceptance: quoteAcceptanceSchema.omit({ ip: true }).nullable(),
  response: z
    .object({ kind: z.enum(['changes-requested', 'declined']), note: z.string(), at: z.string() })
    .nullable(),
  /** Whom to pay the advance by UPI; null when the branch has no UPI id. */
  upiPayee: z.object({ vpa: z.string(), name: z.string() }).nullable(),
  advancePercent: z.number(),
});
export type PublicQuote = z.infer<typeof publicQuoteSchema>;

/** POST /api/quote/{token}/accept */
export const acceptQuoteSchema = z.object({
  name: z.string().trim().min(1, QUOTE_MESSAGES.nameRequired).max(100),
  option: z.number().int().min(1).max(QUOTE_MAX_OPTIONS).optional(),
  optionalLineIds: z.array(z.string()).max(QUOTE_MAX_LINES).default([]),
  signature: z.string().max(200_000).optional(),
  /** The version the customer saw; a newer sent version refuses with 409 'revised'. */
  version: z.number().int().min(1).optional(),
});

/** POST /api/quote/{token}/decline and /request-changes */
export const quoteResponseSchema = z.object({
  note: z.string().trim().min(1, QUOTE_MESSAGES.noteRequired).max(2000),
});

/** GET /api/work-order-planned-items?orderId= */
export const plannedItemsSchema = z.object({
  quotation: z.object({ _id: z.string(), number: z.string(), version: z.number() }).nullable(),
  items: z.array(quoteLineSchema.omit({ optional: true, option: true })),
});
export type PlannedItems = z.infer<typeof plannedItemsSchema>;

/** GET /api/quotation-summary?branchId=&month=YYYY-MM: the dashboard row and the month. */
export const quotationSummarySchema = z.object({
  expiringIn3Days: z.number(),
  month: z.string(),
  branches: z.array(
    z.object({
      branch: z.object({ _id: z.string(), name: z.string() }),
      sent: z.number(),
      accepted: z.number(),
      sentValue: z.number(),
      acceptedValue: z.number(),
      /** accepted ÷ sent, 0–1; 0 when nothing was sent. */
      conversionRate: z.number(),
    }),
  ),
});
export type QuotationSummary = z.infer<typeof quotationSummarySchema>;
