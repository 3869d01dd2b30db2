import { OPENING_STOCK_REMARK } from '@karya/domain/import-kinds/opening-stock';
import { INVENTORY_MESSAGES as M } from '@karya/domain/inventory-schemas';
import { stockInMoment } from '@karya/domain/stock-date';
import { eq, inArray } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { inventoryItems, serialUnits } from '../../db/schema';
import { moveStock } from './stock-ledger';

/**
 * Opening stock from an import (issue 36): the branch's shelf as the old system left it,
 * entered the way Stock In enters stock (from the supplier into the branch, through the
 * ledger), so it shows in the transfer history with the remark 'Opening stock'.
 */

type Db = Database | Tx;

/** The serials of these numbers that exist anywhere, with their item's name (for the message). */
export async function serialsByNumbers(
  db: Db,
  serialNumbers: readonly string[],
): Promise<Map<string, { itemId: string; itemName: string }>> {
  if (serialNumbers.length === 0) return new Map();
  const rows = await db
    .select({
      serialNumber: serialUnits.serialNumber,
      itemId: serialUnits.itemId,
      itemName: inventoryItems.name,
    })
    .from(serialUnits)
    .innerJoin(inventoryItems, eq(inventoryItems.id, serialUnits.itemId))
    .where(inArray(serialUnits.serialNumber, [...serialNumbers]));
  return new Map(rows.map((row) => [row.serialNumber, row]));
}

/** One row of opening stock onto the branch's shelf; the Stock In form's message if refused. */
export async function stockOpening(
  tx: Tx,
  move: {
    actorId: string;
    branchId: string;
    itemId: string;
    serialNumber: string | null;
    quantity: number;
    date: string | null | undefined;
  },
): Promise<{ ok: true } | { refused: string }> {
  const moved = await moveStock(tx, {
    itemId: move.itemId,
    serialNumber: move.serialNumber,
    quantity: move.serialNumber ? 1 : move.quantity,
    from: { location: 'supplier' },
    to: { location: 'branch', branchId: move.branchId },
    branchId: move.branchId,
    actorId: move.actorId,
    remark: OPENING_STOCK_REMARK,
    movedOn: stockInMoment(move.date),
  });
  return moved.ok ? { ok: true } : { refused: M.serialRequired };
}
