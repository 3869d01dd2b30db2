import { z } from 'zod';
import {
  AMC_BILLINGS,
  AMC_COVERAGES,
  AMC_DEFAULT_TERM_MONTHS,
  AMC_MAX_TERM_MONTHS,
  AMC_STATUSES,
  AMC_VISIT_FREQUENCIES,
  AMC_VISIT_STATES,
  PAST_INSTALMENT_CHOICES,
  PAST_VISIT_CHOICES,
} from './amc';
import { BILL_PAYMENT_STATUSES } from './bill-schemas';
import { amcSlaHours } from './complaint-schemas';
import { isStrictIsoDate, jsonInt, rupeesField } from './input';
import {
  checkLaterPayment,
  invoiceRecipientSchema,
  invoiceSupplierSchema,
  laterPaymentFields,
} from './invoice-schemas';
import { PAYMENT_METHODS } from './payment-methods';
import { GST_RATE_FORMAT } from './tax-fields';
import { isUuid } from './user-schemas';

/**
 * The maintenance-contract API (issue 23, decision 035): inputs the desk sends and the answers
 * it reads. Money is sent and answered in rupees; dates are calendar days 'YYYY-MM-DD'.
 */

export const AMC_MESSAGES = {
  contractNotFound: 'Contract not found',
  invoiceNotFound: 'Contract invoice not found',
  invoiceNothingDue: 'Nothing is due on this invoice: it is paid in full',
  customerNotFound: 'Customer not found',
  installationNotFound: 'Completed installation not found for this customer',
  installationNotCompleted: 'An AMC can be offered only on a completed installation',
  projectTypeRequired: 'Please enter what the contract covers (project type)',
  invalidStartDate: 'Please enter a valid start date',
  invalidTerm: `Term must be 1 to ${AMC_MAX_TERM_MONTHS} months`,
  invalidVisits:
    'Visits per term must be 1 (yearly), 2 (half-yearly), 4 (quarterly) or 12 (monthly)',
  termNotDivisible: 'The term must divide into whole months between visits',
  invalidPrice: 'Please enter a valid price (at most 2 decimal places)',
  invalidCoverage: "Coverage must be 'labour' or 'labour-and-parts'",
  invalidBilling: "Billing must be 'upfront' or 'instalments'",
  coveredItemsNeedParts:
    "Covered parts can be listed only when the contract covers 'labour-and-parts'",
  coveredItemNotFound: 'A covered part is not in the catalogue',
  coveredItemIsService: 'A covered part must be a product, not a service',
  invalidSerial: 'Serial numbers must be at most 100 characters each, at most 100 of them',
  onlyDraftEdited: 'Only a draft contract can be changed',
  onlyDraftActivated: 'Only a draft contract can be activated',
  activeEnded: 'The contract would end before today: change its start date first',
  pastVisitsChoice:
    'This contract started in the past: choose whether its visits already due were done before Karya or get their orders now',
  pastInstalmentsChoice:
    'Choose whether the instalments of the visits already due were billed outside Karya or are issued now',
  invalidPastVisits: "Past visits must be 'done-before-karya' or 'open-orders'",
  invalidPastInstalments: "Past instalments must be 'billed-outside' or 'issue'",
  cannotCancel: 'Only a draft or active contract can be cancelled',
  cancelReasonRequired: 'Please give a reason for cancelling',
  renewOnlyActiveOrExpired: 'Only an active or expired contract can be renewed',
  alreadyRenewed: 'This contract has already been renewed',
  visitNotFound: 'Visit not found',
  visitDone: 'A completed visit cannot be moved',
  visitUnchanged: 'The visit is already due on that date',
  visitBeforePrevious: 'A visit cannot move to or before the previous visit',
  visitAfterNext:
    "A visit cannot move to or after the next visit: tick 'shift later visits' to move those too",
  visitOutsideContract:
    'A visit must stay between the start of the contract and 60 days after it ends',
  moveOnlyActive: 'Visits can be moved only on an active contract',
  moveReasonRequired: 'Please give a reason for moving the visit',
  workOrderNotFound: 'Work order not found',
  invalidDate: 'Please enter a valid date',
  invalidMonth: 'Month must look like 2026-04',
  invalidStatus: 'Status must be draft, active, expired, cancelled or all',
  created: 'Contract created as a draft',
  updated: 'Contract updated',
  activated: 'Contract activated: its visits are scheduled',
  cancelled: 'Contract cancelled',
  renewed: 'Renewal created as a draft',
  visitMoved: 'Visit moved',
} as const;
const M = AMC_MESSAGES;

