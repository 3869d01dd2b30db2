import { randomBytes } from 'node:crypto';
import { link, mkdir, open, readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { deletionStatements, KEPT_TABLES, NOT_BACKED_UP, quoteIdent } from './reset-tables';

/*
 * A backup is one plain SQL file that psql can run (`psql -v ON_ERROR_STOP=1 -f file`) and
 * that restore-backup.ts runs on PGlite or PostgreSQL alike (decision 012). It is written
 * inside the reset's transaction, after the tables are locked, so it holds exactly the rows
 * the reset deletes. Each statement is one line: rows travel as JSON (which has no raw line
 * breaks) through json_populate_recordset, so every column type round-trips as PostgreSQL
 * itself prints and reads it, and the file is streamed, never held in memory.
 */

export const BACKUP_MARKER = '-- Karya backup';
/** Rows per INSERT statement. */
const BATCH = 500;
const CURSOR = 'karya_backup_rows';

export interface BackupInfo {
  file: string;
  bytes: number;
  /** Rows written per table. */
  rows: Record<string, number>;
}

export interface BackupOptions {
  /** DATA_DIR/backups */
  directory: string;
  takenAt: Date;
  /** One line for the header, e.g. who reset from where. */
  reason: string;
  /** The tables whose rows go into the file (the reset's tables and the kept ones). */
  tables: readonly string[];
}

interface ForeignKey {
  table: string;
  column: string;
  references: string;
  notNull: boolean;
}

interface TablePlan {
  table: string;
  columns: string[];
  primaryKey: string[];
  /** Nullable foreign-key columns that close a cycle: inserted empty, filled in afterwards. */
  deferred: string[];
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

async function columnsOf(tx: Tx, tables: readonly string[]) {
  const result = await tx.execute(sql`
    select c.relname::text as "table", a.attname::text as "column"
    from pg_attribute a
    join pg_class c on c.oid = a.attrelid
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0
      and not a.attisdropped and a.attgenerated = ''
    order by c.relname, a.attnum`);
  const columns = new Map<string, string[]>(tables.map((table) => [table, []]));
  for (const row of rowsOf<{ table: string; column: string }>(result)) {
    columns.get(row.table)?.push(row.column);
  }
  return columns;
}

async function primaryKeysOf(tx: Tx) {
  const result = await tx.execute(sql`
    select c.relname::text as "table", a.attname::text as "column"
    from pg_index i
    join pg_class c on c.oid = i.indrelid
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey)
    where n.nspname = 'public' and i.indisprimary
    order by c.relname, a.attnum`);
  const keys = new Map<string, string[]>();
  for (const row of rowsOf<{ table: string; column: string }>(result)) {
    keys.set(row.table, [...(keys.get(row.table) ?? []), row.column]);
  }
  return keys;
}

async function foreignKeysOf(tx: Tx): Promise<ForeignKey[]> {
  const result = await tx.execute(sql`
    select c.relname::text as "table", a.attname::text as "column",
      r.relname::text as "references", a.attnotnull as "notNull"
    from pg_constraint k
    join pg_class c on c.oid = k.conrelid
    join pg_class r on r.oid = k.confrelid
    join pg_namespace n on n.oid = c.relnamespace
    cross join lateral unnest(k.conkey) as key(attnum)
    join pg_attribute a on a.attrelid = c.oid and a.attnum = key.attnum
    where k.contype = 'f' and n.nspname = 'public'
    order by 1, 2`);
  return rowsOf<ForeignKey>(result);
}

/**
 * The tables in an order their foreign keys accept (referenced first). A key that closes a
 * cycle (users ↔ branches, a work order pointing at an earlier one) is deferred: its column
 * is filled in by an UPDATE once every row is in. Such a column must be nullable.
 */
export function insertionOrder(
  tables: readonly string[],
  foreignKeys: readonly ForeignKey[],
): { order: string[]; deferred: Map<string, string[]> } {
  const inSet = new Set(tables);
  const dependsOn = new Map<string, ForeignKey[]>();
  for (const key of foreignKeys) {
    if (!inSet.has(key.table) || !inSet.has(key.references)) continue;
    dependsOn.set(key.table, [...(dependsOn.get(key.table) ?? []), key]);
  }
  const state = new Map<string, 'visiting' | 'done'>();
  const order: string[] = [];
  const deferred = new Map<string, string[]>();
  const visit = (table: string) => {
    state.set(table, 'visiting');
    for (const key of dependsOn.get(table) ?? []) {
      const seen = state.get(key.references);
      if (seen === 'visiting') {
        if (key.notNull) {
          throw new Error(`${key.table}.${key.column} closes a cycle of required foreign keys`);
        }
        deferred.set(key.table, [...(deferred.get(key.table) ?? []), key.column]);
      } else if (!seen) {
        visit(key.references);
      }
    }
    state.set(table, 'done');
    order.push(table);
  };
  for (const table of [...tables].sort()) if (!state.has(table)) visit(table);
  return { order, deferred };
}

async function planOf(tx: Tx, tables: readonly string[]): Promise<TablePlan[]> {
  const [columns, keys, foreignKeys] = await Promise.all([
    columnsOf(tx, tables),
    primaryKeysOf(tx),
    foreignKeysOf(tx),
  ]);
  const { order, deferred } = insertionOrder(tables, foreignKeys);
  return order.map((table) => {
    const primaryKey = keys.get(table) ?? [];
    const later = deferred.get(table) ?? [];
    if (later.length > 0 && primaryKey.length === 0) {
      throw new Error(`${table} has deferred foreign keys but no primary key`);
    }
    return { table, columns: columns.get(table) ?? [], primaryKey, deferred: later };
  });
}

/** Runs `select row_to_json(...)` through a cursor and hands over each batch as a JSON array. */
async function eachBatch(
  tx: Tx,
  query: string,
  onBatch: (json: string, rows: number) => Promise<void>,
) {
  await tx.execute(sql.raw(`DECLARE ${CURSOR} NO SCROLL CURSOR FOR ${query}`));
  try {
    for (;;) {
      const rows = rowsOf<{ j: string }>(
        await tx.execute(sql.raw(`FETCH ${BATCH} FROM ${CURSOR}`)),
      );
      if (rows.length === 0) break;
      await onBatch(`[${rows.map((row) => row.j).join(',')}]`, rows.length);
    }
  } finally {
    await tx.execute(sql.raw(`CLOSE ${CURSOR}`));
  }
}

async function migrationCount(tx: Tx): Promise<number> {
  const result = await tx.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

async function sequenceStatements(tx: Tx): Promise<string[]> {
  const names = rowsOf<{ name: string }>(
    await tx.execute(sql`
      select c.relname::text as name from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'S' and n.nspname = 'public' order by 1`),
  ).map((row) => row.name);
  const statements: string[] = [];
  for (const name of names) {
    const [state] = rowsOf<{ next: string | number }>(
      await tx.execute(
        sql.raw(
          `select (case when is_called then last_value + 1 else last_value end)::text as next from ${quoteIdent(name)}`,
        ),
      ),
    );
    // Never backwards: numbers handed out since the backup must not be handed out again.
    const current = `(select case when is_called then last_value + 1 else last_value end from ${quoteIdent(name)})`;
    statements.push(
      `SELECT setval(${literal(quoteIdent(name))}, GREATEST(${Number(state?.next ?? 1)}, ${current}), false);`,
    );
  }
  return statements;
}

/** Complete backups (not a crashed write's `.partial`), whose names sort as they were taken. */
const BACKUP_FILE = /^karya-backup-\d{4}-.*\.sql$/;

/** karya-backup-<time>-<random>.sql: the time sorts, the random part keeps same-millisecond resets apart. */
function backupName(takenAt: Date): string {
  const stamp = takenAt.toISOString().replaceAll(':', '-').replace('.', '-');
  return `karya-backup-${stamp}-${randomBytes(4).toString('hex')}.sql`;
}

/**
 * Gives the finished `partial` a backup's name that no file has: link() refuses an existing
 * name where rename() would silently replace another reset's backup.
 */
async function publish(partial: string, directory: string, takenAt: Date): Promise<string> {
  for (let attempt = 1; ; attempt += 1) {
    const file = join(directory, backupName(takenAt));
    try {
      await link(partial, file);
      await unlink(partial);
      return file;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 5) throw error;
    }
  }
}

/**
 * Deletes all but the `keep` newest complete backups of `directory` (BACKUP_KEEP, issue 39
 * item 29); a `.partial` left by a crash and any other file stay. Returns the deleted paths.
 */
export async function pruneBackups(directory: string, keep: number): Promise<string[]> {
  const names = (await readdir(directory)).filter((name) => BACKUP_FILE.test(name)).sort();
  const old = names.slice(0, Math.max(0, names.length - Math.max(1, keep)));
  const deleted: string[] = [];
  for (const name of old) {
    try {
      await unlink(join(directory, name));
      deleted.push(join(directory, name));
    } catch (error) {
      // Another process's reset pruned it first.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return deleted;
}

/** Writes the backup of `tables` to a new file of its own; the transaction must hold the tables' locks. */
export async function writeBackup(tx: Tx, options: BackupOptions): Promise<BackupInfo> {
  await mkdir(options.directory, { recursive: true });
  // Its own random name too: 'wx' below refuses a partial file that exists.
  const partial = join(options.directory, `${backupName(options.takenAt)}.partial`);
  const tables = options.tables.filter((table) => !NOT_BACKED_UP.includes(table));
  const plans = await planOf(tx, tables);
  const migrations = await migrationCount(tx);
  const rows: Record<string, number> = {};

  const handle = await open(partial, 'wx', 0o600);
  let bytes = 0;
  const write = async (line: string) => {
    const text = `${line}\n`;
    bytes += Buffer.byteLength(text);
    await handle.write(text);
  };
  try {
    await write(
      `${BACKUP_MARKER}: plain SQL for psql or restore-backup.js (README, "Restoring a backup").`,
    );
    await write(
      `-- Taken ${options.takenAt.toISOString()}: ${options.reason.replace(/[\r\n]+/g, ' ')}`,
    );
    await write(
      `-- Schema: ${migrations} migrations. Restoring replaces every business row of the database.`,
    );
    await write("SET client_encoding = 'UTF8';");
    await write('SET standard_conforming_strings = on;');
    await write('BEGIN;');
    await write(
      `DO $$ BEGIN IF (SELECT count(*) FROM drizzle.__drizzle_migrations) < ${migrations} THEN RAISE EXCEPTION 'This backup needs a database migrated to ${migrations} migrations: start Karya on it once first'; END IF; END $$;`,
    );
    // Deleting users sets the actor of their audit events to null; remember it to put it back.
    await write(
      'CREATE TEMP TABLE karya_restore_audit_actors ON COMMIT DROP AS SELECT "id", "actor_id" FROM "audit_events" WHERE "actor_id" IS NOT NULL;',
    );
    for (const statement of deletionStatements(null)) await write(`${statement};`);

    for (const plan of plans) {
      const table = quoteIdent(plan.table);
      const columns = plan.columns
        .filter((column) => !plan.deferred.includes(column))
        .map(quoteIdent);
      const list = columns.join(', ');
      // Kept tables still hold their rows after a reset: restoring adds only what is missing.
      const onConflict = KEPT_TABLES.includes(plan.table) ? ' ON CONFLICT DO NOTHING' : '';
      rows[plan.table] = 0;
      await eachBatch(
        tx,
        `SELECT row_to_json(t)::text AS j FROM ${table} t`,
        async (json, count) => {
          rows[plan.table] = (rows[plan.table] ?? 0) + count;
          await write(
            `INSERT INTO ${table} (${list}) OVERRIDING SYSTEM VALUE SELECT ${list} FROM json_populate_recordset(NULL::${table}, ${literal(json)})${onConflict};`,
          );
        },
      );
    }
    for (const plan of plans.filter((p) => p.deferred.length > 0)) {
      const table = quoteIdent(plan.table);
      const set = plan.deferred.map((c) => `${quoteIdent(c)} = d.${quoteIdent(c)}`).join(', ');
      const match = plan.primaryKey
        .map((c) => `x.${quoteIdent(c)} = d.${quoteIdent(c)}`)
        .join(' AND ');
      const anySet = plan.deferred.map((c) => `${quoteIdent(c)} IS NOT NULL`).join(' OR ');
      await eachBatch(
        tx,
        `SELECT row_to_json(t)::text AS j FROM ${table} t WHERE ${anySet}`,
        async (json) => {
          await write(
            `UPDATE ${table} AS x SET ${set} FROM json_populate_recordset(NULL::${table}, ${literal(json)}) AS d WHERE ${match};`,
          );
        },
      );
    }
    for (const statement of await sequenceStatements(tx)) await write(statement);
    await write(
      'UPDATE "audit_events" AS a SET "actor_id" = k."actor_id" FROM karya_restore_audit_actors AS k WHERE a."id" = k."id" AND a."actor_id" IS NULL AND EXISTS (SELECT 1 FROM "users" AS u WHERE u."id" = k."actor_id");',
    );
    await write('COMMIT;');
    await handle.sync();
  } finally {
    await handle.close();
  }
  // Only a complete file carries the final name: a crash mid-write leaves a .partial.
  const file = await publish(partial, options.directory, options.takenAt);
  return { file, bytes, rows };
}
