import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client';

/**
 * Tables that change on a request without any data changing: sessions slide their expiry and
 * the login throttle counts attempts. Everything else must be untouched by a refused request.
 */
const VOLATILE = new Set(['sessions', 'login_failures', 'request_throttle']);

const rowsOf = <T>(result: unknown) =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/** A digest (row count and md5 of every row) of each data table, to compare before and after. */
export async function dataDigest(db: Database): Promise<string> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
    ),
  )
    .map((row) => row.name)
    .filter((name) => !VOLATILE.has(name));
  // One round trip: a row per table with its count and the md5 of its rows in a fixed order.
  const query = tables
    .map(
      (table) =>
        `select '${table}' as name, count(*)::text as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from "${table}" t`,
    )
    .join(' union all ');
  const rows = rowsOf<{ name: string; n: string; h: string }>(await db.execute(sql.raw(query)));
  return rows.map((row) => `${row.name}:${row.n}:${row.h}`).join('\n');
}