/** A calendar day, 'YYYY-MM-DD' only. */
export const calendarDayField = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine(isStrictIsoDate, message);

/** 1, 2, 4 or 12: a bounded whole number, then one of the frequencies. */
const visitsPerTermField = jsonInt({ min: 1, max: 12, message: M.invalidVisits }).refine(
  (n) => (AMC_VISIT_FREQUENCIES as readonly number[]).includes(n),
  M.invalidVisits,
);

const serialsField = z
  .array(
    z.string({ error: M.invalidSerial }).trim().min(1, M.invalidSerial).max(100, M.invalidSerial),
    {
      error: M.invalidSerial,
    },
  )
  .max(100, M.invalidSerial);

const coveredItemsField = z
  .array(z.string({ error: M.coveredItemNotFound }).refine(isUuid, M.coveredItemNotFound), {
    error: M.coveredItemNotFound,
  })
  .max(200, M.coveredItemNotFound);

/** The terms of a contract a draft may change. */
const termsShape = {
  projectType: z.string({ error: M.projectTypeRequired }).trim().max(100, M.projectTypeRequired),
  serialNumbers: serialsField,
  startDate: calendarDayField(M.invalidStartDate),
  termMonths: jsonInt({ min: 1, max: AMC_MAX_TERM_MONTHS, message: M.invalidTerm }),
  visitsPerTerm: visitsPerTermField,
  price: rupeesField(M.invalidPrice),
  /** false when absent: the price is before GST. */
  priceIncludesTax: z.boolean({ error: 'Price includes GST must be true or false' }),
  /** Percent, as the catalogue's (18 by default). */
  gstRate: z.number({ error: GST_RATE_FORMAT }).min(0, GST_RATE_FORMAT).max(100, GST_RATE_FORMAT),
  coverage: z.enum(AMC_COVERAGES, { error: M.invalidCoverage }),
  coveredItemIds: coveredItemsField,
  billing: z.enum(AMC_BILLINGS, { error: M.invalidBilling }),
  notes: z.string().trim().max(1000),
};

function termsRules(
  body: {
    termMonths?: number;
    visitsPerTerm?: number;
    coverage?: string;
    coveredItemIds?: string[];
  },
  ctx: z.RefinementCtx,
) {
  if (
    body.termMonths !== undefined &&
    body.visitsPerTerm !== undefined &&
    body.termMonths % body.visitsPerTerm !== 0
  ) {
    ctx.addIssue({ code: 'custom', path: ['visitsPerTerm'], message: M.termNotDivisible });
  }
  if (body.coverage === 'labour' && (body.coveredItemIds?.length ?? 0) > 0) {
    ctx.addIssue({ code: 'custom', path: ['coveredItemIds'], message: M.coveredItemsNeedParts });
  }
}

/**
 * POST /api/amc-contracts: a draft for a customer. With fromOrderId (the _id or WO-… id of the
 * customer's completed installation, 'Offer AMC') the project type and serials default to
 * that installation's.
 */
const createAmcContractFields = z.object({
  customerId: z.string({ error: M.customerNotFound }).refine(isUuid, M.customerNotFound),
  fromOrderId: z.string().trim().min(1).max(100).optional(),
  projectType: termsShape.projectType.optional(),
  serialNumbers: serialsField.optional(),
  startDate: termsShape.startDate,
  termMonths: termsShape.termMonths.default(AMC_DEFAULT_TERM_MONTHS),
  visitsPerTerm: termsShape.visitsPerTerm,
  price: termsShape.price,
  priceIncludesTax: termsShape.priceIncludesTax.default(false),
  gstRate: termsShape.gstRate.default(18),
  coverage: termsShape.coverage.default('labour'),
  coveredItemIds: coveredItemsField.default([]),
  billing: termsShape.billing.default('upfront'),
  notes: termsShape.notes.default(''),
  /** The contract's own response target for complaints, hours; null or absent: the branch's. */
  slaHours: amcSlaHours.optional(),
});
export const createAmcContractInput = createAmcContractFields.superRefine(termsRules);
export type CreateAmcContractInput = z.infer<typeof createAmcContractInput>;

