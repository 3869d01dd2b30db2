import { isCompletionRuleRefusal } from '@karya/domain/completion-rule';
import type { WorkOrderDetail } from '@karya/domain/work-order-schemas';
import { type InfiniteData, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import type { QueuedAction } from '../lib/offline-queue';
import type { CompletionCheck } from './completion-check';
import { technicianWorkOrderKeys } from './technician-work-order-keys';
import type { ListPage } from './use-paged-list';

export const COMPLETE_PATH = '/complete-work-order';
const STATUS_PATH = '/update-work-status';
/** Once sent for approval, or approved since: what a completion wanted has happened. */
const COMPLETED = ['pending-approval', 'completed'];

/** What the phone has learnt since a refusal (each fact only when read after it). */
export interface SinceRefusal {
  /** The order's status, from a copy fetched or written after the refusal. */
  status?: string | undefined;
  /** The completion rule on the phone's checklist and signature. */
  completion?: CompletionCheck | undefined;
}

/** The statuses that mean a refused action's aim has been reached anyway. */
export function aimedStatuses(action: QueuedAction): readonly string[] {
  const step = action.steps.at(-1);
  if (!step) return [];
  if (step.path === COMPLETE_PATH) return COMPLETED;
  if (step.path === STATUS_PATH && typeof step.body.status === 'string') return [step.body.status];
  return [];
}

/** Whether a refused completion was refused by the checklist or signature rule. */
export function refusedByCompletionRule(action: QueuedAction): boolean {
  return (
    action.refusal !== null &&
    action.steps.some((step) => step.path === COMPLETE_PATH) &&
    isCompletionRuleRefusal(action.refusal.message)
  );
}

/**
 * Issue 39 item 2: a 'Not synced' notice clears itself once what it reported is resolved:
 * the order reached what the action aimed at (sent for approval, completed, the status it
 * asked for), or, for a completion the checklist or signature held back, the phone's
 * checklist and signature now pass the rule. Only facts newer than the refusal count, so
 * the copy the phone showed before the refusal never clears it.
 */
export function refusalResolved(action: QueuedAction, since: SinceRefusal): boolean {
  if (!action.refusal) return false;
  if (since.status !== undefined && aimedStatuses(action).includes(since.status)) return true;
  const check = since.completion;
  return (
    refusedByCompletionRule(action) &&
    check?.known === true &&
    check.updatedAt > action.refusal.at &&
    check.refusal === null
  );
}

type Pages = InfiniteData<ListPage<WorkOrderDetail>, number>;

/** The order's status in the newest copy on the phone written after `since`, if any. */
export function orderStatusSince(
  queryClient: Pick<QueryClient, 'getQueryCache'>,
  orderId: string,
  since: number,
): string | undefined {
  let newest: { at: number; status: string } | undefined;
  for (const query of queryClient
    .getQueryCache()
    .findAll({ queryKey: technicianWorkOrderKeys.all })) {
    const at = query.state.dataUpdatedAt;
    if (at <= since || (newest && at <= newest.at)) continue;
    const data = query.state.data as WorkOrderDetail | Pages | undefined;
    const order =
      data && 'pages' in data
        ? data.pages.flatMap((page) => page.items).find((item) => item.orderId === orderId)
        : data && 'orderId' in data && data.orderId === orderId
          ? data
          : undefined;
    if (order) newest = { at, status: order.status };
  }
  return newest?.status;
}

export function useOrderStatusSince(orderId: string | null, since: number): string | undefined {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (listener: () => void) => queryClient.getQueryCache().subscribe(listener),
    [queryClient],
  );
  return useSyncExternalStore(subscribe, () =>
    orderId === null ? undefined : orderStatusSince(queryClient, orderId, since),
  );
}
