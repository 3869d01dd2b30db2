import {
  INVENTORY_MESSAGES as M,
  type ReturnInventoryInput,
} from '@karya/domain/inventory-schemas';
import { isUuid } from '@karya/domain/user-schemas';
import { recordAudit } from '../../audit/record-audit';
import type { Actor } from '../../auth/guard';
import { branchOfScope, managerBranchOf, type Scope, technicianOf } from '../../auth/scope';
import type { Database } from '../../db/client';
import { badRequest, conflict, notFound } from '../../http/errors';
import { requireItem, unitsOf } from './inventory-rules';
import {
  addReturnLine,
  claimReturn,
  findReturn,
  linesOfReturn,
  lockOpenReturn,
  openReturn,
  returnLinesOf,
  returnsOf,
} from './returns.queries';
import { moveStock } from './stock-ledger';

/**
 * Returns (spec 2 §4, §7): a technician hands units back into one pending return; the manager
 * of their branch confirms it and the units go back into branch stock.
 */

export async function returnInventory(
  db: Database,
  actor: Actor,
  scope: Scope,
  input: ReturnInventoryInput,
) {
  const technicianId = technicianOf(scope);
  const branchId = scope.branchId ?? null;
  return db.transaction(async (tx) => {
    const item = await requireItem(tx, input.itemId);
    if (item.type === 'service') throw badRequest(M.noStockForService);
    const open = await lockOpenReturn(tx, technicianId);
    const returnId = open?.id ?? (await openReturn(tx, technicianId, branchId));
    if (!returnId) throw new Error('return not created');
    const { serialNumber, quantity } = unitsOf(item, input);
    const moved = await moveStock(tx, {
      itemId: item.id,
      serialNumber,
      quantity,
      from: { location: 'technician', technicianId },
      to: { location: 'pending-return', technicianId, returnId },
      branchId,
      actorId: actor.id,
    });
    if (!moved.ok) {
      throw conflict(
        moved.reason === 'short' && moved.available > 0
          ? M.notHeldQuantity(moved.available)
          : M.notHeld,
      );
    }
    await addReturnLine(tx, { returnId, itemId: item.id, serialNumber, quantity });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'inventory.return',
      entityType: 'inventory_return',
      entityId: returnId,
      summary: `Returned ${serialNumber ?? quantity} of ${item.name}`,
    });
    return { returnId, itemId: item.code, _id: item.id, serialNumber, quantity };
  });
}

export async function listReturns(
  db: Database,
  scope: Scope,
  filter: { status?: 'pending' | 'confirmed' | 'all' | undefined },
) {
  const rows = await returnsOf(db, {
    status: filter.status ?? 'pending',
    technicianId: scope.kind === 'own' ? scope.technicianId : undefined,
    branchId: branchOfScope(scope),
  });
  const lines = await returnLinesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const items = lines
      .filter((l) => l.returnId === r.id)
      .map((l) => ({
        id: l.code,
        _id: l.itemId,
        name: l.name,
        type:
          l.type === 'serialized-product' ? ('serialized-product' as const) : ('generic' as const),
        quantity: l.quantity,
        unit: l.unit,
        serialNumber: l.serialNumber,
      }));
    return {
      id: r.id,
      _id: r.id,
      status: r.status,
      technician: {
        _id: r.technicianId,
        name: `${r.firstName} ${r.lastName}`.trim(),
        username: r.username,
      },
      returnedAt: r.returnedAt.toISOString(),
      confirmedAt: r.confirmedAt?.toISOString() ?? null,
      itemCount: items.length,
      totalQuantity: items.reduce((sum, i) => sum + i.quantity, 0),
      items,
    };
  });
}

export async function confirmReturn(db: Database, actor: Actor, scope: Scope, returnId: string) {
  const branchId = managerBranchOf(scope);
  if (!isUuid(returnId)) throw notFound(M.returnNotFound);
  return db.transaction(async (tx) => {
    const found = await findReturn(tx, returnId);
    if (!found || found.technicianBranch !== branchId) throw notFound(M.returnNotFound);
    if (!(await claimReturn(tx, returnId, actor.id))) throw conflict(M.returnAlreadyConfirmed);
    const lines = await linesOfReturn(tx, returnId);
    // One lock order for every transaction that adds to branch balances: by item, then
    // serial. Two confirmations of returns holding the same items in opposite orders
    // deadlocked on the branch_stock rows (issue 16); the retry is the backstop.
    const ordered = [...lines].sort(
      (a, b) =>
        a.itemId.localeCompare(b.itemId) ||
        (a.serialNumber ?? '').localeCompare(b.serialNumber ?? ''),
    );
    for (const line of ordered) {
      const moved = await moveStock(tx, {
        itemId: line.itemId,
        serialNumber: line.serialNumber,
        quantity: line.quantity,
        from: { location: 'pending-return', technicianId: found.technicianId, returnId },
        to: { location: 'branch', branchId },
        branchId,
        actorId: actor.id,
      });
      if (!moved.ok) throw conflict(M.returnAlreadyConfirmed);
    }
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'inventory.confirm-return',
      entityType: 'inventory_return',
      entityId: returnId,
      summary: `Confirmed a return of ${lines.length} line(s)`,
    });
    return {
      id: returnId,
      itemCount: lines.length,
      totalQuantity: lines.reduce((s, l) => s + l.quantity, 0),
    };
  });
}