/**
 * A running contract brought over from another system (issue 36): the create form's terms,
 * defaults, rules and messages, without what a spreadsheet row cannot name (Karya's ids of
 * the customer, installation and covered parts). It is billed upfront, in the old system.
 */
export const importAmcContractInput = createAmcContractFields
  .omit({ customerId: true, fromOrderId: true, coveredItemIds: true, billing: true })
  .superRefine(termsRules);

/** PATCH /api/amc-contracts/:id: a draft's terms; what is absent stays. */
export const updateAmcContractInput = z
  .object({
    projectType: termsShape.projectType.optional(),
    serialNumbers: serialsField.optional(),
    startDate: termsShape.startDate.optional(),
    termMonths: termsShape.termMonths.optional(),
    visitsPerTerm: termsShape.visitsPerTerm.optional(),
    price: termsShape.price.optional(),
    priceIncludesTax: termsShape.priceIncludesTax.optional(),
    gstRate: termsShape.gstRate.optional(),
    coverage: termsShape.coverage.optional(),
    coveredItemIds: coveredItemsField.optional(),
    billing: termsShape.billing.optional(),
    notes: termsShape.notes.optional(),
    /** null: back to the branch's AMC target. */
    slaHours: amcSlaHours.optional(),
  })
  .superRefine(termsRules);
export type UpdateAmcContractInput = z.infer<typeof updateAmcContractInput>;

export const cancelAmcContractInput = z.object({
  reason: z
    .string({ error: M.cancelReasonRequired })
    .trim()
    .min(1, M.cancelReasonRequired)
    .max(500, M.cancelReasonRequired),
});

/** POST /api/amc-contracts/:id/visits/:number/move */
export const moveAmcVisitInput = z.object({
  dueDate: calendarDayField(M.invalidDate),
  reason: z
    .string({ error: M.moveReasonRequired })
    .trim()
    .min(1, M.moveReasonRequired)
    .max(500, M.moveReasonRequired),
  /** Move every later visit not yet done by the same number of days. */
  shiftLaterVisits: z
    .boolean({ error: "'Shift later visits' must be true or false" })
    .default(false),
});
export type MoveAmcVisitInput = z.infer<typeof moveAmcVisitInput>;

/* ------------------------------------------------------------- answers */

const personRef = z
  .object({ _id: z.string(), firstName: z.string(), lastName: z.string() })
  .nullable();

export const amcVisitSchema = z.object({
  _id: z.string(),
  number: z.number(),
  dueDate: z.string(),
  state: z.enum(AMC_VISIT_STATES),
  /** The day its work order is (or was) opened: dueDate − the lead time. */
  opensOn: z.string(),
  movedFrom: z.string().nullable(),
  moveReason: z.string().nullable(),
  workOrder: z
    .object({ _id: z.string(), orderId: z.string(), status: z.string(), technician: personRef })
    .nullable(),
});
export type AmcVisit = z.infer<typeof amcVisitSchema>;

/** One receipt of a contract invoice. */
export const amcInvoicePaymentSchema = z.object({
  _id: z.string(),
  receiptNumber: z.string(),
  amount: z.number(),
  method: z.enum(PAYMENT_METHODS),
  transactionId: z.string().nullable(),
  receivedAt: z.string(),
});
export type AmcInvoicePayment = z.infer<typeof amcInvoicePaymentSchema>;

export const amcInvoiceSchema = z.object({
  _id: z.string(),
  instalment: z.number(),
  instalments: z.number(),
  invoiceNumber: z.string(),
  invoiceDate: z.string(),
  invoiceKind: z.string(),
  placeOfSupply: z.string().nullable(),
  description: z.string(),
  hsnSac: z.string(),
  gstRate: z.number(),
  supplier: invoiceSupplierSchema,
  recipient: invoiceRecipientSchema,
  taxable: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  roundOff: z.number(),
  total: z.number(),
  /** Received so far, what is still owed, and so paid / partly paid / unpaid (decision 037). */
  paid: z.number(),
  due: z.number(),
  paymentStatus: z.enum(BILL_PAYMENT_STATUSES),
  payments: z.array(amcInvoicePaymentSchema),
});
export type AmcInvoice = z.infer<typeof amcInvoiceSchema>;

