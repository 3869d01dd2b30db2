import type { TechnicianInventoryItem } from '@karya/domain/inventory-answers';
import { toPaise, toRupees } from '@karya/domain/money';
import { activeSerials, unitsHeld } from '../../shared/inventory-units';
import { BILLING_TEXT } from './billing-messages';

/**
 * One line of the bill being made (spec 2 §3 'Bill line'): a serial (always 1), a generic
 * quantity of one item, or a service. Prices are the catalogue's sale price, in paise.
 */
export interface DraftLine {
  /** The serial number for a serialized line, the catalogue code otherwise. */
  key: string;
  itemId: string;
  name: string;
  type: TechnicianInventoryItem['type'];
  unit: string;
  serialNumber: string | null;
  quantity: number;
  unitPricePaise: number;
  /**
   * Issue 35: the units an accepted quotation planned, at the quoted prices (as the server
   * bills them); the rest of the quantity is at unitPricePaise. Set by planned-bill-lines.
   */
  planned?: readonly PlannedUnits[];
}

/** Some units of a line at the price the quote agreed, net of its discounts. */
export interface PlannedUnits {
  quantity: number;
  unitPricePaise: number;
}

/** Where a change left the lines: the new list, or the spec's reason it was refused. */
export type LineChange =
  | { lines: DraftLine[]; error: null }
  | { lines: DraftLine[]; error: string };

const done = (lines: DraftLine[]): LineChange => ({ lines, error: null });
const refused = (lines: DraftLine[], error: string): LineChange => ({ lines, error });

const pricePaise = (item: TechnicianInventoryItem) => toPaise(item.salePrice ?? 0);

/** The quantity rules differ by screen (spec 2 §5): the wizard allows 0, the dialog 1. */
export interface QuantityRule {
  min: 0 | 1;
}
export const WIZARD_QUANTITY: QuantityRule = { min: 0 };
export const DIALOG_QUANTITY: QuantityRule = { min: 1 };

/** A serial the technician holds (status active) of this stock, or none. */
export function findHeldSerial(
  items: readonly TechnicianInventoryItem[],
  serialNumber: string,
): { item: TechnicianInventoryItem; serialNumber: string } | null {
  const wanted = serialNumber.trim().toUpperCase();
  if (!wanted) return null;
  for (const item of items) {
    if (item.type !== 'serialized-product') continue;
    const serial = activeSerials(item).find((held) => held.serialNumber.toUpperCase() === wanted);
    if (serial) return { item, serialNumber: serial.serialNumber };
  }
  return null;
}

/**
 * A serialised line the bill started with from the quote's planned items (issue 35): it waits
 * for the technician to pick which unit from the van stock went in.
 */
export const needsSerial = (line: Pick<DraftLine, 'type' | 'serialNumber'>) =>
  line.type === 'serialized-product' && line.serialNumber === null;

/**
 * Spec 2 §5: one line per serial; the same serial twice is refused. A line of the same item
 * still waiting for its serial (a planned one) takes it, at its quoted price, instead of a
 * new line being added beside it.
 */
export function addSerial(
  lines: readonly DraftLine[],
  item: TechnicianInventoryItem,
  serialNumber: string,
): LineChange {
  const current = [...lines];
  if (current.some((line) => line.serialNumber === serialNumber))
    return refused(current, BILLING_TEXT.serialAlreadyAdded);
  const held = activeSerials(item).some((serial) => serial.serialNumber === serialNumber);
  if (!held) return refused(current, BILLING_TEXT.serialNotFound);
  const waiting = current.findIndex((line) => line.itemId === item.itemId && needsSerial(line));
  if (waiting >= 0) {
    return done(
      current.map((line, index) =>
        index === waiting ? { ...line, key: serialNumber, serialNumber } : line,
      ),
    );
  }
  return done([
    ...current,
    {
      key: serialNumber,
      itemId: item.itemId,
      name: item.itemName,
      type: 'serialized-product',
      unit: item.unit,
      serialNumber,
      quantity: 1,
      unitPricePaise: pricePaise(item),
    },
  ]);
}

/** Manual entry or a camera scan: the typed serial must be one the technician holds. */
export function addSerialByNumber(
  lines: readonly DraftLine[],
  items: readonly TechnicianInventoryItem[],
  typed: string,
): LineChange {
  if (!typed.trim()) return refused([...lines], BILLING_TEXT.serialRequired);
  const found = findHeldSerial(items, typed);
  if (!found) {
    const alreadyAdded = lines.some(
      (line) => line.serialNumber?.toUpperCase() === typed.trim().toUpperCase(),
    );
    return refused(
      [...lines],
      alreadyAdded ? BILLING_TEXT.serialAlreadyAdded : BILLING_TEXT.serialNotFound,
    );
  }
  return addSerial(lines, found.item, found.serialNumber);
}

/**
 * Spec 2 §5: a generic item is one line whose quantity grows by one per add, never past
 * what the technician holds.
 */
export function addGeneric(
  lines: readonly DraftLine[],
  item: TechnicianInventoryItem,
  quantity = 1,
): LineChange {
  const held = unitsHeld(item);
  const existing = lines.find(
    (line) => line.type === 'generic-product' && line.key === item.itemId,
  );
  const wanted = (existing?.quantity ?? 0) + quantity;
  if (wanted > held || held <= 0) {
    const capped = lines.map((line) => (line === existing ? { ...line, quantity: held } : line));
    return refused(capped, BILLING_TEXT.maxQuantity(held));
  }
  if (existing)
    return done(lines.map((line) => (line === existing ? { ...line, quantity: wanted } : line)));
  return done([
    ...lines,
    {
      key: item.itemId,
      itemId: item.itemId,
      name: item.itemName,
      type: 'generic-product',
      unit: item.unit,
      serialNumber: null,
      quantity: wanted,
      unitPricePaise: pricePaise(item),
    },
  ]);
}

