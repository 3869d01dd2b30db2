import { dayMonthYear } from '@karya/domain/day-text';
import { clockText, indiaClockOf, weekdayOf } from '@karya/domain/schedule';
import type { ScheduledJobAnswer } from '@karya/domain/schedule-schemas';
import { CalendarClock, ChevronRight } from 'lucide-react';
import { useMemo } from 'react';
import { SlaLine } from '../../shared/sla-badge';
import { useMySchedule } from './api/get-my-schedule';
import { groupByDay } from './day-groups';

/** 'Fri 05 Mar 2027'. */
function dayTitle(day: string): string {
  const weekday = weekdayOf(day);
  return `${weekday[0]?.toUpperCase()}${weekday.slice(1)} ${dayMonthYear(day, ' ')}`;
}

/** '10:00 am – 11:00 am', by India's clock. */
function timeOf(job: ScheduledJobAnswer): string {
  if (!job.start || !job.end) return '';
  return [job.start, job.end].map((at) => clockText(indiaClockOf(new Date(at)))).join(' – ');
}

function JobRow({
  job,
  onOpen,
}: {
  job: ScheduledJobAnswer;
  /** Opens the job; null when its card is not among the phone's tasks. */
  onOpen: (() => void) | null;
}) {
  const body = (
    <>
      <div className="w-24 shrink-0 text-sm font-semibold text-blue-800 dark:text-blue-200">
        {timeOf(job)}
      </div>
      <div className="min-w-0 flex-1 space-y-0.5">
        <p className="font-medium text-slate-900 dark:text-slate-50">{job.customerName}</p>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {job.projectType} · {job.orderId}
        </p>
        {job.window ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Customer told {clockText(job.window.start)} – {clockText(job.window.end)}
          </p>
        ) : null}
        {/* Issue 37: a complaint's due time, in its clock's colour and words. */}
        {job.sla ? <SlaLine sla={job.sla} wrap className="text-sm" /> : null}
      </div>
    </>
  );
  const box =
    'flex w-full min-w-0 items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 text-left shadow-sm dark:border-slate-700 dark:bg-slate-800';
  return (
    <li>
      {onOpen ? (
        <button
          type="button"
          onClick={onOpen}
          className={`${box} transition-colors hover:border-blue-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:hover:border-blue-500`}
        >
          {body}
          <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
        </button>
      ) : (
        <div className={box}>{body}</div>
      )}
    </li>
  );
}

/**
 * The technician's booked week on the Home tab (issue 34): 'Today' in time order with each
 * job's arrival window, then the next days'. A shop that books no times sees nothing here;
 * a job started outside its time still starts, from Your Tasks as always.
 */
export function TechnicianDay({
  openerOf,
}: {
  /** How to open a job's card, or null when the phone has no card of it loaded. */
  openerOf: (orderId: string) => (() => void) | null;
}) {
  const week = useMySchedule();
  const groups = useMemo(
    () => (week.data ? groupByDay(week.data.today, week.data.jobs) : []),
    [week.data],
  );
  if (!week.data || groups.length === 0) return null;
  const today = week.data.today;
  const todays = groups.find((group) => group.day === today);
  const later = groups.filter((group) => group.day !== today);
  return (
    <section aria-labelledby="booked-today-heading" className="space-y-3">
      <h2
        id="booked-today-heading"
        className="flex items-center gap-2 text-base font-semibold text-slate-900 dark:text-slate-50"
      >
        <CalendarClock aria-hidden="true" className="size-5 text-blue-600" />
        Today's jobs
      </h2>
      {todays ? (
        <ol aria-label="Booked today" className="space-y-2">
          {todays.jobs.map((job) => (
            <JobRow key={job._id} job={job} onOpen={openerOf(job.orderId)} />
          ))}
        </ol>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-300">Nothing booked for today.</p>
      )}
      {later.length > 0 ? (
        <div className="space-y-3">
          <h2 className="text-base font-semibold text-slate-900 dark:text-slate-50">Next days</h2>
          {later.map((group) => (
            <div key={group.day} className="space-y-2">
              <h3 className="text-sm font-medium text-slate-600 dark:text-slate-300">
                {dayTitle(group.day)}
              </h3>
              <ol aria-label={`Booked ${dayTitle(group.day)}`} className="space-y-2">
                {group.jobs.map((job) => (
                  <JobRow key={job._id} job={job} onOpen={openerOf(job.orderId)} />
                ))}
              </ol>
            </div>
          ))}
        </div>
      ) : null}
    </section>
  );
}
