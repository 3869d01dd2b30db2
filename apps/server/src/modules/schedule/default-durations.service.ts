import { type DefaultDuration, durationTable } from '@karya/domain/job-durations';
import type { PutDefaultDurationsInput } from '@karya/domain/schedule-schemas';
import { sql } from 'drizzle-orm';
import { recordAudit } from '../../audit/record-audit';
import type { Actor } from '../../auth/guard';
import type { Database, Tx } from '../../db/client';
import { scheduleDefaultDurations } from '../../db/schema';

/**
 * The minutes a job is booked for by default, per project type and category (issue 34):
 * business-wide, so one table for every branch; admins set it, the desk reads it.
 */

/** Every type × category pair: an admin's minutes, or the fallback rule's where none is set. */
export async function readDefaultDurations(db: Database | Tx): Promise<DefaultDuration[]> {
  const stored = await db
    .select({
      projectType: scheduleDefaultDurations.projectType,
      projectCategory: scheduleDefaultDurations.projectCategory,
      minutes: scheduleDefaultDurations.minutes,
    })
    .from(scheduleDefaultDurations);
  return durationTable(stored);
}

/** PUT /api/schedule-default-durations: the rows given, in one transaction with their audit. */
export async function putDefaultDurations(
  db: Database,
  actor: Actor,
  input: PutDefaultDurationsInput,
): Promise<DefaultDuration[]> {
  await db.transaction(async (tx) => {
    const before = new Map(
      (await readDefaultDurations(tx)).map((row) => [
        `${row.projectType}|${row.projectCategory}`,
        row.minutes,
      ]),
    );
    await tx
      .insert(scheduleDefaultDurations)
      .values(input.durations.map((row) => ({ ...row, updatedBy: actor.id })))
      .onConflictDoUpdate({
        target: [scheduleDefaultDurations.projectType, scheduleDefaultDurations.projectCategory],
        set: {
          minutes: sql`excluded.minutes`,
          updatedBy: actor.id,
          updatedAt: sql`now()`,
        },
      });
    const changed = input.durations.filter(
      (row) => before.get(`${row.projectType}|${row.projectCategory}`) !== row.minutes,
    );
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'schedule.default-durations',
      entityType: 'schedule_default_durations',
      summary:
        changed.length === 0
          ? 'Job durations saved unchanged'
          : `Job durations changed: ${changed
              .map((row) => `${row.projectType} / ${row.projectCategory} ${row.minutes} min`)
              .join('; ')}`,
      changes: {
        durations: changed.map((row) => ({
          ...row,
          from: before.get(`${row.projectType}|${row.projectCategory}`) ?? null,
        })),
      },
    });
  });
  return readDefaultDurations(db);
}
