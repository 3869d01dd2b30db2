import { z } from 'zod';
import { looksLikePhoneNumber } from './phone-rules';
import { idOf } from './user-schemas';

/* ---------- System reset (spec 2 §2 Reset System page, §4, §5, §8, §9) ---------- */

/** The Reset System page's words and the reset's messages, exactly as the spec has them. */
export const RESET_MESSAGES = {
  title: 'Reset System to Default',
  passwordLabel: 'Enter Security Password:',
  resetButton: 'Reset To Default',
  confirmTitle: 'Are you absolutely sure?',
  cancel: 'No, Cancel',
  confirm: 'Yes, Reset System',
  resetting: 'Resetting...',
  success: 'System reset successfully. You will be redirected to login.',
  passwordRequired: 'Password is required',
  incorrectPassword: 'Incorrect password',
  failed: 'Failed to reset system',
  unexpected: 'An error occurred during system reset',
  // Beyond the spec: the password is a server setting (DESIGN.md, security model).
  notEnabled: 'System reset is not enabled on this server',
  adminOnly: 'Only an admin can reset the system.',
  // Issue 33: a second reset while one runs is refused, not queued behind it.
  alreadyRunning: 'A reset is already running',
} as const;

/**
 * The success notice with the backup's file named in it (issue 39 item 20): the spec's two
 * sentences, and between them where the rows that just went can be found again.
 */
export function resetSuccessMessage(backupFile: string): string {
  return `System reset successfully. Backup saved as ${backupFile}. You will be redirected to login.`;
}

/**
 * What a reset deletes, as the Reset System page lists it, with the tables each line stands
 * for. The server's test holds the tables to the reset's own list (reset-tables.ts), so a
 * table the reset empties cannot be missing from the page.
 */
export const RESET_DELETES: ReadonlyArray<{ what: string; tables: readonly string[] }> = [
  { what: 'The business profile: its name, address, GSTIN and logo', tables: ['business_profile'] },
  {
    what: 'Every branch and its handovers between managers',
    tables: ['branches', 'ownership_transfers'],
  },
  {
    what: 'Every user but the default admin: managers, technicians and other admins; everyone is signed out',
    tables: ['users', 'sessions', 'login_failures', 'request_throttle', 'idempotency_keys'],
  },
  {
    what: 'Leads, their remarks, customers and demo requests',
    tables: ['leads', 'lead_remarks', 'customers', 'demo_requests'],
  },
  {
    what: 'Work orders and projects: their history, checklist answers, photos, signatures and status links',
    tables: [
      'work_orders',
      'work_order_status_history',
      'work_order_tallies',
      'work_order_pending_days',
      'work_order_checklist_answers',
      'work_order_photos',
      'work_order_signatures',
      'work_order_status_links',
    ],
  },
  {
    what: 'Quotations, their versions and the planned items of the orders they opened',
    tables: ['quotations', 'quotation_versions', 'work_order_planned_items'],
  },
  {
    what: 'Bills, invoices, receipts and payments, refund vouchers and credit notes; their numbering starts again',
    tables: [
      'bills',
      'bill_lines',
      'bill_payments',
      'bill_number_counters',
      'document_number_counters',
      'bill_refunds',
      'credit_notes',
      'credit_note_lines',
    ],
  },
  {
    what: "The schedule: working hours, technicians' leave, every job's planned time and the default durations",
    tables: [
      'branch_working_hours',
      'technician_leave',
      'work_order_schedules',
      'schedule_default_durations',
      'live_events',
    ],
  },
  {
    what: 'Maintenance contracts (AMC), their visits, invoices and payments',
    tables: ['amc_contracts', 'amc_visits', 'amc_invoices', 'amc_invoice_payments'],
  },
  {
    what: 'The catalogue, branch and technician stock, serial numbers, stock movements and returns',
    tables: [
      'inventory_items',
      'branch_stock',
      'technician_stock',
      'serial_units',
      'stock_movements',
      'inventory_returns',
      'inventory_return_lines',
    ],
  },
  {
    what: 'Warranty claims and replacements',
    tables: ['warranty_issues', 'warranty_replacements'],
  },
  {
    what: 'Checklist templates of every project type',
    tables: ['checklist_templates', 'checklist_items'],
  },
  {
    what: 'The wording of customer updates (back to the defaults), the WhatsApp templates and the updates sent',
    tables: [
      'customer_update_templates',
      'customer_update_messages',
      'whatsapp_templates',
      'whatsapp_auto_send',
      'whatsapp_outbox',
    ],
  },
  {
    what: 'The history of imported files and their rows',
    tables: ['imports', 'import_rows'],
  },
  {
    what: 'Complaint response clocks, response targets and unit sticker links',
    tables: ['complaint_clocks', 'complaint_sla_settings', 'unit_links'],
  },
  {
    what: 'WhatsApp conversations, opt-outs and the branch of new numbers',
    tables: ['whatsapp_messages', 'whatsapp_numbers', 'whatsapp_settings'],
  },
  {
    what: 'Report figures: daily sales, technician and work totals, and reorder levels',
    tables: [
      'report_daily_sales',
      'report_daily_technician',
      'report_daily_work',
      'reorder_levels',
    ],
  },
];

