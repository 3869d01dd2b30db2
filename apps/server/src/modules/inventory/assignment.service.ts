import { basisPointsToPercent } from '@karya/domain/gst';
import {
  type AssignInventoryInput,
  INVENTORY_MESSAGES as M,
} from '@karya/domain/inventory-schemas';
import { toRupees } from '@karya/domain/money';
import { recordAudit } from '../../audit/record-audit';
import type { Actor } from '../../auth/guard';
import { managerBranchOf, type Scope } from '../../auth/scope';
import type { Database } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { heldSerials, serviceItems, technicianHoldings } from './assignment.queries';
import { findUserBrief, type ItemRow } from './inventory.queries';
import { fullName, readableTechnician, requireItem, unitsOf } from './inventory-rules';
import { moveStock } from './stock-ledger';

/** Branch stock into a technician's hands, and what a technician holds (spec 2 §7). */

export async function assignToTechnician(
  db: Database,
  actor: Actor,
  scope: Scope,
  input: AssignInventoryInput,
) {
  const branchId = managerBranchOf(scope);
  const technician = await findUserBrief(db, input.technicianId);
  if (technician?.role !== 'technician') throw notFound(M.technicianNotFound);
  if (technician.branchId !== branchId) throw forbidden(M.notYourBranch);
  return db.transaction(async (tx) => {
    const item = await requireItem(tx, input.itemId);
    if (item.type === 'service') throw badRequest(M.noStockForService);
    const { serialNumber, quantity } = unitsOf(item, input);
    // Only sellable branch stock moves: a faulty unit is not at 'branch', so it is refused here.
    const moved = await moveStock(tx, {
      itemId: item.id,
      serialNumber,
      quantity,
      from: { location: 'branch', branchId },
      to: { location: 'technician', technicianId: technician.id },
      branchId,
      actorId: actor.id,
    });
    if (!moved.ok) {
      throw conflict(
        moved.reason === 'short' ? M.onlyAvailable(moved.available) : M.serialNotInInventory,
      );
    }
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'inventory.assign',
      entityType: 'inventory_item',
      entityId: item.id,
      summary: `Assigned ${serialNumber ?? quantity} of ${item.name} to ${technician.username}`,
    });
    return {
      technicianId: technician.id,
      technicianName: fullName(technician),
      itemId: item.code,
      _id: item.id,
      serialNumber,
      quantity,
    };
  });
}

/** What a technician holds: every product with a positive balance, and every service. */
export async function technicianInventory(db: Database, scope: Scope, technicianId?: string) {
  const id = await readableTechnician(db, scope, technicianId);
  const [held, serials, services] = await Promise.all([
    technicianHoldings(db, id),
    heldSerials(db, id),
    serviceItems(db),
  ]);
  const view = (item: ItemRow, quantity: number, updatedAt: Date) => ({
    _id: item.id,
    id: item.code,
    itemId: item.code,
    itemName: item.name,
    type: item.type,
    unit: item.unit || 'Piece',
    salePrice: toRupees(item.salePricePaise),
    gstRate: item.gstRateBp === null ? null : basisPointsToPercent(item.gstRateBp),
    priceIncludesTax: item.priceIncludesTax,
    genericQuantity: item.type === 'generic-product' ? quantity : 0,
    quantity,
    lastUpdated: updatedAt.toISOString(),
    serializedItems: serials
      .filter((s) => s.itemId === item.id)
      .map((s) => ({
        serialNumber: s.serialNumber,
        status: 'active',
        assignedAt: s.assignedAt.toISOString(),
      })),
  });
  return [
    ...held.map((h) => view(h.item, h.quantity, h.updatedAt)),
    ...services.map((s) => view(s, 0, s.updatedAt)),
  ];
}
