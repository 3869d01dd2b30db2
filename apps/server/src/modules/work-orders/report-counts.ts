import type { WorkOrderStatus } from '@karya/domain/contact-schemas';
import type { Tx } from '../../db/client';
import { addDailyTechnician, addDailyWork, recordTechnicianCompletion } from '../report-rollups';
import type { LockedWorkOrder } from './work-orders.queries';

/**
 * What a status change adds to the owner's reports' daily rollups (issue 38), in the change's
 * transaction, on the day its history entry carries (`at`: the phone's time when it was taken,
 * null for the transaction's now):
 * - sent for approval: the technician's completed job and its minutes in progress;
 * - approved: the order completed (the work report) and approved for its technician;
 * - a transfer asked for, a transfer rejected: the technician's transfers and rejections.
 */
export async function countStatusChange(
  tx: Tx,
  order: Pick<
    LockedWorkOrder,
    'id' | 'status' | 'branchId' | 'technicianId' | 'projectType' | 'projectCategory'
  >,
  to: WorkOrderStatus,
  at: Date | null,
): Promise<void> {
  const technician = order.technicianId
    ? { technicianId: order.technicianId, branchId: order.branchId, at }
    : null;
  switch (to) {
    case 'pending-approval':
      if (technician) {
        await recordTechnicianCompletion(
          tx,
          { id: order.id, technicianId: technician.technicianId, branchId: order.branchId },
          at,
        );
      }
      return;
    case 'completed':
      await countCompleted(tx, order, at);
      if (technician && order.status === 'pending-approval') {
        await addDailyTechnician(tx, technician, { approved: 1 });
      }
      return;
    case 'transferring':
      if (technician) await addDailyTechnician(tx, technician, { transfers: 1 });
      return;
    case 'rejected':
      if (technician) await addDailyTechnician(tx, technician, { rejections: 1 });
      return;
    default:
      return;
  }
}

/** An order closed (approved, or a complaint closed by its replacement): the work report's. */
export function countCompleted(
  tx: Tx,
  order: Pick<LockedWorkOrder, 'branchId' | 'projectType' | 'projectCategory'>,
  at: Date | null,
): Promise<void> {
  return addDailyWork(
    tx,
    {
      branchId: order.branchId,
      projectType: order.projectType,
      projectCategory: order.projectCategory,
      at,
    },
    { completed: 1 },
  );
}

/**
 * A new order (an installation, a complaint, a maintenance visit) on its creation day, the
 * transaction's now as its created_at. Not the pending order an accepted transfer makes (the
 * same project, counted when first opened) nor an opening due's settled order (past business).
 */
export function countOpened(
  tx: Tx,
  order: { branchId: string; projectType: string; projectCategory: string },
): Promise<void> {
  return addDailyWork(tx, { ...order, at: null }, { opened: 1 });
}
