import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { amcContracts, branches, users, workOrders } from './schema';

/**
 * Issue 37 in its own schema file: the sticker's link to an installed unit, the branch's
 * response targets, and the response clock of every complaint.
 */

/**
 * The public link a unit's QR sticker prints. Keyed by the first serial of the unit's
 * warranty chain (the unit as installed), so a replacement inherits the sticker: the link
 * reads the chain's current unit. A link made for a unit still in stock goes live when it is
 * installed.
 */
export const unitLinks = pgTable(
  'unit_links',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** 128 random bits, 22 URL-safe characters. */
    token: text().notNull(),
    serialNumber: text().notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('unit_links_token_key').on(table.token),
    uniqueIndex('unit_links_serial_key').on(table.serialNumber),
  ],
);

/** A branch's response targets in hours, by coverage; absent: DEFAULT_SLA_HOURS, working hours. */
export const complaintSlaSettings = pgTable(
  'complaint_sla_settings',
  {
    branchId: uuid()
      .primaryKey()
      .references(() => branches.id, { onDelete: 'cascade' }),
    amcHours: integer().notNull(),
    warrantyHours: integer().notNull(),
    chargeableHours: integer().notNull(),
    counting: text().notNull().default('working'),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'complaint_sla_settings_hours_check',
      sql`${table.amcHours} between 1 and 720 and ${table.warrantyHours} between 1 and 720 and ${table.chargeableHours} between 1 and 720`,
    ),
    check(
      'complaint_sla_settings_counting_check',
      sql`${table.counting} in ('working', 'calendar')`,
    ),
  ],
);

/**
 * A complaint's response clock, written in the transaction that opens the complaint, whatever
 * way it came in. Its due and amber instants are worked out then (in the branch's working
 * hours or the calendar's), so a list reads its state by comparing instants. started_at is
 * set by the first start of the job, in that transaction: the clock's stop.
 */
export const complaintClocks = pgTable(
  'complaint_clocks',
  {
    workOrderId: uuid()
      .primaryKey()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    branchId: uuid()
      .notNull()
      .references(() => branches.id),
    source: text().notNull(),
    coverage: text().notNull(),
    /** The unit it is about, when known (the sticker, a serial). */
    serialNumber: text(),
    /** The installation (project) it is about: the unit for repeats when there is no serial. */
    installationId: uuid().references(() => workOrders.id, { onDelete: 'set null' }),
    amcContractId: uuid().references(() => amcContracts.id, { onDelete: 'set null' }),
    targetHours: integer().notNull(),
    counting: text().notNull(),
    openedAt: timestamp({ withTimezone: true }).notNull(),
    atRiskAt: timestamp({ withTimezone: true }).notNull(),
    dueAt: timestamp({ withTimezone: true }).notNull(),
    startedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('complaint_clocks_branch_opened_idx').on(table.branchId, table.openedAt),
    index('complaint_clocks_running_idx')
      .on(table.branchId, table.atRiskAt)
      .where(sql`${table.startedAt} is null`),
    index('complaint_clocks_serial_idx').on(table.serialNumber, table.openedAt),
    index('complaint_clocks_installation_idx').on(table.installationId, table.openedAt),
    check(
      'complaint_clocks_source_check',
      sql`${table.source} in ('unit-page', 'status-page', 'desk', 'whatsapp')`,
    ),
    check(
      'complaint_clocks_coverage_check',
      sql`${table.coverage} in ('amc', 'warranty', 'chargeable')`,
    ),
  ],
);
