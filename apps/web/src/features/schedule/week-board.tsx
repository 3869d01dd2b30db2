import { addDays, indiaClockOf, indiaInstant, weekdayOf } from '@karya/domain/schedule';
import type { ScheduleAnswer, ScheduledJobAnswer } from '@karya/domain/schedule-schemas';
import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { cx } from '../../lib/class-names';
import { type Column, clockFor, dayLabel, jobsByCell } from './board-layout';
import { useBoardRows } from './board-rows';
import { type RowDrop, useDragHost } from './drag-host';
import { JobCard } from './job-card';
import { UtilisationNote } from './utilisation-note';

type Technician = ScheduleAnswer['technicians'][number];
type Leave = Technician['leave'];
type Utilisation = Technician['utilisation'][number];

const NO_JOBS: ScheduledJobAnswer[] = [];
const NO_LEAVE: Leave = [];

/** `next`, with each cell whose jobs are the same objects as before kept as its old array. */
function sameCells(
  before: Map<string, ScheduledJobAnswer[]>,
  next: Map<string, ScheduledJobAnswer[]>,
): Map<string, ScheduledJobAnswer[]> {
  for (const [key, cell] of next) {
    const old = before.get(key);
    if (old && old.length === cell.length && old.every((job, i) => job === cell[i]))
      next.set(key, old);
  }
  return next;
}

/** A technician's leave that touches each day, keyed `technicianId|day`. */
function leaveByCell(technicians: readonly Technician[], days: readonly string[]) {
  const cells = new Map<string, Leave>();
  for (const day of days) {
    const from = indiaInstant(day, '00:00').getTime();
    const to = indiaInstant(addDays(day, 1), '00:00').getTime();
    for (const technician of technicians) {
      const away = technician.leave.filter(
        (l) => Date.parse(l.start) < to && Date.parse(l.end) > from,
      );
      if (away.length > 0) cells.set(`${technician._id}|${day}`, away);
    }
  }
  return cells;
}

/**
 * The week view (issue 34): a row per technician, Monday to Sunday across, each day with its
 * utilisation and its jobs in time order; a closed day is greyed. The board scrolls in its own
 * box, as high as the screen, with the days' header and the names' column kept in view; only
 * the rows in view are drawn (useBoardRows), so a drag's drop targets are those rows.
 *
 * 50 technicians make 350 cells and 500 cards: the jobs are sorted into their cells once per
 * answer, not filtered by every cell, and a cell whose jobs did not change is not drawn again
 * when the page is (a drag's start and end, the dialogs), as `onSchedule` reaches the cells
 * through a ref that keeps their props the same (issue 34's bench/schedule-board.mjs).
 * `now` (the minute) reaches only the cells with a job that may still turn late, so their
 * 'Late' marks appear as a window passes and the other cells are not drawn again.
 */
