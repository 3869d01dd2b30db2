import type { WorkOrderDetail } from '@karya/domain/work-order-schemas';
import { useOrderAction } from '../../shared/use-order-action';
import { TECHNICIAN_TEXT as TEXT } from './technician-messages';
import { CURRENT_STATUSES } from './technician-projects';
import { isComplaint } from './work-order-display';

/** Spec 2 §4: starting a repair tells the rest of the page through this browser event. */
export const COMPLAINT_INITIATED_EVENT = 'complaintInitiated';
const COMPLAINT_SESSION_KEY = 'complaintInitiated';

type Status = 'in-progress' | 'paused' | 'transferring';

/** What the order's 'waiting to sync' lists: the words the technician pressed. */
export const QUEUED_LABELS = {
  start: (order: WorkOrderDetail) =>
    isComplaint(order) && order.status === 'assigned' ? 'Start Complaint' : 'Start Project',
  resume: 'Resume Project',
  pause: (reason: string) => `Pause Project: ${reason}`,
  stop: (reason: string) => `Stop Project: ${reason}`,
  remark: (remark: string) => `Remark: ${remark}`,
  complete: 'Complete Project & Send for Approval',
} as const;

/**
 * The technician's status changes (spec 2 §4, §5) and remarks, online or queued offline.
 * Each resolves true when the server took it or it was queued.
 */
export function useProjectActions() {
  const action = useOrderAction();

  function change(
    order: WorkOrderDetail,
    status: Status,
    remark: string | undefined,
    label: string,
    texts: { done: string; failed: string },
  ): Promise<boolean> {
    return action.run(
      order,
      {
        path: '/update-work-status',
        body: {
          customerId: order.customerId,
          orderId: order.orderId,
          status,
          ...(remark === undefined ? {} : { remark }),
        },
        label,
      },
      { status, entry: { status, remark: remark ?? '' }, seedLists: [CURRENT_STATUSES] },
      texts,
    );
  }

  return {
    pending: action.pending,
    async start(order: WorkOrderDetail) {
      const started = await change(order, 'in-progress', undefined, QUEUED_LABELS.start(order), {
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
    resume: (order: WorkOrderDetail) =>
      change(order, 'in-progress', undefined, QUEUED_LABELS.resume, {
        done: TEXT.resumed,
        failed: TEXT.resumeFailed,
      }),
    pause: (order: WorkOrderDetail, reason: string) =>
      change(order, 'paused', reason, QUEUED_LABELS.pause(reason), {
        done: TEXT.paused,
        failed: TEXT.pauseFailed,
      }),
    stop: (order: WorkOrderDetail, reason: string) =>
      change(order, 'transferring', reason, QUEUED_LABELS.stop(reason), {
        done: TEXT.stopped,
        failed: TEXT.stopFailed,
      }),
    /** POST /remark-add: a note on the order's history (activity 'communication'). */
    remark: (order: WorkOrderDetail, remark: string) =>
      action.run(
        order,
        {
          path: '/remark-add',
          body: { customerId: order.customerId, orderId: order.orderId, remark },
          label: QUEUED_LABELS.remark(remark),
        },
        { entry: { status: 'communication', remark } },
        { done: TEXT.remarkAdded, failed: TEXT.remarkFailed },
      ),
  };
}
