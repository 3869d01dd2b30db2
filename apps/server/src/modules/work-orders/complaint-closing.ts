import { isClosableComplaint } from '@karya/domain/warranty-schemas';
import { recordAudit } from '../../audit/record-audit';
import type { Tx } from '../../db/client';
import { countCompleted } from './report-counts';
import { appendHistory, lockWorkOrder, updateWorkOrderStatus } from './work-orders.queries';

/**
 * Issue 39 item 17: completing a warranty replacement may close the complaint that reported
 * the fault, inside the replacement's transaction. Only a complaint no technician has started
 * (pending, or assigned and not begun) closes this way; one in progress, paused, sent for
 * approval or being transferred is the technician's work and stays as it is; the answer says
 * which happened.
 */
export async function closeComplaintOrder(
  tx: Tx,
  input: { workOrderId: string; actorId: string; remark: string },
): Promise<
  | { closed: true; orderId: string }
  | { closed: false; orderId: string; status: string }
  | { closed: false; orderId: null; status: null }
> {
  const order = await lockWorkOrder(tx, input.workOrderId);
  if (!order) return { closed: false, orderId: null, status: null };
  if (!isClosableComplaint(order.status))
    return { closed: false, orderId: order.orderId, status: order.status };
  const moved = await updateWorkOrderStatus(tx, order.id, order.status, {
    status: 'completed',
    approvedBy: input.actorId,
    completedAt: new Date(),
  });
  if (!moved) return { closed: false, orderId: order.orderId, status: order.status };
  await appendHistory(tx, {
    workOrderId: order.id,
    status: 'completed',
    remark: input.remark,
    updatedBy: input.actorId,
  });
  // Issue 38: a closed complaint is work completed; no technician completed it.
  await countCompleted(tx, order, null);
  await recordAudit(tx, {
    actorId: input.actorId,
    action: 'work-order.close-by-replacement',
    entityType: 'work-order',
    entityId: order.id,
    summary: `${order.orderId}: ${order.status} to completed`,
    changes: { from: order.status, to: 'completed', remark: input.remark },
  });
  return { closed: true, orderId: order.orderId };
}