export const WeekBoard = memo(function WeekBoard({
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
  // The page makes a new array of the same days on every render.
  const dayKey = days.join(',');
  // The answer read again after a move keeps every unchanged job the same object (TanStack
  // Query's structural sharing): a cell whose jobs are all the same keeps its array, so only
  // the cells the move touched are drawn again, not 350 cells and 500 cards.
  const previous = useRef<Map<string, ScheduledJobAnswer[]>>(new Map());
  const jobs = useMemo(() => {
    const cells = sameCells(previous.current, jobsByCell(schedule.jobs));
    previous.current = cells;
    return cells;
  }, [schedule.jobs]);
  const leave = useMemo(
    () => leaveByCell(schedule.technicians, dayKey.split(',')),
    [schedule.technicians, dayKey],
  );
  const utilisation = useMemo(() => {
    const cells = new Map<string, Utilisation>();
    for (const technician of schedule.technicians) {
      for (const day of technician.utilisation) cells.set(`${technician._id}|${day.date}`, day);
    }
    return cells;
  }, [schedule.technicians]);
  const closed = useMemo(
    () => dayKey.split(',').map((day) => schedule.workingHours[weekdayOf(day)] === null),
    [schedule.workingHours, dayKey],
  );
  const { technicians } = schedule;
  // A row is as high as its busiest day's cards (measured once drawn; this stands in).
  const estimate = useCallback(
    (index: number) => {
      const id = technicians[index]?._id;
      let most = 0;
      for (const day of dayKey.split(','))
        most = Math.max(most, jobs.get(`${id}|${day}`)?.length ?? 0);
      return ROW_PX + most * CARD_PX;
    },
    [technicians, jobs, dayKey],
  );
  const keyOf = useCallback(
    (index: number) => technicians[index]?._id ?? String(index),
    [technicians],
  );
  const rows = useBoardRows({ count: technicians.length, keyOf, estimate });
  return (
    <section
      ref={rows.scrollerRef}
      aria-label="Week board"
      onPointerDownCapture={rows.hold}
      onFocusCapture={rows.hold}
      className="max-h-[calc(100dvh-5rem)] overflow-auto rounded-lg border border-slate-200 bg-white"
    >
      <table
        aria-rowcount={technicians.length + 1}
        className="w-full min-w-[60rem] table-fixed border-collapse text-left"
      >
        <thead className="sticky top-0 z-20 bg-slate-50 text-xs text-slate-500 shadow-[0_1px_0_var(--color-slate-200)]">
          <tr aria-rowindex={1}>
            <th scope="col" className="sticky left-0 z-10 w-32 bg-slate-50 px-3 py-2 font-medium">
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
          {rows.slots.map((slot) => {
            if (slot.kind === 'gap')
              return (
                // The height of the rows not drawn: empty, never focused, not read out.
                // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty spacer row
                <tr key={slot.key} aria-hidden="true" style={{ height: slot.height }}>
                  <td colSpan={days.length + 1} className="p-0" />
                </tr>
              );
            const technician = technicians[slot.index];
            if (!technician) return null;
            return (
              <WeekRow
                key={slot.key}
                index={slot.index}
                measure={rows.measureRow}
                technicianId={technician._id}
                name={technician.name}
                dayKey={dayKey}
                closed={closed}
                utilisation={utilisation}
                leave={leave}
                jobs={jobs}
                now={now}
                onSchedule={scheduleJob}
              />
            );
          })}
        </tbody>
      </table>
    </section>
  );
});

/** A week row's height before it is measured: the name, the utilisation, then each card. */
const ROW_PX = 64;
const CARD_PX = 92;

/**
 * A technician's week is one drop target, not seven: dnd-kit measures every target when a
 * drag starts, tests each at every move and redraws each when the drag crosses one, so 350
 * cells cost most of a drag (bench/schedule-board.mjs). The drop reads which day the card
 * is over from the cells' edges (columnUnder); the day under the card is lit as it moves.
 */
const WeekRow = memo(function WeekRow({
  index,
  measure,
  technicianId,
  name,
  dayKey,
  closed,
  utilisation,
  leave,
  jobs,
  now,
  onSchedule,
}: {
  /** The row's place among the technicians, from 0. */
  index: number;
  /** Measures the drawn row's height (useBoardRows). */
  measure: (element: HTMLElement | null) => void;
  technicianId: string;
  name: string;
  dayKey: string;
  closed: boolean[];
  utilisation: Map<string, Utilisation>;
  leave: Map<string, Leave>;
  jobs: Map<string, ScheduledJobAnswer[]>;
  now: number;
  onSchedule: (job: ScheduledJobAnswer) => void;
}) {
  const row = useRef<HTMLTableRowElement | null>(null);
  const days = useMemo(() => dayKey.split(','), [dayKey]);
  const host = useDragHost();
  const [{ isOver, lit }, setOver] = useState<{ isOver: boolean; lit: number | null }>({
    isOver: false,
    lit: null,
  });
  // The row's drop target, registered with the page's DragHost (drag-host.tsx): the board is
  // drawn outside DndContext so that a drag's every move does not search its 500 cards.
  const registration = useMemo<RowDrop>(
    () => ({
      id: `week:${technicianId}`,
      data: {
        kind: 'week',
        technicianId,
        days,
        columns: () => dayColumns(row.current),
      },
      node: row,
      onOver: (over, under) =>
        setOver((was) => {
          const lit = over ? (under ?? was.lit) : null;
          return was.isOver === over && was.lit === lit ? was : { isOver: over, lit };
        }),
    }),
    [technicianId, days],
  );
  useLayoutEffect(() => {
    host?.addRow(registration);
    return () => host?.removeRow(registration);
  }, [host, registration]);
  const shown = isOver ? lit : null;
  const setRow = useCallback(
    (element: HTMLTableRowElement | null) => {
      row.current = element;
      measure(element);
    },
    [measure],
  );
  return (
    <tr
      ref={setRow}
      data-index={index}
      aria-rowindex={index + 2}
      className="border-t border-slate-200 align-top"
    >
      <th
        scope="row"
        className="sticky left-0 z-10 bg-white px-3 py-2 text-sm font-medium text-slate-900"
      >
        {name}
      </th>
      {days.map((day, index) => {
        const cell = `${technicianId}|${day}`;
        const cellJobs = jobs.get(cell) ?? NO_JOBS;
        return (
          <WeekCell
            key={day}
            closed={closed[index] ?? false}
            over={shown === index}
            utilisation={utilisation.get(cell)}
            leave={leave.get(cell) ?? NO_LEAVE}
            jobs={cellJobs}
            now={clockFor(cellJobs, now)}
            onSchedule={onSchedule}
          />
        );
      })}
    </tr>
  );
});

/** The screen edges of a week row's day cells, Monday first (the name's cell left out). */
function dayColumns(row: HTMLTableRowElement | null): Column[] {
  if (!row) return [];
  return Array.from(row.cells)
    .slice(1)
    .map((cell) => {
      const { left, right } = cell.getBoundingClientRect();
      return { left, right };
    });
}

const WeekCell = memo(function WeekCell({
  closed,
  over,
  utilisation,
  leave,
  jobs,
  now,
  onSchedule,
}: {
  closed: boolean;
  over: boolean;
  utilisation: Utilisation | undefined;
  leave: Leave;
  jobs: ScheduledJobAnswer[];
  /** The minute where a job may turn late, else 0: a change draws the 'Late' marks again. */
  now: number;
  onSchedule: (job: ScheduledJobAnswer) => void;
}) {
  return (
    <td
      className={cx(
        'h-24 border-l border-slate-100 p-1',
        closed && 'bg-slate-100',
        over && 'bg-blue-50',
      )}
    >
      <WeekCellContent
        closed={closed}
        utilisation={utilisation}
        leave={leave}
        jobs={jobs}
        now={now}
        onSchedule={onSchedule}
      />
    </td>
  );
});

// `now` is not read here: a change of it only makes memo draw the cards (and their 'Late'
// marks, read at render) again.
const WeekCellContent = memo(function WeekCellContent({
  closed,
  utilisation,
  leave,
  jobs,
  onSchedule,
}: {
  closed: boolean;
  utilisation: Utilisation | undefined;
  leave: Leave;
  jobs: ScheduledJobAnswer[];
  now: number;
  onSchedule: (job: ScheduledJobAnswer) => void;
}) {
  return (
    <>
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
        {jobs.map((job) => (
          <li key={job._id}>
            <JobCard job={job} onSchedule={onSchedule} drag="job" compact />
          </li>
        ))}
      </ul>
    </>
  );
});
