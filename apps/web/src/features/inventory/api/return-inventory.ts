import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api-client';
import { OWN_STOCK } from '../../../shared/get-technician-inventory';
import { inventoryKeys } from '../../../shared/inventory-keys';
import { type SendOrQueueResult, useActionQueue } from '../../../shared/queued-actions';
import { TECHNICIAN_INVENTORY_TEXT } from '../../../shared/technician-inventory-messages';
import type { ReturnRequest } from '../../../shared/technician-inventory-types';
import { RETURN_PATH } from '../../../shared/van-stock';

/** What 'Waiting to sync' lists for a return made with no network (issue 20). */
export const returnLabel = (request: ReturnRequest) =>
  request.type === 'serialized-product'
    ? `Return ${request.itemName} (${request.serialNumber})`
    : `Return ${request.quantity} × ${request.itemName}`;

/** POST /return-inventory, one item, sent now or queued: how the dialog sends. */
export type SendReturn = (request: ReturnRequest) => Promise<SendOrQueueResult<unknown>>;

export interface FailedReturn {
  request: ReturnRequest;
  message: string;
}

export interface ReturnOutcome {
  returned: ReturnRequest[];
  /** Done with no network: queued, sent when the phone is back online (issue 20). */
  queued: ReturnRequest[];
  failed: FailedReturn[];
}

/**
 * Spec 2 §7 sends one call per selected item. They go one after another, so that they
 * join the same pending return in order, and one refusal does not stop the others.
 */
export async function returnInventoryItems(
  requests: readonly ReturnRequest[],
  send: SendReturn,
): Promise<ReturnOutcome> {
  const outcome: ReturnOutcome = { returned: [], queued: [], failed: [] };
  for (const request of requests) {
    try {
      const result = await send(request);
      (result.queued ? outcome.queued : outcome.returned).push(request);
    } catch (error) {
      outcome.failed.push({
        request,
        message: errorMessage(error, TECHNICIAN_INVENTORY_TEXT.someFailed),
      });
    }
  }
  return outcome;
}

export function useReturnInventory() {
  const queryClient = useQueryClient();
  const queue = useActionQueue();
  const send: SendReturn = (request) =>
    queue.send({
      orderId: null,
      label: returnLabel(request),
      method: 'POST',
      path: RETURN_PATH,
      body: { ...request },
    });
  return useMutation({
    mutationFn: (requests: readonly ReturnRequest[]) => returnInventoryItems(requests, send),
    // Offline too: the sends decide for themselves whether to queue (issue 20).
    networkMode: 'always',
    // Even a partly failed batch moved stock, so the list is refreshed either way.
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: inventoryKeys.technicianStock(OWN_STOCK) }),
  });
}
