import { COVERAGE_LABELS, type SlaState, type WorkOrderSla } from '@karya/domain/complaint-schemas';
import { useSyncExternalStore } from 'react';
import { cx } from '../lib/class-names';
import { slaStateAt, slaText } from './sla-clock';

/**
 * One timer for every badge on the screen, timed to the minute's turn: a board of 500 cards
 * has one, not 500. A badge subscribes and is drawn again only when its own words change
 * (useSyncExternalStore compares the state), so a list left open turns amber without a refetch.
 */
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | undefined;

function tick() {
  for (const listener of listeners) listener();
  timer = setTimeout(tick, 60_000 - (Date.now() % 60_000));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === undefined) timer = setTimeout(tick, 60_000 - (Date.now() % 60_000));
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
    }
  };
}

/** The clock's state now, read again each minute, and its words. */
function useSlaText(sla: WorkOrderSla): { state: SlaState; text: string } {
  const state = useSyncExternalStore(subscribe, () => slaStateAt(sla, Date.now()));
  return { state, text: slaText(state, sla.dueAt, Date.now()) };
}

/** The state's colour, always beside its words (never colour alone). */
const TONE: Record<SlaState, string> = {
  ok: 'bg-slate-100 text-slate-800 ring-slate-300',
  'at-risk': 'bg-amber-100 text-amber-900 ring-amber-400',
  breached: 'bg-red-100 text-red-800 ring-red-400',
  met: 'bg-green-100 text-green-800 ring-green-400',
};

/** The same as text colour only, for a board card's one line. */
const LINE_TONE: Record<SlaState, string> = {
  ok: 'text-slate-700 dark:text-slate-200',
  'at-risk': 'font-semibold text-amber-800 dark:text-amber-300',
  breached: 'font-semibold text-red-700 dark:text-red-300',
  met: 'text-green-800 dark:text-green-300',
};

/**
 * A complaint's response clock (issue 37): 'Due by 30 Nov, 2:05 pm' coloured by its state
 * (and saying it: 'At risk', 'Breached', 'Met'), what covers it ('Under AMC') and the unit's
 * serial. Wraps under the order's line on a phone.
 */
export function SlaBadge({ sla, className }: { sla: WorkOrderSla; className?: string }) {
  const { state, text } = useSlaText(sla);
  return (
    <div className={cx('flex min-w-0 flex-wrap items-center gap-1 text-xs', className)}>
      <span
        data-sla-state={state}
        className={cx('rounded-full px-2 py-0.5 font-medium ring-1 ring-inset', TONE[state])}
      >
        {text}
      </span>
      <span className="rounded-full bg-blue-50 px-2 py-0.5 font-medium text-blue-800 ring-1 ring-blue-200 ring-inset">
        {COVERAGE_LABELS[sla.coverage]}
      </span>
      {sla.serialNumber ? (
        <span className="break-all text-slate-600">Serial {sla.serialNumber}</span>
      ) : null}
    </div>
  );
}

/** The board's and the phone's one line: the due time in the state's colour and words. */
export function SlaLine({
  sla,
  wrap = false,
  className,
}: {
  sla: WorkOrderSla;
  /** Wrap rather than cut the words short (the phone's list, where there is room below). */
  wrap?: boolean;
  className?: string;
}) {
  const { state, text } = useSlaText(sla);
  return (
    <p
      data-sla-state={state}
      title={text}
      className={cx(!wrap && 'truncate', LINE_TONE[state], className)}
    >
      {text}
    </p>
  );
}
