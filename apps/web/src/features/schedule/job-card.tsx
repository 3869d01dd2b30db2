import { useDraggable } from '@dnd-kit/core';
import type { WorkOrderStatus } from '@karya/domain/contact-schemas';
import { PROJECT_CATEGORY_LABELS, type ProjectCategory } from '@karya/domain/project-categories';
import { indiaClockOf, lateness } from '@karya/domain/schedule';
import type { ScheduledJobAnswer } from '@karya/domain/schedule-schemas';
import { type CSSProperties, memo, useCallback, useEffect, useRef, useState } from 'react';
import { cx } from '../../lib/class-names';
import { SlaLine } from '../../shared/sla-badge';
import { WORK_ORDER_STATUS_LABELS, WorkOrderStatusPill } from '../../shared/work-order-status-pill';
import { type CardDrag, useDragHost } from './drag-host';

/** A colour per project category, always with its name beside it (never colour alone). */
export const CATEGORY_LOOK: Record<string, { card: string; swatch: string }> = {
  'New Installation': { card: 'border-l-blue-500 bg-blue-50', swatch: 'bg-blue-500' },
  Repair: { card: 'border-l-orange-500 bg-orange-50', swatch: 'bg-orange-500' },
  Maintenance: { card: 'border-l-emerald-600 bg-emerald-50', swatch: 'bg-emerald-600' },
};
const OTHER_LOOK = { card: 'border-l-slate-400 bg-slate-50', swatch: 'bg-slate-400' };

export const lookOf = (category: string) => CATEGORY_LOOK[category] ?? OTHER_LOOK;
export const categoryLabel = (category: string) =>
  PROJECT_CATEGORY_LABELS[category as ProjectCategory] ?? category;

/** '11:00–13:00' of a scheduled job. */
export function timeText(job: Pick<ScheduledJobAnswer, 'start' | 'end'>): string {
  if (!job.start || !job.end) return '';
  return `${indiaClockOf(new Date(job.start))}–${indiaClockOf(new Date(job.end))}`;
}

/**
 * 'Started late 12:10' or 'Late: not started' on a booked job past its window (issue 34):
 * the board's mark, read at render, so a redraw (every move, every live event) keeps it true.
 */
export function lateText(
  job: Pick<ScheduledJobAnswer, 'start' | 'window' | 'startedAt' | 'status'>,
  now = new Date(),
): string | null {
  const late = lateness(job, now);
  if (late === 'started-late' && job.startedAt)
    return `Started late ${indiaClockOf(new Date(job.startedAt))}`;
  return late === 'not-started' ? 'Late: not started' : null;
}

/** The statuses the server schedules (pending is assigned in the same move). */
const MOVABLE = new Set(['pending', 'assigned']);

/** What a drag carries: a job from the lane, a job on the board, or a card's right edge. */
export type DragKind = 'lane' | 'job' | 'resize';
export interface DragData {
  kind: DragKind;
  job: ScheduledJobAnswer;
}

export interface JobCardProps {
  job: ScheduledJobAnswer;
  onSchedule: (job: ScheduledJobAnswer) => void;
  /** Dragging on; off on the phone's list, where the dialog is the way. */
  drag?: 'lane' | 'job' | null;
  /** On the day board: placed absolutely, with an edge to drag for the duration. */
  style?: CSSProperties;
  resizable?: boolean;
  /** Extra lines under the card's title, e.g. the lane's 'Waiting 5 days'. */
  children?: React.ReactNode;
  compact?: boolean;
  /** A card on the board, as wide as its time: the status in words beside the time. */
  narrow?: boolean;
  className?: string;
}

