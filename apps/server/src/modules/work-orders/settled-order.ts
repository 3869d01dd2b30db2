import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { workOrders } from '../../db/schema';
import { appendHistory, insertWorkOrder } from './work-orders.queries';

/**
 * An order that records past business and is closed from the start: what an opening due from
 * the old system hangs on (issue 36, decision 050), since a bill belongs to an order. It is
 * completed when made, so it never joins the pending list, the board or a technician's day.
 */
export async function openSettledOrder(
  tx: Tx,
  opening: {
    customerId: string;
    branchId: string;
    projectType: string;
    remark: string;
    createdBy: string;
    at: Date;
  },
): Promise<{ id: string }> {
  const order = await insertWorkOrder(tx, {
    customerId: opening.customerId,
    branchId: opening.branchId,
    projectType: opening.projectType,
    projectCategory: 'New Installation',
    initialRemark: opening.remark,
    createdBy: opening.createdBy,
  });
  await tx
    .update(workOrders)
    .set({ status: 'completed', completedAt: opening.at })
    .where(eq(workOrders.id, order.id));
  await appendHistory(tx, {
    workOrderId: order.id,
    status: 'completed',
    remark: opening.remark,
    updatedBy: opening.createdBy,
  });
  return order;
}
