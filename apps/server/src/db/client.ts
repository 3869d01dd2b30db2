import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths';
import * as complaintsSchema from './complaints-schema';
import { isRetryableConflict } from './errors';
import { prepareFrequentStatements } from './frequent-statements';
import * as importsSchema from './imports-schema';
import { type ListenHandlers, listenOnPostgres, type Unlisten } from './listen';
import * as quotationsSchema from './quotations-schema';
import * as reportsSchema from './reports-schema';
import * as mainSchema from './schema';

/** Every table the client knows: the main schema and the ones kept in files of their own. */
const schema = {
  ...mainSchema,
  ...quotationsSchema,
  ...importsSchema,
  ...complaintsSchema,
  ...reportsSchema,
};

/** The one database type every query is written against: PGlite and PostgreSQL alike. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle, accepted wherever a Database is. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  /**
   * LISTEN on a channel: PostgreSQL on a connection of its own, PGlite in this process (live
   * events, issue 34). Closing the database stops every listener.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<Unlisten>;
  close(): Promise<void>;
}

/** Listeners a handle stops when it closes, whoever forgot to. */
function listenerSet() {
  const open = new Set<Unlisten>();
  return {
    keep(unlisten: Unlisten): Unlisten {
      let done = false;
      const once: Unlisten = async () => {
        if (done) return;
        done = true;
        open.delete(once);
        await unlisten();
      };
      open.add(once);
      return once;
    },
    async stopAll() {
      await Promise.all([...open].map((unlisten) => unlisten().catch(() => {})));
    },
  };
}

const drizzleOptions = { schema, casing: 'snake_case' } as const;

/** How many times a transaction that met a deadlock or serialization failure is run. */
export const TRANSACTION_ATTEMPTS = 5;

/**
 * Every transaction of the app goes through `db.transaction`, so this is the one place that
 * runs again a transaction PostgreSQL rolled back for a deadlock or a serialization failure
 * (issue 16): a race never reaches the user as a 500. The whole callback runs again, and it
 * only talks to the database, so a retry repeats nothing else. A short random pause lets the
 * other transaction finish first.
 */
const RETRYING = Symbol('retries conflicts');

export function retryConflicts(db: Database): Database {
  if (RETRYING in db) return db;
  const once = db.transaction.bind(db);
  const transaction: Database['transaction'] = async (work, config) => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await once(work, config);
      } catch (error) {
        if (attempt >= TRANSACTION_ATTEMPTS || !isRetryableConflict(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
      }
    }
  };
  return Object.assign(db, { transaction, [RETRYING]: true });
}

// Any fixed number works: it names the lock that lets one starting process migrate at a time.
const MIGRATION_LOCK = 4_207_017;

/**
 * drizzle's migrator reads the last applied migration and then applies the newer ones: two
 * processes starting at once (WORKERS, several machines) would both apply them and one
 * would fail. An advisory lock runs them one after the other; the second finds nothing left
 * to do (decision 014). The lock is a transaction's, held open on one connection while the
 * migrator works on another: behind PgBouncer in transaction mode a session lock would stay
 * on whichever server connection took it, and the unlock could go to another (issue 39).
 */
async function migrateUnderLock(pool: pg.Pool): Promise<void> {
  const connection = await pool.connect();
  let broken: Error | undefined;
  try {
    await connection.query('begin');
    await connection.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    const db = drizzleNodePg({ client: pool, ...drizzleOptions });
    await migrateNodePg(db, { migrationsFolder: MIGRATIONS_DIR });
    await connection.query('commit');
  } catch (error) {
    broken = error as Error;
    throw error;
  } finally {
    // A connection that failed mid-way is discarded, which ends its transaction and the lock.
    connection.release(broken);
  }
}

export async function openPostgres(
  url: string,
  options: { migrate?: boolean; poolSize?: number } = {},
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    // JIT compiles a statement whose estimated cost is high; for these short reads it spent
    // 50–150 ms compiling pages that run in 0.5 ms (decision 016).
    options: '-c jit=off',
  });
  prepareFrequentStatements(pool);
  const db = drizzleNodePg({ client: pool, ...drizzleOptions });
  if (options.migrate !== false) {
    try {
      await migrateUnderLock(pool);
    } catch (error) {
      await pool.end();
      throw error;
    }
  }
  const listeners = listenerSet();
  return {
    db: retryConflicts(db as unknown as Database),
    driver: 'postgres',
    listen: async (channel, handlers) =>
      listeners.keep(await listenOnPostgres(url, channel, handlers)),
    async close() {
      await listeners.stopAll();
      await pool.end();
    },
  };
}

/** dataDir undefined keeps the database in memory (tests). */
export async function openPglite(
  options: { dataDir?: string; loadDataDir?: Blob } = {},
): Promise<DatabaseHandle> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = new PGlite({
    // The work-order search's trigram indexes (migration 0007, decision 010).
    extensions: { pg_trgm },
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = drizzlePglite({ client, ...drizzleOptions });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
  const listeners = listenerSet();
  return {
    // One transaction at a time never deadlocks here; wrapped alike all the same.
    db: retryConflicts(db as unknown as Database),
    driver: 'pglite',
    // One process holds the database, so its own NOTIFY is all there is to hear.
    listen: async (channel, handlers) => {
      const unlisten = await client.listen(channel, handlers.onMessage);
      return listeners.keep(async () => {
        if (!client.closed) await unlisten();
      });
    },
    async close() {
      await listeners.stopAll();
      await client.close();
    },
  };
}

/**
 * The database of the config, migrated. `migrate: false` skips the migrations on PostgreSQL,
 * for a cluster's workers whose primary has run them (decision 014).
 */
export function openDatabase(
  config: { databaseUrl: string | undefined; dataDir: string; databasePoolSize: number },
  options: { migrate?: boolean; poolSize?: number } = {},
): Promise<DatabaseHandle> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, { poolSize: config.databasePoolSize, ...options })
    : openPglite({ dataDir: config.dataDir });
}
