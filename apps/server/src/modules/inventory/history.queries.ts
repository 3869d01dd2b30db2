import type { TransferKind } from '@karya/domain/inventory-answers';
import { and, desc, eq, gte, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { customers, inventoryItems, stockMovements, users, workOrders } from '../../db/schema';

/**
 * Which movements to read. The scope is explicit: `branchId` is the one branch whose ledger
 * is read, or null for every branch — the caller has decided what the reader may see.
 */
export interface MovementFilter {
  branchId: string | null;
  /** Movements from or to this technician. */
  technicianId?: string;
  /** The item's uuid. */
  itemId?: string;
  serialNumber?: string;
  kind?: TransferKind;
  from?: Date;
  to?: Date;
}

const KIND: Record<TransferKind, SQL> = {
  'stock-in': sql`${stockMovements.fromLocation} = 'supplier'`,
  assigned: sql`${stockMovements.fromLocation} = 'branch' and ${stockMovements.toLocation} = 'technician'`,
  returned: sql`${stockMovements.fromLocation} = 'technician' and ${stockMovements.toLocation} = 'pending-return'`,
  confirmed: sql`${stockMovements.fromLocation} = 'pending-return' and ${stockMovements.toLocation} = 'branch'`,
  billed: sql`${stockMovements.toLocation}::text = 'customer' and ${stockMovements.billId} is not null`,
  faulty: sql`${stockMovements.toLocation}::text = 'faulty'`,
  replacement: sql`${stockMovements.toLocation}::text = 'customer' and ${stockMovements.billId} is null`,
};

function whereOf(filter: MovementFilter) {
  return and(
    filter.branchId ? eq(stockMovements.branchId, filter.branchId) : undefined,
    filter.kind ? KIND[filter.kind] : undefined,
    filter.technicianId
      ? or(
          eq(stockMovements.fromTechnicianId, filter.technicianId),
          eq(stockMovements.toTechnicianId, filter.technicianId),
        )
      : undefined,
    filter.itemId ? eq(stockMovements.itemId, filter.itemId) : undefined,
    filter.serialNumber ? eq(stockMovements.serialNumber, filter.serialNumber) : undefined,
    filter.from ? gte(stockMovements.createdAt, filter.from) : undefined,
    filter.to ? lte(stockMovements.createdAt, filter.to) : undefined,
  );
}

export async function countMovements(db: Database, filter: MovementFilter): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(stockMovements)
    .where(whereOf(filter));
  return row?.total ?? 0;
}

const fromUser = alias(users, 'from_user');
const toUser = alias(users, 'to_user');
const byUser = alias(users, 'by_user');

/** One page of movements, newest first, with the item and the people (or customer) on each side. */
export async function listMovements(
  db: Database,
  filter: MovementFilter,
  page: { limit: number; offset: number },
) {
  return db
    .select({
      m: stockMovements,
      code: inventoryItems.code,
      name: inventoryItems.name,
      type: inventoryItems.type,
      unit: inventoryItems.unit,
      fromFirst: fromUser.firstName,
      fromLast: fromUser.lastName,
      toFirst: toUser.firstName,
      toLast: toUser.lastName,
      byFirst: byUser.firstName,
      byLast: byUser.lastName,
      // The customer side names who got the unit, and on which order (issue 15 §10).
      customerName: customers.name,
      workOrderCode: workOrders.orderId,
    })
    .from(stockMovements)
    .innerJoin(inventoryItems, eq(inventoryItems.id, stockMovements.itemId))
    .leftJoin(fromUser, eq(fromUser.id, stockMovements.fromTechnicianId))
    .leftJoin(toUser, eq(toUser.id, stockMovements.toTechnicianId))
    .leftJoin(byUser, eq(byUser.id, stockMovements.actorId))
    .leftJoin(customers, eq(customers.id, stockMovements.customerId))
    .leftJoin(workOrders, eq(workOrders.id, stockMovements.workOrderId))
    .where(whereOf(filter))
    .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
    .limit(page.limit)
    .offset(page.offset);
}

export type MovementRow = Awaited<ReturnType<typeof listMovements>>[number];
