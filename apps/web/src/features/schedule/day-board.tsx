import { useDroppable } from '@dnd-kit/core';
import { indiaClockOf } from '@karya/domain/schedule';
import type { ScheduleAnswer, ScheduledJobAnswer } from '@karya/domain/schedule-schemas';
import { useCallback, useMemo } from 'react';
import { cx } from '../../lib/class-names';
import type { MoveRequest } from './api/schedule-moves';
import {
  type Column,
  closedSpans,
  type DayFrame,
  dayFrame,
  frameHours,
  frameWidth,
  MINUTE_PX,
  spanOn,
  stackLanes,
} from './board-layout';
import { useBoardRows } from './board-rows';
import { JobCard } from './job-card';
import { UtilisationNote } from './utilisation-note';

type Technician = ScheduleAnswer['technicians'][number];

/** What a drop on a technician's row of the day board names. */
export interface DropTarget {
  kind: 'row';
  technicianId: string;
  day: string;
}

/** A technician's row of the week board: the day is read from where the card is dropped. */
export interface WeekDropTarget {
  kind: 'week';
  technicianId: string;
  days: readonly string[];
  /** The day cells' screen edges, in the order of `days`. */
  columns: () => Column[];
}

const NAME_PX = 160;
const LANE_PX = 108;

/** Rows register their track so a drop reads where the pointer is against it. */
export type TrackRegistry = (key: string, element: HTMLElement | null) => void;
export const trackKey = (technicianId: string, day: string) => `${technicianId}|${day}`;

/**
 * The day view (issue 34): a row per technician, the branch's hours across with an hour
 * either side; before opening, after closing and leave are greyed; each job a card at its
 * time, overlapping ones stacked; the day's utilisation in words under the name. As the week,
 * it scrolls in its own box with the hours and the names kept in view, and draws only the
 * technicians' rows in view (useBoardRows); a job is sorted to its technician once per answer.
 */
export function DayBoard({
  schedule,
  day,
  saving,
  onSchedule,
  registerTrack,
}: {
  schedule: ScheduleAnswer;
  day: string;
  saving: MoveRequest | null;
  onSchedule: (job: ScheduledJobAnswer) => void;
  registerTrack: TrackRegistry;
}) {
  const frame = dayFrame(day, schedule.workingHours);
  const width = frameWidth(frame);
  const { technicians } = schedule;
  // The job being saved is drawn as its ghost, not at its old place.
  const hidden = savingId(saving, schedule);
  const byTechnician = useMemo(() => {
    const rows = new Map<string, DayJob[]>();
    for (const job of schedule.jobs) {
      if (!job.technicianId || !job.start || !job.end || job._id === hidden) continue;
      const row = rows.get(job.technicianId);
      const placed = { ...job, start: job.start, end: job.end };
      if (row) row.push(placed);
      else rows.set(job.technicianId, [placed]);
    }
    return rows;
  }, [schedule.jobs, hidden]);
  // A row is as high as its stacked lanes of cards (measured once drawn; this stands in).
  const estimate = useCallback(
    (index: number) =>
      stackLanes(byTechnician.get(technicians[index]?._id ?? '') ?? []).lanes * LANE_PX + 9,
    [technicians, byTechnician],
  );
  const keyOf = useCallback(
    (index: number) => technicians[index]?._id ?? String(index),
    [technicians],
  );
  const rows = useBoardRows({ count: technicians.length, keyOf, estimate });
  return (
    <section
      ref={rows.scrollerRef}
      aria-label="Day board"
      onPointerDownCapture={rows.hold}
      onFocusCapture={rows.hold}
      className="max-h-[calc(100dvh-5rem)] overflow-auto rounded-lg border border-slate-200 bg-white"
    >
      <div style={{ width: NAME_PX + width }}>
        <div className="sticky top-0 z-30 flex border-b border-slate-200 bg-slate-50 text-xs text-slate-500">
          <div
            style={{ width: NAME_PX }}
            className="sticky left-0 z-20 shrink-0 border-r border-slate-200 bg-slate-50 px-3 py-2 font-medium"
          >
            Technician
          </div>
          <div className="relative h-8" style={{ width }}>
            {frameHours(frame).map((hour) => (
              <span
                key={hour}
                data-hour={hour}
                className="absolute top-2 border-l border-slate-300 pl-1 tabular-nums"
                style={{ left: (Number(hour.slice(0, 2)) * 60 - frame.start) * MINUTE_PX }}
              >
                {hour}
              </span>
            ))}
          </div>
        </div>
        {rows.slots.map((slot) => {
          if (slot.kind === 'gap')
            return <div key={slot.key} aria-hidden="true" style={{ height: slot.height }} />;
          const technician = technicians[slot.index];
          if (!technician) return null;
          return (
            <TechnicianRow
              key={slot.key}
              index={slot.index}
              measure={rows.measureRow}
              technician={technician}
              jobs={byTechnician.get(technician._id) ?? NO_JOBS}
              schedule={schedule}
              day={day}
              frame={frame}
              saving={saving}
              onSchedule={onSchedule}
              registerTrack={registerTrack}
            />
          );
        })}
      </div>
    </section>
  );
}