/**
 * How a contract invoice is named beside bills (Outstanding Dues, its PDF):
 * 'AMC-2026-000001 · instalment 2 of 4', or 'AMC-2026-000001 · upfront' for the one invoice.
 */
export function contractInvoiceLabel(
  contractNumber: string,
  instalment: number,
  instalments: number,
): string {
  return instalments > 1
    ? `${contractNumber} · instalment ${instalment} of ${instalments}`
    : `${contractNumber} · upfront`;
}

/**
 * POST /api/record-amc-invoice-payment: money received against a contract invoice, by the
 * branch's managers and admins; the same rules and words as a bill's later payment.
 */
export const recordAmcInvoicePaymentInput = z
  .object({
    invoiceId: z.string({ error: M.invoiceNotFound }).trim().min(1, M.invoiceNotFound),
    ...laterPaymentFields,
  })
  .superRefine(checkLaterPayment);
export type RecordAmcInvoicePaymentInput = z.infer<typeof recordAmcInvoicePaymentInput>;

/** One contract as lists show it. */
export const amcContractSchema = z.object({
  _id: z.string(),
  contractNumber: z.string(),
  status: z.enum(AMC_STATUSES),
  branch: z.object({ _id: z.string(), name: z.string() }),
  customer: z.object({ _id: z.string(), name: z.string(), phoneNumber: z.string() }),
  /** The covered installation's order, when there is one. */
  installation: z
    .object({ _id: z.string(), orderId: z.string(), projectId: z.string() })
    .nullable(),
  projectType: z.string(),
  serialNumbers: z.array(z.string()),
  startDate: z.string(),
  endDate: z.string(),
  termMonths: z.number(),
  visitsPerTerm: z.number(),
  price: z.number(),
  priceIncludesTax: z.boolean(),
  gstRate: z.number(),
  coverage: z.enum(AMC_COVERAGES),
  coveredItems: z.array(z.object({ _id: z.string(), name: z.string() })),
  billing: z.enum(AMC_BILLINGS),
  notes: z.string(),
  /** Its own response target for complaints in hours (issue 37); null: the branch's AMC hours. */
  slaHours: z.number().nullable(),
  /** Active and ending within 30 days (or on its last day). */
  renewalDue: z.boolean(),
  renewedFromId: z.string().nullable(),
  renewedById: z.string().nullable(),
  /** The contract this one renews, by its number. */
  renewedFrom: z.object({ _id: z.string(), contractNumber: z.string() }).nullable(),
  /** The renewal not cancelled, by its number; a draft until the customer agrees. */
  renewedBy: z
    .object({ _id: z.string(), contractNumber: z.string(), status: z.enum(AMC_STATUSES) })
    .nullable(),
  /** The earliest visit not done, when active. */
  nextVisitDue: z.string().nullable(),
  overdueVisits: z.number(),
  cancellationReason: z.string().nullable(),
  createdBy: personRef,
  createdAt: z.string(),
  activatedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});
export type AmcContract = z.infer<typeof amcContractSchema>;

export const amcContractDetailSchema = amcContractSchema.extend({
  visits: z.array(amcVisitSchema),
  invoices: z.array(amcInvoiceSchema),
});
export type AmcContractDetail = z.infer<typeof amcContractDetailSchema>;

/** GET /api/amc-overdue-visits: one overdue visit with its contract and customer. */
export const amcOverdueVisitSchema = amcVisitSchema.extend({
  contractId: z.string(),
  contractNumber: z.string(),
  customer: z.object({ _id: z.string(), name: z.string(), phoneNumber: z.string() }),
  branch: z.object({ _id: z.string(), name: z.string() }),
  daysOverdue: z.number(),
});
export type AmcOverdueVisit = z.infer<typeof amcOverdueVisitSchema>;

/** GET /api/amc-report: per branch, this month or ?month= (India's calendar). */
export const amcReportRowSchema = z.object({
  branch: z.object({ _id: z.string(), name: z.string() }),
  activeContracts: z.number(),
  /** The active contracts' prices added up, in rupees. */
  activeValue: z.number(),
  visitsDone: z.number(),
  visitsDue: z.number(),
  visitsOverdue: z.number(),
  /** Parts billed at ₹0 under contracts this month, at the catalogue's sale price. */
  partsValue: z.number(),
  /** The same parts at the catalogue's purchase price: admins only, absent for anyone else. */
  partsCost: z.number().optional(),
});
export const amcReportSchema = z.object({
  month: z.string(),
  today: z.string(),
  rows: z.array(amcReportRowSchema),
});
export type AmcReport = z.infer<typeof amcReportSchema>;

