import type { TechnicianInventoryItem } from '@karya/domain/inventory-answers';
import { toPaise } from '@karya/domain/money';
import { formatQuantity } from '@karya/domain/quantity';
import { unitsHeld } from '../../shared/inventory-units';
import { isFreeLine, type PlannedItem } from '../../shared/planned-items';
import type { DraftLine, PlannedUnits } from './bill-lines';

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

/** Per catalogue item ('ITEM-…'), the units the quote planned at their quoted unit prices. */
export type BillPlan = ReadonlyMap<string, readonly PlannedUnits[]>;

export const NO_PLAN: BillPlan = new Map();

/**
 * The plan as the server bills by it: each catalogue line of the quote, its whole units, at
 * its net amount (after its own and its share of the whole discount) over its quantity.
 */
export function billPlanOf(planned: readonly PlannedItem[] | undefined): BillPlan {
  const plan = new Map<string, PlannedUnits[]>();
  for (const item of planned ?? []) {
    if (isFreeLine(item) || item.itemId === null || item.quantity <= 0) continue;
    const units = plan.get(item.itemId) ?? [];
    units.push({
      quantity: Math.floor(item.quantity),
      unitPricePaise: Math.round(toPaise(item.amount) / item.quantity),
    });
    plan.set(item.itemId, units);
  }
  return plan;
}

const samePlanned = (a: readonly PlannedUnits[] | undefined, b: readonly PlannedUnits[]) =>
  (a ?? []).length === b.length &&
  b.every(
    (units, index) =>
      a?.[index]?.quantity === units.quantity &&
      a?.[index]?.unitPricePaise === units.unitPricePaise,
  );

/**
 * The lines priced by the plan, in their order, as the server prices the bill: each line
 * takes what is left of its item's planned units at the quoted prices; more of an item than
 * planned, or an item not planned, stays at the catalogue's price. The same array when
 * nothing changes, so it can run after every change.
 */
export function planLines(lines: readonly DraftLine[], plan: BillPlan): readonly DraftLine[] {
  const left = new Map(
    [...plan].map(([itemId, units]) => [itemId, units.map((unit) => ({ ...unit }))]),
  );
  let changed = false;
  const next = lines.map((line) => {
    let quantity = line.quantity;
    const planned: PlannedUnits[] = [];
    for (const units of left.get(line.itemId) ?? []) {
      if (quantity <= 0) break;
      const taken = Math.min(quantity, units.quantity);
      if (taken <= 0) continue;
      units.quantity -= taken;
      quantity -= taken;
      planned.push({ quantity: taken, unitPricePaise: units.unitPricePaise });
    }
    if (samePlanned(line.planned, planned)) return line;
    changed = true;
    if (planned.length > 0) return { ...line, planned };
    const { planned: _dropped, ...rest } = line;
    return rest;
  });
  return changed ? next : lines;
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
  const lines: DraftLine[] = [];
  const notes: string[] = [];

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
        unitPricePaise: toPaise(stock.salePrice),
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
          unitPricePaise: toPaise(stock.salePrice),
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
          unitPricePaise: toPaise(stock?.salePrice ?? item.price),
        });
      }
    }
  }
  return { lines: [...planLines(lines, billPlanOf(planned))], notes };
}
