import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { branches, inventoryItems } from './schema';

/**
 * Issue 38 in its own schema file: the daily rollups the owner's reports read, kept in the
 * same transactions as the orders, bills and payments they count (so a report over a year
 * reads at most 366 rows a branch, never the history), and the reorder levels of items.
 * Days are India days. No foreign key on a rollup's technician: a rollup outlives no row.
 */

/** Per branch and India day: what was invoiced (the GST register's rule) and collected. */
export const reportDailySales = pgTable(
  'report_daily_sales',
  {
    branchId: uuid()
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    invoicedTaxablePaise: bigint({ mode: 'number' }).notNull().default(0),
    invoicedTaxPaise: bigint({ mode: 'number' }).notNull().default(0),
    invoicedTotalPaise: bigint({ mode: 'number' }).notNull().default(0),
    collectedCashPaise: bigint({ mode: 'number' }).notNull().default(0),
    collectedUpiPaise: bigint({ mode: 'number' }).notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.branchId, table.day] }),
    index('report_daily_sales_day_idx').on(table.day),
  ],
);

/** Per technician, branch and India day: their completions, time on the job, bills, transfers. */
export const reportDailyTechnician = pgTable(
  'report_daily_technician',
  {
    technicianId: uuid().notNull(),
    branchId: uuid()
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    completed: integer().notNull().default(0),
    approved: integer().notNull().default(0),
    /** Minutes in progress (pauses excluded) of the jobs completed that day. */
    minutesOnJob: bigint({ mode: 'number' }).notNull().default(0),
    /** The jobs completed that day that a complaint on the same installation followed within 30 days. */
    completedThenComplained: integer().notNull().default(0),
    billedPaise: bigint({ mode: 'number' }).notNull().default(0),
    transfers: integer().notNull().default(0),
    rejections: integer().notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.branchId, table.day, table.technicianId] }),
    index('report_daily_technician_day_idx').on(table.day),
  ],
);

/** Per branch, India day, project type and category: orders opened and approved. */
export const reportDailyWork = pgTable(
  'report_daily_work',
  {
    branchId: uuid()
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    projectType: text().notNull(),
    projectCategory: text().notNull(),
    opened: integer().notNull().default(0),
    completed: integer().notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.branchId, table.day, table.projectType, table.projectCategory] }),
    index('report_daily_work_day_idx').on(table.day),
  ],
);

/**
 * The pending orders of a branch per India day they were opened (created_at), kept by
 * statement triggers on work_orders (migration 0044) as work_order_tallies is, so every path
 * that opens, takes or deletes an order keeps it, bulk SQL included; a day whose orders have
 * all left pending is deleted. The work report's backlog by age sums a few rows of it instead
 * of counting every pending order (decision 054).
 */
export const workOrderPendingDays = pgTable(
  'work_order_pending_days',
  {
    branchId: uuid().notNull(),
    day: date({ mode: 'string' }).notNull(),
    total: integer().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.branchId, table.day] }),
    check('work_order_pending_days_total_not_negative', sql`${table.total} >= 0`),
  ],
);

/** An item's reorder level in a branch: below it, the item shows under 'Low stock'. */
export const reorderLevels = pgTable(
  'reorder_levels',
  {
    itemId: uuid()
      .notNull()
      .references(() => inventoryItems.id, { onDelete: 'cascade' }),
    branchId: uuid()
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    level: integer().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.itemId, table.branchId] }),
    index('reorder_levels_branch_idx').on(table.branchId),
    check('reorder_levels_level_check', sql`${table.level} > 0`),
  ],
);
