import { and, eq, or } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { workOrders } from '../../db/schema';
import { countOpened } from './report-counts';
import { insertWorkOrder } from './work-orders.queries';

type Db = Database | Tx;

/**
 * Work orders of maintenance contracts (issue 23, decision 035), for the amc module: the
 * installation a contract is offered on, and the pending Maintenance order of a visit.
 */

export interface Installation {
  id: string;
  orderId: string;
  projectId: string;
  projectType: string;
  status: string;
  branchId: string;
  technicianId: string | null;
  siteAddress: string | null;
  siteStateCode: string | null;
  completedAt: Date | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A customer's new installation by its _id, order id (WO-…) or project id (PRJ-…). */
export async function findInstallation(
  db: Db,
  customerId: string,
  reference: string,
): Promise<Installation | null> {
  const byReference = UUID.test(reference)
    ? eq(workOrders.id, reference)
    : or(eq(workOrders.orderId, reference), eq(workOrders.projectId, reference));
  const [row] = await db
    .select({
      id: workOrders.id,
      orderId: workOrders.orderId,
      projectId: workOrders.projectId,
      projectType: workOrders.projectType,
      status: workOrders.status,
      branchId: workOrders.branchId,
      technicianId: workOrders.technicianId,
      siteAddress: workOrders.siteAddress,
      siteStateCode: workOrders.siteStateCode,
      completedAt: workOrders.completedAt,
    })
    .from(workOrders)
    .where(
      and(
        eq(workOrders.customerId, customerId),
        eq(workOrders.projectCategory, 'New Installation'),
        byReference,
      ),
    )
    .limit(1);
  return row ?? null;
}

export interface MaintenanceOpening {
  customerId: string;
  branchId: string;
  projectType: string;
  /** The covered installation: the visit keeps its project id, technician and site. */
  installationId: string | null;
  initialRemark: string;
  createdBy: string | null;
}

/**
 * A pending order of category Maintenance with its first history entry, in the caller's
 * transaction. It lands in the branch's Pending Work Orders and is assigned and worked like
 * any order.
 */
export async function openMaintenanceOrder(
  tx: Tx,
  opening: MaintenanceOpening,
): Promise<{ id: string }> {
  const installation = opening.installationId
    ? ((
        await tx
          .select({
            id: workOrders.id,
            projectId: workOrders.projectId,
            technicianId: workOrders.technicianId,
            siteAddress: workOrders.siteAddress,
            siteStateCode: workOrders.siteStateCode,
          })
          .from(workOrders)
          .where(eq(workOrders.id, opening.installationId))
          .limit(1)
      )[0] ?? null)
    : null;
  const opened = await insertWorkOrder(tx, {
    customerId: opening.customerId,
    branchId: opening.branchId,
    projectType: opening.projectType,
    projectCategory: 'Maintenance',
    initialRemark: opening.initialRemark,
    createdBy: opening.createdBy,
    existing: installation
      ? {
          id: installation.id,
          projectId: installation.projectId,
          technicianId: installation.technicianId,
        }
      : undefined,
    siteAddress: installation?.siteAddress ?? null,
    siteStateCode: installation?.siteStateCode ?? null,
  });
  await countOpened(tx, {
    branchId: opening.branchId,
    projectType: opening.projectType,
    projectCategory: 'Maintenance',
  });
  return opened;
}
