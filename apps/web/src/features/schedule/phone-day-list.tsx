import { indiaDayOf } from '@karya/domain/schedule';
import type { ScheduleAnswer, ScheduledJobAnswer } from '@karya/domain/schedule-schemas';
import { dayLabel } from './board-layout';
import { JobCard } from './job-card';
import { UtilisationNote } from './utilisation-note';

/**
 * The board on a phone (issue 34): each technician's days as a list in time order, with
 * their utilisation; every move through 'Schedule…'.
 */
export function PhoneDayList({
  schedule,
  days,
  onSchedule,
}: {
  schedule: ScheduleAnswer;
  days: readonly string[];
  onSchedule: (job: ScheduledJobAnswer) => void;
}) {
  return (
    <div className="space-y-3">
      {schedule.technicians.map((technician) => (
        <section
          key={technician._id}
          aria-label={technician.name}
          className="rounded-lg border border-slate-200 bg-white p-3"
        >
          <h2 className="text-sm font-semibold text-slate-900">{technician.name}</h2>
          {days.map((day) => {
            const utilisation = technician.utilisation.find((u) => u.date === day);
            const jobs = schedule.jobs
              .filter(
                (job) =>
                  job.technicianId === technician._id &&
                  job.start !== null &&
                  indiaDayOf(new Date(job.start)) === day,
              )
              .sort((a, b) => (a.start ?? '').localeCompare(b.start ?? ''));
            return (
              <div key={day} className="mt-2">
                {days.length > 1 ? (
                  <h3 className="text-xs font-medium text-slate-700">{dayLabel(day)}</h3>
                ) : null}
                {utilisation ? <UtilisationNote day={utilisation} /> : null}
                {jobs.length === 0 ? (
                  <p className="mt-1 text-xs text-slate-500">No jobs.</p>
                ) : (
                  <ul className="mt-1 space-y-1.5">
                    {jobs.map((job) => (
                      <li key={job._id}>
                        <JobCard job={job} onSchedule={onSchedule} />
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            );
          })}
        </section>
      ))}
    </div>
  );
}
