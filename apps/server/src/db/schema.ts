import { AMC_BILLINGS, AMC_COVERAGES, AMC_STATUSES } from '@karya/domain/amc';
import { BILL_PAYMENT_STATUSES, PAYMENT_METHODS } from '@karya/domain/bill-schemas';
import {
  LEAD_STATUSES,
  PROJECT_CATEGORIES,
  WORK_ORDER_STATUSES,
} from '@karya/domain/contact-schemas';
import { UPDATE_LANGUAGES } from '@karya/domain/customer-updates';
import type { WorkingHours } from '@karya/domain/schedule';
import { DEMO_REQUEST_STATUSES } from '@karya/domain/system-schemas';
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const userRole = pgEnum('user_role', ['admin', 'manager', 'technician']);
export const entityStatus = pgEnum('entity_status', ['active', 'inactive']);
export const managerAccessStatus = pgEnum('manager_access_status', [
  'active',
  'pending',
  'transferring',
  'transferred',
]);
export const transferStatus = pgEnum('transfer_status', ['pending', 'accepted', 'rejected']);

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

export const branches = pgTable(
  'branches',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    location: text().notNull(),
    address: text().notNull().default(''),
    phone: text().notNull().default(''),
    status: entityStatus().notNull().default('active'),
    /** The UPI payee of the branch's bills; null falls back to UPI_VPA / UPI_NAME (decision 008). */
    upiVpa: text(),
    upiName: text(),
    /**
     * Tax identity printed on the branch's invoices (issue 19, decision 020): its GSTIN (null:
     * the branch issues bills of supply), the state it supplies from (GST state code, '29'),
     * and the invoice series prefix, unique across branches so two branches under one GSTIN
     * never print the same number; given on first use when not set by an admin.
     */
    gstin: text(),
    stateCode: text(),
    invoicePrefix: text(),
    /**
     * Whether 'Complete Project & Send for Approval' needs the customer's signature first
     * (issue 22); on unless the branch's admin turns it off.
     */
    requireSignature: boolean().notNull().default(true),
    createdBy: uuid().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [
    index('branches_name_idx').on(sql`lower(${table.name})`),
    uniqueIndex('branches_invoice_prefix_key').on(table.invoicePrefix),
  ],
);

/**
 * The business behind every branch (issue 19): one row, the name and address printed at the
 * top of each invoice, and whether it is GST-registered at all.
 */
export const businessProfile = pgTable(
  'business_profile',
  {
    /** Always true: the primary key makes the table hold at most one row. */
    singleton: boolean().primaryKey().default(true),
    legalName: text().notNull().default(''),
    tradeName: text().notNull().default(''),
    /** A data: URL (PNG, JPEG or WebP, at most 200 KB) or null. */
    logo: text(),
    address: text().notNull().default(''),
    phone: text().notNull().default(''),
    email: text().notNull().default(''),
    gstRegistered: boolean().notNull().default(false),
    /** The terms a new quotation starts with (issue 35). */
    quoteTerms: text().notNull().default(''),
    /** The accountant's Tally ledgers the export posts to (issue 36). */
    tallySalesLedger: text().notNull().default('Sales'),
    tallyCgstLedger: text().notNull().default('CGST'),
    tallySgstLedger: text().notNull().default('SGST'),
    tallyIgstLedger: text().notNull().default('IGST'),
    tallyRoundOffLedger: text().notNull().default('Round Off'),
    tallyCashLedger: text().notNull().default('Cash'),
    tallyBankLedger: text().notNull().default('Bank'),
    updatedBy: uuid().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('business_profile_singleton', sql`${table.singleton}`)],
);

