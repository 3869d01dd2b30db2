import { indiaDayOf } from '@karya/domain/schedule';
import type { ScheduledJobAnswer } from '@karya/domain/schedule-schemas';

export interface DayGroup {
  day: string;
  jobs: ScheduledJobAnswer[];
}

/**
 * The phone's week (issue 34): today's jobs (one that began before today and runs into it
 * counts as today's), then each later day's, in time order; days without jobs left out.
 */
export function groupByDay(today: string, jobs: readonly ScheduledJobAnswer[]): DayGroup[] {
  const byDay = new Map<string, ScheduledJobAnswer[]>();
  const sorted = [...jobs]
    .filter((job) => job.start !== null)
    .sort((a, b) => (a.start ?? '').localeCompare(b.start ?? ''));
  for (const job of sorted) {
    const started = indiaDayOf(new Date(job.start ?? ''));
    const day = started < today ? today : started;
    byDay.set(day, [...(byDay.get(day) ?? []), job]);
  }
  return [...byDay.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, dayJobs]) => ({ day, jobs: dayJobs }));
}