/** Spec 2 §5: a service is billed once per bill. */
export function addService(lines: readonly DraftLine[], item: TechnicianInventoryItem): LineChange {
  if (lines.some((line) => line.type === 'service' && line.key === item.itemId))
    return refused([...lines], BILLING_TEXT.serviceAlreadyAdded);
  return done([
    ...lines,
    {
      key: item.itemId,
      itemId: item.itemId,
      name: item.itemName,
      type: 'service',
      unit: item.unit || 'Service',
      serialNumber: null,
      quantity: 1,
      unitPricePaise: pricePaise(item),
    },
  ]);
}

/** Any item of the technician's list: serials need a serial number, so they go elsewhere. */
export function addItem(lines: readonly DraftLine[], item: TechnicianInventoryItem): LineChange {
  if (item.type === 'service') return addService(lines, item);
  if (item.type === 'generic-product') return addGeneric(lines, item);
  return refused([...lines], BILLING_TEXT.serialRequired);
}

/**
 * The lines at the prices of `items` (issue 23: a maintenance visit's covered parts at ₹0).
 * A line added before the contract's coverage was read kept the catalogue's price; this
 * brings it in line. The same array when nothing changes, so it can run after every change.
 */
export function repriceLines(
  lines: readonly DraftLine[],
  items: readonly Pick<TechnicianInventoryItem, 'itemId' | 'salePrice'>[],
): readonly DraftLine[] {
  const prices = new Map(items.map((item) => [item.itemId, toPaise(item.salePrice ?? 0)]));
  const stale = (line: DraftLine) => {
    const price = prices.get(line.itemId);
    return price !== undefined && price !== line.unitPricePaise;
  };
  if (!lines.some(stale)) return lines;
  return lines.map((line) =>
    stale(line)
      ? { ...line, unitPricePaise: prices.get(line.itemId) ?? line.unitPricePaise }
      : line,
  );
}

/**
 * A generic quantity typed or stepped: kept within min..held (spec 2 §5). Above what is held
 * it stops at the maximum with the spec's message; below the dialog's 1 it says so.
 */
export function setLineQuantity(
  lines: readonly DraftLine[],
  key: string,
  quantity: number,
  held: number,
  rule: QuantityRule,
): LineChange {
  const line = lines.find((candidate) => candidate.key === key);
  if (line?.type !== 'generic-product') return done([...lines]);
  const whole = Number.isFinite(quantity) ? Math.trunc(quantity) : rule.min;
  const put = (value: number) =>
    lines.map((candidate) => (candidate === line ? { ...candidate, quantity: value } : candidate));
  if (whole > held) return refused(put(Math.max(rule.min, held)), BILLING_TEXT.maxQuantity(held));
  if (whole < rule.min)
    return rule.min === 1 ? refused(put(1), BILLING_TEXT.quantityBelowOne) : done(put(rule.min));
  return done(put(whole));
}

export function removeLine(lines: readonly DraftLine[], key: string): DraftLine[] {
  return lines.filter((line) => line.key !== key);
}

/** The units of a line the quote planned, never more than the line has. */
function plannedUnitsOf(line: DraftLine): PlannedUnits[] {
  let left = line.quantity;
  return (line.planned ?? []).map((units) => {
    const quantity = Math.max(0, Math.min(units.quantity, left));
    left -= quantity;
    return { quantity, unitPricePaise: units.unitPricePaise };
  });
}

/** The planned units at their quoted prices, the rest at the line's price. */
export function lineAmountPaise(line: DraftLine): number {
  const planned = plannedUnitsOf(line);
  const plannedQuantity = planned.reduce((sum, units) => sum + units.quantity, 0);
  return (
    planned.reduce((sum, units) => sum + units.quantity * units.unitPricePaise, 0) +
    (line.quantity - plannedQuantity) * line.unitPricePaise
  );
}

/** The rate a line shows: the quoted one where the quote planned it. */
export const lineRatePaise = (line: DraftLine) =>
  line.planned?.[0]?.unitPricePaise ?? line.unitPricePaise;

/** Lines that bill something: a wizard line left at 0 is not sent. */
export function billableLines(lines: readonly DraftLine[]): DraftLine[] {
  return lines.filter((line) => line.quantity > 0);
}

export function billTotalPaise(lines: readonly DraftLine[]): number {
  return billableLines(lines).reduce((sum, line) => sum + lineAmountPaise(line), 0);
}

/**
 * Spec 2 §5: a bill needs at least one line; and every serialised line its serial (issue 35).
 * Null when the lines can be billed.
 */
export function billLinesError(lines: readonly DraftLine[]): string | null {
  if (billableLines(lines).length === 0) return BILLING_TEXT.noItems;
  const waiting = lines.find(needsSerial);
  return waiting ? BILLING_TEXT.pickSerial(waiting.name) : null;
}

/** Spec 2 §3 'Bill line sent': what POST /create-bill receives (prices in rupees, informative). */
export function toBillItems(lines: readonly DraftLine[]) {
  return billableLines(lines).map((line) => ({
    itemId: line.itemId,
    name: line.name,
    quantity: line.quantity,
    serialNumber: line.serialNumber,
    price: toRupees(lineRatePaise(line)),
    amount: toRupees(lineAmountPaise(line)),
    type: line.type,
  }));
}
