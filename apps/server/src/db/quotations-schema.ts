import type { QuoteLine, QuoteOption, QuoteTaxing } from '@karya/domain/quotation-schemas';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bills, branches, customers, inventoryItems, leads, users, workOrders } from './schema';

/**
 * Quotations (issue 35, decision 049), in their own schema file: the quote, its versions and
 * the planned items of the order an accepted quote opened. Their numbers run in the branch's
 * document_number_counters under series 'quotation' (the counter row is locked by the upsert
 * of the send that numbers it, so sent quotes are gapless per branch and financial year).
 */

/**
 * One quote: who it is for, its number once sent, its public token, and what the customer did
 * with it. validUntil and totalPaise mirror the latest version, so the list filters expiry and
 * shows the value at a million rows without reading versions. Status 'expired' is never
 * stored: a sent, viewed or changes-requested quote past validUntil (India's day) reads so.
 */
export const quotations = pgTable(
  'quotations',
  {
    id: uuid().primaryKey().defaultRandom(),
    branchId: uuid()
      .notNull()
      .references(() => branches.id),
    /** The lead it was written for; kept after the lead became a customer. */
    leadId: uuid().references(() => leads.id),
    /** The customer it is for: given, or set when acceptance converted the lead. */
    customerId: uuid().references(() => customers.id),
    /** 'QKOTH/26-27/0001'; null until the first send. */
    number: text(),
    financialYear: integer(),
    status: text().notNull().default('draft'),
    projectType: text().notNull(),
    latestVersion: integer().notNull().default(1),
    /** The latest version the customer was sent (the one the public link opens). */
    sentVersion: integer(),
    /** 192 random bits, URL-safe; made on the first send. */
    token: text(),
    validUntil: date({ mode: 'string' }).notNull(),
    totalPaise: bigint({ mode: 'number' }).notNull().default(0),
    sentAt: timestamp({ withTimezone: true }),
    viewedAt: timestamp({ withTimezone: true }),
    acceptedAt: timestamp({ withTimezone: true }),
    acceptedName: text(),
    acceptedOption: integer(),
    acceptedOptionalLineIds: jsonb().$type<string[]>(),
    /** A data: URL of the customer's signature. */
    acceptedSignature: text(),
    acceptedIp: text(),
    acceptedTotalPaise: bigint({ mode: 'number' }),
    acceptedVersion: integer(),
    responseKind: text(),
    responseNote: text(),
    respondedAt: timestamp({ withTimezone: true }),
    /** The New Installation order acceptance opened. */
    workOrderId: uuid().references(() => workOrders.id),
    /** The customer's UPI advance, confirmed by the manager against its transaction id. */
    advancePaise: bigint({ mode: 'number' }),
    advanceTransactionId: text(),
    advanceConfirmedAt: timestamp({ withTimezone: true }),
    advanceConfirmedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** The invoice the advance became a payment of, once that bill was confirmed. */
    advanceBillId: uuid().references(() => bills.id, { onDelete: 'set null' }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'quotations_contact',
      sql`${table.leadId} is not null or ${table.customerId} is not null`,
    ),
    uniqueIndex('quotations_number_key').on(table.number),
    uniqueIndex('quotations_token_key').on(table.token),
    uniqueIndex('quotations_advance_transaction_key').on(table.advanceTransactionId),
    // The list pages newest first within a branch, or within a status (decision 009).
    index('quotations_branch_created_idx').on(table.branchId, table.createdAt.desc()),
    index('quotations_branch_status_created_idx').on(
      table.branchId,
      table.status,
      table.createdAt.desc(),
    ),
    index('quotations_status_created_idx').on(table.status, table.createdAt.desc()),
    // 'Quotes expiring in 3 days' reads the open ones by their last day.
    index('quotations_open_valid_until_idx')
      .on(table.branchId, table.validUntil)
      .where(sql`${table.status} in ('sent', 'viewed', 'changes-requested')`),
    index('quotations_lead_idx').on(table.leadId),
    index('quotations_customer_idx').on(table.customerId),
    index('quotations_work_order_idx').on(table.workOrderId),
  ],
);

/**
 * One version of a quote. Its lines, options and taxing are jsonb: a version is a snapshot
 * written whole while a draft and never changed once sent, always read whole (every answer
 * shows all its lines), and never queried line by line, so a lines table would only add a
 * join to every read. The catalogue's name, unit, HSN/SAC, rate and price are copied into the
 * line when it is saved, so a later change of the catalogue does not change a sent quote.
 */
export const quotationVersions = pgTable(
  'quotation_versions',
  {
    id: uuid().primaryKey().defaultRandom(),
    quotationId: uuid()
      .notNull()
      .references(() => quotations.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    projectType: text().notNull(),
    options: jsonb().$type<QuoteOption[]>().notNull(),
    lines: jsonb().$type<QuoteLine[]>().notNull(),
    discountPaise: bigint({ mode: 'number' }).notNull().default(0),
    validUntil: date({ mode: 'string' }).notNull(),
    terms: text().notNull().default(''),
    notes: text().notNull().default(''),
    siteStateCode: text(),
    /** How it was taxed when last saved (the branch's and contact's state then). */
    taxing: jsonb().$type<QuoteTaxing>().notNull(),
    /** The first option's total with no optional line: the list's value. */
    totalPaise: bigint({ mode: 'number' }).notNull().default(0),
    sentAt: timestamp({ withTimezone: true }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('quotation_versions_key').on(table.quotationId, table.version)],
);

/**
 * What an accepted quote planned for its order: the chosen option's lines, the common ones
 * and the ticked optional ones, as accepted. The technician sees them and the bill is priced
 * from them (billing's plannedPricing): up to the planned quantity of an item at the quoted
 * unit price net of its discounts (netUnitPaise).
 */
export const workOrderPlannedItems = pgTable(
  'work_order_planned_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    workOrderId: uuid()
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    quotationId: uuid()
      .notNull()
      .references(() => quotations.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    /** The quote line's _id. */
    lineId: text().notNull(),
    /** Null: a free line (a custom bracket), which no catalogue item bills. */
    itemId: uuid().references(() => inventoryItems.id, { onDelete: 'set null' }),
    itemCode: text(),
    name: text().notNull(),
    type: text().notNull(),
    unit: text().notNull(),
    hsnSac: text(),
    gstRateBp: integer(),
    priceIncludesTax: boolean().notNull(),
    quantity: doublePrecision().notNull(),
    pricePaise: bigint({ mode: 'number' }).notNull(),
    /** The line's own discount. */
    discountPaise: bigint({ mode: 'number' }).notNull(),
    /** price × quantity − the line's discount − its share of the whole discount. */
    netAmountPaise: bigint({ mode: 'number' }).notNull(),
    /** netAmountPaise ÷ quantity to the paisa: what the bill charges a unit of it. */
    netUnitPaise: bigint({ mode: 'number' }).notNull(),
  },
  (table) => [
    index('work_order_planned_items_order_idx').on(table.workOrderId, table.position),
    index('work_order_planned_items_quotation_idx').on(table.quotationId),
  ],
);
