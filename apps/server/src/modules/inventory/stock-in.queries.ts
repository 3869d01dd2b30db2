import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { serialUnits, stockMovements, users, workOrders } from '../../db/schema';

const holder = alias(users, 'holder');

/**
 * The branch a serial belongs to now: its shelf's (stock or faulty), its holder's (a
 * technician or their pending return) or its customer's order's. Null for an unknown serial.
 */
export async function branchOfSerial(db: Database, serialNumber: string) {
  const [row] = await db
    .select({
      branchId: sql<
        string | null
      >`coalesce(${serialUnits.branchId}, ${holder.branchId}, ${workOrders.branchId})`,
    })
    .from(serialUnits)
    .leftJoin(holder, eq(holder.id, serialUnits.technicianId))
    .leftJoin(workOrders, eq(workOrders.id, serialUnits.workOrderId))
    .where(eq(serialUnits.serialNumber, serialNumber));
  return row;
}

/**
 * The serials of the items on a branch's shelf, oldest stock first: 'branch' is its sellable
 * stock, 'faulty' the units taken back under warranty. Every branch when branchId is undefined.
 */
export async function serialsOnShelf(
  db: Database,
  itemIds: string[],
  location: 'branch' | 'faulty',
  branchId: string | undefined,
) {
  if (itemIds.length === 0) return [];
  return db
    .select({
      itemId: serialUnits.itemId,
      serialNumber: serialUnits.serialNumber,
      stockedAt: serialUnits.stockedAt,
      remark: serialUnits.remark,
    })
    .from(serialUnits)
    .where(
      and(
        inArray(serialUnits.itemId, itemIds),
        eq(serialUnits.location, location),
        branchId ? eq(serialUnits.branchId, branchId) : undefined,
      ),
    )
    .orderBy(asc(serialUnits.stockedAt), asc(serialUnits.serialNumber));
}

/**
 * The movements that put these serials on a faulty shelf, newest first: when and why each
 * came back (the first row of a serial is its latest return).
 */
export async function faultyArrivals(db: Database, serialNumbers: string[]) {
  if (serialNumbers.length === 0) return [];
  return db
    .select({
      serialNumber: stockMovements.serialNumber,
      createdAt: stockMovements.createdAt,
      remark: stockMovements.remark,
    })
    .from(stockMovements)
    .where(
      and(
        inArray(stockMovements.serialNumber, serialNumbers),
        eq(stockMovements.toLocation, 'faulty'),
      ),
    )
    .orderBy(desc(stockMovements.id));
}

/** The stock-in entries of generic items into a branch (every branch when undefined). */
export async function stockInEntries(
  db: Database,
  itemIds: string[],
  branchId: string | undefined,
) {
  if (itemIds.length === 0) return [];
  return db
    .select({
      itemId: stockMovements.itemId,
      quantity: stockMovements.quantity,
      movedOn: stockMovements.movedOn,
      remark: stockMovements.remark,
    })
    .from(stockMovements)
    .where(
      and(
        inArray(stockMovements.itemId, itemIds),
        eq(stockMovements.fromLocation, 'supplier'),
        branchId ? eq(stockMovements.toBranchId, branchId) : undefined,
      ),
    )
    .orderBy(asc(stockMovements.movedOn), asc(stockMovements.id));
}
