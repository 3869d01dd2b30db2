import {
  DndContext,
  type DragEndEvent,
  DragOverlay,
  MouseSensor,
  TouchSensor,
  useDndMonitor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { durationFor } from '@karya/domain/job-durations';
import type { ScheduleConflict } from '@karya/domain/schedule';
import { addDays, indiaDayOf, weekdayOf } from '@karya/domain/schedule';
import type { ScheduledJobAnswer, ScheduleMoveAnswer } from '@karya/domain/schedule-schemas';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { CalendarDays, ChevronLeft, ChevronRight, Users } from 'lucide-react';
import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { useMediaQuery } from '../../lib/use-media-query';
import { useBranches } from '../../shared/get-branches';
import { ConflictDialog, conflictsOf } from '../../shared/schedule-conflict-dialog';
import { useBranchParam } from '../../shared/use-list-controls';
import { useMinuteClock } from '../../shared/use-minute-clock';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { useNotify } from '../../ui/notification-context';
import { PageHeader } from '../../ui/page-header';
import { RefreshButton } from '../../ui/refresh-button';
import { SelectField } from '../../ui/select-field';
import { Loading } from '../../ui/spinner';
import { useSchedule } from './api/get-schedule';
import { scheduleKeys } from './api/schedule-keys';
import {
  isStaleMove,
  type MoveRequest,
  scheduleWorkOrder,
  staleJob,
  unscheduleWorkOrder,
} from './api/schedule-moves';
import {
  columnUnder,
  dayFrame,
  longDayLabel,
  movedStart,
  onDay,
  resizedMinutes,
  shiftedWindow,
  slotAt,
  weekOf,
} from './board-layout';
import { DayBoard, type DropTarget, type WeekDropTarget } from './day-board';
import { DragHost, DragHostContext, DragRegistrations } from './drag-host';
import { CATEGORY_LOOK, categoryLabel, type DragData, JobCard, timeText } from './job-card';
import { PhoneDayList } from './phone-day-list';
import { withNotice, withoutNotice } from './reschedule-notices';
import { ScheduleDialog } from './schedule-dialog';
import { initialValues, type ScheduleValues } from './schedule-form';
import { UnscheduledLane } from './unscheduled-lane';
import { WeekBoard } from './week-board';

/**
 * Shown only after a move of a visit the customer was told of: its code (the WhatsApp update
 * and its templates) is fetched then, not with the board (it was a tenth of the board's
 * first render, evaluating the schemas it brings).
 */
const RescheduleNotice = lazy(() =>
  import('./reschedule-notice').then((module) => ({ default: module.RescheduleNotice })),
);

type View = 'day' | 'week';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

interface Dialog {
  job: ScheduledJobAnswer;
  values: ScheduleValues;
  error: string | null;
}

interface Conflict {
  request: MoveRequest;
  conflicts: ScheduleConflict[];
  /** A move from the dialog goes back to it, its fields as they were, on Cancel. */
  dialog: Dialog | null;
}

/** A move the server refused: its words, and the job as it now is after a stale move. */
interface Refusal {
  message: string;
  job: ScheduledJobAnswer | null;
}

/**
 * The dialog again after a refusal, with what was typed and the error; after a stale move it
 * holds the job as it now is, so the next try carries the current version.
 */
const refusedDialog = (dialog: Dialog, refused: Refusal): Dialog => ({
  ...dialog,
  job: refused.job ?? dialog.job,
  error: refused.message,
});

/** Where the pointer is at the end of a drag: where it started, moved by the drag. */
function pointerX(event: DragEndEvent): number | null {
  const start = event.activatorEvent;
  const x =
    start instanceof MouseEvent
      ? start.clientX
      : typeof TouchEvent !== 'undefined' && start instanceof TouchEvent
        ? start.touches[0]?.clientX
        : undefined;
  return x === undefined ? null : x + event.delta.x;
}

/** The day of a week row a card was dropped on: the cell the dragged card lies most over. */
function weekDayOf(event: DragEndEvent, target: WeekDropTarget): string | null {
  const rect = event.active.rect.current.translated;
  const x = rect ? null : pointerX(event);
  const under = rect
    ? columnUnder(target.columns(), rect.left, rect.right)
    : x === null
      ? null
      : columnUnder(target.columns(), x - 0.5, x + 0.5);
  return under === null ? null : (target.days[under] ?? null);
}

/**
 * 'Schedule' (issue 34): the manager's board of the branch's technicians by the clock. The
 * day (default today, India time) or its week, the unscheduled lane beside it; a card dragged
 * onto a technician's row at a time assigns and schedules it, and 'Schedule…' does every move
 * with the keyboard. The server finds conflicts; the board asks 'Schedule anyway?'.
 */
export function SchedulePage() {
  const { isAdmin, branch, setBranch } = useBranchParam();
  const [params, setParams] = useSearchParams();
  const today = indiaDayOf(new Date());
  const asked = params.get('date') ?? '';
  const day = DAY.test(asked) ? asked : today;
  const view: View = params.get('view') === 'week' ? 'week' : 'day';
  // The same array while the day and view stay: the week board is drawn again only for a change.
  const days = useMemo(() => (view === 'week' ? weekOf(day) : [day]), [view, day]);
  const range = { from: days[0] ?? day, to: days.at(-1) ?? day };
  const schedule = useSchedule(range, branch, !isAdmin || branch !== null);
  const queryClient = useQueryClient();
  const notify = useNotify();
  const fetching = useIsFetching({ queryKey: scheduleKeys.all }) > 0;

  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [saving, setSaving] = useState<MoveRequest | null>(null);
  // The 'Late' marks are read at render: the minute redraws the day board (not memoised) and,
  // passed down, the week's and phone's memoised cells that hold a job that may turn late.
  const now = useMinuteClock();
  const [dialogSaving, setDialogSaving] = useState<'schedule' | 'unschedule' | null>(null);
  // One notice per order moved: a second move does not hide the first customer's update.
  const [rescheduled, setRescheduled] = useState<ScheduleMoveAnswer[]>([]);
  const tracks = useRef(new Map<string, HTMLElement>());
  const [host] = useState(() => new DragHost());
  // Tailwind's md: the desk's board or the phone's list, never both drawn (500 cards each).
  const desk = useMediaQuery('(min-width: 48rem)');

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    // A press and hold on a tablet; a swipe still scrolls.
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
  );

  const setParam = (name: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
  const technicianName = (id: string) =>
    schedule.data?.technicians.find((t) => t._id === id)?.name ?? 'the technician';

  /**
   * Sends a move; the board is read again after it. Conflicts open 'Schedule anyway?'; a stale
   * version shows the job where it now is. Returns the refusal's words for the caller to show.
   */
  async function move(request: MoveRequest, from: Dialog | null): Promise<Refusal | null> {
    setSaving(request);
    try {
      const job = await scheduleWorkOrder(request);
      if (job.rescheduledFrom && (job.customerTold || job.sentAutomatically))
        setRescheduled((notices) => withNotice(notices, job));
      await refresh();
      notify.success(
        `${job.orderId} scheduled ${timeText(job)} on ${indiaDayOf(new Date(request.start))} with ${technicianName(request.technicianId)}`,
      );
      setConflict(null);
      setDialog(null);
      return null;
    } catch (error) {
      const conflicts = conflictsOf(error);
      if (conflicts) {
        setDialog(null);
        setConflict({ request, conflicts, dialog: from });
        return null;
      }
      setConflict(null);
      if (isStaleMove(error)) await refresh();
      return {
        message: errorMessage(error, 'Could not schedule the work order. Please try again.'),
        job: staleJob(error),
      };
    } finally {
      setSaving(null);
    }
  }

  /** A move from a drag: a refusal is a notice, and the card stays where it was. */
  async function dragMove(request: MoveRequest) {
    const refused = await move(request, null);
    if (refused) notify.error(refused.message);
  }

  async function dialogMove(request: MoveRequest, values: ScheduleValues) {
    if (!dialog) return;
    const from = { ...dialog, values };
    setDialogSaving('schedule');
    const refused = await move(request, from);
    setDialogSaving(null);
    if (refused) setDialog(refusedDialog(from, refused));
  }

  async function unschedule() {
    if (!dialog) return;
    setDialogSaving('unschedule');
    try {
      await unscheduleWorkOrder(dialog.job.orderId, dialog.job.version);
      await refresh();
      notify.success(`${dialog.job.orderId} is back in the unscheduled lane`);
      setDialog(null);
    } catch (error) {
      if (isStaleMove(error)) await refresh();
      setDialog({
        ...dialog,
        error: errorMessage(error, 'Could not unschedule. Please try again.'),
      });
    } finally {
      setDialogSaving(null);
    }
  }

  const openDialog = (
    job: ScheduledJobAnswer,
    fallback: { day: string; technicianId?: string },
  ) => {
    const hours = schedule.data?.workingHours[weekdayOf(fallback.day)];
    setDialog({
      job,
      values: initialValues(
        job,
        { ...fallback, time: hours?.open ?? '10:00' },
        schedule.data?.defaultDurations,
      ),
      error: null,
    });
  };
  // One function for the page's life, so the memoised boards and lane are not drawn again
  // by the page's every redraw; it calls the latest openDialog.
  const openOnDay = (job: ScheduledJobAnswer) => openDialog(job, { day });
  const latestOpen = useRef(openOnDay);
  latestOpen.current = openOnDay;
  const onSchedule = useCallback((job: ScheduledJobAnswer) => latestOpen.current(job), []);

  function onDragEnd(event: DragEndEvent) {
    const data = event.active.data.current as DragData | undefined;
    const board = schedule.data;
    if (!data || !board || saving) return;
    const { job } = data;
    const overId = event.over?.id;
    if (overId === 'lane') {
      if (data.kind === 'job' && job.start) {
        openDialog(job, { day });
      }
      return;
    }
    const target = event.over?.data.current as DropTarget | WeekDropTarget | undefined;
    const duration =
      job.start && job.end
        ? Math.round((Date.parse(job.end) - Date.parse(job.start)) / 60_000)
        : durationFor(board.defaultDurations, job.projectType, job.projectCategory);
    const base = {
      orderId: job.orderId,
      version: job.version,
      ...(job.window ? { window: job.window } : {}),
    };
    // A move to another time shifts the arrival window with the start, so the customer is not
    // told the old time and 'Late' is not judged against it; a move to another day keeps it.
    const movedTo = (start: Date) =>
      job.window && job.start
        ? { ...base, window: shiftedWindow(job.window, new Date(job.start), start) }
        : base;
    if (data.kind === 'resize' && job.start && job.technicianId) {
      const minutes = resizedMinutes(duration, event.delta.x);
      if (minutes === duration) return;
      void dragMove({
        ...base,
        technicianId: job.technicianId,
        start: job.start,
        durationMinutes: minutes,
      });
      return;
    }
    if (!target) return;
    if (target.kind === 'week') {
      const day = weekDayOf(event, target);
      if (!day) return;
      if (data.kind === 'lane' || !job.start) {
        openDialog(job, { day, technicianId: target.technicianId });
        return;
      }
      const start = onDay(new Date(job.start), day);
      if (start.toISOString() === job.start && target.technicianId === job.technicianId) return;
      void dragMove({
        ...movedTo(start),
        technicianId: target.technicianId,
        start: start.toISOString(),
        durationMinutes: duration,
      });
      return;
    }
    let start: Date | null = null;
    if (data.kind === 'job' && job.start) start = movedStart(new Date(job.start), event.delta.x);
    else {
      const x = pointerX(event);
      const track = tracks.current.get(`${target.technicianId}|${target.day}`);
      if (x === null || !track) return;
      start = slotAt(
        target.day,
        dayFrame(target.day, board.workingHours),
        x - track.getBoundingClientRect().left,
      );
    }
    if (start.toISOString() === job.start && target.technicianId === job.technicianId) return;
    void dragMove({
      ...movedTo(start),
      technicianId: target.technicianId,
      start: start.toISOString(),
      durationMinutes: duration,
    });
  }

  const step = view === 'week' ? 7 : 1;
  const board = schedule.data;
  const boardArea = board ? (
    <div
      className={schedule.isPlaceholderData ? 'min-w-0 opacity-60' : 'min-w-0'}
      aria-busy={schedule.isPlaceholderData}
    >
      {board.technicians.length === 0 ? (
        <EmptyState
          icon={Users}
          title="No active technicians in this branch"
          description="Add a technician to plan their day."
          action={
            <Link to="/users/technicians" className="text-sm font-medium text-blue-700 underline">
              Add a technician
            </Link>
          }
        />
      ) : (
        <>
          <CategoryLegend />
          {board.jobs.length === 0 ? (
            <p className="mb-2 text-sm text-slate-500">
              No jobs scheduled {view === 'week' ? 'this week' : 'on this day'} yet.
            </p>
          ) : null}
          {desk ? (
            <div className="hidden md:block">
              {view === 'week' ? (
                <WeekBoard schedule={board} days={days} now={now} onSchedule={onSchedule} />
              ) : (
                <DayBoard
                  schedule={board}
                  day={day}
                  saving={saving}
                  onSchedule={onSchedule}
                  registerTrack={(key, element) => {
                    if (element) tracks.current.set(key, element);
                    else tracks.current.delete(key);
                  }}
                />
              )}
            </div>
          ) : (
            <div className="md:hidden">
              <PhoneDayList schedule={board} days={days} now={now} onSchedule={onSchedule} />
            </div>
          )}
        </>
      )}
    </div>
  ) : null;
  return (
    <>
      <PageHeader
        title="Schedule"
        description={
          <>
            Every technician&apos;s day by the clock.{' '}
            <span className="max-md:hidden">
              Drag a work order onto a technician&apos;s row at a time, or press its Schedule…
              button.
            </span>
          </>
        }
        actions={<RefreshButton onClick={() => void refresh()} loading={fetching} />}
      />
      <div className="mb-4 flex flex-wrap items-end gap-2">
        <div className="flex items-center gap-1">
          <Button
            variant="secondary"
            size="md"
            aria-label={view === 'week' ? 'Previous week' : 'Previous day'}
            icon={<ChevronLeft aria-hidden="true" className="size-4" />}
            onClick={() => setParam('date', addDays(day, -step))}
          />
          <label className="sr-only" htmlFor="schedule-date">
            Date
          </label>
          <input
            id="schedule-date"
            type="date"
            value={day}
            onChange={(event) => {
              if (DAY.test(event.target.value)) setParam('date', event.target.value);
            }}
            className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm shadow-sm"
          />
          <Button
            variant="secondary"
            aria-label={view === 'week' ? 'Next week' : 'Next day'}
            icon={<ChevronRight aria-hidden="true" className="size-4" />}
            onClick={() => setParam('date', addDays(day, step))}
          />
        </div>
        {day !== today ? (
          <Button variant="ghost" onClick={() => setParam('date', null)}>
            Today
          </Button>
        ) : null}
        <fieldset className="flex rounded-lg border border-slate-300 bg-white p-0.5 shadow-sm">
          <legend className="sr-only">View</legend>
          {(['day', 'week'] as const).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={view === option}
              onClick={() => setParam('view', option === 'day' ? null : option)}
              className={
                view === option
                  ? 'rounded-md bg-blue-600 px-3 py-1.5 text-sm font-medium text-white'
                  : 'rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100'
              }
            >
              {option === 'day' ? 'Day' : 'Week'}
            </button>
          ))}
        </fieldset>
        {isAdmin ? <BranchChoice value={branch} onChange={setBranch} /> : null}
      </div>
      <p className="mb-3 text-sm font-medium text-slate-700">
        {view === 'week'
          ? `Week of ${longDayLabel(range.from)} to ${longDayLabel(range.to)}`
          : longDayLabel(day)}
      </p>
      {isAdmin && !branch ? (
        <EmptyState
          icon={CalendarDays}
          title="Please select a branch"
          description="The board shows one branch's technicians at a time."
        />
      ) : schedule.isPending ? (
        <Loading label="Loading the schedule..." />
      ) : schedule.isError && !board ? (
        <Alert>
          <p>{errorMessage(schedule.error, 'Could not load the schedule.')}</p>
          <Button
            variant="secondary"
            size="sm"
            className="mt-2"
            onClick={() => void schedule.refetch()}
          >
            Retry
          </Button>
        </Alert>
      ) : board ? (
        <DragHostContext.Provider value={host}>
          {schedule.isError ? (
            <Alert className="mb-3">
              {errorMessage(schedule.error, 'Could not refresh the schedule.')}{' '}
              <button
                type="button"
                className="font-medium underline"
                onClick={() => void schedule.refetch()}
              >
                Retry
              </button>
            </Alert>
          ) : null}
          {rescheduled.length > 0 ? (
            <Suspense fallback={null}>
              {rescheduled.map((job) => (
                <RescheduleNotice
                  key={job.orderId}
                  job={job}
                  onClose={() => setRescheduled((notices) => withoutNotice(notices, job.orderId))}
                />
              ))}
            </Suspense>
          ) : null}
          <div className="grid gap-4">
            {/* DndContext draws no element: the lane and the board are the grid's two items
                whether the board is inside it (the day) or beside it (the week, whose rows
                and cards register with the DragHost: drag-host.tsx). */}
            <DndContext sensors={sensors} onDragEnd={onDragEnd}>
              <UnscheduledLane schedule={board} today={today} onSchedule={onSchedule} draggable />
              {view === 'week' ? null : boardArea}
              <DragRegistrations host={host} />
              <DraggedCard />
            </DndContext>
            {view === 'week' ? boardArea : null}
          </div>
        </DragHostContext.Provider>
      ) : null}
      {dialog && board ? (
        <ScheduleDialog
          key={`${dialog.job._id}-${dialog.job.version}`}
          job={dialog.job}
          technicians={board.technicians}
          values={dialog.values}
          saving={dialogSaving}
          error={dialog.error}
          onSubmit={(request, values) => void dialogMove(request, values)}
          onUnschedule={() => void unschedule()}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {conflict ? (
        <ConflictDialog
          orderId={conflict.request.orderId}
          conflicts={conflict.conflicts}
          saving={saving !== null}
          onCancel={() => {
            const back = conflict.dialog;
            setConflict(null);
            if (back) setDialog({ ...back, error: null });
          }}
          onConfirm={() => {
            void move({ ...conflict.request, override: true }, conflict.dialog).then((refused) => {
              if (!refused) return;
              if (conflict.dialog) setDialog(refusedDialog(conflict.dialog, refused));
              else notify.error(refused.message);
            });
          }}
        />
      ) : null}
    </>
  );
}

const NO_DIALOG = () => {};
/**
 * The dragged card moves on the compositor: without it every pointer move repainted the whole
 * page's layer (3 ms a frame on this machine, bench/schedule-board.mjs).
 */
const OVERLAY_STYLE = { willChange: 'transform' } as const;

/**
 * The card that follows the pointer in a drag. Its own state: a drag's start and end draw it,
 * not the whole page (the board, the lane, the header) as when the page held what is dragged.
 */
function DraggedCard() {
  const [dragging, setDragging] = useState<DragData | null>(null);
  useDndMonitor({
    onDragStart: (event) =>
      setDragging((event.active.data.current as DragData | undefined) ?? null),
    onDragEnd: () => setDragging(null),
    onDragCancel: () => setDragging(null),
  });
  return (
    <DragOverlay dropAnimation={null} style={OVERLAY_STYLE}>
      {dragging && dragging.kind !== 'resize' ? (
        <JobCard job={dragging.job} onSchedule={NO_DIALOG} compact className="w-48 shadow-lg" />
      ) : null}
    </DragOverlay>
  );
}

/** An admin plans one branch at a time: the board asks which. */
function BranchChoice({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (id: string) => void;
}) {
  const branches = useBranches(true);
  return (
    <SelectField
      label="Branch"
      hideLabel
      placeholder="Select a branch"
      options={(branches.data ?? []).map((item) => ({ value: item._id, label: item.name }))}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value)}
      className="w-full sm:w-56"
    />
  );
}

/** The category colours, named: a card's colour is never the only way to tell. */
function CategoryLegend() {
  return (
    <ul
      aria-label="Project categories"
      className="mb-2 flex flex-wrap gap-3 text-xs text-slate-600"
    >
      {Object.entries(CATEGORY_LOOK).map(([category, look]) => (
        <li key={category} className="flex items-center gap-1.5">
          <span aria-hidden="true" className={`size-3 rounded-sm ${look.swatch}`} />
          {categoryLabel(category)}
        </li>
      ))}
    </ul>
  );
}
