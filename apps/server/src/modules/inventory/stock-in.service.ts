import {
  type AddStockInput,
  type InventoryItemType,
  INVENTORY_MESSAGES as M,
} from '@karya/domain/inventory-schemas';
import { stockInMoment } from '@karya/domain/stock-date';
import { recordAudit } from '../../audit/record-audit';
import type { Actor } from '../../auth/guard';
import { branchOfScope, inScope, managerBranchOf, type Scope } from '../../auth/scope';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { badRequest, conflict } from '../../http/errors';
import { listItems } from './catalogue.service';
import { findSerial } from './inventory.queries';
import { requireItem, unitsOf } from './inventory-rules';
import { branchOfSerial, faultyArrivals, serialsOnShelf, stockInEntries } from './stock-in.queries';
import { moveStock } from './stock-ledger';

/** Branch stock (spec 2 §3 'Branch inventory item') and stock coming in from the supplier. */

/**
 * The faulty units of the items on the branch's faulty shelf (taken back under warranty),
 * each with the date and remark of its return. They are kept apart from `stock`: not sellable,
 * not in totalStock (branch_stock keeps no balance for them), not assignable.
 */
async function faultyUnits(db: Database, itemIds: string[], branch: string | undefined) {
  const units = await serialsOnShelf(db, itemIds, 'faulty', branch);
  const arrivals = await faultyArrivals(
    db,
    units.map((u) => u.serialNumber),
  );
  return units.map((u) => {
    const arrival = arrivals.find((a) => a.serialNumber === u.serialNumber);
    return {
      itemId: u.itemId,
      serialNumber: u.serialNumber,
      date: (arrival?.createdAt ?? u.stockedAt).toISOString(),
      remark: arrival?.remark ?? '',
    };
  });
}

export async function inventoryByType(db: Database, scope: Scope, type: InventoryItemType) {
  const branch = branchOfScope(scope);
  const items = await listItems(db, scope, { type });
  if (type === 'service') return items.map((i) => ({ ...i, stock: [], faulty: [] }));
  const ids = items.map((i) => i._id);
  if (ids.length === 0) return [];
  if (type === 'serialized-product') {
    const [serials, faulty] = await Promise.all([
      serialsOnShelf(db, ids, 'branch', branch),
      faultyUnits(db, ids, branch),
    ]);
    return items.map((i) => ({
      ...i,
      stock: serials
        .filter((s) => s.itemId === i._id)
        .map((s) => ({
          serialNumber: s.serialNumber,
          quantity: 1,
          date: s.stockedAt.toISOString(),
          remark: s.remark,
        })),
      faulty: faulty.filter((f) => f.itemId === i._id).map(({ itemId: _, ...unit }) => unit),
    }));
  }
  const entries = await stockInEntries(db, ids, branch);
  return items.map((i) => ({
    ...i,
    stock: entries
      .filter((e) => e.itemId === i._id)
      .map((e) => ({ quantity: e.quantity, date: e.movedOn.toISOString(), remark: e.remark })),
    faulty: [],
  }));
}

export async function addStock(db: Database, actor: Actor, scope: Scope, input: AddStockInput) {
  const branchId = managerBranchOf(scope);
  const remark = input.remark?.trim() ?? '';
  if (!remark) throw badRequest(M.remarkRequired);
  // A date alone is kept as its day, so the screens show it without a time (issue 39 item 21).
  const movedOn = stockInMoment(input.date);
  try {
    return await db.transaction(async (tx) => {
      const item = await requireItem(tx, input.itemId);
      if (item.type === 'service') throw badRequest(M.noStockForService);
      const { serialNumber, quantity } = unitsOf(item, input);
      const existing = serialNumber ? await findSerial(tx, serialNumber) : undefined;
      if (existing) throw conflict(M.serialExists(existing.itemName));
      await moveStock(tx, {
        itemId: item.id,
        serialNumber,
        quantity,
        from: { location: 'supplier' },
        to: { location: 'branch', branchId },
        branchId,
        actorId: actor.id,
        remark,
        movedOn,
      });
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'inventory.stock-in',
        entityType: 'inventory_item',
        entityId: item.id,
        summary: `Stock in ${serialNumber ?? quantity} of ${item.name}`,
      });
      return { itemId: item.code, _id: item.id, serialNumber, quantity };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      const existing = input.serialNumber
        ? await findSerial(db, input.serialNumber.trim())
        : undefined;
      throw conflict(M.serialExists(existing?.itemName ?? ''));
    }
    throw error;
  }
}

/**
 * GET /api/check-serial: whether a serial exists, for the serials the caller's branch may see
 * (its stock, its technicians' hands, its customers); admins see all. Another branch's serial
 * answers exactly as an unknown one, so its existence and item do not leak (issue 16).
 */
export async function checkSerial(db: Database, scope: Scope, serial: string) {
  const serialNumber = serial.trim();
  const found = await findSerial(db, serialNumber);
  const everyBranch = scope.kind === 'all' && !scope.branchId;
  const place = found && !everyBranch ? await branchOfSerial(db, serialNumber) : null;
  const visible = found && (everyBranch || inScope(scope, place?.branchId ?? null));
  if (!found || !visible) return { exists: false, item: null, message: M.serialNotFound };
  return {
    exists: true,
    item: { id: found.itemCode, _id: found.itemId, name: found.itemName },
    message: M.serialFound,
  };
}
