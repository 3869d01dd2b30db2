import { z } from 'zod';
import { PROJECT_CATEGORIES } from './project-categories';
import { UPDATE_LANGUAGES } from './update-languages';

/**
 * Issue 37: the QR sticker on an installed unit, the unit's public page and its complaint,
 * and the response clock every complaint runs on. The contract the server answers and the
 * web reads.
 */

/* ------------------------------------------------------------ coverage and clock */

/** What a complaint is covered by, read when it is raised: an AMC, the warranty, or neither. */
export const COMPLAINT_COVERAGES = ['amc', 'warranty', 'chargeable'] as const;
export type ComplaintCoverage = (typeof COMPLAINT_COVERAGES)[number];

export const COVERAGE_LABELS: Record<ComplaintCoverage, string> = {
  amc: 'Under AMC',
  warranty: 'Under warranty',
  chargeable: 'Chargeable',
};

/**
 * Where the clock stands: running and under 75% of its time ('ok'), past 75% ('at-risk'),
 * past the due time without a start ('breached'), or stopped by the technician's start in
 * time ('met'; a start after the due time stays 'breached').
 */
export const SLA_STATES = ['ok', 'at-risk', 'breached', 'met'] as const;
export type SlaState = (typeof SLA_STATES)[number];

export const SLA_STATE_LABELS: Record<SlaState, string> = {
  ok: 'On time',
  'at-risk': 'At risk',
  breached: 'Breached',
  met: 'Met',
};

/** How a complaint came in; every way runs on the same clock. */
export const COMPLAINT_SOURCES = ['unit-page', 'status-page', 'desk', 'whatsapp'] as const;
export type ComplaintSource = (typeof COMPLAINT_SOURCES)[number];

/**
 * A work order's response clock, in every work order's answer: null for an order that is not
 * a complaint (a Repair order), or a complaint raised before clocks existed.
 */
export const workOrderSlaSchema = z.object({
  dueAt: z.string(),
  state: z.enum(SLA_STATES),
  /** When it turns amber: 75% of its time, counted as the due time is. */
  atRiskAt: z.string(),
  coverage: z.enum(COMPLAINT_COVERAGES),
  /** The unit the complaint is about, when it came with one (the sticker, a serial). */
  serialNumber: z.string().nullable(),
  /** When a technician first started the job: the clock's stop. */
  startedAt: z.string().nullable(),
});
export type WorkOrderSla = z.infer<typeof workOrderSlaSchema>;

/** Targets are whole hours, at least 1, at most 30 days. */
export const SLA_MAX_HOURS = 720;
/** The targets a branch has until it sets its own (issue 37's example). */
export const DEFAULT_SLA_HOURS: Record<ComplaintCoverage, number> = {
  amc: 24,
  warranty: 48,
  chargeable: 72,
};
/** 'working': hours counted only in the branch's working hours; 'calendar': every hour. */
export const SLA_COUNTING = ['working', 'calendar'] as const;
export type SlaCounting = (typeof SLA_COUNTING)[number];

export const COMPLAINT_MESSAGES = {
  hoursRange: `Enter whole hours from 1 to ${SLA_MAX_HOURS}`,
  settingsSaved: 'Response times saved',
  unitNotFound: 'This sticker is not linked to an installed unit. Please call the shop.',
  serialRequired: 'Enter the serial number',
  serialNotFound: 'No unit with this serial number',
  layoutInvalid: 'Choose a label layout: 2×5, 3×8 or single',
  serialsRequired: 'Choose at least one unit to print',
  tooManySerials: 'Print at most 240 labels at once',
  complaintRaised: 'Your complaint is registered. The shop will call you soon.',
  complaintJoined:
    'A complaint on this unit is already open. We have added your message to it; the shop will call you soon.',
  phoneMismatch:
    'This is not the phone number the shop has for this unit. Enter the number you gave the shop.',
  phoneRequired: 'Please enter your phone number',
  descriptionRequired: 'Please describe the problem',
  photoInvalid: 'The photo must be a JPEG, PNG or WebP image under 10 MB',
  tooMany: 'Too many attempts. Please try again later or call the shop.',
  monthInvalid: 'Choose a month',
} as const;

