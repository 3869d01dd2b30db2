import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client';
import { MIGRATIONS_DIR } from '../../src/paths';

/**
 * The technician and work rollups as rows, and migration 0042 run again: the tests compare what
 * the writers kept with what the backfill computes from the same history, orders and bills.
 */

const BACKFILL = '0042_report-backfill-work.sql';

async function rowsOf<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/** Every row of both rollups, in a fixed order, figures as numbers (zero rows left out). */
export async function rollupRows(db: Database) {
  const technician = await rowsOf<Record<string, unknown>>(
    db,
    sql`select technician_id, branch_id, to_char(day, 'YYYY-MM-DD') as day,
               completed, approved, minutes_on_job::int as minutes_on_job,
               completed_then_complained, billed_paise::int as billed_paise, transfers, rejections
        from report_daily_technician
        where completed <> 0 or approved <> 0 or minutes_on_job <> 0
           or completed_then_complained <> 0 or billed_paise <> 0 or transfers <> 0
           or rejections <> 0
        order by technician_id, branch_id, day`,
  );
  const work = await rowsOf<Record<string, unknown>>(
    db,
    sql`select branch_id, to_char(day, 'YYYY-MM-DD') as day, project_type, project_category,
               opened, completed
        from report_daily_work
        where opened <> 0 or completed <> 0
        order by branch_id, day, project_type, project_category`,
  );
  return { technician, work };
}

/** Migration 0042's statements, run in one transaction as the migrator runs them. */
export async function runWorkBackfill(db: Database): Promise<void> {
  const text = readFileSync(join(MIGRATIONS_DIR, BACKFILL), 'utf8');
  const statements = text
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter(Boolean);
  await db.transaction(async (tx) => {
    for (const statement of statements) await tx.execute(sql.raw(statement));
  });
}
