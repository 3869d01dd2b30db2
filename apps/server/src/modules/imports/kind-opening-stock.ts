import type { OpeningStockInput } from '@karya/domain/import-kinds/opening-stock';
import { INVENTORY_MESSAGES as M } from '@karya/domain/inventory-schemas';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { importRows, imports } from '../../db/imports-schema';
import { itemsByKeys, serialsByNumbers, stockOpening } from '../inventory';
import { branchOf, type ImportWriter, inChunks, refusedRow } from './kind-writer';

const itemKeyOf = (input: OpeningStockInput) =>
  input.itemId
    ? `id:${input.itemId.toLowerCase()}`
    : `name:${(input.itemName ?? '').toLowerCase()}`;

/**
 * Generic rows an earlier opening-stock import of this branch landed, by item: the import's
 * own record of its rows is what makes a second run of the same file create nothing (a
 * generic movement has no key of its own in the ledger, and a Stock In of the same item is
 * not a repeat of it).
 */
async function importedGenericItems(db: Database | Tx, branchId: string, itemIds: string[]) {
  const rows = await db
    .select({ itemId: sql<string>`${importRows.input}->'item'->>'id'` })
    .from(importRows)
    .innerJoin(imports, eq(imports.id, importRows.importId))
    .where(
      and(
        eq(imports.kind, 'opening-stock'),
        eq(imports.branchId, branchId),
        eq(importRows.outcome, 'created'),
        isNull(sql`${importRows.input}->>'serialNumber'`),
        inArray(sql`${importRows.input}->'item'->>'id'`, itemIds),
      ),
    );
  return new Map(rows.map((row) => [`item:${row.itemId}`, row.itemId]));
}

/**
 * Opening stock of a branch: each row's item must be in the catalogue (by ID, else by name);
 * a serialised product takes its serial, a generic one a quantity, a service none, in the
 * Stock In form's words. A serial that exists anywhere is refused in the preview, as Stock In
 * refuses it; a generic item already given its opening stock here is a duplicate.
 */
export const openingStockWriter: ImportWriter<OpeningStockInput> = {
  noun: 'stock entry',
  async prepare(db, _context, inputs) {
    const items = await inChunks([...new Set(inputs.map(itemKeyOf))], (part) =>
      itemsByKeys(db, part),
    );
    const serials = await inChunks(
      [...new Set(inputs.flatMap((input) => (input.serialNumber ? [input.serialNumber] : [])))],
      (part) => serialsByNumbers(db, part),
    );
    return inputs.map((input) => {
      const item = items.get(itemKeyOf(input));
      if (!item) return refusedRow(input.itemId ? 'Item ID' : 'Item Name', M.itemNotFound);
      if (item.type === 'service') return refusedRow('Item ID', M.noStockForService);
      const found = { id: item.id, name: item.name, type: item.type };
      if (item.type === 'serialized-product') {
        if (!input.serialNumber) return refusedRow('Serial Number', M.serialRequired);
        const existing = serials.get(input.serialNumber);
        if (existing) return refusedRow('Serial Number', M.serialExists(existing.itemName));
        return { ok: true, input: { ...input, quantity: 1, item: found } };
      }
      if (!input.quantity || input.quantity < 1) return refusedRow('Quantity', M.quantityMin);
      const { serialNumber: _ignored, ...generic } = input;
      return { ok: true, input: { ...generic, item: found } };
    });
  },
  async existing(db, context, keys) {
    const serialKeys = keys.filter((key) => key.startsWith('serial:')).map((key) => key.slice(7));
    const itemIds = keys.filter((key) => key.startsWith('item:')).map((key) => key.slice(5));
    const found = new Map<string, string>();
    // At the commit: a serial stocked since the preview (by hand, or another import).
    for (const [serial, unit] of await inChunks(serialKeys, (part) => serialsByNumbers(db, part)))
      found.set(`serial:${serial}`, unit.itemId);
    for (const [key, itemId] of await inChunks(itemIds, (part) =>
      importedGenericItems(db, branchOf(context), part),
    ))
      found.set(key, itemId);
    return found;
  },
  async save(tx, context, input, existingId) {
    if (!input.item) return { refused: M.itemNotFound };
    if (existingId) {
      // Stock is never overwritten by a file: a repeat is refused even with 'update'.
      return {
        refused: input.serialNumber
          ? M.serialExists(input.item.name)
          : 'The opening stock of this item was already imported into this branch: add more with Stock In',
      };
    }
    const moved = await stockOpening(tx, {
      actorId: context.actorId,
      branchId: branchOf(context),
      itemId: input.item.id,
      serialNumber: input.serialNumber ?? null,
      quantity: input.quantity ?? 1,
      date: input.date,
    });
    return 'refused' in moved ? moved : { id: input.item.id };
  },
};
