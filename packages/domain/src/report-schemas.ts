import { z } from 'zod';

/**
 * Issue 38: the owner's reports — sales and collections, technician productivity, work, and
 * stock — each a chart above a table, over a range of India days. The contract the server
 * answers and the web reads. Money is in rupees (numbers with paise), as every answer is.
 */

/** A range of India days, both ends included: at most a year, a leap year's included. */
export const REPORT_MAX_DAYS = 366;

export const REPORT_MESSAGES = {
  invalidRange: 'Please choose a start date on or before the end date',
  rangeTooLong: `Please choose a range of at most ${REPORT_MAX_DAYS} days`,
  groupBy: "groupBy must be 'day' or 'month'",
  format: "format must be 'json', 'csv' or 'xlsx'",
  branchNotFound: 'Branch not found',
  itemNotFound: 'Item not found',
  levelRange: 'Enter a whole number from 0 to 1,000,000',
  levelSaved: 'Reorder level saved',
} as const;

/** The presets of the range picker; 'custom' names its own from and to. */
export const REPORT_PRESETS = [
  'today',
  'yesterday',
  'this-week',
  'this-month',
  'last-month',
  'custom',
] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number];
export const REPORT_PRESET_LABELS: Record<ReportPreset, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  'this-week': 'This week',
  'this-month': 'This month',
  'last-month': 'Last month',
  custom: 'Custom',
};

export const REPORT_FORMATS = ['json', 'csv', 'xlsx'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

const day = z
  .string({ error: REPORT_MESSAGES.invalidRange })
  .regex(/^\d{4}-\d{2}-\d{2}$/, REPORT_MESSAGES.invalidRange);

/** ?from=&to=[&branch=][&format=] — the server checks the days exist and the 366-day limit. */
export const reportRangeQuery = z
  .object({
    from: day,
    to: day,
    branch: z.string().trim().max(100).optional(),
    format: z.enum(REPORT_FORMATS, { error: REPORT_MESSAGES.format }).default('json'),
  })
  .refine((range) => range.from <= range.to, {
    message: REPORT_MESSAGES.invalidRange,
    path: ['from'],
  });
export type ReportRangeQuery = z.infer<typeof reportRangeQuery>;

const ref = z.object({ _id: z.string(), name: z.string() });

/* ------------------------------------------------------------ sales and collections */

/** Per day or per month: the sales and work reports' grouping. */
const grouping = z.enum(['day', 'month'], { error: REPORT_MESSAGES.groupBy });

/** ?from=&to=[&groupBy=day|month][&branch=][&format=] (the work report's too). */
export const salesQuery = z
  .object({
    from: day,
    to: day,
    groupBy: grouping.default('day'),
    branch: z.string().trim().max(100).optional(),
    format: z.enum(REPORT_FORMATS, { error: REPORT_MESSAGES.format }).default('json'),
  })
  .refine((range) => range.from <= range.to, {
    message: REPORT_MESSAGES.invalidRange,
    path: ['from'],
  });
export type SalesQuery = z.infer<typeof salesQuery>;

const invoiced = z.object({ taxable: z.number(), tax: z.number(), total: z.number() });
const collected = z.object({ cash: z.number(), upi: z.number(), total: z.number() });

/**
 * One period of one branch. Invoiced: what the GST sales register counts on those days (the
 * same rule: a cancelled invoice without a credit note is not counted; a credit note takes
 * its amount back out on its own day). Collected: payments received on those days by method
 * (refunds given back out on their day), whatever the invoice's date.
 */
export const salesRowSchema = z.object({
  /** 'YYYY-MM-DD' (groupBy=day) or 'YYYY-MM' (groupBy=month). */
  period: z.string(),
  branch: ref,
  invoiced,
  collected,
});
export type SalesRow = z.infer<typeof salesRowSchema>;

/** GET /api/reports/sales: rows for every period and branch with any figure, oldest first. */
export const salesReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  groupBy: grouping,
  rows: z.array(salesRowSchema),
  totals: z.object({ invoiced, collected }),
  /** What customers owed at the end of the range's last day (the dues' rule), in scope. */
  outstandingAtEnd: z.number(),
});
export type SalesReport = z.infer<typeof salesReportSchema>;

/* ------------------------------------------------------------ technician productivity */

export const technicianRowSchema = z.object({
  technician: ref,
  /** Orders this technician completed (sent for approval) in the range. */
  completed: z.number(),
  /** Of those and others, orders approved (status completed) in the range. */
  approved: z.number(),
  /** Mean minutes in progress per completed job, pauses excluded, from the status history. */
  avgMinutesOnJob: z.number().nullable(),
  /** Completed jobs per India day on which the technician completed at least one. */
  jobsPerWorkingDay: z.number().nullable(),
  /** Bills of their orders confirmed in the range, total in rupees. */
  billed: z.number(),
  /**
   * Of the jobs they completed in the range, the share (0–1) with no complaint on the same
   * installation within 30 days after; null when none completed.
   */
  firstTimeFixRate: z.number().nullable(),
  /** Transfers they asked for in the range. */
  transfers: z.number(),
  /** Their transfer requests the manager rejected in the range. */
  rejections: z.number(),
});
export type TechnicianRow = z.infer<typeof technicianRowSchema>;

