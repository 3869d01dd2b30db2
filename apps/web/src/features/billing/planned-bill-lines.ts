import type { TechnicianInventoryItem } from '@karya/domain/inventory-answers';
import { toPaise, toRupees } from '@karya/domain/money';
import { formatQuantity } from '@karya/domain/quantity';
import { unitsHeld } from '../../shared/inventory-units';
import { isFreeLine, type PlannedItem } from '../../shared/planned-items';
import type { DraftLine } from './bill-lines';

/**
 * The Generate Bill wizard's start on an order an accepted quotation opened (issue 35): its
 * planned items as the first lines, at the quoted prices, so the bill follows the quote unless
 * the work changed. The technician still picks each serial from the van stock, removes what
 * was not used and adds what was.
 */

/** A serialised line still waiting for its serial carries this key until one is picked. */
export const PLANNED_KEY_PREFIX = 'planned:';

export const PLANNED_TEXT = {
  fromQuote: (number: string) =>
    `Started from quotation ${number}: remove what was not used, add anything more.`,
  notBillable: (name: string, quantity: string) =>
    `${name} (${quantity}) is not a catalogue item, so it is not on this bill. Tell the office if it was fitted.`,
  shortOfStock: (name: string, held: string, planned: string) =>
    `You hold ${held} of ${name}; the quote planned ${planned}.`,
  serviceMissing: (name: string) => `${name} is not in your services: ask the office.`,
} as const;

/**
 * Each quoted item's price per unit as the quote charges it: its net amount (after its own and
 * its share of the whole discount) over its quantity, in rupees. An item on several lines
 * takes their amounts over their quantities together.
 */
export function quotedUnitPrices(planned: readonly PlannedItem[]): Map<string, number> {
  const sums = new Map<string, { paise: number; quantity: number }>();
  for (const item of planned) {
    if (isFreeLine(item) || item.itemId === null || item.quantity <= 0) continue;
    const sum = sums.get(item.itemId) ?? { paise: 0, quantity: 0 };
    sum.paise += toPaise(item.amount);
    sum.quantity += item.quantity;
    sums.set(item.itemId, sum);
  }
  return new Map(
    [...sums].map(([itemId, sum]) => [itemId, toRupees(Math.round(sum.paise / sum.quantity))]),
  );
}

/**
 * The van stock at the quoted prices: Select Items, its total and a bill worked out with no
 * signal show what the customer agreed to. Items the quote did not name keep their price.
 */
export function quotePricedItems<Item extends { itemId: string; salePrice: number }>(
  items: readonly Item[],
  planned: readonly PlannedItem[] | undefined,
): readonly Item[] {
  if (!planned || planned.length === 0) return items;
  const prices = quotedUnitPrices(planned);
  return items.map((item) => {
    const price = prices.get(item.itemId);
    return price === undefined ? item : { ...item, salePrice: price };
  });
}

export interface PlannedStart {
  lines: DraftLine[];
  /** What the quote planned that the bill cannot start with, said to the technician. */
  notes: string[];
}

/**
 * The first lines of the bill: a service once; a generic product at the planned quantity
 * (no more than the technician holds, else a note); one line per planned unit of a
 * serialised product, each still needing a serial; a free line only as a note.
 */
export function linesFromPlanned(
  planned: readonly PlannedItem[],
  items: readonly TechnicianInventoryItem[],
): PlannedStart {
  const prices = quotedUnitPrices(planned);
  const lines: DraftLine[] = [];
  const notes: string[] = [];
  const priceOf = (itemId: string, fallback: number) => toPaise(prices.get(itemId) ?? fallback);

  for (const item of planned) {
    const quantity = formatQuantity(item.quantity, item.unit);
    if (isFreeLine(item) || item.itemId === null) {
      notes.push(PLANNED_TEXT.notBillable(item.name, quantity));
      continue;
    }
    const itemId = item.itemId;
    const stock = items.find((candidate) => candidate.itemId === itemId);
    if (item.type === 'service') {
      if (lines.some((line) => line.type === 'service' && line.key === itemId)) continue;
      if (!stock) {
        notes.push(PLANNED_TEXT.serviceMissing(item.name));
        continue;
      }
      lines.push({
        key: itemId,
        itemId,
        name: stock.itemName,
        type: 'service',
        unit: stock.unit || 'Service',
        serialNumber: null,
        quantity: 1,
        unitPricePaise: priceOf(itemId, stock.salePrice),
      });
    } else if (item.type === 'generic-product') {
      const held = stock ? unitsHeld(stock) : 0;
      const existing = lines.find((line) => line.type === 'generic-product' && line.key === itemId);
      const wanted = (existing?.quantity ?? 0) + item.quantity;
      const taken = Math.min(wanted, held);
      if (taken < wanted) {
        notes.push(
          PLANNED_TEXT.shortOfStock(
            item.name,
            formatQuantity(held, item.unit),
            formatQuantity(wanted, item.unit),
          ),
        );
      }
      if (existing) {
        existing.quantity = taken;
      } else if (taken > 0 && stock) {
        lines.push({
          key: itemId,
          itemId,
          name: stock.itemName,
          type: 'generic-product',
          unit: stock.unit,
          serialNumber: null,
          quantity: taken,
          unitPricePaise: priceOf(itemId, stock.salePrice),
        });
      }
    } else {
      const units = Math.max(1, Math.round(item.quantity));
      // Said up front, so a planned unit the van lacks is not a surprise at Review Bill.
      const held = stock ? unitsHeld(stock) : 0;
      const planned = lines.filter((line) => line.itemId === itemId).length + units;
      if (held < planned) {
        notes.push(
          PLANNED_TEXT.shortOfStock(
            item.name,
            formatQuantity(held, item.unit),
            formatQuantity(planned, item.unit),
          ),
        );
      }
      for (let unit = 0; unit < units; unit++) {
        lines.push({
          key: `${PLANNED_KEY_PREFIX}${item._id}:${unit}`,
          itemId,
          name: stock?.itemName ?? item.name,
          type: 'serialized-product',
          unit: stock?.unit ?? item.unit,
          serialNumber: null,
          quantity: 1,
          unitPricePaise: priceOf(itemId, stock?.salePrice ?? item.price),
        });
      }
    }
  }
  return { lines, notes };
}
