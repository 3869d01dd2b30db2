import { and, asc, count, desc, eq, gt, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { importRows, imports } from '../../db/imports-schema';
import { branches, users } from '../../db/schema';

type Db = Database | Tx;
export type ImportRow = typeof imports.$inferSelect;
export type ImportRowInsert = typeof importRows.$inferInsert;
export type ImportDataRow = typeof importRows.$inferSelect;

/** Rows a multi-row INSERT carries: 7 parameters each, far below PostgreSQL's 65,535. */
const INSERT_CHUNK = 1000;

export async function insertImport(tx: Tx, values: typeof imports.$inferInsert) {
  const [row] = await tx.insert(imports).values(values).returning();
  if (!row) throw new Error('import insert returned no row');
  return row;
}

/** Rows made into their insert a chunk at a time, so 50,000 are never all held twice. */
export async function insertImportRows<T>(
  tx: Tx,
  rows: readonly T[],
  toInsert: (row: T) => ImportRowInsert,
) {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await tx.insert(importRows).values(rows.slice(start, start + INSERT_CHUNK).map(toInsert));
  }
}

/** An import with its branch's and its author's names, for every answer about it. */
const withNames = {
  row: imports,
  branchName: branches.name,
  authorFirstName: users.firstName,
  authorLastName: users.lastName,
};
export type NamedImport = {
  row: ImportRow;
  branchName: string | null;
  authorFirstName: string | null;
  authorLastName: string | null;
};

export async function findImport(db: Db, id: string): Promise<NamedImport | null> {
  const [found] = await db
    .select(withNames)
    .from(imports)
    .leftJoin(branches, eq(branches.id, imports.branchId))
    .leftJoin(users, eq(users.id, imports.createdBy))
    .where(eq(imports.id, id));
  return found ?? null;
}

/** Past imports, newest first; one branch's only when branchId is given. */
export async function listImports(
  db: Db,
  branchId: string | undefined,
  paging: { limit: number; offset: number },
): Promise<{ rows: NamedImport[]; total: number }> {
  const where = branchId ? eq(imports.branchId, branchId) : undefined;
  const rows = await db
    .select(withNames)
    .from(imports)
    .leftJoin(branches, eq(branches.id, imports.branchId))
    .leftJoin(users, eq(users.id, imports.createdBy))
    .where(where)
    .orderBy(desc(imports.createdAt), desc(imports.id))
    .limit(paging.limit)
    .offset(paging.offset);
  const [total] = await db.select({ n: count() }).from(imports).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

/** previewed → committing, once: a second commit finds it no longer previewed. */
export async function markCommitting(tx: Tx, id: string, onDuplicate: string, now: Date) {
  const [row] = await tx
    .update(imports)
    .set({ status: 'committing', onDuplicate, startedAt: now })
    .where(and(eq(imports.id, id), eq(imports.status, 'previewed')))
    .returning({ id: imports.id });
  return row !== undefined;
}

/** The rows of the error file: refused at the preview, or at the commit. */
export async function errorRows(db: Db, importId: string, after: number, limit: number) {
  return db
    .select()
    .from(importRows)
    .where(
      and(
        eq(importRows.importId, importId),
        gt(importRows.rowNumber, after),
        or(isNotNull(importRows.errors), eq(importRows.outcome, 'failed')),
      ),
    )
    .orderBy(asc(importRows.rowNumber))
    .limit(limit);
}

/* ---------------------------------------------------------------- the worker */

/**
 * Claims a committing import no live worker holds (none yet, or its lease ran out: the
 * process died). SKIP LOCKED passes over one another process is claiming this instant.
 */
export async function claimImport(
  db: Database,
  owner: string,
  now: Date,
  leaseMs: number,
): Promise<ImportRow | null> {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: imports.id })
      .from(imports)
      .where(
        and(
          eq(imports.status, 'committing'),
          or(isNull(imports.leaseUntil), sql`${imports.leaseUntil} < ${now}`),
        ),
      )
      .orderBy(asc(imports.startedAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return null;
    const [row] = await tx
      .update(imports)
      .set({
        leaseOwner: owner,
        leaseUntil: new Date(now.getTime() + leaseMs),
        heartbeatAt: now,
        attempts: sql`${imports.attempts} + 1`,
      })
      .where(eq(imports.id, due.id))
      .returning();
    return row ?? null;
  });
}

/**
 * Renews the lease at the start of a batch's transaction, and locks the import row for it:
 * null when another worker took it over (this one was too slow and is no longer its owner),
 * and then the batch writes nothing.
 */
export async function renewLease(
  tx: Tx,
  id: string,
  owner: string,
  now: Date,
  leaseMs: number,
): Promise<ImportRow | null> {
  const [row] = await tx
    .update(imports)
    .set({ leaseUntil: new Date(now.getTime() + leaseMs), heartbeatAt: now })
    .where(and(eq(imports.id, id), eq(imports.leaseOwner, owner), eq(imports.status, 'committing')))
    .returning();
  return row ?? null;
}

/** The next rows without an outcome, locked for the batch. */
export async function pendingRows(tx: Tx, importId: string, limit: number) {
  return tx
    .select()
    .from(importRows)
    .where(and(eq(importRows.importId, importId), isNull(importRows.outcome)))
    .orderBy(asc(importRows.rowNumber))
    .limit(limit)
    .for('update');
}

export interface RowOutcome {
  rowNumber: number;
  outcome: 'created' | 'updated' | 'skipped' | 'failed';
  recordId: string | null;
  message: string | null;
}

/** The batch's outcomes in one statement, and the import's counts with them. */
export async function recordOutcomes(tx: Tx, importId: string, outcomes: RowOutcome[]) {
  if (outcomes.length === 0) return;
  await tx.execute(sql`
    update import_rows as r
       set outcome = v.outcome, record_id = v."recordId"::uuid, message = v.message
      from jsonb_to_recordset(${JSON.stringify(outcomes)}::jsonb)
           as v("rowNumber" int, outcome text, "recordId" text, message text)
     where r.import_id = ${importId} and r.row_number = v."rowNumber"`);
  const tally = (kind: RowOutcome['outcome']) =>
    outcomes.filter((outcome) => outcome.outcome === kind).length;
  await tx
    .update(imports)
    .set({
      done: sql`${imports.done} + ${outcomes.length}`,
      created: sql`${imports.created} + ${tally('created')}`,
      updated: sql`${imports.updated} + ${tally('updated')}`,
      skipped: sql`${imports.skipped} + ${tally('skipped')}`,
      failed: sql`${imports.failed} + ${tally('failed')}`,
    })
    .where(eq(imports.id, importId));
}

export async function finishImport(
  tx: Tx,
  id: string,
  status: 'done' | 'failed',
  now: Date,
  lastError: string | null = null,
) {
  const [row] = await tx
    .update(imports)
    .set({ status, finishedAt: now, leaseOwner: null, leaseUntil: null, lastError })
    .where(eq(imports.id, id))
    .returning();
  return row ?? null;
}

/** Gives a claimed import back after an error no row caused, for a retry after `retryAt`. */
export async function releaseImport(
  db: Db,
  id: string,
  owner: string,
  retryAt: Date,
  error: string,
) {
  await db
    .update(imports)
    .set({ leaseUntil: retryAt, lastError: error })
    .where(and(eq(imports.id, id), eq(imports.leaseOwner, owner)));
}
