import { useDroppable } from '@dnd-kit/core';
import { addDays, indiaClockOf, indiaDayOf, indiaInstant, weekdayOf } from '@karya/domain/schedule';
import type { ScheduleAnswer, ScheduledJobAnswer } from '@karya/domain/schedule-schemas';
import { cx } from '../../lib/class-names';
import { dayLabel } from './board-layout';
import type { DropTarget } from './day-board';
import { JobCard } from './job-card';
import { UtilisationNote } from './utilisation-note';

/**
 * The week view (issue 34): a row per technician, Monday to Sunday across, each day with its
 * utilisation and its jobs in time order; a closed day is greyed.
 */
export function WeekBoard({
  schedule,
  days,
  onSchedule,
}: {
  schedule: ScheduleAnswer;
  days: readonly string[];
  onSchedule: (job: ScheduledJobAnswer) => void;
}) {
  return (
    <section
      aria-label="Week board"
      className="overflow-x-auto rounded-lg border border-slate-200 bg-white"
    >
      <table className="w-full min-w-[1100px] table-fixed border-collapse text-left">
        <thead className="bg-slate-50 text-xs text-slate-500">
          <tr>
            <th scope="col" className="sticky left-0 z-10 w-40 bg-slate-50 px-3 py-2 font-medium">
              Technician
            </th>
            {days.map((day) => (
              <th key={day} scope="col" className="px-2 py-2 font-medium">
                {dayLabel(day)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {schedule.technicians.map((technician) => (
            <tr key={technician._id} className="border-t border-slate-200 align-top">
              <th
                scope="row"
                className="sticky left-0 z-10 bg-white px-3 py-2 text-sm font-medium text-slate-900"
              >
                {technician.name}
              </th>
              {days.map((day) => (
                <WeekCell
                  key={day}
                  technicianId={technician._id}
                  day={day}
                  closed={schedule.workingHours[weekdayOf(day)] === null}
                  utilisation={technician.utilisation.find((u) => u.date === day)}
                  leave={technician.leave.filter(
                    (l) =>
                      Date.parse(l.start) < indiaInstant(addDays(day, 1), '00:00').getTime() &&
                      Date.parse(l.end) > indiaInstant(day, '00:00').getTime(),
                  )}
                  jobs={schedule.jobs.filter(
                    (job) =>
                      job.technicianId === technician._id &&
                      job.start !== null &&
                      indiaDayOf(new Date(job.start)) === day,
                  )}
                  onSchedule={onSchedule}
                />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function WeekCell({
  technicianId,
  day,
  closed,
  utilisation,
  leave,
  jobs,
  onSchedule,
}: {
  technicianId: string;
  day: string;
  closed: boolean;
  utilisation: ScheduleAnswer['technicians'][number]['utilisation'][number] | undefined;
  leave: ScheduleAnswer['technicians'][number]['leave'];
  jobs: ScheduledJobAnswer[];
  onSchedule: (job: ScheduledJobAnswer) => void;
}) {
  const drop = useDroppable({
    id: `cell:${technicianId}|${day}`,
    data: { kind: 'cell', technicianId, day } satisfies DropTarget,
  });
  return (
    <td
      ref={drop.setNodeRef}
      className={cx(
        'h-24 border-l border-slate-100 p-1.5',
        closed && 'bg-slate-100',
        drop.isOver && 'bg-blue-50',
      )}
    >
      {closed ? <p className="text-xs text-slate-500">Closed</p> : null}
      {leave.map((l) => (
        <p key={l._id} className="mb-1 rounded bg-slate-200 px-1 text-xs text-slate-700">
          On leave {indiaClockOf(new Date(l.start))}–{indiaClockOf(new Date(l.end))}
          {l.reason ? `: ${l.reason}` : ''}
        </p>
      ))}
      {utilisation && (!closed || utilisation.bookedMinutes > 0) ? (
        <UtilisationNote day={utilisation} className="mb-1" />
      ) : null}
      <ul className="space-y-1">
        {[...jobs]
          .sort((a, b) => (a.start ?? '').localeCompare(b.start ?? ''))
          .map((job) => (
            <li key={job._id}>
              <JobCard job={job} onSchedule={onSchedule} drag="job" compact />
            </li>
          ))}
      </ul>
    </td>
  );
}
