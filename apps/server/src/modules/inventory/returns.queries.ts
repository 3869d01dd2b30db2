import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { inventoryItems, inventoryReturnLines, inventoryReturns, users } from '../../db/schema';

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

export async function openReturn(tx: Tx, technicianId: string, branchId: string | null) {
  const [row] = await tx
    .insert(inventoryReturns)
    .values({ technicianId, branchId })
    .returning({ id: inventoryReturns.id });
  return row?.id;
}

/** One more line on a pending return, which then counts as returned now. */
export async function addReturnLine(
  tx: Tx,
  line: { returnId: string; itemId: string; serialNumber: string | null; quantity: number },
) {
  await tx.insert(inventoryReturnLines).values(line);
  await tx
    .update(inventoryReturns)
    .set({ updatedAt: sql`now()` })
    .where(eq(inventoryReturns.id, line.returnId));
}

/** Returns with their technician, newest first; branch is the technician's current branch. */
export async function returnsOf(
  db: Database,
  filter: {
    status: 'pending' | 'confirmed' | 'all';
    technicianId: string | undefined;
    branchId: string | undefined;
  },
) {
  return db
    .select({
      id: inventoryReturns.id,
      status: inventoryReturns.status,
      returnedAt: inventoryReturns.updatedAt,
      confirmedAt: inventoryReturns.confirmedAt,
      technicianId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
    })
    .from(inventoryReturns)
    .innerJoin(users, eq(users.id, inventoryReturns.technicianId))
    .where(
      and(
        filter.status === 'all' ? undefined : eq(inventoryReturns.status, filter.status),
        filter.technicianId ? eq(inventoryReturns.technicianId, filter.technicianId) : undefined,
        filter.branchId ? eq(users.branchId, filter.branchId) : undefined,
      ),
    )
    .orderBy(desc(inventoryReturns.updatedAt));
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

/** A return with its technician and the branch they are in now. */
export async function findReturn(tx: Tx, returnId: string) {
  const [row] = await tx
    .select({
      id: inventoryReturns.id,
      status: inventoryReturns.status,
      technicianId: inventoryReturns.technicianId,
      technicianBranch: users.branchId,
    })
    .from(inventoryReturns)
    .innerJoin(users, eq(users.id, inventoryReturns.technicianId))
    .where(eq(inventoryReturns.id, returnId));
  return row;
}

/**
 * Marks a pending return confirmed. The conditional update is the once-only guard: a second
 * confirmation waits on the row lock, then finds no pending row and gets undefined.
 */
export async function claimReturn(tx: Tx, returnId: string, confirmedBy: string) {
  const [row] = await tx
    .update(inventoryReturns)
    .set({ status: 'confirmed', confirmedBy, confirmedAt: sql`now()` })
    .where(and(eq(inventoryReturns.id, returnId), eq(inventoryReturns.status, 'pending')))
    .returning({ id: inventoryReturns.id });
  return row;
}

export async function linesOfReturn(tx: Tx, returnId: string) {
  return tx
    .select({
      itemId: inventoryReturnLines.itemId,
      serialNumber: inventoryReturnLines.serialNumber,
      quantity: inventoryReturnLines.quantity,
    })
    .from(inventoryReturnLines)
    .where(eq(inventoryReturnLines.returnId, returnId));
}
