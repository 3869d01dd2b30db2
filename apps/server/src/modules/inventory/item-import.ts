import type { CreateInventoryInput } from '@karya/domain/inventory-schemas';
import { INVENTORY_MESSAGES as M } from '@karya/domain/inventory-schemas';
import { toPaise } from '@karya/domain/money';
import { inArray, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { inventoryItems } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { insertItem, updateItemRow } from './catalogue.queries';
import { itemTaxColumns } from './item-tax';

/**
 * Catalogue items from an import (issue 36), with the add-item form's columns and rules
 * (itemTaxColumns checks the HSN/SAC and the active GST slab as the form's route does). An
 * existing item is found by its id or its name; its type, and a product's name, stay fixed as
 * on the edit form.
 */

type Db = Database | Tx;
type ItemRow = typeof inventoryItems.$inferSelect;

/** Items by 'id:<code>' and 'name:<name>', lower-cased, as the import's keys name them. */
export async function itemsByKeys(db: Db, keys: readonly string[]): Promise<Map<string, ItemRow>> {
  const codes = keys.filter((key) => key.startsWith('id:')).map((key) => key.slice(3));
  const names = keys.filter((key) => key.startsWith('name:')).map((key) => key.slice(5));
  const found = new Map<string, ItemRow>();
  const byCode = codes.length
    ? await db
        .select()
        .from(inventoryItems)
        .where(inArray(sql`lower(${inventoryItems.code})`, codes))
    : [];
  const byName = names.length
    ? await db
        .select()
        .from(inventoryItems)
        .where(inArray(sql`lower(trim(${inventoryItems.name}))`, names))
    : [];
  for (const row of byCode) found.set(`id:${row.code.toLowerCase()}`, row);
  for (const row of byName) {
    const key = `name:${row.name.trim().toLowerCase()}`;
    if (!found.has(key)) found.set(key, row);
  }
  return found;
}

/** The item made or updated, or the form's message refusing it (a type changed, a GST slab). */
export async function saveImportedItem(
  tx: Tx,
  actorId: string,
  input: CreateInventoryInput,
  existing: ItemRow | null,
): Promise<{ id: string } | { refused: string }> {
  const product = (existing?.type ?? input.type) !== 'service';
  try {
    if (existing) {
      if (input.type !== existing.type) return { refused: M.typeFixed };
      const name = (input.name ?? '').trim();
      if (product && name !== existing.name) return { refused: M.nameFixed };
      const tax = await itemTaxColumns(tx, existing.type, input);
      await updateItemRow(tx, existing.id, {
        name,
        unit: input.unit || existing.unit,
        warranty: input.warranty === undefined ? existing.warranty : String(input.warranty),
        mrpPaise: product ? toPaise(input.mrp ?? 0) : 0,
        purchasePricePaise: product ? toPaise(input.purchasePrice ?? 0) : 0,
        salePricePaise: toPaise(input.salePrice ?? 0),
        ...tax,
      });
      return { id: existing.id };
    }
    const tax = await itemTaxColumns(tx, input.type, input);
    const row = await insertItem(tx, {
      code: input.id?.trim() || `ITEM-${Date.now()}${Math.floor(Math.random() * 1_000_000)}`,
      type: input.type,
      name: (input.name ?? '').trim(),
      unit: input.unit || 'Piece',
      warranty: String(input.warranty ?? ''),
      mrpPaise: product ? toPaise(input.mrp ?? 0) : 0,
      purchasePricePaise: product ? toPaise(input.purchasePrice ?? 0) : 0,
      salePricePaise: toPaise(input.salePrice ?? 0),
      ...tax,
      createdBy: actorId,
    });
    if (!row) throw new Error('item not created');
    return { id: row.id };
  } catch (error) {
    // itemTaxColumns refuses before anything is written: the batch's transaction goes on.
    if (error instanceof HttpError && error.statusCode === 400) return { refused: error.message };
    throw error;
  }
}