/**
 * A job as the board draws it: order id, customer, project type, the category's colour and
 * name, its status, its time, and 'Schedule…' (the keyboard and tablet way of every move).
 *
 * dnd-kit redraws every user of useDraggable whenever a drag starts, crosses a drop target or
 * ends, and registers each: with 500 cards on a week that was most of a drag's main-thread
 * time and much of the first render (bench/schedule-board.mjs). So no card uses it until the
 * pointer is on it: a movable card on the board registers its drag with the page's DragHost
 * (drag-host.tsx, where dnd-kit's hook is used) when the pointer enters it or presses on it,
 * before the press reaches dnd-kit's sensors, and gives it up when the pointer leaves and no
 * drag of it is going on.
 * The article stays the same element throughout, so a press on 'Schedule…' is not disturbed.
 * A card that is never dragged (the phone's list, the drag's overlay, a started job) never
 * uses it. What the card shows is CardContent, drawn again only when the job or the card's
 * look changes, with `onSchedule` through a ref so a parent's new function does not redraw it.
 */
export function JobCard(props: JobCardProps) {
  // Only work not yet started is planned: a started or finished job shows where it was.
  return props.drag && MOVABLE.has(props.job.status) ? (
    <DraggableJobCard {...props} />
  ) : (
    <JobCardView {...props} />
  );
}

function DraggableJobCard(props: JobCardProps) {
  const host = useDragHost();
  const [dragging, setDragging] = useState(false);
  const hovered = useRef(false);
  const node = useRef<HTMLElement | null>(null);
  const id = `${props.drag}:${props.job._id}`;
  const data: DragData = { kind: props.drag ?? 'job', job: props.job };
  // One registration for the card's life (its id and the page's host do not change): the
  // host keeps the same object while it is armed; the job it carries is refreshed each draw.
  const [registration] = useState(() => {
    let draggingNow = false;
    const card: CardDrag = {
      id,
      data,
      node,
      listeners: { current: undefined },
      onDragging: (now) => {
        draggingNow = now;
        setDragging(now);
        if (!now && !hovered.current) host?.disarm(card);
      },
    };
    const arm = () => host?.arm(card);
    return {
      card,
      handlers: {
        onPointerEnter: () => {
          hovered.current = true;
          arm();
        },
        onPointerLeave: () => {
          hovered.current = false;
          if (!draggingNow) host?.disarm(card);
        },
        // Before the mouse's or the finger's own press event: the drag is registered by then.
        onPointerDownCapture: arm,
        onMouseDown: (event: React.MouseEvent) => card.listeners.current?.onMouseDown?.(event),
        onTouchStart: (event: React.TouchEvent) => card.listeners.current?.onTouchStart?.(event),
      },
    };
  });
  registration.card.data = data;
  useEffect(() => () => host?.disarm(registration.card), [host, registration]);
  const setRef = useCallback((element: HTMLElement | null) => {
    node.current = element;
  }, []);
  return (
    <JobCardView {...props} dragRef={setRef} handlers={registration.handlers} dragging={dragging} />
  );
}

function JobCardView({
  job,
  onSchedule,
  drag = null,
  style,
  resizable = false,
  children,
  compact = false,
  narrow = compact,
  className,
  dragRef,
  handlers,
  dragging = false,
}: JobCardProps & {
  dragRef?: (element: HTMLElement | null) => void;
  handlers?: React.DOMAttributes<HTMLElement>;
  dragging?: boolean;
}) {
  const movable = MOVABLE.has(job.status);
  const latest = useRef(onSchedule);
  latest.current = onSchedule;
  const scheduleJob = useCallback((scheduled: ScheduledJobAnswer) => latest.current(scheduled), []);
  const time = timeText(job);
  const statusLabel = WORK_ORDER_STATUS_LABELS[job.status as WorkOrderStatus] ?? job.status;
  const late = lateText(job);
  return (
    <article
      ref={dragRef}
      aria-label={`${job.orderId}, ${job.customerName}`}
      title={[
        job.orderId,
        time,
        job.customerName,
        job.projectType,
        categoryLabel(job.projectCategory),
        statusLabel,
        late,
      ]
        .filter(Boolean)
        .join(' · ')}
      style={style}
      {...(handlers ?? {})}
      className={cx(
        'flex min-w-0 flex-col gap-0.5 overflow-hidden rounded-md border border-l-4 border-slate-200 py-1 text-xs text-slate-700 shadow-sm',
        // The week's cards are a seventh of the board: the order id fits beside a narrower edge.
        compact ? 'px-1.5' : 'px-2',
        lookOf(job.projectCategory).card,
        drag && movable && 'cursor-grab',
        late && 'ring-2 ring-red-500',
        dragging && 'opacity-40',
        className,
      )}
    >
      <CardContent
        job={job}
        time={time}
        statusLabel={statusLabel}
        late={late}
        movable={movable}
        resizable={resizable}
        compact={compact}
        narrow={narrow}
        onSchedule={scheduleJob}
      >
        {children}
      </CardContent>
    </article>
  );
}

