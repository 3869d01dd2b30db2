import { isUuid } from '@karya/domain/user-schemas';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import {
  bills,
  branchStock,
  customers,
  inventoryItems,
  inventoryReturnLines,
  inventoryReturns,
  serialUnits,
  type stockMovements,
  technicianStock,
  users,
  workOrders,
} from '../../db/schema';

export type ItemRow = typeof inventoryItems.$inferSelect;
export type MovementInsert = typeof stockMovements.$inferInsert;

/** An item by its `_id` (uuid) or its client-made `id` ('ITEM-…'). */
export async function findItemRow(db: Database | Tx, itemId: string): Promise<ItemRow | undefined> {
  const [row] = await db
    .select()
    .from(inventoryItems)
    .where(
      isUuid(itemId)
        ? or(eq(inventoryItems.id, itemId), eq(inventoryItems.code, itemId))
        : eq(inventoryItems.code, itemId),
    )
    .limit(1);
  return row;
}

export async function branchQuantity(db: Database | Tx, itemId: string, branchId: string) {
  const [row] = await db
    .select({ quantity: branchStock.quantity })
    .from(branchStock)
    .where(and(eq(branchStock.itemId, itemId), eq(branchStock.branchId, branchId)));
  return row?.quantity ?? 0;
}

export async function technicianQuantity(db: Database | Tx, itemId: string, technicianId: string) {
  const [row] = await db
    .select({ quantity: technicianStock.quantity })
    .from(technicianStock)
    .where(and(eq(technicianStock.itemId, itemId), eq(technicianStock.technicianId, technicianId)));
  return row?.quantity ?? 0;
}

export async function findSerial(db: Database | Tx, serialNumber: string) {
  const [row] = await db
    .select({
      serialNumber: serialUnits.serialNumber,
      itemId: serialUnits.itemId,
      location: serialUnits.location,
      branchId: serialUnits.branchId,
      technicianId: serialUnits.technicianId,
      itemCode: inventoryItems.code,
      itemName: inventoryItems.name,
    })
    .from(serialUnits)
    .innerJoin(inventoryItems, eq(inventoryItems.id, serialUnits.itemId))
    .where(eq(serialUnits.serialNumber, serialNumber));
  return row;
}

export async function findUserBrief(db: Database | Tx, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({
      id: users.id,
      role: users.role,
      branchId: users.branchId,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
    })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

/** The technician's open return, locked, so a confirmation and an addition never interleave. */
export async function lockOpenReturn(tx: Tx, technicianId: string) {
  const [row] = await tx
    .select({ id: inventoryReturns.id })
    .from(inventoryReturns)
    .where(
      and(eq(inventoryReturns.technicianId, technicianId), eq(inventoryReturns.status, 'pending')),
    )
    .limit(1)
    .for('update');
  return row;
}

export async function returnLinesOf(db: Database | Tx, returnIds: string[]) {
  if (returnIds.length === 0) return [];
  return db
    .select({
      id: inventoryReturnLines.id,
      returnId: inventoryReturnLines.returnId,
      itemId: inventoryReturnLines.itemId,
      serialNumber: inventoryReturnLines.serialNumber,
      quantity: inventoryReturnLines.quantity,
      name: inventoryItems.name,
      code: inventoryItems.code,
      type: inventoryItems.type,
      unit: inventoryItems.unit,
    })
    .from(inventoryReturnLines)
    .innerJoin(inventoryItems, eq(inventoryItems.id, inventoryReturnLines.itemId))
    .where(inArray(inventoryReturnLines.returnId, returnIds))
    .orderBy(inventoryReturnLines.createdAt);
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

/** A billed serial's installation: the order, customer, bill and who fitted it (decision 008). */
export async function findInstallation(db: Database | Tx, serialNumber: string) {
  const [row] = await db
    .select({
      orderId: workOrders.orderId,
      branchId: workOrders.branchId,
      customerName: customers.name,
      customerPhone: customers.phoneNumber,
      billNumber: bills.billNumber,
      installedAt: bills.paidAt,
      technician: { firstName: users.firstName, lastName: users.lastName },
    })
    .from(serialUnits)
    .innerJoin(workOrders, eq(workOrders.id, serialUnits.workOrderId))
    .innerJoin(customers, eq(customers.id, serialUnits.customerId))
    .leftJoin(bills, eq(bills.id, serialUnits.billId))
    .leftJoin(users, eq(users.id, bills.technicianId))
    .where(eq(serialUnits.serialNumber, serialNumber));
  return row;
}