/**
 * GET /api/amc-offer?customerId=&orderId=: what 'Offer AMC' fills the form with from a
 * completed installation, and the settings the form shows.
 */
export const amcOfferSchema = z.object({
  customer: z.object({ _id: z.string(), name: z.string(), phoneNumber: z.string() }),
  installation: z.object({
    _id: z.string(),
    orderId: z.string(),
    projectId: z.string(),
    projectType: z.string(),
    completedAt: z.string().nullable(),
  }),
  serialNumbers: z.array(z.string()),
  /** Today, the usual start. */
  startDate: z.string(),
  termMonths: z.number(),
  /** Contracts of this installation not cancelled, newest first: an offer may repeat one. */
  existingContracts: z.array(
    z.object({ _id: z.string(), contractNumber: z.string(), status: z.enum(AMC_STATUSES) }),
  ),
});
export type AmcOffer = z.infer<typeof amcOfferSchema>;

/** GET /api/amc-settings: the fixed rules the screens explain. */
export const amcSettingsSchema = z.object({
  leadDays: z.number(),
  renewalWindowDays: z.number(),
  defaultTermMonths: z.number(),
  maxTermMonths: z.number(),
  visitFrequencies: z.array(z.object({ visitsPerTerm: z.number(), label: z.string() })),
});

/**
 * GET /api/amc-order-coverage?orderId=: whether a work order is a contract's visit and what
 * the contract covers, so the bill wizard can show ₹0 before the bill is made (the server
 * prices it anyway). null: not a visit of a contract that still covers it.
 */
export const amcOrderCoverageSchema = z
  .object({
    contractId: z.string(),
    contractNumber: z.string(),
    visitNumber: z.number(),
    visitsPerTerm: z.number(),
    dueDate: z.string(),
    coverage: z.enum(AMC_COVERAGES),
    /** Labour (service lines) is covered by every contract. */
    labourCovered: z.boolean(),
    /** The covered parts: _id and the catalogue's own id ('ITEM-…') either name it. */
    coveredItems: z.array(z.object({ _id: z.string(), itemId: z.string(), name: z.string() })),
  })
  .nullable();
export type AmcOrderCoverage = z.infer<typeof amcOrderCoverageSchema>;

/** POST /api/test-clock (only with KARYA_TEST_CLOCK=1): the day the server takes as today. */
export const testClockInput = z.object({
  /** A calendar day (noon in India is taken) or an instant; null: the real clock again. */
  now: z.union([z.string().trim().min(10).max(40), z.null()]),
});
export const testClockSchema = z.object({ now: z.string(), today: z.string(), opened: z.number() });

/** POST /api/amc-contracts/{id}/activate and its plan: the back-dated contract's choices. */
export const amcActivationInput = z
  .object({
    pastVisits: z.enum(PAST_VISIT_CHOICES, { error: M.invalidPastVisits }).optional(),
    pastInstalments: z
      .enum(PAST_INSTALMENT_CHOICES, { error: M.invalidPastInstalments })
      .optional(),
  })
  .strict();
export type AmcActivationInput = z.infer<typeof amcActivationInput>;

const visitSlotSchema = z.object({ number: z.number(), dueDate: z.string() });

/** GET /api/amc-contracts/{id}/activation-plan: what activating now would do, in rupees. */
export const amcActivationPlanSchema = z.object({
  pastVisits: z.array(visitSlotSchema),
  needsPastVisitsChoice: z.boolean(),
  needsPastInstalmentsChoice: z.boolean(),
  orders: z.array(visitSlotSchema),
  doneBeforeKarya: z.array(visitSlotSchema),
  invoices: z.array(
    z.object({ instalment: z.number(), instalments: z.number(), amount: z.number() }),
  ),
  billedOutside: z.array(z.number()),
});
export type AmcActivationPlan = z.infer<typeof amcActivationPlanSchema>;