/** The GST slabs an item may carry, as data: a change of law is a row, not a release. */
export const gstRates = pgTable('gst_rates', {
  /** Basis points: 1800 is 18 %. */
  rateBp: integer().primaryKey(),
  active: boolean().notNull().default(true),
});

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text().notNull(),
    phone: text().notNull().default(''),
    username: text().notNull(),
    location: text().notNull().default(''),
    role: userRole().notNull(),
    status: entityStatus().notNull().default('active'),
    branchId: uuid().references(() => branches.id, { onDelete: 'set null' }),
    activeManagerStatus: managerAccessStatus(),
    passwordHash: text().notNull(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${table.username})`),
    index('users_role_branch_idx').on(table.role, table.branchId),
    // A branch has at most one owner: the active manager, or the one handing it over.
    uniqueIndex('users_one_owner_per_branch')
      .on(table.branchId)
      .where(
        sql`${table.role} = 'manager' and ${table.activeManagerStatus} in ('active', 'transferring')`,
      ),
  ],
);

/** Server sessions: the cookie carries a random token, the table only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/** Failed logins, kept in the database so the limit holds across API processes. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    ip: text().notNull(),
    username: text().notNull(),
    attemptedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('login_failures_key_idx').on(table.username, table.ip, table.attemptedAt),
    index('login_failures_ip_idx').on(table.ip, table.attemptedAt),
  ],
);

export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    action: text().notNull(),
    entityType: text().notNull(),
    entityId: text(),
    summary: text().notNull(),
    changes: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_events_entity_idx').on(table.entityType, table.entityId, table.createdAt),
    index('audit_events_actor_idx').on(table.actorId, table.createdAt),
  ],
);

/**
 * A manager handing a branch to a pending manager of the same branch (spec 1 §4). The
 * partial unique index keeps at most one open request per branch even under races.
 */
export const ownershipTransfers = pgTable(
  'ownership_transfers',
  {
    id: uuid().primaryKey().defaultRandom(),
    branchId: uuid()
      .notNull()
      .references(() => branches.id),
    oldManagerId: uuid()
      .notNull()
      .references(() => users.id),
    newManagerId: uuid()
      .notNull()
      .references(() => users.id),
    message: text().notNull().default(''),
    status: transferStatus().notNull().default('pending'),
    responseMessage: text(),
    rejectReason: text(),
    respondedAt: timestamp({ withTimezone: true }),
    rejectedAt: timestamp({ withTimezone: true }),
    acknowledgedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ownership_transfers_one_pending_per_branch')
      .on(table.branchId)
      .where(sql`${table.status} = 'pending'`),
    index('ownership_transfers_new_manager_idx').on(table.newManagerId, table.status),
    index('ownership_transfers_old_manager_idx').on(table.oldManagerId, table.status),
  ],
);

export const leadStatus = pgEnum('lead_status', LEAD_STATUSES);
export const workOrderStatus = pgEnum('work_order_status', WORK_ORDER_STATUSES);
export const projectCategory = pgEnum('project_category', PROJECT_CATEGORIES);
/** The language a contact's WhatsApp updates and job-status page are in (issue 21). */
export const updateLanguage = pgEnum('update_language', UPDATE_LANGUAGES);

/** Numbers of human-readable ids (WO-2026-000123, PRJ-2026-000045): unique under concurrency. */
export const workOrderNumberSeq = pgSequence('work_order_number_seq', { startWith: 1 });
export const projectNumberSeq = pgSequence('project_number_seq', { startWith: 1 });

/**
 * What the work-order lists' free-text search reads (decision 010), one lower-case text per
 * row with its fields joined by the unit separator, which no one types, so a search cannot
 * match across two fields. Each has a pg_trgm GIN index on exactly this expression; a query
 * must use these functions for the index to apply.
 */
export function customerSearchText(table: { name: AnyPgColumn; phoneNumber: AnyPgColumn }): SQL {
  return sql`(lower(${table.name}) || chr(31) || ${table.phoneNumber})`;
}
export function workOrderSearchText(table: {
  orderId: AnyPgColumn;
  projectId: AnyPgColumn;
  projectType: AnyPgColumn;
}): SQL {
  return sql`(lower(${table.orderId}) || chr(31) || lower(${table.projectId}) || chr(31) || lower(${table.projectType}))`;
}

/**
 * Phone columns of a contact: what was typed, the normalised form ('+919876543210') and the
 * digits without country code ('9876543210'). Search matches a prefix of the national
 * digits or a suffix (through reverse()), both served by btree text_pattern_ops indexes,
 * so it works on PGlite and PostgreSQL alike without pg_trgm (decision 005).
 */
const contactColumns = {
  name: text().notNull(),
  phoneNumber: text().notNull(),
  phoneNormalized: text().notNull(),
  phoneNational: text().notNull(),
  whatsappNumber: text().notNull().default(''),
  email: text().notNull().default(''),
  address: text().notNull().default(''),
  /** GST state code of the address ('29'); null: not given (invoices fall back to the branch's). */
  stateCode: text(),
  /** A business customer's GSTIN (B2B invoices); null for consumers. */
  gstin: text(),
  age: integer(),
  /** What the customer's updates are written in; a lead converted keeps its own. */
  preferredLanguage: updateLanguage().notNull().default('hinglish'),
  branchId: uuid()
    .notNull()
    .references(() => branches.id),
  createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
};

/**
 * A typed WhatsApp number's national digits (+91 98765 43210 → 9876543210): how an inbound
 * message finds its contact (modules/whatsapp-conversations/inbound.ts). One helper for the
 * query and the indexes below, since PostgreSQL uses an expression index only for the same
 * expression.
 */
export const whatsappNationalOf = (column: AnyPgColumn | SQL) =>
  sql`right(regexp_replace(${column}, '\\D', '', 'g'), 10)`;

export const leads = pgTable(
  'leads',
  {
    id: uuid().primaryKey().defaultRandom(),
    ...contactColumns,
    status: leadStatus().notNull().default('neutral'),
    initialRemark: text().notNull().default(''),
    /**
     * Where the lead came from, when not typed at the desk (null): 'WhatsApp' for a lead made by
     * a message from a number Karya did not know (issue 40). The spec's lead has no source.
     */
    source: text(),
    /** Set when the lead became a customer; such a lead leaves the lead list. */
    convertedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index('leads_open_branch_updated_idx')
      .on(table.branchId, table.updatedAt)
      .where(sql`${table.convertedAt} is null`),
    index('leads_updated_idx').on(table.updatedAt).where(sql`${table.convertedAt} is null`),
    index('leads_phone_national_idx').on(sql`${table.phoneNational} text_pattern_ops`),
    index('leads_phone_national_rev_idx').on(sql`reverse(${table.phoneNational}) text_pattern_ops`),
    index('leads_whatsapp_national_idx').on(whatsappNationalOf(table.whatsappNumber)),
    index('leads_name_idx').on(sql`lower(${table.name}) text_pattern_ops`),
    index('leads_email_idx').on(sql`lower(${table.email}) text_pattern_ops`),
  ],
);

export const leadRemarks = pgTable(
  'lead_remarks',
  {
    id: uuid().primaryKey().defaultRandom(),
    leadId: uuid()
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    text: text().notNull(),
    status: leadStatus().notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('lead_remarks_lead_idx').on(table.leadId, table.createdAt)],
);

export const customers = pgTable(
  'customers',
  {
    id: uuid().primaryKey().defaultRandom(),
    ...contactColumns,
    status: entityStatus().notNull().default('active'),
    convertedFromLead: boolean().notNull().default(false),
    /** The lead it came from: at most one customer per lead, so converting twice cannot. */
    leadId: uuid().references(() => leads.id),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('customers_lead_key').on(table.leadId),
    index('customers_branch_updated_idx').on(table.branchId, table.updatedAt),
    index('customers_updated_idx').on(table.updatedAt),
    index('customers_phone_national_idx').on(sql`${table.phoneNational} text_pattern_ops`),
    index('customers_phone_national_rev_idx').on(
      sql`reverse(${table.phoneNational}) text_pattern_ops`,
    ),
    index('customers_whatsapp_national_idx').on(whatsappNationalOf(table.whatsappNumber)),
    index('customers_name_idx').on(sql`lower(${table.name}) text_pattern_ops`),
    index('customers_email_idx').on(sql`lower(${table.email}) text_pattern_ops`),
    index('customers_search_trgm_idx').using('gin', sql`${customerSearchText(table)} gin_trgm_ops`),
  ],
);

/**
 * A work order (spec 2 §3). A new installation starts a project (its own projectId); a
 * complaint (category Repair) keeps the projectId of the completed installation it is
 * about (existingProjectId) and that project's technician as originalTechnician.
 */
export const workOrders = pgTable(
  'work_orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: text().notNull(),
    projectId: text().notNull(),
    projectType: text().notNull(),
    projectCategory: projectCategory().notNull().default('New Installation'),
    status: workOrderStatus().notNull().default('pending'),
    customerId: uuid()
      .notNull()
      .references(() => customers.id),
    branchId: uuid()
      .notNull()
      .references(() => branches.id),
    technicianId: uuid().references(() => users.id, { onDelete: 'set null' }),
    originalTechnicianId: uuid().references(() => users.id, { onDelete: 'set null' }),
    existingProjectId: uuid().references((): AnyPgColumn => workOrders.id),
    initialRemark: text().notNull().default(''),
    instructions: text().notNull().default(''),
    /**
     * Where the work is done, when not the customer's own address: the place of supply of what
     * is installed there (issue 19). Null: the customer's address and state.
     */
    siteAddress: text(),
    siteStateCode: text(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    assignedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    assignedAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    approvedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** The transferred order of the same project this pending one was created from. */
    transferredFromId: uuid().references((): AnyPgColumn => workOrders.id),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('work_orders_order_id_key').on(table.orderId),
    index('work_orders_project_id_idx').on(table.projectId),
    index('work_orders_search_trgm_idx').using(
      'gin',
      sql`${workOrderSearchText(table)} gin_trgm_ops`,
    ),
    index('work_orders_customer_idx').on(table.customerId, table.createdAt),
    // An order or project id typed from its start ('WO-2026-0001…') is a btree prefix
    // range; the trigram index would read the lists every id shares (issue 17).
    index('work_orders_order_id_prefix_idx').using(
      'btree',
      sql`lower(${table.orderId}) text_pattern_ops`,
    ),
    index('work_orders_project_id_prefix_idx').using(
      'btree',
      sql`lower(${table.projectId}) text_pattern_ops`,
    ),
    // The lists read one status at a time in their sort order, so each page is an index
    // range, not a sort of the branch's orders (decision 009).
    index('work_orders_branch_status_created_idx').on(
      table.branchId,
      table.status,
      table.createdAt.desc().nullsFirst(),
      table.orderId.desc().nullsFirst(),
    ),
    index('work_orders_branch_status_updated_idx').on(
      table.branchId,
      table.status,
      table.updatedAt.desc().nullsFirst(),
      table.orderId.desc().nullsFirst(),
    ),
    // The category filter of the pending list and the projects list, as index ranges too.
    index('work_orders_branch_category_status_created_idx').on(
      table.branchId,
      table.projectCategory,
      table.status,
      table.createdAt.desc().nullsFirst(),
      table.orderId.desc().nullsFirst(),
    ),
    index('work_orders_branch_category_status_updated_idx').on(
      table.branchId,
      table.projectCategory,
      table.status,
      table.updatedAt.desc().nullsFirst(),
      table.orderId.desc().nullsFirst(),
    ),
    index('work_orders_technician_status_updated_idx').on(
      table.technicianId,
      table.status,
      table.updatedAt.desc().nullsFirst(),
      table.orderId.desc().nullsFirst(),
    ),
    index('work_orders_status_created_idx').on(
      table.status,
      table.createdAt.desc().nullsFirst(),
      table.orderId.desc().nullsFirst(),
    ),
    index('work_orders_status_updated_idx').on(
      table.status,
      table.updatedAt.desc().nullsFirst(),
      table.orderId.desc().nullsFirst(),
    ),
    // Spec 2 §4: a technician holds one in-progress project at a time, even under races.
    uniqueIndex('work_orders_one_in_progress_per_technician')
      .on(table.technicianId)
      .where(sql`${table.status} = 'in-progress'`),
  ],
);

/** technician_key of the orders no technician holds (a key column cannot be null). */
export const NO_TECHNICIAN_KEY = '00000000-0000-0000-0000-000000000000';
/** NO_TECHNICIAN_KEY as an SQL uuid literal, for comparisons with technician_key. */
export const NO_TECHNICIAN = sql.raw(`'${NO_TECHNICIAN_KEY}'::uuid`);

/**
 * How many work orders each (branch, technician, status) holds, kept by statement triggers
 * on work_orders in the same transaction as the change (migration 0005, decision 009):
 * every dashboard count reads a few of these rows instead of counting a million orders.
 */
export const workOrderTallies = pgTable(
  'work_order_tallies',
  {
    branchId: uuid().notNull(),
    /** The technician's id, or NO_TECHNICIAN_KEY. No foreign key: the tally outlives no row. */
    technicianKey: uuid().notNull(),
    status: workOrderStatus().notNull(),
    total: integer().notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.branchId, table.technicianKey, table.status] }),
    index('work_order_tallies_technician_idx').on(table.technicianKey, table.status),
    check('work_order_tallies_total_not_negative', sql`${table.total} >= 0`),
  ],
);

export const workOrderStatusHistory = pgTable(
  'work_order_status_history',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    workOrderId: uuid()
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    status: text().notNull(),
    remark: text().notNull().default(''),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('work_order_status_history_order_idx').on(table.workOrderId, table.updatedAt)],
);

/* ---------- Bills (spec 2 §3, §5): the minimal record the billing issue extends ---------- */

export const billPaymentStatus = pgEnum('bill_payment_status', BILL_PAYMENT_STATUSES);
export const paymentMethod = pgEnum('payment_method', PAYMENT_METHODS);
export const invoiceKind = pgEnum('invoice_kind', ['tax-invoice', 'bill-of-supply']);
export const cancelledMoney = pgEnum('cancelled_money', ['refund', 'advance']);

/**
 * A bill of a work order. It is pending until confirmed (paid_at set: the payment is recorded
 * and the stock moved to the customer) or rejected (rejected_at set); never both (decision 008).
 */
export const bills = pgTable(
  'bills',
  {
    id: uuid().primaryKey().defaultRandom(),
    /**
     * Given when the payment is confirmed, so the numbers an accountant sees run without gaps:
     * a draft the technician abandoned never had one (issue 15).
     */
    billNumber: text(),
    workOrderId: uuid()
      .notNull()
      .references(() => workOrders.id),
    technicianId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** Money in paise. */
    totalPaise: bigint({ mode: 'number' }).notNull().default(0),
    paidPaise: bigint({ mode: 'number' }).notNull().default(0),
    paymentStatus: billPaymentStatus().notNull().default('unpaid'),
    paymentMethod: paymentMethod(),
    transactionId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp({ withTimezone: true }),
    confirmedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    rejectedAt: timestamp({ withTimezone: true }),
    rejectedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    rejectionReason: text(),
    /**
     * The invoice the bill became at confirmation (issue 19, decision 020): its number in the
     * branch's financial-year series, its kind, its date in India, and a snapshot of supplier
     * and recipient as printed, so a later change of profile never rewrites an issued invoice.
     */
    invoiceNumber: text(),
    invoiceKind: invoiceKind(),
    invoiceDate: text(),
    financialYear: integer(),
    placeOfSupply: text(),
    supplier: jsonb(),
    recipient: jsonb(),
    /** Tax totals and the round-off to the rupee; totalPaise is the rounded total. */
    taxablePaise: bigint({ mode: 'number' }).notNull().default(0),
    cgstPaise: bigint({ mode: 'number' }).notNull().default(0),
    sgstPaise: bigint({ mode: 'number' }).notNull().default(0),
    igstPaise: bigint({ mode: 'number' }).notNull().default(0),
    roundOffPaise: bigint({ mode: 'number' }).notNull().default(0),
    /** A cancelled invoice keeps its number; it leaves the dues and the register's totals. */
    cancelledAt: timestamp({ withTimezone: true }),
    cancelledBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    cancellationReason: text(),
    /**
     * What became of the money received on a cancelled invoice (decision 041): refunded with a
     * voucher (bill_refunds), or kept as the customer's advance for the corrected invoice.
     * Null when nothing was received, and on invoices cancelled before the choice existed.
     */
    cancelledMoney: cancelledMoney(),
    /** The cancelled invoice this one corrects: the job billed again (decision 041). */
    correctsBillId: uuid().references((): AnyPgColumn => bills.id, { onDelete: 'restrict' }),
  },
  (table) => [
    uniqueIndex('bills_bill_number_key').on(table.billNumber),
    // A cancelled invoice is corrected once.
    uniqueIndex('bills_corrects_key')
      .on(table.correctsBillId)
      .where(sql`${table.correctsBillId} is not null`),
    uniqueIndex('bills_invoice_number_key').on(table.invoiceNumber),
    // Outstanding dues: confirmed, not cancelled, something still owed.
    index('bills_open_dues_idx')
      .on(table.invoiceDate)
      .where(
        sql`${table.paidAt} is not null and ${table.cancelledAt} is null and ${table.paidPaise} < ${table.totalPaise}`,
      ),
    index('bills_invoice_date_idx')
      .on(table.invoiceDate)
      .where(sql`${table.invoiceNumber} is not null`),
    index('bills_work_order_idx').on(table.workOrderId, table.createdAt),
    index('bills_technician_idx').on(table.technicianId, table.createdAt),
    index('bills_created_idx').on(table.createdAt),
    // The few cancelled invoices by when (issue 38): one cancelled after a report's last day
    // was still owed at its end.
    index('bills_cancelled_idx').on(table.cancelledAt).where(sql`${table.cancelledAt} is not null`),
    check(
      'bills_paid_within_total',
      sql`${table.paidPaise} >= 0 and ${table.paidPaise} <= ${table.totalPaise}`,
    ),
    check(
      'bills_confirmed_or_rejected',
      sql`${table.paidAt} is null or ${table.rejectedAt} is null`,
    ),
  ],
);

/* ---------- Inventory: catalogue and the stock ledger (decision 006) ---------- */

export const inventoryItemType = pgEnum('inventory_item_type', [
  'serialized-product',
  'generic-product',
  'service',
]);
/**
 * Where a unit is: a branch's stock, a technician's hands, a return awaiting confirmation, a
 * customer's site, or a branch's faulty shelf (a unit taken back under warranty: the branch
 * holds it but cannot sell it).
 */
export const stockLocation = pgEnum('stock_location', [
  'supplier',
  'branch',
  'technician',
  'pending-return',
  'customer',
  'faulty',
]);
export const returnStatus = pgEnum('inventory_return_status', ['pending', 'confirmed']);

export const inventoryItems = pgTable(
  'inventory_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The client-made id ('ITEM-' plus a timestamp); every itemId of the API accepts it. */
    code: text().notNull(),
    type: inventoryItemType().notNull(),
    name: text().notNull(),
    unit: text().notNull().default('Piece'),
    warranty: text().notNull().default(''),
    /** HSN (goods) or SAC (services) code and GST rate in basis points; null: not set yet. */
    hsnSac: text(),
    gstRateBp: integer(),
    /** Whether the sale price already includes GST (retail's default in India). */
    priceIncludesTax: boolean().notNull().default(true),
    /** Money in paise. */
    mrpPaise: bigint({ mode: 'number' }).notNull().default(0),
    purchasePricePaise: bigint({ mode: 'number' }).notNull().default(0),
    salePricePaise: bigint({ mode: 'number' }).notNull().default(0),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [uniqueIndex('inventory_items_code_key').on(table.code)],
);

/** Current holdings, maintained in the same transaction as each movement. */
export const branchStock = pgTable(
  'branch_stock',
  {
    itemId: uuid()
      .notNull()
      .references(() => inventoryItems.id, { onDelete: 'restrict' }),
    branchId: uuid()
      .notNull()
      .references(() => branches.id, { onDelete: 'restrict' }),
    quantity: integer().notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.itemId, table.branchId] }),
    // A branch's stock (the stock report, the dashboard's low stock): its key starts with the item.
    index('branch_stock_branch_idx').on(table.branchId),
    check('branch_stock_quantity_not_negative', sql`${table.quantity} >= 0`),
  ],
);

export const technicianStock = pgTable(
  'technician_stock',
  {
    itemId: uuid()
      .notNull()
      .references(() => inventoryItems.id, { onDelete: 'restrict' }),
    technicianId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    quantity: integer().notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.itemId, table.technicianId] }),
    check('technician_stock_quantity_not_negative', sql`${table.quantity} >= 0`),
  ],
);

export const inventoryReturns = pgTable(
  'inventory_returns',
  {
    id: uuid().primaryKey().defaultRandom(),
    technicianId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    branchId: uuid().references(() => branches.id, { onDelete: 'set null' }),
    status: returnStatus().notNull().default('pending'),
    confirmedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    confirmedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (table) => [index('inventory_returns_branch_status_idx').on(table.branchId, table.status)],
);

export const inventoryReturnLines = pgTable(
  'inventory_return_lines',
  {
    id: uuid().primaryKey().defaultRandom(),
    returnId: uuid()
      .notNull()
      .references(() => inventoryReturns.id, { onDelete: 'cascade' }),
    itemId: uuid()
      .notNull()
      .references(() => inventoryItems.id, { onDelete: 'restrict' }),
    serialNumber: text(),
    quantity: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('inventory_return_lines_return_idx').on(table.returnId),
    check('inventory_return_lines_quantity_positive', sql`${table.quantity} > 0`),
  ],
);

/** One row per serial, across all items: a serial exists once and is in exactly one place. */
export const serialUnits = pgTable(
  'serial_units',
  {
    serialNumber: text().primaryKey(),
    itemId: uuid()
      .notNull()
      .references(() => inventoryItems.id, { onDelete: 'restrict' }),
    location: stockLocation().notNull(),
    branchId: uuid().references(() => branches.id, { onDelete: 'restrict' }),
    technicianId: uuid().references(() => users.id, { onDelete: 'restrict' }),
    returnId: uuid().references(() => inventoryReturns.id, { onDelete: 'restrict' }),
    /** At a customer: the work order and bill it was used on (spec 2 §7 'used serials'). */
    workOrderId: uuid().references((): AnyPgColumn => workOrders.id, { onDelete: 'restrict' }),
    customerId: uuid().references((): AnyPgColumn => customers.id, { onDelete: 'restrict' }),
    billId: uuid().references((): AnyPgColumn => bills.id, { onDelete: 'restrict' }),
    /**
     * At a customer: when the unit's warranty began (the bill's confirmation) and who fitted it.
     * A warranty replacement keeps the unit it replaces' date, so a swap never extends it.
     */
    installedAt: timestamp({ withTimezone: true }),
    installedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    stockedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    remark: text().notNull().default(''),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('serial_units_item_location_idx').on(table.itemId, table.location),
    // The units an installation fitted and a customer holds (a complaint's coverage, the status
    // page, Installed Products): an index range, not a scan of every serial ever stocked.
    index('serial_units_work_order_idx')
      .on(table.workOrderId)
      .where(sql`${table.workOrderId} is not null`),
    index('serial_units_customer_idx')
      .on(table.customerId)
      .where(sql`${table.customerId} is not null`),
    check(
      'serial_units_one_place',
      sql`(${table.location} = 'branch' and ${table.branchId} is not null and ${table.technicianId} is null and ${table.returnId} is null)
       or (${table.location} = 'technician' and ${table.technicianId} is not null and ${table.returnId} is null)
       or (${table.location} = 'pending-return' and ${table.technicianId} is not null and ${table.returnId} is not null)
       or (${table.location}::text = 'customer' and ${table.workOrderId} is not null and ${table.customerId} is not null and ${table.branchId} is null and ${table.technicianId} is null and ${table.returnId} is null)
       or (${table.location}::text = 'faulty' and ${table.branchId} is not null and ${table.technicianId} is null and ${table.returnId} is null)`,
    ),
  ],
);

/** The ledger: every stock change is a row here; nothing is ever updated or deleted. */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    itemId: uuid()
      .notNull()
      .references(() => inventoryItems.id, { onDelete: 'restrict' }),
    serialNumber: text(),
    quantity: integer().notNull(),
    fromLocation: stockLocation().notNull(),
    fromBranchId: uuid().references(() => branches.id, { onDelete: 'set null' }),
    fromTechnicianId: uuid().references(() => users.id, { onDelete: 'set null' }),
    toLocation: stockLocation().notNull(),
    toBranchId: uuid().references(() => branches.id, { onDelete: 'set null' }),
    toTechnicianId: uuid().references(() => users.id, { onDelete: 'set null' }),
    returnId: uuid().references(() => inventoryReturns.id, { onDelete: 'set null' }),
    /** A movement to a customer: the bill, its work order and the customer. */
    billId: uuid().references((): AnyPgColumn => bills.id, { onDelete: 'set null' }),
    workOrderId: uuid().references((): AnyPgColumn => workOrders.id, { onDelete: 'set null' }),
    customerId: uuid().references((): AnyPgColumn => customers.id, { onDelete: 'set null' }),
    /** The branch whose ledger the movement belongs to (its managers see it). */
    branchId: uuid().references(() => branches.id, { onDelete: 'set null' }),
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    remark: text().notNull().default(''),
    /** The date the user gave (stock-in); otherwise the moment of the movement. */
    movedOn: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('stock_movements_item_idx').on(table.itemId, table.createdAt),
    // The stock report's slow movers (issue 38): an item's last movement in a branch, one probe.
    index('stock_movements_item_branch_moved_idx').on(table.itemId, table.branchId, table.movedOn),
    index('stock_movements_branch_idx').on(table.branchId, table.createdAt),
    index('stock_movements_from_tech_idx').on(table.fromTechnicianId),
    index('stock_movements_to_tech_idx').on(table.toTechnicianId),
    index('stock_movements_from_branch_idx').on(table.fromBranchId),
    index('stock_movements_to_branch_idx').on(table.toBranchId),
    check('stock_movements_quantity_positive', sql`${table.quantity} > 0`),
  ],
);

/* ---------- Bill lines and numbers (decision 008), after the catalogue they name ---------- */

/** The priced lines of a bill: prices copied from the catalogue when the bill is made. */
export const billLines = pgTable(
  'bill_lines',
  {
    id: uuid().primaryKey().defaultRandom(),
    billId: uuid()
      .notNull()
      .references(() => bills.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    itemId: uuid()
      .notNull()
      .references((): AnyPgColumn => inventoryItems.id, { onDelete: 'restrict' }),
    name: text().notNull(),
    type: inventoryItemType().notNull(),
    unit: text().notNull(),
    serialNumber: text(),
    quantity: integer().notNull(),
    /** Money in paise. */
    pricePaise: bigint({ mode: 'number' }).notNull(),
    /** What the customer pays for the line, tax included. */
    amountPaise: bigint({ mode: 'number' }).notNull(),
    /** The item's tax data when billed (issue 19); null rate: not set, no tax charged. */
    hsnSac: text(),
    gstRateBp: integer(),
    priceIncludesTax: boolean().notNull().default(true),
    warranty: text().notNull().default(''),
    taxablePaise: bigint({ mode: 'number' }).notNull().default(0),
    cgstPaise: bigint({ mode: 'number' }).notNull().default(0),
    sgstPaise: bigint({ mode: 'number' }).notNull().default(0),
    igstPaise: bigint({ mode: 'number' }).notNull().default(0),
  },
  (table) => [
    index('bill_lines_bill_idx').on(table.billId, table.position),
    check('bill_lines_quantity_positive', sql`${table.quantity} > 0`),
    check('bill_lines_serial_is_one', sql`${table.serialNumber} is null or ${table.quantity} = 1`),
  ],
);

/**
 * The last bill number handed out per branch code and day: the counter row is updated in the
 * bill's own transaction, so concurrent bills queue on it and never share a number.
 */
export const billNumberCounters = pgTable(
  'bill_number_counters',
  {
    branchCode: text().notNull(),
    day: text().notNull(),
    last: integer().notNull(),
  },
  (table) => [primaryKey({ columns: [table.branchCode, table.day] })],
);

/**
 * The last invoice and receipt number of each branch and financial year (issue 19): updated in
 * the confirming transaction, so concurrent confirmations queue on the row and numbers run
 * without gaps or repeats.
 */
export const documentNumberCounters = pgTable(
  'document_number_counters',
  {
    branchId: uuid()
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    financialYear: integer().notNull(),
    series: text().notNull(),
    last: integer().notNull(),
  },
  (table) => [primaryKey({ columns: [table.branchId, table.financialYear, table.series] })],
);

/**
 * Every payment received against a bill: the one taken when it is confirmed and each later
 * one, each a receipt with its own number. bills.paid_paise is their sum.
 */
export const billPayments = pgTable(
  'bill_payments',
  {
    id: uuid().primaryKey().defaultRandom(),
    billId: uuid()
      .notNull()
      .references(() => bills.id, { onDelete: 'cascade' }),
    receiptNumber: text().notNull(),
    amountPaise: bigint({ mode: 'number' }).notNull(),
    method: paymentMethod().notNull(),
    transactionId: text(),
    receivedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * Set on a payment that is an advance kept from this cancelled invoice and applied to the
     * corrected one (decision 041): it carries the receipt the money came under, no new one.
     */
    advanceOfBillId: uuid().references((): AnyPgColumn => bills.id, { onDelete: 'restrict' }),
  },
  (table) => [
    uniqueIndex('bill_payments_receipt_number_key')
      .on(table.receiptNumber)
      .where(sql`${table.advanceOfBillId} is null`),
    index('bill_payments_bill_idx').on(table.billId, table.receivedAt),
    // The sales report's outstanding at the end of a past day adds back what was received
    // after it (issue 38): payments by time, not by bill.
    index('bill_payments_received_idx').on(table.receivedAt),
    // One UPI transaction pays one receipt: a retried or pasted-twice id is refused.
    uniqueIndex('bill_payments_transaction_key')
      .on(table.transactionId)
      .where(sql`${table.transactionId} is not null`),
    check('bill_payments_amount_positive', sql`${table.amountPaise} > 0`),
  ],
);

/* ---------- Cancelled invoices: refunds and credit notes (decision 041) ---------- */

/**
 * Money given back on a cancelled invoice: a refund voucher numbered in the branch's own
 * series per financial year ('V' + the invoice prefix).
 */
export const billRefunds = pgTable(
  'bill_refunds',
  {
    id: uuid().primaryKey().defaultRandom(),
    billId: uuid()
      .notNull()
      .references(() => bills.id, { onDelete: 'cascade' }),
    voucherNumber: text().notNull(),
    amountPaise: bigint({ mode: 'number' }).notNull(),
    method: paymentMethod().notNull(),
    transactionId: text(),
    refundedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    refundedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('bill_refunds_voucher_number_key').on(table.voucherNumber),
    index('bill_refunds_bill_idx').on(table.billId),
    uniqueIndex('bill_refunds_transaction_key')
      .on(table.transactionId)
      .where(sql`${table.transactionId} is not null`),
    check('bill_refunds_amount_positive', sql`${table.amountPaise} > 0`),
  ],
);

/**
 * The credit note (CGST Act section 34) a cancelled Tax Invoice is reversed by: its own series
 * per branch and financial year, the original's number and date read through bill_id. Amounts
 * are what it takes back, stored positive; the reports show them negative.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: uuid().primaryKey().defaultRandom(),
    billId: uuid()
      .notNull()
      .references(() => bills.id, { onDelete: 'cascade' }),
    branchId: uuid()
      .notNull()
      .references(() => branches.id, { onDelete: 'restrict' }),
    number: text().notNull(),
    /** India's date of issue, 'YYYY-MM-DD'. */
    date: text().notNull(),
    financialYear: integer().notNull(),
    reason: text().notNull(),
    taxablePaise: bigint({ mode: 'number' }).notNull(),
    cgstPaise: bigint({ mode: 'number' }).notNull(),
    sgstPaise: bigint({ mode: 'number' }).notNull(),
    igstPaise: bigint({ mode: 'number' }).notNull(),
    roundOffPaise: bigint({ mode: 'number' }).notNull(),
    totalPaise: bigint({ mode: 'number' }).notNull(),
    issuedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    issuedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('credit_notes_number_key').on(table.number),
    uniqueIndex('credit_notes_bill_key').on(table.billId),
    index('credit_notes_date_idx').on(table.date),
  ],
);

/** The credit note's lines: each line of the invoice, its taxable value and tax reversed. */
export const creditNoteLines = pgTable(
  'credit_note_lines',
  {
    id: uuid().primaryKey().defaultRandom(),
    creditNoteId: uuid()
      .notNull()
      .references(() => creditNotes.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    billLineId: uuid()
      .notNull()
      .references(() => billLines.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    type: inventoryItemType().notNull(),
    unit: text().notNull(),
    quantity: integer().notNull(),
    hsnSac: text(),
    gstRateBp: integer(),
    taxablePaise: bigint({ mode: 'number' }).notNull(),
    cgstPaise: bigint({ mode: 'number' }).notNull(),
    sgstPaise: bigint({ mode: 'number' }).notNull(),
    igstPaise: bigint({ mode: 'number' }).notNull(),
    totalPaise: bigint({ mode: 'number' }).notNull(),
  },
  (table) => [index('credit_note_lines_note_idx').on(table.creditNoteId, table.position)],
);

/* ---------- Warranty replacements (spec 2 §3, §4; decision 011) ---------- */

export const replacementStatus = pgEnum('warranty_replacement_status', [
  'pending',
  'approved',
  'replaced',
]);

/**
 * One installed unit's warranty record: opened by the first issue registered on its serial,
 * it follows the unit through every replacement (`replacementSerialNumber` is the unit now at
 * the customer). At most one open (pending or approved) record per serial.
 */
export const warrantyReplacements = pgTable(
  'warranty_replacements',
  {
    id: uuid().primaryKey().defaultRandom(),
    serialNumber: text().notNull(),
    replacementSerialNumber: text(),
    itemId: uuid()
      .notNull()
      .references(() => inventoryItems.id, { onDelete: 'restrict' }),
    branchId: uuid()
      .notNull()
      .references(() => branches.id, { onDelete: 'restrict' }),
    workOrderId: uuid()
      .notNull()
      .references((): AnyPgColumn => workOrders.id, { onDelete: 'restrict' }),
    customerId: uuid()
      .notNull()
      .references((): AnyPgColumn => customers.id, { onDelete: 'restrict' }),
    customerName: text().notNull(),
    customerPhone: text().notNull().default(''),
    status: replacementStatus().notNull().default('pending'),
    registeredBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    registeredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The complaint (Repair) order the open claim answers (issue 39 item 17). */
    complaintOrderId: uuid().references((): AnyPgColumn => workOrders.id, {
      onDelete: 'set null',
    }),
  },
  (table) => [
    uniqueIndex('warranty_replacements_serial_key').on(table.serialNumber),
    index('warranty_replacements_replacement_idx').on(table.replacementSerialNumber),
    index('warranty_replacements_branch_idx').on(table.branchId, table.registeredAt),
  ],
);

/** The issues of a record, one per claim; a completed one names the serial that replaced the unit. */
export const warrantyIssues = pgTable(
  'warranty_issues',
  {
    id: uuid().primaryKey().defaultRandom(),
    replacementId: uuid()
      .notNull()
      .references(() => warrantyReplacements.id, { onDelete: 'cascade' }),
    /** The unit the issue was found on (the original, or an earlier replacement). */
    faultySerialNumber: text().notNull(),
    issueDescription: text().notNull(),
    issueCheckedBy: text().notNull(),
    reportedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    reportedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    replacementSerialNumber: text(),
    replacedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    replacedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('warranty_issues_replacement_idx').on(table.replacementId, table.reportedAt),
    uniqueIndex('warranty_issues_replacement_serial_key').on(table.replacementSerialNumber),
  ],
);

/* ---------- System: demo requests and request throttles (spec 2 §2; decision 012) ---------- */

export const demoRequestStatus = pgEnum('demo_request_status', DEMO_REQUEST_STATUSES);

/**
 * A visitor of the public landing page asking for a demo. A number that asks again within a
 * day is merged into its open request (request_count), so the admin calls once.
 */
export const demoRequests = pgTable(
  'demo_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** As typed, and normalised ('+919876543210') for merging and for the lead. */
    phoneNumber: text().notNull(),
    phoneNormalized: text().notNull(),
    name: text().notNull().default(''),
    city: text().notNull().default(''),
    /** The landing page's language when the visitor asked ('hi-Latn' or 'en'). */
    language: text().notNull().default('hi-Latn'),
    status: demoRequestStatus().notNull().default('new'),
    requestCount: integer().notNull().default(1),
    ip: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastRequestedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    contactedAt: timestamp({ withTimezone: true }),
    contactedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    convertedAt: timestamp({ withTimezone: true }),
    convertedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    leadId: uuid().references(() => leads.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('demo_requests_phone_idx').on(table.phoneNormalized, table.createdAt),
    index('demo_requests_status_created_idx').on(table.status, table.createdAt),
    index('demo_requests_created_idx').on(table.createdAt),
  ],
);

/**
 * Attempts counted against a limit (a wrong reset password, a demo request per address), in
 * the database so the limit holds across API processes, like login_failures (decision 001).
 */
export const requestThrottle = pgTable(
  'request_throttle',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    /** What is limited, e.g. 'reset-password' or 'demo-request'. */
    bucket: text().notNull(),
    /** Who is limited within the bucket, e.g. 'ip:203.0.113.9' or 'user:<id>'. */
    key: text().notNull(),
    attemptedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('request_throttle_key_idx').on(table.bucket, table.key, table.attemptedAt)],
);

/**
 * A state-changing request's Idempotency-Key and the answer it got, kept 7 days, so a
 * phone that sends an action again after a lost answer changes nothing twice (decision 027).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    /** A hash of the method, address and body: the same key must mean the same request. */
    fingerprint: text().notNull(),
    /** Null while the first request with the key runs. */
    statusCode: integer(),
    answer: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.key] }),
    index('idempotency_keys_created_idx').on(table.createdAt),
  ],
);

/**
 * A work order's job-status link (issue 21): the customer's page needs no login, so the
 * token is the key: 192 random bits, unique, one live link an order; revoking it sets
 * revokedAt and a new link takes a new token. It expires 90 days after the order is
 * completed (read from the order, not stored). A complaint raised from the page is kept
 * against the link for a few minutes so a second tap answers the same Repair order.
 */
export const workOrderStatusLinks = pgTable(
  'work_order_status_links',
  {
    workOrderId: uuid()
      .primaryKey()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    token: text().notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp({ withTimezone: true }),
    lastComplaintOrderId: uuid().references((): AnyPgColumn => workOrders.id, {
      onDelete: 'set null',
    }),
    lastComplaintAt: timestamp({ withTimezone: true }),
  },
  (table) => [uniqueIndex('work_order_status_links_token_key').on(table.token)],
);

/**
 * An admin's wording of a customer update (issue 21), one row an event and language; an
 * event without a row reads the default that ships in packages/domain/src/customer-updates.ts.
 */
export const customerUpdateTemplates = pgTable(
  'customer_update_templates',
  {
    event: text().notNull(),
    language: text().notNull(),
    body: text().notNull(),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.event, table.language] })],
);

/**
 * A customer update the server sent through the WhatsApp Cloud API (issue 21), with the
 * delivery status Meta's webhook reports: sent, delivered, read or failed.
 */
export const customerUpdateMessages = pgTable(
  'customer_update_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    workOrderId: uuid()
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    event: text().notNull(),
    language: text().notNull(),
    toPhone: text().notNull(),
    providerMessageId: text(),
    status: text().notNull(),
    error: text(),
    sentBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** 'text' (free-form, inside the customer's window) or 'template' (issue 40). */
    kind: text().notNull().default('text'),
    /** The outbox row that sent it (issue 40): at most one message per row. */
    outboxId: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('customer_update_messages_provider_id_key').on(table.providerMessageId),
    index('customer_update_messages_order_idx').on(table.workOrderId),
    uniqueIndex('customer_update_messages_outbox_key').on(table.outboxId),
  ],
);

/**
 * The WhatsApp template an update is sent as outside the customer's 24-hour window (issue
 * 40): its name and language code as approved in WhatsApp Manager, and which of Karya's
 * placeholders fills each body parameter {{1}}…{{n}}, in order.
 */
export const whatsappTemplates = pgTable(
  'whatsapp_templates',
  {
    event: text().notNull(),
    language: text().notNull(),
    templateName: text().notNull(),
    languageCode: text().notNull(),
    parameters: jsonb().$type<string[]>().notNull(),
    /** The approved wording with {{n}}, for the preview; null: Karya's suggestion. */
    body: text(),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.event, table.language] })],
);

/** Whether an event's update is sent at the event (issue 40); no row: Karya's default. */
export const whatsappAutoSend = pgTable('whatsapp_auto_send', {
  event: text().primaryKey(),
  enabled: boolean().notNull(),
  updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Updates to send after their event commits (issue 40, decision 047): a durable queue read
 * with FOR UPDATE SKIP LOCKED by a worker in every server process. The row is written in the
 * event's own transaction; dedupe_key (event, order and what happened: the bill, the payment,
 * the new time) makes a replayed request enqueue nothing. status: pending → sending (claimed,
 * lease_until) → sent | failed | skipped; a 5xx or timeout puts it back to pending at next_at.
 */
export const whatsappOutbox = pgTable(
  'whatsapp_outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    dedupeKey: text().notNull(),
    /** The order the update is about; null for a quote's (issue 35), which has none yet. */
    workOrderId: uuid().references(() => workOrders.id, { onDelete: 'cascade' }),
    /**
     * The quotation a 'quotation sent' message is about (issue 35). No foreign key: quotations
     * live in quotations-schema.ts, which imports this file; a sent quote is never deleted
     * (the system reset clears this table with it).
     */
    quotationId: uuid(),
    /**
     * What a quote's message says, fixed when it was sent (issue 35): to, language, and the
     * values of its placeholders. An order's update is filled from the order when it goes.
     */
    payload: jsonb().$type<Record<string, string>>(),
    event: text().notNull(),
    status: text().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    /** Who caused the event: the history's 'by' of what the worker records. */
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('whatsapp_outbox_dedupe_key').on(table.dedupeKey),
    index('whatsapp_outbox_due_idx').on(table.status, table.nextAt),
    // The order's queued updates (the thread, the board's sentAutomatically) and its delete.
    index('whatsapp_outbox_work_order_idx').on(table.workOrderId),
    index('whatsapp_outbox_quotation_idx').on(table.quotationId),
    check(
      'whatsapp_outbox_about_something',
      sql`${table.workOrderId} is not null or ${table.quotationId} is not null`,
    ),
  ],
);

/**
 * A WhatsApp number that wrote to the business (issue 40, decision 048), by its national
 * digits as contacts' phone_national holds them: when it last wrote (its 24-hour window),
 * whether it asked for no more automatic updates (STOP), and the lead its first message made
 * when no contact had it. The primary key is what serialises two deliveries from a new number:
 * each locks this row before it looks for a contact or makes the lead.
 */
export const whatsappNumbers = pgTable(
  'whatsapp_numbers',
  {
    national: text().primaryKey(),
    lastInboundAt: timestamp({ withTimezone: true }),
    optedOutAt: timestamp({ withTimezone: true }),
    leadId: uuid().references(() => leads.id, { onDelete: 'set null' }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // Foreign keys: deleting a lead sets these null without reading the whole table.
  (table) => [index('whatsapp_numbers_lead_idx').on(table.leadId)],
);

/**
 * The conversation (issue 40): what customers wrote to the business's WhatsApp number, and the
 * free-form replies sent from a thread. The updates Karya sent stay in customer_update_messages
 * and the outbox; a thread reads both. A message is on the lead or the customer its number
 * matched, in that contact's branch (scope and the unread count); read_at: an inbound message
 * someone opened the thread of.
 */
export const whatsappMessages = pgTable(
  'whatsapp_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    national: text().notNull(),
    leadId: uuid().references(() => leads.id, { onDelete: 'cascade' }),
    customerId: uuid().references(() => customers.id, { onDelete: 'cascade' }),
    branchId: uuid()
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    direction: text().notNull(),
    body: text().notNull(),
    /** Meta's message id: an inbound message redelivered is stored once. */
    providerMessageId: text(),
    status: text().notNull(),
    error: text(),
    sentBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('whatsapp_messages_provider_id_key').on(table.providerMessageId),
    index('whatsapp_messages_national_idx').on(table.national, table.at),
    // Foreign keys: deleting a lead or a customer cascades without reading the whole table.
    index('whatsapp_messages_lead_idx').on(table.leadId),
    index('whatsapp_messages_customer_idx').on(table.customerId),
    index('whatsapp_messages_unread_idx')
      .on(table.branchId)
      .where(sql`${table.direction} = 'in' and ${table.readAt} is null`),
  ],
);

/** Which branch a lead made by a message from a new number goes to (one row; admins). */
export const whatsappSettings = pgTable('whatsapp_settings', {
  id: integer().primaryKey().default(1),
  inboundBranchId: uuid().references(() => branches.id, { onDelete: 'set null' }),
  updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A project type's checklist (issue 22): who changed it last. Its items are in
 * checklist_items; a project type without a row has an empty checklist.
 */
export const checklistTemplates = pgTable('checklist_templates', {
  projectType: text().primaryKey(),
  updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** One thing to check on a job of the project type, answered yes/no, with a number or text. */
export const checklistItems = pgTable(
  'checklist_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    projectType: text()
      .notNull()
      .references(() => checklistTemplates.projectType, { onDelete: 'cascade' }),
    position: integer().notNull(),
    label: text().notNull(),
    kind: text().notNull(),
    required: boolean().notNull().default(false),
  },
  (table) => [
    index('checklist_items_type_idx').on(table.projectType, table.position),
    check('checklist_items_kind_check', sql`${table.kind} in ('yes-no', 'number', 'text')`),
  ],
);

/**
 * A technician's answer to a checklist item on an order. The item's label, kind and
 * required flag are copied when answered, so an admin's later edit or removal of the item
 * does not rewrite what was checked on the job (item_id then goes null).
 */
export const workOrderChecklistAnswers = pgTable(
  'work_order_checklist_answers',
  {
    id: uuid().primaryKey().defaultRandom(),
    workOrderId: uuid()
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    itemId: uuid().references(() => checklistItems.id, { onDelete: 'set null' }),
    position: integer().notNull(),
    label: text().notNull(),
    kind: text().notNull(),
    required: boolean().notNull(),
    answer: text().notNull(),
    answeredBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    answeredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('work_order_checklist_answers_item_key').on(table.workOrderId, table.itemId),
  ],
);

/**
 * A technician's photo of an order (issue 22): before, during or after the work, with a
 * caption. The bytes are in the file storage under file_key, a random key never shown to
 * a client: the photo's route checks who asks and streams them (decision 032).
 */
export const workOrderPhotos = pgTable(
  'work_order_photos',
  {
    id: uuid().primaryKey().defaultRandom(),
    workOrderId: uuid()
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    stage: text().notNull(),
    caption: text().notNull().default(''),
    fileKey: text().notNull(),
    contentType: text().notNull(),
    size: integer().notNull(),
    takenBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    takenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('work_order_photos_order_idx').on(table.workOrderId, table.takenAt),
    check('work_order_photos_stage_check', sql`${table.stage} in ('before', 'during', 'after')`),
  ],
);

/**
 * The customer's signature on an order (issue 22): drawn on the technician's phone at the
 * end of the job with the signer's name typed. One an order: signing again replaces it.
 * The PNG is in the file storage under file_key, shown only through an authorised route.
 */
export const workOrderSignatures = pgTable('work_order_signatures', {
  workOrderId: uuid()
    .primaryKey()
    .references(() => workOrders.id, { onDelete: 'cascade' }),
  signerName: text().notNull(),
  fileKey: text().notNull(),
  contentType: text().notNull(),
  size: integer().notNull(),
  signedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  signedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/* ---------- Annual maintenance contracts (issue 23, decision 035) ---------- */

export const amcStatus = pgEnum('amc_status', AMC_STATUSES);
export const amcCoverage = pgEnum('amc_coverage', AMC_COVERAGES);
export const amcBilling = pgEnum('amc_billing', AMC_BILLINGS);

/** Numbers of contracts as people read them (AMC-2026-000012): unique under concurrency. */
export const amcContractNumberSeq = pgSequence('amc_contract_number_seq', { startWith: 1 });

/**
 * A branch's maintenance contract with a customer: what installation it covers (an order of
 * theirs and/or serials), its term and visits, its price and tax, what it covers, and how it
 * is billed. Dates are calendar days in India. A draft may change; activation lays out the
 * visits and issues the invoice; an active contract ends as expired or cancelled.
 */
export const amcContracts = pgTable(
  'amc_contracts',
  {
    id: uuid().primaryKey().defaultRandom(),
    contractNumber: text().notNull(),
    branchId: uuid()
      .notNull()
      .references(() => branches.id),
    customerId: uuid()
      .notNull()
      .references(() => customers.id),
    /** The covered installation, when it is one of the customer's orders. */
    workOrderId: uuid().references(() => workOrders.id),
    /** The covered units' serial numbers (text[] as JSON). */
    serialNumbers: jsonb().$type<string[]>().notNull().default([]),
    /** What the visit orders are for ('CCTV'): the installation's project type. */
    projectType: text().notNull(),
    startDate: date({ mode: 'string' }).notNull(),
    termMonths: integer().notNull().default(12),
    visitsPerTerm: integer().notNull(),
    /** The last day of the term, kept so lists and the renewal window read it from an index. */
    endDate: date({ mode: 'string' }).notNull(),
    /** The price for the term in paise, tax included or not per priceIncludesTax. */
    pricePaise: bigint({ mode: 'number' }).notNull(),
    priceIncludesTax: boolean().notNull().default(false),
    gstRateBp: integer().notNull().default(1800),
    /** SAC of maintenance and repair services. */
    hsnSac: text().notNull().default('9987'),
    coverage: amcCoverage().notNull().default('labour'),
    /** Catalogue items a 'labour-and-parts' contract covers (uuid[] as JSON). */
    coveredItemIds: jsonb().$type<string[]>().notNull().default([]),
    billing: amcBilling().notNull().default('upfront'),
    status: amcStatus().notNull().default('draft'),
    notes: text().notNull().default(''),
    /** The contract's own response target for complaints, in hours (issue 37); null: the branch's. */
    slaHours: integer(),
    renewedFromId: uuid().references((): AnyPgColumn => amcContracts.id),
    activatedAt: timestamp({ withTimezone: true }),
    activatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    cancelledAt: timestamp({ withTimezone: true }),
    cancelledBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    cancellationReason: text(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('amc_contracts_number_key').on(table.contractNumber),
    // A contract is renewed once: a second renewal of it is refused (a cancelled one frees it).
    uniqueIndex('amc_contracts_renewed_from_key')
      .on(table.renewedFromId)
      .where(sql`${table.status} <> 'cancelled'`),
    index('amc_contracts_branch_status_end_idx').on(table.branchId, table.status, table.endDate),
    index('amc_contracts_status_end_idx').on(table.status, table.endDate),
    index('amc_contracts_customer_idx').on(table.customerId, table.createdAt),
    check('amc_contracts_term_check', sql`${table.termMonths} between 1 and 60`),
    check(
      'amc_contracts_visits_check',
      sql`${table.visitsPerTerm} >= 1 and ${table.termMonths} % ${table.visitsPerTerm} = 0`,
    ),
    check('amc_contracts_price_check', sql`${table.pricePaise} >= 0`),
  ],
);

/**
 * The visits of an active contract. A visit's work order (category Maintenance) is opened by
 * the scheduler once it is within the lead time: work_order_id is set by an update that
 * finds it null, and is unique, so no race can give one visit two orders.
 */
export const amcVisits = pgTable(
  'amc_visits',
  {
    id: uuid().primaryKey().defaultRandom(),
    contractId: uuid()
      .notNull()
      .references(() => amcContracts.id, { onDelete: 'cascade' }),
    /** The contract's branch, kept here so the dashboard counts from one index. */
    branchId: uuid()
      .notNull()
      .references(() => branches.id),
    number: integer().notNull(),
    dueDate: date({ mode: 'string' }).notNull(),
    /** The date it was due before it was last moved, and why it moved. */
    movedFrom: date({ mode: 'string' }),
    moveReason: text(),
    movedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    movedAt: timestamp({ withTimezone: true }),
    workOrderId: uuid().references(() => workOrders.id),
    /**
     * A back-dated contract's visit already behind it when it was activated (issue 39 item 7):
     * done before Karya (no order ever opens; it reads done), and its instalment billed
     * outside Karya (its order, if one opens, issues no invoice).
     */
    doneBeforeKarya: boolean().notNull().default(false),
    billedOutside: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('amc_visits_contract_number_key').on(table.contractId, table.number),
    uniqueIndex('amc_visits_work_order_key').on(table.workOrderId),
    // The scheduler's question: visits without an order, by due date.
    index('amc_visits_unopened_due_idx').on(table.dueDate).where(sql`${table.workOrderId} is null`),
    index('amc_visits_branch_due_idx').on(table.branchId, table.dueDate),
  ],
);

/**
 * A contract's invoices: one at activation when billed upfront, or one instalment with each
 * visit's order. Numbered in the branch's invoice series like the bills (decision 020), with
 * the supplier and recipient as printed.
 */
export const amcInvoices = pgTable(
  'amc_invoices',
  {
    id: uuid().primaryKey().defaultRandom(),
    contractId: uuid()
      .notNull()
      .references(() => amcContracts.id, { onDelete: 'cascade' }),
    branchId: uuid()
      .notNull()
      .references(() => branches.id),
    /** 1 for an upfront invoice; the instalment's number otherwise. */
    instalment: integer().notNull(),
    instalments: integer().notNull(),
    invoiceNumber: text().notNull(),
    invoiceKind: invoiceKind().notNull(),
    invoiceDate: text().notNull(),
    financialYear: integer().notNull(),
    placeOfSupply: text(),
    supplier: jsonb().notNull(),
    recipient: jsonb().notNull(),
    description: text().notNull(),
    hsnSac: text().notNull(),
    gstRateBp: integer().notNull(),
    taxablePaise: bigint({ mode: 'number' }).notNull(),
    cgstPaise: bigint({ mode: 'number' }).notNull(),
    sgstPaise: bigint({ mode: 'number' }).notNull(),
    igstPaise: bigint({ mode: 'number' }).notNull(),
    roundOffPaise: bigint({ mode: 'number' }).notNull(),
    totalPaise: bigint({ mode: 'number' }).notNull(),
    /** What has been received against it: the sum of its amc_invoice_payments. */
    paidPaise: bigint({ mode: 'number' }).notNull().default(0),
    issuedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('amc_invoices_contract_instalment_key').on(table.contractId, table.instalment),
    uniqueIndex('amc_invoices_number_key').on(table.invoiceNumber),
    index('amc_invoices_branch_date_idx').on(table.branchId, table.invoiceDate),
    // Outstanding Dues reads the contract invoices still owed, oldest first (decision 037).
    index('amc_invoices_open_dues_idx')
      .on(table.invoiceDate)
      .where(sql`${table.paidPaise} < ${table.totalPaise}`),
    check(
      'amc_invoices_paid_within_total',
      sql`${table.paidPaise} >= 0 and ${table.paidPaise} <= ${table.totalPaise}`,
    ),
  ],
);

/**
 * Every payment received against a contract invoice, each a receipt numbered in the branch's
 * receipt series as a bill's; amc_invoices.paid_paise is their sum (decision 037).
 */
export const amcInvoicePayments = pgTable(
  'amc_invoice_payments',
  {
    id: uuid().primaryKey().defaultRandom(),
    invoiceId: uuid()
      .notNull()
      .references(() => amcInvoices.id, { onDelete: 'cascade' }),
    receiptNumber: text().notNull(),
    amountPaise: bigint({ mode: 'number' }).notNull(),
    method: paymentMethod().notNull(),
    transactionId: text(),
    receivedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('amc_invoice_payments_receipt_number_key').on(table.receiptNumber),
    index('amc_invoice_payments_invoice_idx').on(table.invoiceId, table.receivedAt),
    // As bill_payments_received_idx: the sales report's outstanding at a past day (issue 38).
    index('amc_invoice_payments_received_idx').on(table.receivedAt),
    uniqueIndex('amc_invoice_payments_transaction_key')
      .on(table.transactionId)
      .where(sql`${table.transactionId} is not null`),
    check('amc_invoice_payments_amount_positive', sql`${table.amountPaise} > 0`),
  ],
);

/**
 * A job's time (issue 34): the branch's working hours (absent: DEFAULT_WORKING_HOURS), each
 * technician's leave, and each order's schedule. An order's schedule row outlives being taken
 * back to the lane (its times null) so that its version keeps counting: a board that moved the
 * job at version n is refused once anyone has moved it since.
 */
export const branchWorkingHours = pgTable('branch_working_hours', {
  branchId: uuid()
    .primaryKey()
    .references(() => branches.id, { onDelete: 'cascade' }),
  hours: jsonb().$type<WorkingHours>().notNull(),
  updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const technicianLeave = pgTable(
  'technician_leave',
  {
    id: uuid().primaryKey().defaultRandom(),
    technicianId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    branchId: uuid()
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    reason: text().notNull().default(''),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('technician_leave_technician_idx').on(table.technicianId, table.startsAt),
    index('technician_leave_branch_idx').on(table.branchId, table.startsAt),
    check('technician_leave_ends_after_start', sql`${table.endsAt} > ${table.startsAt}`),
  ],
);

export const workOrderSchedules = pgTable(
  'work_order_schedules',
  {
    workOrderId: uuid()
      .primaryKey()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    branchId: uuid()
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    technicianId: uuid().references(() => users.id, { onDelete: 'set null' }),
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    /** The arrival window the customer is told, 'HH:MM' India time; null: none given. */
    windowStart: text(),
    windowEnd: text(),
    version: integer().notNull().default(1),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('work_order_schedules_branch_start_idx')
      .on(table.branchId, table.startsAt)
      .where(sql`${table.startsAt} is not null`),
    index('work_order_schedules_technician_start_idx')
      .on(table.technicianId, table.startsAt)
      .where(sql`${table.startsAt} is not null`),
    check(
      'work_order_schedules_times',
      sql`(${table.startsAt} is null and ${table.endsAt} is null) or (${table.endsAt} > ${table.startsAt} and ${table.technicianId} is not null)`,
    ),
  ],
);

/**
 * Issue 34: the minutes a job of a project type and category is booked for when nobody says
 * otherwise. Business-wide, set by admins; a pair without a row takes the domain's default.
 */
export const scheduleDefaultDurations = pgTable(
  'schedule_default_durations',
  {
    projectType: text().notNull(),
    projectCategory: projectCategory().notNull(),
    minutes: integer().notNull(),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.projectType, table.projectCategory] }),
    check(
      'schedule_default_durations_minutes',
      sql`${table.minutes} > 0 and ${table.minutes} <= 1440`,
    ),
  ],
);

/**
 * Issue 34: what the live boards are told (GET /api/events). A row per change, kept a day so a
 * browser that reconnects with Last-Event-ID is sent what it missed; NOTIFY carries only the id,
 * so an event raised in any process reaches the listeners of every other after its commit.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    branchId: uuid()
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('live_events_branch_idx').on(table.branchId, table.id),
    index('live_events_at_idx').on(table.at),
  ],
);