type DayJob = ScheduledJobAnswer & { start: string; end: string };
const NO_JOBS: DayJob[] = [];

function TechnicianRow({
  index,
  measure,
  technician,
  jobs,
  schedule,
  day,
  frame,
  saving,
  onSchedule,
  registerTrack,
}: {
  /** The row's place among the technicians, from 0. */
  index: number;
  /** Measures the drawn row's height (useBoardRows). */
  measure: (element: HTMLElement | null) => void;
  technician: Technician;
  /** The technician's jobs of the day, the one being saved left out. */
  jobs: DayJob[];
  schedule: ScheduleAnswer;
  day: string;
  frame: DayFrame;
  saving: MoveRequest | null;
  onSchedule: (job: ScheduledJobAnswer) => void;
  registerTrack: TrackRegistry;
}) {
  const drop = useDroppable({
    id: `row:${trackKey(technician._id, day)}`,
    data: { kind: 'row', technicianId: technician._id, day } satisfies DropTarget,
  });
  const { lane, lanes } = stackLanes(jobs);
  const utilisation = technician.utilisation.find((u) => u.date === day);
  const ghost =
    saving && saving.technicianId === technician._id
      ? spanOn(
          day,
          frame,
          new Date(saving.start),
          new Date(Date.parse(saving.start) + saving.durationMinutes * 60_000),
        )
      : null;
  return (
    <section
      ref={measure}
      data-index={index}
      aria-label={technician.name}
      className="flex border-b border-slate-200 last:border-b-0"
    >
      <div
        style={{ width: NAME_PX }}
        className="sticky left-0 z-20 shrink-0 border-r border-slate-200 bg-white px-3 py-2"
      >
        <p className="line-clamp-2 text-sm font-medium break-words text-slate-900">
          {technician.name}
        </p>
        {utilisation ? <UtilisationNote day={utilisation} /> : null}
      </div>
      <div
        ref={(element) => {
          drop.setNodeRef(element);
          registerTrack(trackKey(technician._id, day), element);
        }}
        className={cx('relative', drop.isOver && 'bg-blue-50/60')}
        style={{ width: frameWidth(frame), height: lanes * LANE_PX + 8 }}
      >
        {Array.from({ length: Math.ceil((frame.end - frame.start) / 60) }, (_, i) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: the hour lines are positions
            key={i}
            aria-hidden="true"
            className="absolute inset-y-0 border-l border-slate-100"
            style={{ left: i * 60 * MINUTE_PX }}
          />
        ))}
        {closedSpans(day, frame, schedule.workingHours).map((span) => (
          <div
            key={span.left}
            aria-hidden="true"
            className="absolute inset-y-0 bg-slate-100 bg-[repeating-linear-gradient(135deg,transparent,transparent_6px,rgb(226_232_240)_6px,rgb(226_232_240)_8px)]"
            style={span}
          />
        ))}
        {technician.leave.map((leave) => {
          const span = spanOn(day, frame, new Date(leave.start), new Date(leave.end));
          return span ? (
            <div
              key={leave._id}
              className="absolute inset-y-0 flex items-start bg-slate-200/80 px-1 pt-1 text-xs text-slate-600"
              style={span}
            >
              <span className="truncate">On leave{leave.reason ? `: ${leave.reason}` : ''}</span>
            </div>
          ) : null;
        })}
        {jobs.map((job) => {
          const span = spanOn(day, frame, new Date(job.start), new Date(job.end));
          if (!span) return null;
          return (
            <JobCard
              key={job._id}
              job={job}
              onSchedule={onSchedule}
              drag="job"
              narrow
              resizable
              className="absolute"
              style={{
                left: span.left + 1,
                width: Math.max(span.width - 2, 40),
                top: 4 + (lane.get(job._id) ?? 0) * LANE_PX,
                height: LANE_PX - 6,
              }}
            />
          );
        })}
        {ghost ? (
          <div
            role="status"
            className="absolute top-1 flex items-center rounded-md border-2 border-dashed border-blue-400 bg-blue-50/80 px-2 text-xs text-blue-800"
            style={{ left: ghost.left, width: ghost.width, height: LANE_PX - 6 }}
          >
            Saving {saving?.orderId} at {indiaClockOf(new Date(saving?.start ?? 0))}…
          </div>
        ) : null}
      </div>
    </section>
  );
}

/** The job being saved is drawn as its ghost, not twice. */
function savingId(saving: MoveRequest | null, schedule: ScheduleAnswer): string | null {
  if (!saving) return null;
  return schedule.jobs.find((job) => job.orderId === saving.orderId)?._id ?? null;
}
