import { INVENTORY_MESSAGES as M } from '@karya/domain/inventory-schemas';
import { toRupees } from '@karya/domain/money';
import { branchOfScope, type Scope } from '../../auth/scope';
import type { Database } from '../../db/client';
import { notFound } from '../../http/errors';
import { listMovements } from './history.queries';
import { transferRecord } from './history.service';
import { findInstallation, findSerial, findUserBrief, itemById } from './inventory.queries';
import { fullName } from './inventory-rules';

/** One serial: where it is now and how it got there (spec 2 §7 'Serial details'). */

/**
 * Where a serial is now. Once billed it is at the customer: the installation date is the
 * bill's confirmation, and the order's branch may see it.
 */
export async function serialDetail(db: Database, scope: Scope, serial: string) {
  const found = await findSerial(db, serial.trim());
  if (!found) throw notFound(M.serialNotFound);
  const item = await itemById(db, found.itemId);
  const holder = found.technicianId ? await findUserBrief(db, found.technicianId) : undefined;
  const installed =
    found.location === 'customer' ? await findInstallation(db, serial.trim()) : undefined;
  const branch = branchOfScope(scope);
  if (
    branch &&
    found.branchId !== branch &&
    holder?.branchId !== branch &&
    installed?.branchId !== branch
  )
    throw notFound(M.serialNotFound);
  return {
    serialNumber: found.serialNumber,
    itemId: found.itemCode,
    _id: found.itemId,
    productName: found.itemName,
    price: item ? toRupees(item.salePricePaise) : 0,
    warranty: item?.warranty ?? '',
    location: found.location,
    branchId: found.branchId,
    technicianId: found.technicianId,
    technicianName: holder ? fullName(holder) : null,
    installationDate: installed?.installedAt?.toISOString() ?? null,
    workOrderId: installed?.orderId ?? null,
    customerName: installed?.customerName ?? null,
    customerPhone: installed?.customerPhone ?? null,
    billNumber: installed?.billNumber ?? null,
    installedBy: installed?.technician ? fullName(installed.technician) : null,
  };
}

/** A serial's movements, newest first, in the reader's branch ledger (admins: every branch). */
export async function serialHistory(db: Database, scope: Scope, serialNumber: string) {
  const rows = await listMovements(
    db,
    { branchId: branchOfScope(scope) ?? null, serialNumber },
    { limit: 1000, offset: 0 },
  );
  return rows.map(transferRecord);
}