/** GET /api/reports/technicians */
export const techniciansReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(technicianRowSchema),
});
export type TechniciansReport = z.infer<typeof techniciansReportSchema>;

/* ------------------------------------------------------------ work */

export const BACKLOG_BUCKETS = ['0-2', '3-7', '8-30', '30+'] as const;
export type BacklogBucket = (typeof BACKLOG_BUCKETS)[number];
export const BACKLOG_BUCKET_LABELS: Record<BacklogBucket, string> = {
  '0-2': '0–2 days',
  '3-7': '3–7 days',
  '8-30': '8–30 days',
  '30+': 'Over 30 days',
};

/** ?from=&to=[&groupBy=day|month][&branch=][&format=]: a year reads best by month. */
export const workQuery = salesQuery;
export type WorkQuery = z.infer<typeof workQuery>;

export const workRowSchema = z.object({
  /** 'YYYY-MM-DD' (groupBy=day) or 'YYYY-MM' (groupBy=month), as a sales row's period. */
  day: z.string(),
  projectType: z.string(),
  projectCategory: z.string(),
  opened: z.number(),
  completed: z.number(),
});
export type WorkRow = z.infer<typeof workRowSchema>;

/** GET /api/reports/work */
export const workReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  groupBy: grouping,
  /** Per India day (or month), project type and category: orders opened and approved. */
  rows: z.array(workRowSchema),
  totals: z.object({ opened: z.number(), completed: z.number() }),
  /** Pending orders now, by age since they were opened (India days). */
  backlog: z.array(z.object({ bucket: z.enum(BACKLOG_BUCKETS), count: z.number() })),
});
export type WorkReport = z.infer<typeof workReportSchema>;

/* ------------------------------------------------------------ stock */

/** GET /api/reports/stock[?branch=][&format=] — stock now, not over a range. */
export const stockQuery = z.object({
  branch: z.string().trim().max(100).optional(),
  format: z.enum(REPORT_FORMATS, { error: REPORT_MESSAGES.format }).default('json'),
});

export const STOCK_HOLDER_KINDS = ['branch', 'technician', 'faulty'] as const;

export const stockHolderSchema = z.object({
  kind: z.enum(STOCK_HOLDER_KINDS),
  /** The branch, or the technician whose van it is. */
  holder: ref,
  branch: ref,
  quantity: z.number(),
  /** At purchase price: admins only; null for managers (purchase prices reach admins only). */
  valueAtCost: z.number().nullable(),
});

export const lowStockRowSchema = z.object({
  item: z.object({ _id: z.string(), itemId: z.string(), name: z.string() }),
  branch: ref,
  quantity: z.number(),
  level: z.number(),
});

export const slowMoverSchema = z.object({
  item: z.object({ _id: z.string(), itemId: z.string(), name: z.string() }),
  branch: ref,
  quantity: z.number(),
  /** The last stock movement of the item in the branch (or its vans); null: never moved. */
  lastMovedAt: z.string().nullable(),
});

export const longHeldSerialSchema = z.object({
  serialNumber: z.string(),
  item: z.object({ _id: z.string(), itemId: z.string(), name: z.string() }),
  technician: ref,
  branch: ref,
  /** Since when the technician has held it. */
  since: z.string(),
  days: z.number(),
});

export const stockReportSchema = z.object({
  /** Everything in scope at purchase price: admins only, null for managers. */
  valueAtCost: z.number().nullable(),
  byHolder: z.array(stockHolderSchema),
  lowStock: z.array(lowStockRowSchema),
  /** In stock, and no movement in the last 90 days. */
  slowMovers: z.array(slowMoverSchema),
  /** Serials a technician has held for more than 30 days. */
  longHeldSerials: z.array(longHeldSerialSchema),
});
export type StockReport = z.infer<typeof stockReportSchema>;

export const SLOW_MOVER_DAYS = 90;
export const LONG_HELD_DAYS = 30;

/** PUT /api/reorder-levels: an item's reorder level in a branch (0 clears it). */
// A body that is no object says what to send, not zod's 'expected object'.
export const reorderLevelInput = z.object(
  {
    itemId: z.string().trim().min(1, REPORT_MESSAGES.itemNotFound).max(100),
    branchId: z.string().trim().min(1, REPORT_MESSAGES.branchNotFound).max(100),
    level: z
      .number({ error: REPORT_MESSAGES.levelRange })
      .int(REPORT_MESSAGES.levelRange)
      .min(0, REPORT_MESSAGES.levelRange)
      .max(1_000_000, REPORT_MESSAGES.levelRange),
  },
  { error: 'Send { itemId, branchId, level }' },
);
export type ReorderLevelInput = z.infer<typeof reorderLevelInput>;

export const reorderLevelSchema = z.object({
  itemId: z.string(),
  branchId: z.string(),
  level: z.number(),
});

/** The manager's dashboard card: items of the branch below their reorder level. */
export const lowStockCardSchema = z.object({ count: z.number() });
