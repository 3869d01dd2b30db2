import type { WorkOrderDetail } from '@karya/domain/work-order-schemas';
import { errorMessage } from '../../lib/api-client';
import { useNotify } from '../../ui/notification-context';
import { useUpdateWorkStatus } from './api/update-work-status';
import { TECHNICIAN_TEXT as TEXT } from './technician-messages';
import { isComplaint } from './work-order-display';

/** Spec 2 §4: starting a repair tells the rest of the page through this browser event. */
export const COMPLAINT_INITIATED_EVENT = 'complaintInitiated';
const COMPLAINT_SESSION_KEY = 'complaintInitiated';

type Order = Pick<WorkOrderDetail, 'customerId' | 'orderId' | 'projectCategory' | 'projectType'>;

/**
 * The technician's status changes (spec 2 §4, §5). Each resolves true when the server took
 * it; a refusal is shown with the server's own message (e.g. the active-project rule).
 */
export function useProjectActions() {
  const notify = useNotify();
  const mutation = useUpdateWorkStatus();

  async function change(
    order: Order,
    status: 'in-progress' | 'paused' | 'transferring',
    remark: string | undefined,
    texts: { done: string; failed: string },
  ): Promise<boolean> {
    try {
      await mutation.mutateAsync({
        customerId: order.customerId,
        orderId: order.orderId,
        status,
        ...(remark === undefined ? {} : { remark }),
      });
      notify.success(texts.done);
      return true;
    } catch (error) {
      notify.error(errorMessage(error, texts.failed));
      return false;
    }
  }

  return {
    pending: mutation.isPending,
    async start(order: Order) {
      const started = await change(order, 'in-progress', undefined, {
        done: TEXT.started,
        failed: TEXT.statusFailed,
      });
      if (started && isComplaint(order)) {
        try {
          window.sessionStorage.setItem(COMPLAINT_SESSION_KEY, order.orderId);
        } catch {
          // The flag is a courtesy to other screens; the start itself is done.
        }
        window.dispatchEvent(
          new CustomEvent(COMPLAINT_INITIATED_EVENT, { detail: { orderId: order.orderId } }),
        );
      }
      return started;
    },
    // Without a remark the server writes 'Project resumed by technician' (spec 2 §4).
    resume: (order: Order) =>
      change(order, 'in-progress', undefined, { done: TEXT.resumed, failed: TEXT.resumeFailed }),
    pause: (order: Order, reason: string) =>
      change(order, 'paused', reason, { done: TEXT.paused, failed: TEXT.pauseFailed }),
    stop: (order: Order, reason: string) =>
      change(order, 'transferring', reason, { done: TEXT.stopped, failed: TEXT.stopFailed }),
  };
}
