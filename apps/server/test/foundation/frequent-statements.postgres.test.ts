import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openPostgres } from '../../src/db/client';
import { PREPARE_AFTER } from '../../src/db/frequent-statements';
import { branches } from '../../src/db/schema';
import { createPostgresTestDatabase, type PostgresTestDatabase } from '../helpers/test-database';

/**
 * Decision 016 on a real server: a read the pool runs often becomes a named prepared statement
 * of its connection, planned once (a generic plan) and never JIT-compiled.
 */
let database: PostgresTestDatabase;
let handle: DatabaseHandle;

beforeAll(async () => {
  database = await createPostgresTestDatabase();
  handle = await openPostgres(database.url);
});
afterAll(async () => {
  await handle.close();
  await database.drop();
});

/** The prepared statements of the connection that runs this, by the pool's own path. */
async function preparedHere(pattern: string) {
  const [row] = await handle.db
    .select({
      names: sql<string[]>`array(select name from pg_prepared_statements
        where statement like ${pattern} and name like 'karya%')`,
      generic: sql<number>`coalesce((select sum(generic_plans) from pg_prepared_statements
        where statement like ${pattern} and name like 'karya%'), 0)::int`,
      custom: sql<number>`coalesce((select sum(custom_plans) from pg_prepared_statements
        where statement like ${pattern} and name like 'karya%'), 0)::int`,
      planCacheMode: sql<string>`current_setting('plan_cache_mode')`,
      jit: sql<string>`current_setting('jit')`,
    })
    .from(sql`(select 1) as one`);
  if (!row) throw new Error('no answer');
  return row;
}

describe('often-run reads on PostgreSQL', () => {
  it('run as named statements with a generic plan, JIT off', async () => {
    // One connection at a time: every run lands on the same pooled connection.
    for (let run = 0; run < PREPARE_AFTER + 5; run += 1) {
      await handle.db
        .select({ id: branches.id })
        .from(branches)
        .limit(run + 1);
    }
    const seen = await preparedHere('%from "branches" limit%');
    expect(seen.names).toHaveLength(1);
    expect(seen.generic).toBeGreaterThanOrEqual(5);
    expect(seen.custom).toBe(0);
    expect(seen.planCacheMode).toBe('force_generic_plan');
    expect(seen.jit).toBe('off');
  });

  it('keeps a search planned for its own pattern', async () => {
    for (let run = 0; run < PREPARE_AFTER + 2; run += 1) {
      await handle.db
        .select({ id: branches.id })
        .from(branches)
        .where(sql`${branches.name} like ${`%${run}%`}`);
    }
    expect((await preparedHere('%from "branches" where%like%')).names).toEqual([]);
  });
});