const CardContent = memo(function CardContent({
  job,
  time,
  statusLabel,
  late,
  movable,
  resizable,
  compact,
  narrow,
  onSchedule,
  children,
}: {
  job: ScheduledJobAnswer;
  time: string;
  statusLabel: string;
  late: string | null;
  movable: boolean;
  resizable: boolean;
  compact: boolean;
  narrow: boolean;
  onSchedule: (job: ScheduledJobAnswer) => void;
  children?: React.ReactNode;
}) {
  return (
    <>
      <p className="truncate font-semibold text-slate-900">{job.orderId}</p>
      {time ? <p className="truncate font-medium tabular-nums">{time}</p> : null}
      {late ? <p className="truncate font-semibold text-red-700">{late}</p> : null}
      {/* Issue 37: a complaint's due time in its clock's colour and words. */}
      {job.sla ? <SlaLine sla={job.sla} /> : null}
      <p className="truncate">{job.customerName}</p>
      {compact ? (
        <p className="truncate text-slate-600">{statusLabel}</p>
      ) : (
        <p className="truncate text-slate-500">
          {job.projectType} · {categoryLabel(job.projectCategory)}
        </p>
      )}
      {children}
      <div className="mt-auto flex min-w-0 items-center justify-between gap-1">
        {compact ? (
          <span />
        ) : narrow ? (
          <span className="truncate font-medium text-slate-600">{statusLabel}</span>
        ) : (
          <WorkOrderStatusPill status={job.status as WorkOrderStatus} />
        )}
        {movable ? (
          <button
            type="button"
            onClick={() => onSchedule(job)}
            // A press on the button never starts a drag of the card.
            onPointerDown={(event) => event.stopPropagation()}
            onMouseDown={(event) => event.stopPropagation()}
            onTouchStart={(event) => event.stopPropagation()}
            className="shrink-0 rounded px-1 py-0.5 font-medium text-blue-700 underline-offset-2 hover:bg-white/70 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600"
          >
            Schedule…
          </button>
        ) : null}
      </div>
      {resizable && movable ? <ResizeEdge job={job} /> : null}
    </>
  );
});

/** The card's right edge: drag it to lengthen or shorten the job by quarters of an hour. */
function ResizeEdge({ job }: { job: ScheduledJobAnswer }) {
  const edge = useDraggable({
    id: `resize:${job._id}`,
    data: { kind: 'resize', job } satisfies DragData,
  });
  return (
    <div
      ref={edge.setNodeRef}
      aria-hidden="true"
      title="Drag to change the duration"
      // The edge's own drag, not the card's move.
      onMouseDown={(event) => {
        edge.listeners?.onMouseDown?.(event);
        event.stopPropagation();
      }}
      onTouchStart={(event) => {
        edge.listeners?.onTouchStart?.(event);
        event.stopPropagation();
      }}
      className="absolute inset-y-0 right-0 w-2 cursor-ew-resize hover:bg-blue-300/60"
    />
  );
}
