import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openPglite, openPostgres } from '../../src/db/client';

/**
 * A fresh, migrated database for one test file: an in-memory PGlite by default, or a new
 * database on the PostgreSQL server of TEST_DATABASE_URL when TEST_DB=postgres.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (process.env.TEST_DB !== 'postgres') return openPglite();
  const database = await createPostgresTestDatabase();
  const handle = await openPostgres(database.url);
  return {
    ...handle,
    async close() {
      await handle.close();
      await database.drop();
    },
  };
}

export interface PostgresTestDatabase {
  /** postgres://… of the new, empty database. */
  url: string;
  /** Drops it, once every connection to it has gone. */
  drop(): Promise<void>;
}

/** A new, empty database on the PostgreSQL server of TEST_DATABASE_URL. */
export async function createPostgresTestDatabase(): Promise<PostgresTestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `karya_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      // pool.end() resolves before its sockets close; let them go before forcing the drop,
      // or the server kills them mid-goodbye and pg reports it as an uncaught error.
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const open = await dropper.query(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (open.rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
