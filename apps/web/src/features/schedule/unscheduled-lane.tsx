import { useDroppable } from '@dnd-kit/core';
import { dayMonthYear } from '@karya/domain/day-text';
import type { ScheduleAnswer, ScheduledJobAnswer } from '@karya/domain/schedule-schemas';
import { memo, useCallback, useRef, useState } from 'react';
import { cx } from '../../lib/class-names';
import { WAITING_MARK_DAYS, waitingDays } from './board-layout';
import { JobCard } from './job-card';

/**
 * The unscheduled lane (issue 34): pending orders and assigned ones without a time, oldest
 * first as the server sends them, the long-waiting ones marked in words, an AMC visit's
 * order with the day it is due (overdue in red). A board card dropped
 * here goes back to it.
 */
export function UnscheduledLane({
  schedule,
  today,
  onSchedule,
  draggable,
}: {
  schedule: ScheduleAnswer;
  today: string;
  onSchedule: (job: ScheduledJobAnswer) => void;
  draggable: boolean;
}) {
  const drop = useDroppable({ id: 'lane', data: { kind: 'lane' } });
  // The drop target redraws whenever a drag starts, crosses it or ends; its cards are drawn
  // again only when the lane or the day changes (a new onSchedule goes through the ref).
  const latest = useRef(onSchedule);
  latest.current = onSchedule;
  const scheduleJob = useCallback((job: ScheduledJobAnswer) => latest.current(job), []);
  const lane = schedule.unscheduled;
  return (
    <section
      ref={drop.setNodeRef}
      aria-labelledby="unscheduled-heading"
      className={cx(
        'rounded-lg border border-slate-200 bg-white p-3',
        drop.isOver && 'border-blue-400 bg-blue-50',
      )}
    >
      <h2 id="unscheduled-heading" className="text-sm font-semibold text-slate-900">
        Unscheduled ({lane.length})
      </h2>
      <p className="mb-2 text-xs text-slate-500">
        Oldest first.{' '}
        {draggable ? (
          <span className="max-md:hidden">
            Drag a card onto a technician's row at a time, or press its Schedule… button.
          </span>
        ) : null}
      </p>
      {lane.length === 0 ? (
        <p className="py-4 text-center text-sm text-slate-500">
          Every work order has a time. New work orders appear here.
        </p>
      ) : (
        <LaneCards
          lane={lane}
          technicians={schedule.technicians}
          today={today}
          onSchedule={scheduleJob}
          draggable={draggable}
        />
      )}
    </section>
  );
}

/**
 * The oldest this many are drawn at first, the rest on 'Show all': 100 pending orders were
 * 1,500 elements of the board's first render (issue 34); twelve fill the lane's scrolled view (about
 * nine cards) at every width, and fewer cards are less of the first render.
 */
const LANE_FIRST = 12;

const LaneCards = memo(function LaneCards({
  lane,
  technicians,
  today,
  onSchedule,
  draggable,
}: {
  lane: ScheduleAnswer['unscheduled'];
  technicians: ScheduleAnswer['technicians'];
  today: string;
  onSchedule: (job: ScheduledJobAnswer) => void;
  draggable: boolean;
}) {
  const names = new Map(technicians.map((t) => [t._id, t.name]));
  const [all, setAll] = useState(false);
  const shown = all ? lane : lane.slice(0, LANE_FIRST);
  return (
    <>
      <ul
        aria-label="Unscheduled work orders"
        className="grid gap-2 sm:grid-cols-2 md:max-h-64 md:overflow-y-auto lg:grid-cols-3 2xl:grid-cols-4"
      >
        {shown.map((job) => {
          const days = waitingDays(job.createdAt, today);
          const technician = job.technicianId ? names.get(job.technicianId) : null;
          return (
            // Only the cards in the lane's scrolled view are laid out and painted (issue 34:
            // 100 pending orders were a tenth of the board's first render); the others keep
            // their last height, or about a card's.
            <li
              key={job._id}
              className="[contain-intrinsic-size:auto_6rem] [content-visibility:auto]"
            >
              <JobCard job={job} onSchedule={onSchedule} drag={draggable ? 'lane' : null}>
                {technician ? <p className="truncate">Assigned to {technician}</p> : null}
                {job.amcDueDate ? (
                  <p
                    className={cx('truncate', job.amcDueDate < today && 'font-medium text-red-700')}
                  >
                    {job.amcDueDate < today
                      ? `AMC visit overdue: was due ${dayMonthYear(job.amcDueDate, ' ')}`
                      : `AMC visit due ${dayMonthYear(job.amcDueDate, ' ')}`}
                  </p>
                ) : null}
                {days > WAITING_MARK_DAYS ? (
                  <p className="font-medium text-red-700">Waiting {days} days</p>
                ) : null}
              </JobCard>
            </li>
          );
        })}
      </ul>
      {shown.length < lane.length ? (
        <button
          type="button"
          onClick={() => setAll(true)}
          className="mt-2 rounded px-1 py-0.5 text-sm font-medium text-blue-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600"
        >
          Show all {lane.length}
        </button>
      ) : null}
    </>
  );
});