/** What a reset keeps, besides the default admin. */
export const RESET_KEEPS = 'The audit trail and the GST rates stay.';

/** Spec 2 §9: the redirect to /login after a successful reset. */
export const RESET_REDIRECT_DELAY_MS = 3000;

/** POST /api/reset-system. The password is never trimmed: a space may be part of it. */
export const resetSystemSchema = z.object({
  password: z
    .string({ error: RESET_MESSAGES.passwordRequired })
    .min(1, RESET_MESSAGES.passwordRequired),
});
export type ResetSystemInput = z.infer<typeof resetSystemSchema>;

/** GET /api/reset-system-status: whether this server has a reset password at all. */
export const resetStatusSchema = z.object({
  enabled: z.boolean(),
  /** BACKUP_KEEP: how many of the newest backups the server keeps; a reset deletes older ones. */
  backupKeep: z.number(),
});
export type ResetStatus = z.infer<typeof resetStatusSchema>;

/** What a reset answers: who was kept, how many rows went, where the backup is. */
export const resetResultSchema = z.object({
  resetAt: z.string(),
  keptAdmin: z.object({ _id: z.string(), username: z.string() }),
  /** Rows deleted per table (snake_case table names), every business table listed. */
  deleted: z.record(z.string(), z.number()),
  totalDeleted: z.number(),
  backup: z.object({
    /** Absolute path on the server, under DATA_DIR/backups/. */
    file: z.string(),
    bytes: z.number(),
  }),
});
export type ResetResult = z.infer<typeof resetResultSchema>;

/* ---------- Demo requests from the public landing page (spec 2 §2) ---------- */

export const DEMO_REQUEST_MESSAGES = {
  invalidPhone: 'Please enter a valid 10-digit mobile number',
  received: 'Thank you! We will call you soon to book your demo.',
  tooMany: 'Too many requests. Please try again later.',
  notFound: 'Demo request not found',
  alreadyConverted: 'This demo request has already been converted to a lead',
  markedContacted: 'Demo request marked as contacted',
  converted: 'Demo request converted to a lead',
  nameRequired: 'Name is required',
  selectBranch: 'Please select a branch',
} as const;

export const DEMO_REQUEST_STATUSES = ['new', 'contacted', 'converted'] as const;
export type DemoRequestStatus = (typeof DEMO_REQUEST_STATUSES)[number];

/** The landing page's languages, Hinglish first (BCP 47: Hindi in Latin script). */
export const LANDING_LANGUAGES = ['hi-Latn', 'en'] as const;
export type LandingLanguage = (typeof LANDING_LANGUAGES)[number];

const shortText = z.string().trim().max(100).optional();

/**
 * POST /api/demo-requests (public). The phone follows the spec's phone test (spec 1 §5: 10
 * digits, or + and a 2-digit country code with 8 to 12 digits). `website` is a honeypot:
 * hidden from people, filled in by form-filling bots.
 */
export const demoRequestInputSchema = z.object({
  phone: z
    .string({ error: DEMO_REQUEST_MESSAGES.invalidPhone })
    .trim()
    .refine(looksLikePhoneNumber, DEMO_REQUEST_MESSAGES.invalidPhone),
  name: shortText,
  city: shortText,
  language: z.enum(LANDING_LANGUAGES).optional(),
  website: z.string().max(500).optional(),
});
export type DemoRequestInput = z.infer<typeof demoRequestInputSchema>;

/** GET /api/get-demo-requests?status= */
export const demoRequestStatusFilter = z.enum(['all', ...DEMO_REQUEST_STATUSES]);
export type DemoRequestStatusFilter = z.infer<typeof demoRequestStatusFilter>;

/** POST /api/demo-request-convert/{id}: the lead's branch and name (prefilled from the request). */
export const convertDemoRequestSchema = z.object({
  branchId: idOf(DEMO_REQUEST_MESSAGES.selectBranch),
  name: z
    .string({ error: DEMO_REQUEST_MESSAGES.nameRequired })
    .trim()
    .min(1, DEMO_REQUEST_MESSAGES.nameRequired)
    .max(100),
  remark: z.string().trim().max(1000).optional(),
});
export type ConvertDemoRequestInput = z.infer<typeof convertDemoRequestSchema>;

const personRef = z.object({ _id: z.string(), firstName: z.string(), lastName: z.string() });

export const demoRequestSchema = z.object({
  _id: z.string(),
  phoneNumber: z.string(),
  name: z.string(),
  city: z.string(),
  language: z.enum(LANDING_LANGUAGES),
  status: z.enum(DEMO_REQUEST_STATUSES),
  /** How many times the number asked within a day of the first request (merged). */
  requestCount: z.number(),
  createdAt: z.string(),
  lastRequestedAt: z.string(),
  contactedAt: z.string().nullable(),
  contactedBy: personRef.nullable(),
  convertedAt: z.string().nullable(),
  lead: z
    .object({
      _id: z.string(),
      name: z.string(),
      branch: z.object({ _id: z.string(), name: z.string() }),
    })
    .nullable(),
});
export type DemoRequest = z.infer<typeof demoRequestSchema>;

/** The admin dashboard's figure: requests nobody has called yet. */
export const demoRequestSummarySchema = z.object({ new: z.number() });
export type DemoRequestSummary = z.infer<typeof demoRequestSummarySchema>;
