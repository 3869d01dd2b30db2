import type { WorkOrderStatus } from '@karya/domain/contact-schemas';
import { WORK_ORDER_TRANSITIONS, type WorkOrderAction } from '@karya/domain/work-order-state';

/**
 * Whether to offer a button to the assigned technician: the state machine's rule for this
 * status. The server still decides (another active project, payment).
 */
export function offersTechnician(action: WorkOrderAction, status: WorkOrderStatus): boolean {
  const rule = WORK_ORDER_TRANSITIONS[action];
  return rule.by.includes('assigned-technician') && rule.from.includes(status);
}
