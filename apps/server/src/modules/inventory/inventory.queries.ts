import { isUuid } from '@karya/domain/user-schemas';
import { and, eq, or } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import {
  bills,
  branchStock,
  customers,
  inventoryItems,
  serialUnits,
  technicianStock,
  users,
  workOrders,
} from '../../db/schema';

/**
 * The lookups every inventory job shares, and other modules use (billing, warranty): items,
 * balances, serials, people and installations. Each job's own SQL is in its queries file.
 */

export type ItemRow = typeof inventoryItems.$inferSelect;

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

/** An item by its uuid only. */
export async function itemById(db: Database | Tx, id: string): Promise<ItemRow | undefined> {
  const [row] = await db.select().from(inventoryItems).where(eq(inventoryItems.id, id));
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

/**
 * A serial's installation: the order, customer, bill and who fitted it when (decisions 008,
 * 011). A warranty replacement has no bill and keeps the date of the unit it replaced.
 */
export async function findInstallation(db: Database | Tx, serialNumber: string) {
  const [row] = await db
    .select({
      orderId: workOrders.orderId,
      branchId: workOrders.branchId,
      customerName: customers.name,
      customerPhone: customers.phoneNumber,
      billNumber: bills.billNumber,
      installedAt: serialUnits.installedAt,
      technician: { firstName: users.firstName, lastName: users.lastName },
    })
    .from(serialUnits)
    .innerJoin(workOrders, eq(workOrders.id, serialUnits.workOrderId))
    .innerJoin(customers, eq(customers.id, serialUnits.customerId))
    .leftJoin(bills, eq(bills.id, serialUnits.billId))
    .leftJoin(users, eq(users.id, serialUnits.installedBy))
    .where(eq(serialUnits.serialNumber, serialNumber));
  return row;
}