/* ------------------------------------------------------------ settings */

/** GET /api/complaint-sla-settings[?branch=]: a branch's targets in hours. */
export const complaintSlaSettingsSchema = z.object({
  branch: z.object({ _id: z.string(), name: z.string() }),
  amcHours: z.number().int(),
  warrantyHours: z.number().int(),
  chargeableHours: z.number().int(),
  counting: z.enum(SLA_COUNTING),
  /** Whether the branch has saved its own targets (false: the defaults above). */
  saved: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type ComplaintSlaSettings = z.infer<typeof complaintSlaSettingsSchema>;

const slaHours = z
  .number({ error: COMPLAINT_MESSAGES.hoursRange })
  .int(COMPLAINT_MESSAGES.hoursRange)
  .min(1, COMPLAINT_MESSAGES.hoursRange)
  .max(SLA_MAX_HOURS, COMPLAINT_MESSAGES.hoursRange);

/** PUT /api/complaint-sla-settings: a manager's own branch; an admin names the branch. */
// A body that is no object says what to send, not zod's 'expected object'.
export const complaintSlaSettingsInput = z.object(
  {
    branchId: z.string().trim().max(100).optional(),
    amcHours: slaHours,
    warrantyHours: slaHours,
    chargeableHours: slaHours,
    counting: z.enum(SLA_COUNTING),
  },
  {
    error:
      'Send { amcHours, warrantyHours, chargeableHours, counting } and, for an admin, branchId',
  },
);
export type ComplaintSlaSettingsInput = z.infer<typeof complaintSlaSettingsInput>;

/** An AMC contract's own target overrides the branch's AMC hours; null: the branch's. */
export const amcSlaHours = slaHours.nullable();

/* ------------------------------------------------------------ report and dashboard */

export const complaintsReportRowSchema = z.object({
  branch: z.object({ _id: z.string(), name: z.string() }),
  /** Complaints opened in the month (India's month), cancelled ones left out. */
  count: z.number(),
  /** Started on or before their due time. */
  met: z.number(),
  /** Started after it, or not started and now past it. */
  breached: z.number(),
  /** Not started and not yet due. */
  open: z.number(),
  /** Median minutes from opening to the first start, over the started ones; null: none. */
  medianMinutesToStart: z.number().nullable(),
  /** Complaints on a unit (serial, else installation) with another within the 30 days before. */
  repeats: z.number(),
});
export type ComplaintsReportRow = z.infer<typeof complaintsReportRowSchema>;

/** GET /api/complaints-report?month=YYYY-MM[&branch=]: per branch, and the total. */
export const complaintsReportSchema = z.object({
  month: z.string(),
  rows: z.array(complaintsReportRowSchema),
  total: complaintsReportRowSchema.omit({ branch: true }),
});
export type ComplaintsReport = z.infer<typeof complaintsReportSchema>;

/** The dashboard's complaint cards (admin: the filter's branches; manager: theirs). */
export const complaintCardsSchema = z.object({
  /** Open complaints not yet started whose clock is amber or red. */
  atRisk: z.number(),
  /** Complaints opened this India month whose clock was breached. */
  breachedThisMonth: z.number(),
});
export type ComplaintCards = z.infer<typeof complaintCardsSchema>;

/* ------------------------------------------------------------ unit links and labels */

/** 128 random bits as 22 URL-safe characters: a short link makes a small QR code. */
export const UNIT_LINK_TOKEN = /^[A-Za-z0-9_-]{22}$/;
export const unitLinkPath = (token: string) => `/u/${token}`;

/** POST /api/unit-link */
export const unitLinkInput = z.object({
  serial: z
    .string({ error: COMPLAINT_MESSAGES.serialRequired })
    .trim()
    .min(1, COMPLAINT_MESSAGES.serialRequired)
    .max(100, COMPLAINT_MESSAGES.serialNotFound),
});
export const unitLinkSchema = z.object({
  serialNumber: z.string(),
  token: z.string(),
  /** The path `/u/{token}`; the label prints it after the app's public origin. */
  url: z.string(),
});
export type UnitLink = z.infer<typeof unitLinkSchema>;

export const UNIT_LABEL_LAYOUTS = ['2x5', '3x8', 'single'] as const;
export type UnitLabelLayout = (typeof UNIT_LABEL_LAYOUTS)[number];
export const UNIT_LABEL_LAYOUT_LABELS: Record<UnitLabelLayout, string> = {
  '2x5': 'A4 sheet, 2 × 5 labels',
  '3x8': 'A4 sheet, 3 × 8 labels',
  single: 'Single label',
};
export const MAX_LABELS = 240;

/** GET /api/unit-labels?serials=A,B,C&layout=2x5: a PDF. */
export const unitLabelsQuery = z.object({
  serials: z
    .string({ error: COMPLAINT_MESSAGES.serialsRequired })
    .max(20_000, COMPLAINT_MESSAGES.tooManySerials)
    .transform((text) => [
      ...new Set(
        text
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.string().max(100, COMPLAINT_MESSAGES.serialNotFound))
        .min(1, COMPLAINT_MESSAGES.serialsRequired)
        .max(MAX_LABELS, COMPLAINT_MESSAGES.tooManySerials),
    ),
  layout: z.enum(UNIT_LABEL_LAYOUTS, { error: COMPLAINT_MESSAGES.layoutInvalid }).default('2x5'),
});

/* ------------------------------------------------------------ the unit's public page */

export const unitVisitSchema = z.object({
  orderId: z.string(),
  projectCategory: z.enum(PROJECT_CATEGORIES),
  status: z.string(),
  /** When it was completed, else opened. */
  at: z.string(),
});

/**
 * GET /api/unit/{token}: what anyone holding the sticker sees. It names the unit and the shop,
 * never the customer: a sticker is read by whoever stands in front of the unit.
 */
export const unitPageSchema = z.object({
  serialNumber: z.string(),
  productName: z.string(),
  installationDate: z.string().nullable(),
  warranty: z.object({
    until: z.string().nullable(),
    active: z.boolean(),
  }),
  /** The contract covering the unit now, or the last one that did; null: never under AMC. */
  amc: z.object({ until: z.string(), active: z.boolean() }).nullable(),
  coverage: z.enum(COMPLAINT_COVERAGES),
  lastVisits: z.array(unitVisitSchema),
  business: z.object({ name: z.string(), logo: z.string().nullable() }),
  branch: z.object({ name: z.string(), phone: z.string(), whatsapp: z.string() }),
  language: z.enum(UPDATE_LANGUAGES),
  /**
   * An open complaint on this unit: a new one joins it. Its job-status link is not here: that
   * page names the customer, and this one is read by whoever stands at the unit; the link comes
   * in the complaint's answer, after the phone check.
   */
  openComplaint: z.object({ orderId: z.string(), openedAt: z.string() }).nullable(),
});
export type UnitPage = z.infer<typeof unitPageSchema>;

/** POST /api/unit/{token}/complaint: multipart fields (or JSON without the photo). */
export const unitComplaintInput = z.object({
  description: z
    .string({ error: COMPLAINT_MESSAGES.descriptionRequired })
    .trim()
    .min(1, COMPLAINT_MESSAGES.descriptionRequired)
    .max(2000),
  phone: z
    .string({ error: COMPLAINT_MESSAGES.phoneRequired })
    .trim()
    .min(1, COMPLAINT_MESSAGES.phoneRequired)
    .max(20, COMPLAINT_MESSAGES.phoneMismatch),
});
export type UnitComplaintInput = z.infer<typeof unitComplaintInput>;

export const unitComplaintAnswerSchema = z.object({
  orderId: z.string(),
  /** The new (or joined) order's job-status page: `/s/{token}`. */
  statusPath: z.string(),
  /** True when it joined the complaint already open on the unit. */
  joined: z.boolean(),
});
export type UnitComplaintAnswer = z.infer<typeof unitComplaintAnswerSchema>;
