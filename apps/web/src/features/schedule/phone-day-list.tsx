import type { ScheduleAnswer, ScheduledJobAnswer } from '@karya/domain/schedule-schemas';
import { memo, useCallback, useRef } from 'react';
import { clockFor, dayLabel, jobsByCell } from './board-layout';
import { JobCard } from './job-card';
import { UtilisationNote } from './utilisation-note';

/**
 * The board on a phone (issue 34): each technician's days as a list in time order, with
 * their utilisation; every move through 'Schedule…'.
 *
 * The page draws it beside the desk's board and CSS shows one of them, so it is drawn again
 * only when the answer or the days change, not on every redraw of the page (a drag's start
 * and end): `onSchedule` reaches the cards through a ref. The minute reaches it only while a
 * job may still turn late, so its 'Late' marks appear as a window passes.
 */
export function PhoneDayList({
  schedule,
  days,
  now,
  onSchedule,
}: {
  schedule: ScheduleAnswer;
  days: readonly string[];
  /** The current minute (useMinuteClock). */
  now: number;
  onSchedule: (job: ScheduledJobAnswer) => void;
}) {
  const latest = useRef(onSchedule);
  latest.current = onSchedule;
  const scheduleJob = useCallback((job: ScheduledJobAnswer) => latest.current(job), []);
  return (
    <PhoneDays
      schedule={schedule}
      dayKey={days.join(',')}
      now={clockFor(schedule.jobs, now)}
      onSchedule={scheduleJob}
    />
  );
}

const PhoneDays = memo(function PhoneDays({
  schedule,
  dayKey,
  onSchedule,
}: {
  schedule: ScheduleAnswer;
  /** The days, comma-separated: the same days are the same string on every redraw. */
  dayKey: string;
  /** The minute while a job may turn late, else 0: a change draws the 'Late' marks again. */
  now: number;
  onSchedule: (job: ScheduledJobAnswer) => void;
}) {
  const days = dayKey.split(',');
  // Each technician's jobs of each day in time order, sorted once, not filtered per day.
  const cells = jobsByCell(schedule.jobs);
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
            const jobs = cells.get(`${technician._id}|${day}`) ?? [];
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
});
