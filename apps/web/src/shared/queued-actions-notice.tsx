import { CloudOff, TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cx } from '../lib/class-names';
import type { QueuedAction } from '../lib/offline-queue';
import { Button } from '../ui/button';
import { type CompletionCheck, useCompletionCheck } from './completion-check';
import { useActionQueue, useQueuedActions } from './queued-actions';
import { refusalResolved, refusedByCompletionRule, useOrderStatusSince } from './refusal-resolved';

export const QUEUE_TEXT = {
  waiting: 'Waiting to sync',
  refused: 'Not synced',
  dismiss: 'Dismiss',
  /** The notice of an action done with no network (shared/use-order-action.ts). */
  queued: 'Saved on this phone — it will sync when you are back online',
} as const;

/** Refusals being cleared, so the two notices showing one refusal clear it once. */
const clearing = new Set<string>();

/** Dismisses the refusal by itself once what it reported is resolved (issue 39 item 2). */
function ClearWhenResolved({
  action,
  completion,
}: {
  action: QueuedAction;
  completion?: CompletionCheck;
}) {
  const queue = useActionQueue();
  const status = useOrderStatusSince(action.orderId, action.refusal?.at ?? 0);
  const resolved = refusalResolved(action, { status, completion });
  useEffect(() => {
    if (!resolved || clearing.has(action.id)) return;
    clearing.add(action.id);
    void queue.dismiss(action.id).finally(() => clearing.delete(action.id));
  }, [resolved, action.id, queue]);
  return null;
}

/** A completion the checklist or signature held back: watched against the phone's copies. */
function ClearWhenRuleMet({ action, orderId }: { action: QueuedAction; orderId: string }) {
  return <ClearWhenResolved action={action} completion={useCompletionCheck(orderId)} />;
}

/** One action the server refused on reconnect: its label, the server's message, Dismiss. */
function RefusalCard({ action, showOrder = false }: { action: QueuedAction; showOrder?: boolean }) {
  const queue = useActionQueue();
  const [dismissing, setDismissing] = useState(false);
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800 dark:border-red-700 dark:bg-red-950 dark:text-red-100"
    >
      <p className="flex items-center gap-2 font-medium">
        <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
        <span className="min-w-0 break-words">
          {QUEUE_TEXT.refused}: {action.label}
          {showOrder && action.orderId ? ` · ${action.orderId}` : ''}
        </span>
      </p>
      <p className="mt-1 break-words">{action.refusal?.message}</p>
      {action.orderId && refusedByCompletionRule(action) ? (
        <ClearWhenRuleMet action={action} orderId={action.orderId} />
      ) : (
        <ClearWhenResolved action={action} />
      )}
      <Button
        variant="secondary"
        size="sm"
        className="mt-2"
        loading={dismissing}
        onClick={() => {
          setDismissing(true);
          void queue.dismiss(action.id).finally(() => setDismissing(false));
        }}
      >
        {QUEUE_TEXT.dismiss}
      </Button>
    </div>
  );
}

/**
 * At the top of the technician's dashboard: every action the server refused on reconnect,
 * with its order, so that none goes unseen on an order the screen does not show.
 */
export function RefusedActionsNotice() {
  const refused = useQueuedActions().filter((action) => action.refusal !== null);
  if (refused.length === 0) return null;
  return (
    <div className="mb-4 space-y-2">
      {refused.map((action) => (
        <RefusalCard key={action.id} action={action} showOrder />
      ))}
    </div>
  );
}

/**
 * On an order (issue 20): what the technician did there that the server has not seen yet,
 * 'Waiting to sync' with the label of each, and any the server refused on reconnect, with
 * its message and Dismiss. Draws nothing when the order has nothing queued.
 */
export function QueuedActionsNotice({
  orderId,
  className,
}: {
  /** null: the actions on no order (the technician's returns of unused stock). */
  orderId: string | null;
  className?: string;
}) {
  const actions = useQueuedActions(orderId);
  if (actions.length === 0) return null;
  const waiting = actions.filter((action) => action.refusal === null);
  const refused = actions.filter((action) => action.refusal !== null);
  return (
    <div className={cx('space-y-2', className)}>
      {waiting.length > 0 ? (
        <section
          aria-label={QUEUE_TEXT.waiting}
          className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          <p className="flex items-center gap-2 font-medium">
            <CloudOff aria-hidden="true" className="size-4 shrink-0" />
            {QUEUE_TEXT.waiting}
          </p>
          <ul className="mt-1 list-disc space-y-0.5 pl-6">
            {waiting.map((action) => (
              <li key={action.id} className="break-words">
                {action.label}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {refused.map((action) => (
        <RefusalCard key={action.id} action={action} />
      ))}
    </div>
  );
}

/** On a list's card: 'Waiting to sync' or 'Not synced' when the order has queued actions. */
export function QueuedBadge({ orderId }: { orderId: string }) {
  const actions = useQueuedActions(orderId);
  if (actions.length === 0) return null;
  const refused = actions.some((action) => action.refusal !== null);
  return (
    <span
      className={cx(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium',
        refused
          ? 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-100'
          : 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
      )}
    >
      {refused ? (
        <TriangleAlert aria-hidden="true" className="size-3" />
      ) : (
        <CloudOff aria-hidden="true" className="size-3" />
      )}
      {refused ? QUEUE_TEXT.refused : QUEUE_TEXT.waiting}
    </span>
  );
}
