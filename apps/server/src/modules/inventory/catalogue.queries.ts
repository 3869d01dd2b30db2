import type { InventoryItemType } from '@karya/domain/inventory-schemas';
import { and, asc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { branchStock, inventoryItems, stockMovements } from '../../db/schema';
import { likeEscape } from '../../db/sql-text';
import type { ItemRow } from './inventory.queries';

export type ItemInsert = typeof inventoryItems.$inferInsert;

/**
 * Catalogue items with their branch stock (sellable units only: branch_stock keeps no balance
 * for faulty units), by name. `branchId` undefined sums every branch.
 */
export async function itemsWithStock(
  db: Database,
  filter: { type?: InventoryItemType; search?: string; branchId: string | undefined },
) {
  const where: SQL[] = [];
  if (filter.type) where.push(eq(inventoryItems.type, filter.type));
  if (filter.search) where.push(ilike(inventoryItems.name, `%${likeEscape(filter.search)}%`));
  const stock = db
    .select({
      itemId: branchStock.itemId,
      total: sql<number>`sum(${branchStock.quantity})::int`.as('total'),
    })
    .from(branchStock)
    .where(filter.branchId ? eq(branchStock.branchId, filter.branchId) : undefined)
    .groupBy(branchStock.itemId)
    .as('stock');
  const rows = await db
    .select({ item: inventoryItems, total: stock.total })
    .from(inventoryItems)
    .leftJoin(stock, eq(stock.itemId, inventoryItems.id))
    .where(where.length ? and(...where) : undefined)
    .orderBy(asc(sql`lower(${inventoryItems.name})`));
  return rows.map((r) => ({ item: r.item, total: r.total ?? 0 }));
}

/** An item's stock across every branch. */
export async function allBranchesQuantity(db: Database | Tx, itemId: string) {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${branchStock.quantity}), 0)::int` })
    .from(branchStock)
    .where(eq(branchStock.itemId, itemId));
  return Number(row?.total ?? 0);
}

export async function insertItem(tx: Tx, values: ItemInsert): Promise<ItemRow | undefined> {
  const [row] = await tx.insert(inventoryItems).values(values).returning();
  return row;
}

export async function updateItemRow(
  tx: Tx,
  itemId: string,
  values: Partial<ItemInsert>,
): Promise<ItemRow | undefined> {
  const [row] = await tx
    .update(inventoryItems)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(inventoryItems.id, itemId))
    .returning();
  return row;
}

/** Locks the item: a concurrent stock-in references it and waits, or the deletion refuses. */
export async function lockItem(tx: Tx, itemId: string) {
  await tx
    .select({ id: inventoryItems.id })
    .from(inventoryItems)
    .where(eq(inventoryItems.id, itemId))
    .for('update');
}

/** Whether any unit of the item is anywhere: branch, technician or a pending return. */
export async function itemHasStock(db: Database | Tx, itemId: string): Promise<boolean> {
  const result = await db.execute<{ total: string | number }>(sql`
    select (select coalesce(sum(quantity), 0) from branch_stock where item_id = ${itemId})
         + (select coalesce(sum(quantity), 0) from technician_stock where item_id = ${itemId})
         + (select coalesce(sum(l.quantity), 0) from inventory_return_lines l
              join inventory_returns r on r.id = l.return_id
              where l.item_id = ${itemId} and r.status = 'pending') as total`);
  const rows = (result as unknown as { rows: { total: string | number }[] }).rows;
  return Number(rows[0]?.total ?? 0) > 0;
}

/** Whether the ledger holds any movement of the item (its history must stay traceable). */
export async function itemHasMovements(db: Database | Tx, itemId: string): Promise<boolean> {
  const [moved] = await db
    .select({ id: stockMovements.id })
    .from(stockMovements)
    .where(eq(stockMovements.itemId, itemId))
    .limit(1);
  return moved !== undefined;
}

export async function deleteItemRow(tx: Tx, itemId: string) {
  await tx.delete(inventoryItems).where(eq(inventoryItems.id, itemId));
}
