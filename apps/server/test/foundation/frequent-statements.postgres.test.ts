import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openPostgres } from '../../src/db/client';
import { PREPARE_AFTER } from '../../src/db/frequent-statements';
import { branches } from '../../src/db/schema';
import { listWorkOrderRows } from '../../src/modules/work-orders/work-orders.queries';
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
      jit: sql<string>`current_setting('jit')`,
    })
    .from(sql`(select 1) as one`);
  if (!row) throw new Error('no answer');
  return row;
}

describe('often-run reads on PostgreSQL', () => {
  it('run as named statements that PostgreSQL plans once, JIT off', async () => {
    // One connection at a time: every run lands on the same pooled connection. PostgreSQL
    // plans the first five runs of a named statement for their values, then keeps a generic
    // plan that costs the same.
    const runs = PREPARE_AFTER + 10;
    for (let run = 0; run < runs; run += 1) {
      await handle.db
        .select({ id: branches.id })
        .from(branches)
        .where(eq(branches.id, randomUUID()));
    }
    const seen = await preparedHere('%from "branches" where "branches"."id" = $1');
    expect(seen.names).toHaveLength(1);
    expect(seen.custom).toBe(5);
    expect(seen.generic).toBe(runs - PREPARE_AFTER + 1 - 5);
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

  it('names a statement drizzle prepared without a name, like any other', async () => {
    const byId = handle.db
      .select({ name: branches.name })
      .from(branches)
      .where(eq(branches.id, sql.placeholder('id')))
      .prepare('');
    for (let run = 0; run < PREPARE_AFTER + 2; run += 1) await byId.execute({ id: randomUUID() });
    const seen = await preparedHere('select "name" from "branches" where "branches"."id" = $1');
    expect(seen.names).toHaveLength(1);
  });

  it("runs a list page of every branch under one statement, the branch's id its parameter", async () => {
    for (let run = 0; run < PREPARE_AFTER + 4; run += 1) {
      for (const branchId of [randomUUID(), randomUUID()]) {
        for (const order of ['created-desc', { byStatus: ['pending', 'assigned'] }] as const) {
          const page = await listWorkOrderRows(handle.db, {
            branchId,
            statuses: ['pending', 'assigned'],
            order,
            limit: 25,
            offset: 0,
          });
          expect(page).toEqual({ rows: [], total: 0, capped: false });
        }
      }
    }
    const pages = await preparedHere('%union all%');
    expect(pages.names).toHaveLength(2);
    expect(pages.generic).toBeGreaterThan(0);
  });
});
