import { and, eq, gte, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { branchStock, serialUnits, stockMovements, technicianStock } from '../../db/schema';

/**
 * The stock ledger's only writer (decision 006, 011). Every change of stock anywhere — stock
 * in, assignment, returns, their confirmation, bills and warranty replacements — is one
 * `moveStock` call: it moves the serial (the update is the check that it is where the caller
 * expects), takes from and adds to the balances, and appends the movement row, all in the
 * caller's transaction. No other module writes `stock_movements`, `serial_units`,
 * `branch_stock` or `technician_stock`.
 */

/** A place a unit can be. Only branch and technician places keep a quantity balance. */
export type Place =
  | { location: 'supplier' }
  | { location: 'branch'; branchId: string }
  /** A branch's shelf of units taken back under warranty: held, never sold. */
  | { location: 'faulty'; branchId: string }
  | { location: 'technician'; technicianId: string }
  | { location: 'pending-return'; technicianId: string; returnId: string }
  | {
      location: 'customer';
      workOrderId: string;
      customerId: string;
      billId?: string | null;
      /** When the unit's warranty began; a replacement passes on the unit it replaces' date. */
      installedAt?: Date;
      installedBy?: string | null;
    };

export interface Movement {
  itemId: string;
  /** A serialized unit; null moves a quantity of a generic item. */
  serialNumber: string | null;
  /** 1 for a serial. */
  quantity: number;
  from: Place;
  to: Place;
  /** The branch whose ledger the movement belongs to: its managers see it. */
  branchId: string | null;
  actorId: string;
  remark?: string;
  /** The date the user gave (stock in); otherwise now. */
  movedOn?: Date;
}

export type MoveResult =
  | { ok: true }
  /** The serial is not where the caller expected it (moved already, or never there). */
  | { ok: false; reason: 'serial-not-there' }
  /** The place holds less than the quantity asked for. */
  | { ok: false; reason: 'short'; available: number };

export async function moveStock(tx: Tx, move: Movement): Promise<MoveResult> {
  if (move.serialNumber !== null) {
    const placed =
      move.from.location === 'supplier'
        ? await insertSerial(tx, move, move.serialNumber)
        : await moveSerial(tx, move.serialNumber, move.itemId, move.from, move.to);
    if (!placed) return { ok: false, reason: 'serial-not-there' };
  }
  const taken = await takeBalance(tx, move.itemId, move.from, move.quantity);
  if (taken !== true) return { ok: false, reason: 'short', available: taken };
  await addBalance(tx, move.itemId, move.to, move.quantity);
  await tx.insert(stockMovements).values({
    itemId: move.itemId,
    serialNumber: move.serialNumber,
    quantity: move.quantity,
    fromLocation: move.from.location,
    fromBranchId: branchOf(move.from),
    fromTechnicianId: technicianOf(move.from),
    toLocation: move.to.location,
    toBranchId: branchOf(move.to),
    toTechnicianId: technicianOf(move.to),
    returnId: returnOf(move.to) ?? returnOf(move.from),
    ...customerColumns(move.to.location === 'customer' ? move.to : move.from),
    branchId: move.branchId,
    actorId: move.actorId,
    remark: move.remark ?? '',
    ...(move.movedOn ? { movedOn: move.movedOn } : {}),
  });
  return { ok: true };
}

const branchOf = (place: Place) =>
  place.location === 'branch' || place.location === 'faulty' ? place.branchId : null;
const technicianOf = (place: Place) =>
  place.location === 'technician' || place.location === 'pending-return'
    ? place.technicianId
    : null;
const returnOf = (place: Place) => (place.location === 'pending-return' ? place.returnId : null);
const customerColumns = (place: Place) =>
  place.location === 'customer'
    ? { workOrderId: place.workOrderId, customerId: place.customerId, billId: place.billId ?? null }
    : {};

async function insertSerial(tx: Tx, move: Movement, serialNumber: string) {
  if (move.to.location !== 'branch') throw new Error('stock comes in to a branch');
  await tx.insert(serialUnits).values({
    serialNumber,
    itemId: move.itemId,
    location: 'branch',
    branchId: move.to.branchId,
    remark: move.remark ?? '',
    ...(move.movedOn ? { stockedAt: move.movedOn } : {}),
  });
  return true;
}

/** The columns that say where a serial is; every other place column is cleared. */
function serialPlace(place: Place): Partial<typeof serialUnits.$inferInsert> {
  const cleared = {
    branchId: null,
    technicianId: null,
    returnId: null,
    workOrderId: null,
    customerId: null,
    billId: null,
    installedAt: null,
    installedBy: null,
  };
  switch (place.location) {
    case 'branch':
    case 'faulty':
      return { ...cleared, location: place.location, branchId: place.branchId };
    case 'technician':
      return { ...cleared, location: 'technician', technicianId: place.technicianId };
    case 'pending-return':
      return {
        ...cleared,
        location: 'pending-return',
        technicianId: place.technicianId,
        returnId: place.returnId,
      };
    case 'customer':
      return {
        ...cleared,
        location: 'customer',
        workOrderId: place.workOrderId,
        customerId: place.customerId,
        billId: place.billId ?? null,
        installedAt: place.installedAt ?? new Date(),
        installedBy: place.installedBy ?? null,
      };
    case 'supplier':
      throw new Error('a serial never goes back to the supplier');
  }
}

/** Where a serial is expected to be, as a condition on its row. */
function serialAt(place: Place): SQL[] {
  const at = [eq(serialUnits.location, place.location)];
  switch (place.location) {
    case 'branch':
    case 'faulty':
      return [...at, eq(serialUnits.branchId, place.branchId)];
    case 'technician':
      return [...at, eq(serialUnits.technicianId, place.technicianId)];
    case 'pending-return':
      return [
        ...at,
        eq(serialUnits.technicianId, place.technicianId),
        eq(serialUnits.returnId, place.returnId),
      ];
    case 'customer':
      return [
        ...at,
        eq(serialUnits.workOrderId, place.workOrderId),
        eq(serialUnits.customerId, place.customerId),
      ];
    case 'supplier':
      return at;
  }
}

/**
 * Moves a serial only from where it is expected to be: under READ COMMITTED a second writer
 * waits on the row lock, re-checks the condition and finds no row, so a unit moves once.
 */
async function moveSerial(tx: Tx, serialNumber: string, itemId: string, from: Place, to: Place) {
  const rows = await tx
    .update(serialUnits)
    .set({ ...serialPlace(to), updatedAt: sql`now()` })
    .where(
      and(
        eq(serialUnits.serialNumber, serialNumber),
        eq(serialUnits.itemId, itemId),
        ...serialAt(from),
      ),
    )
    .returning({ serialNumber: serialUnits.serialNumber });
  return rows.length === 1;
}

/** Takes from a balance only when enough is there; answers true or what the place holds. */
async function takeBalance(
  tx: Tx,
  itemId: string,
  from: Place,
  quantity: number,
): Promise<true | number> {
  if (from.location === 'branch') {
    const where = and(eq(branchStock.itemId, itemId), eq(branchStock.branchId, from.branchId));
    const rows = await tx
      .update(branchStock)
      .set({ quantity: sql`${branchStock.quantity} - ${quantity}` })
      .where(and(where, gte(branchStock.quantity, quantity)))
      .returning({ quantity: branchStock.quantity });
    if (rows.length === 1) return true;
    const [held] = await tx
      .select({ quantity: branchStock.quantity })
      .from(branchStock)
      .where(where);
    return held?.quantity ?? 0;
  }
  if (from.location === 'technician') {
    const where = and(
      eq(technicianStock.itemId, itemId),
      eq(technicianStock.technicianId, from.technicianId),
    );
    const rows = await tx
      .update(technicianStock)
      .set({ quantity: sql`${technicianStock.quantity} - ${quantity}`, updatedAt: sql`now()` })
      .where(and(where, gte(technicianStock.quantity, quantity)))
      .returning({ quantity: technicianStock.quantity });
    if (rows.length === 1) return true;
    const [held] = await tx
      .select({ quantity: technicianStock.quantity })
      .from(technicianStock)
      .where(where);
    return held?.quantity ?? 0;
  }
  return true;
}

async function addBalance(tx: Tx, itemId: string, to: Place, quantity: number) {
  if (to.location === 'branch') {
    await tx
      .insert(branchStock)
      .values({ itemId, branchId: to.branchId, quantity })
      .onConflictDoUpdate({
        target: [branchStock.itemId, branchStock.branchId],
        set: { quantity: sql`${branchStock.quantity} + ${quantity}` },
      });
  } else if (to.location === 'technician') {
    await tx
      .insert(technicianStock)
      .values({ itemId, technicianId: to.technicianId, quantity })
      .onConflictDoUpdate({
        target: [technicianStock.itemId, technicianStock.technicianId],
        set: { quantity: sql`${technicianStock.quantity} + ${quantity}`, updatedAt: sql`now()` },
      });
  }
}

/** Drops an item's empty balance rows (the item is being deleted; it has no stock anywhere). */
export async function forgetEmptyBalances(tx: Tx, itemId: string) {
  await tx
    .delete(branchStock)
    .where(and(eq(branchStock.itemId, itemId), eq(branchStock.quantity, 0)));
  await tx
    .delete(technicianStock)
    .where(and(eq(technicianStock.itemId, itemId), eq(technicianStock.quantity, 0)));
}
