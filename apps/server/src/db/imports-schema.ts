import type { ImportCell, ImportCellError } from '@karya/domain/import-schemas';
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { branches, users } from './schema';

/**
 * Imports (issue 36), in their own schema file: a file checked (previewed), then committed in
 * batches by whichever server process claims it. The rows are kept with what each became, so
 * a commit stopped halfway resumes from the first row without an outcome, and "which rows
 * landed" is a query.
 */
export const imports = pgTable(
  'imports',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text().notNull(),
    /** The branch the rows land in; null for a kind of the whole business (catalogue items). */
    branchId: uuid().references(() => branches.id),
    fileName: text().notNull(),
    /** previewed → committing → done, or failed (an error no row caused; lastError says it). */
    status: text().notNull().default('previewed'),
    onDuplicate: text(),
    /** The file's headers in order, and the column key each was taken for (null: ignored). */
    headers: jsonb().$type<{ header: string; column: string | null }[]>().notNull(),
    /** What the preview found, kept so the answer reads the same later. */
    preview: jsonb()
      .$type<{ unmatched: { header: string; candidates: string[] }[]; missingColumns: string[] }>()
      .notNull(),
    total: integer().notNull().default(0),
    toCreate: integer().notNull().default(0),
    toUpdate: integer().notNull().default(0),
    toSkip: integer().notNull().default(0),
    duplicates: integer().notNull().default(0),
    errorRows: integer().notNull().default(0),
    /** Rows with an outcome so far, and how many of each. */
    done: integer().notNull().default(0),
    created: integer().notNull().default(0),
    updated: integer().notNull().default(0),
    skipped: integer().notNull().default(0),
    failed: integer().notNull().default(0),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    /**
     * The worker holding a committing import: a random token per claim and until when. A
     * process that dies holding it gives it up when the lease runs out; every batch renews it
     * and writes nothing if the token is no longer its own.
     */
    leaseOwner: text(),
    leaseUntil: timestamp({ withTimezone: true }),
    heartbeatAt: timestamp({ withTimezone: true }),
    attempts: integer().notNull().default(0),
    lastError: text(),
  },
  (table) => [
    index('imports_created_idx').on(table.createdAt),
    index('imports_branch_created_idx').on(table.branchId, table.createdAt),
    index('imports_committing_idx').on(table.leaseUntil).where(sql`${table.status} = 'committing'`),
  ],
);

/**
 * One data row of an import's file, numbered as the sheet numbers it (header: row 1). cells
 * are the row as read, by header position, for the error-rows file; input is what the form's
 * schema made of it (null when it has errors). At the preview a row is 'new', a repeat of an
 * earlier row of the file (repeatOf), or of a record that exists (existingId); the commit
 * decides again against the database, in the batch's transaction, and sets the outcome.
 */
export const importRows = pgTable(
  'import_rows',
  {
    importId: uuid()
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    rowNumber: integer().notNull(),
    cells: jsonb().$type<ImportCell[]>().notNull(),
    input: jsonb().$type<Record<string, unknown>>(),
    errors: jsonb().$type<ImportCellError[]>(),
    repeatOf: integer(),
    existingId: uuid(),
    /** created, updated, skipped or failed; null until the commit reaches the row. */
    outcome: text(),
    /** The record the row created or updated. */
    recordId: uuid(),
    /** Why the commit refused a row the preview passed (a record changed since). */
    message: text(),
  },
  (table) => [
    primaryKey({ columns: [table.importId, table.rowNumber] }),
    index('import_rows_pending_idx')
      .on(table.importId, table.rowNumber)
      .where(sql`${table.outcome} is null`),
  ],
);
