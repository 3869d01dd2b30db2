import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { workOrderPlannedItems } from '../../db/quotations-schema';

/**
 * The bill follows the quote (issue 35): an order opened by an accepted quotation bills its
 * planned items at the quoted unit price net of the line's discount and its share of the
 * whole discount, for up to the planned quantity; more of an item, or an item not planned, at
 * the catalogue's price. The planned items are read from their table (db/quotations-schema)
 * rather than through the quotations module, which imports billing. Free (custom) quote lines
 * have no catalogue item, so the wizard cannot bill them: they are not here.
 */

/** Per catalogue item (its uuid), the planned quantities at their net unit prices. */
export type OrderPlan = ReadonlyMap<string, ReadonlyArray<{ quantity: number; unitPaise: number }>>;

export const NO_PLAN: OrderPlan = new Map();

export async function planOfOrder(tx: Tx, workOrderId: string): Promise<OrderPlan> {
  const rows = await tx
    .select({
      itemId: workOrderPlannedItems.itemId,
      quantity: workOrderPlannedItems.quantity,
      unitPaise: workOrderPlannedItems.netUnitPaise,
    })
    .from(workOrderPlannedItems)
    .where(eq(workOrderPlannedItems.workOrderId, workOrderId))
    .orderBy(asc(workOrderPlannedItems.position));
  const plan = new Map<string, Array<{ quantity: number; unitPaise: number }>>();
  for (const row of rows) {
    if (!row.itemId) continue;
    const entries = plan.get(row.itemId) ?? [];
    entries.push({ quantity: row.quantity, unitPaise: row.unitPaise });
    plan.set(row.itemId, entries);
  }
  return plan;
}

/**
 * The bill's lines priced by the plan, in the wizard's order: each line takes what is left of
 * its item's planned quantity (whole units, as bills count) at the quoted unit price, and the
 * rest of it is a line of its own at `cataloguePrice`. A serial is one unit of the plan.
 */
export function priceByPlan<L extends { item: { id: string }; quantity: number }>(
  lines: readonly L[],
  plan: OrderPlan,
  cataloguePrice: (line: L) => number,
): Array<L & { unitPaise: number }> {
  const left = new Map(
    [...plan].map(([itemId, entries]) => [
      itemId,
      entries.map((e) => ({ quantity: Math.floor(e.quantity), unitPaise: e.unitPaise })),
    ]),
  );
  const priced: Array<L & { unitPaise: number }> = [];
  for (const line of lines) {
    let quantity = line.quantity;
    for (const entry of left.get(line.item.id) ?? []) {
      if (quantity === 0) break;
      const taken = Math.min(quantity, entry.quantity);
      if (taken === 0) continue;
      entry.quantity -= taken;
      quantity -= taken;
      priced.push({ ...line, quantity: taken, unitPaise: entry.unitPaise });
    }
    if (quantity > 0) priced.push({ ...line, quantity, unitPaise: cataloguePrice(line) });
  }
  return priced;
}
