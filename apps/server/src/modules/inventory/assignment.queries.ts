import { and, asc, eq, gte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { inventoryItems, serialUnits, technicianStock } from '../../db/schema';

/** The items a technician holds at least one unit of, by name. */
export async function technicianHoldings(db: Database, technicianId: string) {
  return db
    .select({
      item: inventoryItems,
      quantity: technicianStock.quantity,
      updatedAt: technicianStock.updatedAt,
    })
    .from(technicianStock)
    .innerJoin(inventoryItems, eq(inventoryItems.id, technicianStock.itemId))
    .where(and(eq(technicianStock.technicianId, technicianId), gte(technicianStock.quantity, 1)))
    .orderBy(asc(inventoryItems.name));
}

/** The serials in a technician's hands (not those in their pending return). */
export async function heldSerials(db: Database, technicianId: string) {
  return db
    .select({
      serialNumber: serialUnits.serialNumber,
      itemId: serialUnits.itemId,
      assignedAt: serialUnits.updatedAt,
    })
    .from(serialUnits)
    .where(and(eq(serialUnits.technicianId, technicianId), eq(serialUnits.location, 'technician')))
    .orderBy(asc(serialUnits.serialNumber));
}

/** Every service of the catalogue: a technician may bill any of them. */
export async function serviceItems(db: Database) {
  return db
    .select()
    .from(inventoryItems)
    .where(eq(inventoryItems.type, 'service'))
    .orderBy(asc(inventoryItems.name));
}
