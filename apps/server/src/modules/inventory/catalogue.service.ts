import {
  type CreateInventoryInput,
  type InventoryItemType,
  INVENTORY_MESSAGES as M,
  type UpdateInventoryInput,
} from '@karya/domain/inventory-schemas';
import { toPaise } from '@karya/domain/money';
import { recordAudit } from '../../audit/record-audit';
import type { Actor } from '../../auth/guard';
import { branchOfScope, type Scope } from '../../auth/scope';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { badRequest, conflict, notFound } from '../../http/errors';
import {
  allBranchesQuantity,
  deleteItemRow,
  insertItem,
  itemHasMovements,
  itemHasStock,
  itemsWithStock,
  lockItem,
  updateItemRow,
} from './catalogue.queries';
import { branchQuantity } from './inventory.queries';
import { requireItem } from './inventory-rules';
import { itemTaxColumns } from './item-tax';
import { itemView } from './item-view';
import { forgetEmptyBalances } from './stock-ledger';

/** The catalogue (spec 2 §5 'Catalogue item'): everyone reads it, only admins change it. */

export async function listItems(
  db: Database,
  scope: Scope,
  filter: { type?: InventoryItemType; search?: string },
) {
  const rows = await itemsWithStock(db, {
    type: filter.type,
    search: filter.search,
    branchId: branchOfScope(scope),
  });
  return rows.map((r) => ({ ...itemView(r.item, scope, r.total), stock: r.total }));
}

export async function getItem(db: Database, scope: Scope, itemId: string) {
  const item = await requireItem(db, itemId);
  const branch = branchOfScope(scope);
  const total = branch
    ? await branchQuantity(db, item.id, branch)
    : await allBranchesQuantity(db, item.id);
  return { ...itemView(item, scope, total), stock: total };
}

export async function createItem(
  db: Database,
  actor: Actor,
  scope: Scope,
  input: CreateInventoryInput,
) {
  const code = input.id?.trim() || `ITEM-${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const product = input.type !== 'service';
  try {
    return await db.transaction(async (tx) => {
      const row = await insertItem(tx, {
        code,
        type: input.type,
        name: (input.name ?? '').trim(),
        unit: input.unit || 'Piece',
        warranty: String(input.warranty ?? ''),
        mrpPaise: product ? toPaise(input.mrp ?? 0) : 0,
        purchasePricePaise: product ? toPaise(input.purchasePrice ?? 0) : 0,
        salePricePaise: toPaise(input.salePrice ?? 0),
        ...(await itemTaxColumns(tx, input.type, input)),
        createdBy: actor.id,
      });
      if (!row) throw new Error('item not created');
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'inventory.create',
        entityType: 'inventory_item',
        entityId: row.id,
        summary: `Added ${row.type} ${row.name}`,
      });
      return itemView(row, scope);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(M.duplicateId);
    throw error;
  }
}

export async function updateItem(
  db: Database,
  actor: Actor,
  scope: Scope,
  itemId: string,
  input: UpdateInventoryInput,
) {
  return db.transaction(async (tx) => {
    const item = await requireItem(tx, itemId);
    if (input.type && input.type !== item.type) throw badRequest(M.typeFixed);
    const name = (input.name ?? '').trim();
    if (item.type !== 'service' && name !== item.name) throw badRequest(M.nameFixed);
    const product = item.type !== 'service';
    const row = await updateItemRow(tx, item.id, {
      name,
      unit: input.unit || item.unit,
      warranty: input.warranty === undefined ? item.warranty : String(input.warranty),
      mrpPaise: product ? toPaise(input.mrp ?? 0) : 0,
      purchasePricePaise: product ? toPaise(input.purchasePrice ?? 0) : 0,
      salePricePaise: toPaise(input.salePrice ?? 0),
      ...(await itemTaxColumns(tx, item.type, input)),
    });
    if (!row) throw notFound(M.itemNotFound);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'inventory.update',
      entityType: 'inventory_item',
      entityId: row.id,
      summary: `Updated ${row.name}`,
    });
    return itemView(row, scope);
  });
}

export async function deleteItem(db: Database, actor: Actor, itemId: string) {
  await db.transaction(async (tx) => {
    const item = await requireItem(tx, itemId);
    await lockItem(tx, item.id);
    if (await itemHasStock(tx, item.id)) throw conflict(M.hasStock);
    // The ledger keeps history; an item with movements keeps its rows (restrict) and cannot go.
    if (await itemHasMovements(tx, item.id)) throw conflict(M.hasStock);
    await forgetEmptyBalances(tx, item.id);
    await deleteItemRow(tx, item.id);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'inventory.delete',
      entityType: 'inventory_item',
      entityId: item.id,
      summary: `Deleted ${item.name}`,
    });
  });
}
