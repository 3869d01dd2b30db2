import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  index,
  jsonb,
  pgEnum,
  pgTable,
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
    createdBy: uuid().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [index('branches_name_idx').on(sql`lower(${table.name})`)],
);

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
