import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { reportDailyWork } from '../../db/reports-schema';
import { rollupDayOf } from './technician-rollup';

/** What one write adds to a branch's India day, project type and category (issue 38). */
export interface WorkDelta {
  opened?: number;
  completed?: number;
}

/** Which order's figures, when: null is the transaction's now, as the history's. */
export interface WorkDayKey {
  branchId: string;
  projectType: string;
  projectCategory: string;
  at: Date | null;
}

/**
 * Adds to report_daily_work in the caller's transaction: an order opened (opened +1 on its
 * India creation day) or approved (completed +1 on the approval's day). One upsert adding to
 * what is there, so concurrent writers of the same day wait on the row and none overwrites.
 *
 * Not counted as opened: the pending order an accepted transfer creates (the same project's
 * work, already counted when it was first opened) and an opening due's settled order (past
 * business from the old system, completed when made: it is neither opened nor completed here).
 */
export async function addDailyWork(db: Database, key: WorkDayKey, delta: WorkDelta): Promise<void> {
  const opened = delta.opened ?? 0;
  const completed = delta.completed ?? 0;
  if (opened === 0 && completed === 0) return;
  await db
    .insert(reportDailyWork)
    .values({
      branchId: key.branchId,
      day: rollupDayOf(key.at),
      projectType: key.projectType,
      projectCategory: key.projectCategory,
      opened,
      completed,
    })
    .onConflictDoUpdate({
      target: [
        reportDailyWork.branchId,
        reportDailyWork.day,
        reportDailyWork.projectType,
        reportDailyWork.projectCategory,
      ],
      set: {
        opened: sql`report_daily_work.opened + excluded.opened`,
        completed: sql`report_daily_work.completed + excluded.completed`,
      },
    });
}
