import type { WorkOrderDetail } from '@karya/domain/work-order-schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../lib/api-client';
import { useNotify } from '../ui/notification-context';
import { applyLocally, type LocalChange, type OrderRef } from './apply-order-change';
import { useActionQueue } from './queued-actions';
import { QUEUE_TEXT } from './queued-actions-notice';
import { technicianWorkOrderKeys } from './technician-work-order-keys';

/**
 * Sends a technician's change of an order, or queues it when the phone has no network
 * (issue 20): straight to the server online, with an Idempotency-Key; queued offline, when
 * the request got no answer, or behind earlier queued actions, the screen then showing the
 * change at once (applyLocally) and the order 'Waiting to sync'. Resolves true when the
 * server took it or it was queued; a refusal is shown with the server's own message.
 */
export function useOrderAction() {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const queue = useActionQueue();
  const [pending, setPending] = useState(false);

  async function run(
    order: OrderRef,
    request: { path: string; body: Record<string, unknown>; label: string },
    change: LocalChange,
    texts: { done: string; failed: string },
  ): Promise<boolean> {
    setPending(true);
    try {
      const result = await queue.send<WorkOrderDetail>({
        orderId: order.orderId,
        label: request.label,
        method: 'POST',
        path: request.path,
        body: request.body,
      });
      if (result.queued) {
        applyLocally(queryClient, order, change);
        notify.info(QUEUE_TEXT.queued);
      } else {
        queryClient.setQueryData(
          technicianWorkOrderKeys.detail(order.customerId, order.orderId),
          result.answer,
        );
        notify.success(texts.done);
      }
      return true;
    } catch (error) {
      notify.error(errorMessage(error, texts.failed));
      return false;
    } finally {
      setPending(false);
      // A refusal can mean the lists are out of date, so they are refreshed either way
      // (offline, TanStack Query holds the refresh until the network is back).
      void queryClient.invalidateQueries({ queryKey: technicianWorkOrderKeys.all });
    }
  }

  return { pending, run };
}
