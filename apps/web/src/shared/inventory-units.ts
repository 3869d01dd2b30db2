import type { HeldSerial, TechnicianInventoryItem } from '@karya/domain/inventory-answers';
import type { InventoryItemType } from '@karya/domain/inventory-schemas';
import { type Quantity, totalsByUnit, type UnitTotal } from '@karya/domain/quantity';
import { TECHNICIAN_INVENTORY_TEXT as TEXT } from './technician-inventory-messages';
import type { ReturnRequest } from './technician-inventory-types';

/** Spec 2 §4: a serial counts as held while its status is active. */
export function activeSerials(item: TechnicianInventoryItem): HeldSerial[] {
  return item.serializedItems.filter((serial) => serial.status === 'active');
}

/** Units in hand: active serials or the generic quantity; a service is not stock. */
export function unitsHeld(item: TechnicianInventoryItem): number {
  if (item.type === 'serialized-product') return activeSerials(item).length;
  if (item.type === 'generic-product') return Math.max(0, item.genericQuantity);
  return 0;
}

/**
 * What a technician holds, counted without adding metres to pieces (issue 15 §9, issue 39
 * item 5): the number of kinds of item held, and the quantity per unit. The Inventory tab, the
 * home tile, the bottom-bar badge and the desk's history modal all show this one count, the
 * quantities always through formatQuantities (@karya/domain/quantity).
 */
export interface StockSummary {
  /** Kinds of item with at least one unit in hand (services are not stock). */
  itemCount: number;
  /** Totals per unit, largest first, e.g. [{ Meter, 40 }, { Piece, 3 }]. */
  perUnit: UnitTotal[];
}

export function summariseStock(items: readonly TechnicianInventoryItem[]): StockSummary {
  const held = items
    .map((item) => ({ quantity: unitsHeld(item), unit: item.unit }))
    .filter((entry) => entry.quantity > 0);
  return { itemCount: held.length, perUnit: totalsByUnit(held) };
}

/** 'N items' under the per-unit totals. */
export function itemCountText(count: number): string {
  return `${count} ${count === 1 ? 'item' : 'items'}`;
}

export interface InventoryFilter {
  type: InventoryItemType;
  /** The chip's label (spec 2 §2). */
  label: string;
  /** The word in 'No {type} items found'. */
  word: string;
}

export const INVENTORY_FILTERS: readonly InventoryFilter[] = [
  { type: 'serialized-product', label: 'Serialized', word: 'serialized' },
  { type: 'generic-product', label: 'Generic', word: 'generic' },
  { type: 'service', label: 'Services', word: 'service' },
];

const TYPE_ORDER: Record<InventoryItemType, number> = {
  'serialized-product': 0,
  'generic-product': 1,
  service: 2,
};

/** Products first, then services; by name within a type. `null` shows every type. */
export function itemsOfType(
  items: readonly TechnicianInventoryItem[],
  type: InventoryItemType | null,
): TechnicianInventoryItem[] {
  return items
    .filter((item) => type === null || item.type === type)
    .sort(
      (a, b) =>
        TYPE_ORDER[a.type] - TYPE_ORDER[b.type] ||
        a.itemName.localeCompare(b.itemName, 'en-IN', { sensitivity: 'base' }),
    );
}

/** The tab's chips: All (the default) then one per type (spec 2 §2, the Inventory viewer). */
export type InventoryChip = InventoryItemType | 'all';

/** Case-insensitive match on the name, the item id or a held serial number. */
function matches(item: TechnicianInventoryItem, needle: string): boolean {
  if (!needle) return true;
  const text = [item.itemName, item.itemId, ...activeSerials(item).map((s) => s.serialNumber)];
  return text.some((value) => value.toLocaleLowerCase('en-IN').includes(needle));
}

/**
 * What the Inventory tab lists for a chip and a search, and the empty text when there is
 * nothing to list: a search that finds nothing says so, rather than 'nothing assigned'.
 */
export function inventoryListing(
  items: readonly TechnicianInventoryItem[],
  chip: InventoryChip,
  search: string,
): { shown: TechnicianInventoryItem[]; empty: string | null } {
  const needle = search.trim().toLocaleLowerCase('en-IN');
  const shown = itemsOfType(items, chip === 'all' ? null : chip).filter((item) =>
    matches(item, needle),
  );
  if (needle && shown.length === 0) return { shown, empty: TEXT.noMatch(search.trim()) };
  // Services come with every answer, so 'nothing assigned' is about products.
  if (chip === 'all' && !needle && shown.every((item) => item.type === 'service'))
    return { shown, empty: TEXT.noItemsAssigned };
  if (shown.length === 0) {
    const word = INVENTORY_FILTERS.find((filter) => filter.type === chip)?.word ?? 'inventory';
    return { shown, empty: TEXT.noItemsOfType(word) };
  }
  return { shown, empty: null };
}

/** What the technician can hand back: products with at least one unit in hand. */
export function returnableItems(
  items: readonly TechnicianInventoryItem[],
): TechnicianInventoryItem[] {
  return itemsOfType(items, null).filter((item) => item.type !== 'service' && unitsHeld(item) > 0);
}

/** The Return Inventory dialog's choices, by catalogue item id. */
export interface ReturnSelection {
  serials: Readonly<Record<string, readonly string[]>>;
  quantities: Readonly<Record<string, number>>;
}

export const EMPTY_SELECTION: ReturnSelection = { serials: {}, quantities: {} };

export function toggleSerial(
  selection: ReturnSelection,
  itemId: string,
  serialNumber: string,
  checked: boolean,
): ReturnSelection {
  const current = selection.serials[itemId] ?? [];
  const next = checked
    ? [...current.filter((serial) => serial !== serialNumber), serialNumber]
    : current.filter((serial) => serial !== serialNumber);
  return { ...selection, serials: { ...selection.serials, [itemId]: next } };
}

export function setSerials(
  selection: ReturnSelection,
  itemId: string,
  serialNumbers: readonly string[],
): ReturnSelection {
  return { ...selection, serials: { ...selection.serials, [itemId]: [...serialNumbers] } };
}

/** Spec 2 §5: a generic quantity runs from 0 up to what is held. */
export function clampQuantity(value: number, held: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(Math.max(0, Math.trunc(value)), Math.max(0, held));
}

export function setQuantity(
  selection: ReturnSelection,
  item: TechnicianInventoryItem,
  value: number,
): ReturnSelection {
  const quantity = clampQuantity(value, unitsHeld(item));
  return { ...selection, quantities: { ...selection.quantities, [item.itemId]: quantity } };
}

/**
 * One request per ticked serial and per generic item with a quantity above 0, in list
 * order. Anything the technician no longer holds (the list refreshed meanwhile) is left out.
 */
export function toReturnRequests(
  items: readonly TechnicianInventoryItem[],
  selection: ReturnSelection,
): ReturnRequest[] {
  const requests: ReturnRequest[] = [];
  for (const item of returnableItems(items)) {
    if (item.type === 'serialized-product') {
      const ticked = new Set(selection.serials[item.itemId] ?? []);
      for (const serial of activeSerials(item)) {
        if (!ticked.has(serial.serialNumber)) continue;
        requests.push({
          itemId: item.itemId,
          itemName: item.itemName,
          type: 'serialized-product',
          serialNumber: serial.serialNumber,
        });
      }
    } else {
      const quantity = clampQuantity(selection.quantities[item.itemId] ?? 0, unitsHeld(item));
      if (quantity > 0)
        requests.push({
          itemId: item.itemId,
          itemName: item.itemName,
          type: 'generic-product',
          quantity,
        });
    }
  }
  return requests;
}

/** The selection that would send exactly these requests again (those that failed). */
export function selectionOf(requests: readonly ReturnRequest[]): ReturnSelection {
  const serials: Record<string, string[]> = {};
  const quantities: Record<string, number> = {};
  for (const request of requests) {
    if (request.type === 'serialized-product') {
      serials[request.itemId] = [...(serials[request.itemId] ?? []), request.serialNumber];
    } else {
      quantities[request.itemId] = request.quantity;
    }
  }
  return { serials, quantities };
}

/**
 * What the requests hand back, each in its item's unit (a serial is one): shown with
 * formatQuantities, never as one sum of 'units' (issue 39 item 5).
 */
export function returnQuantities(
  requests: readonly ReturnRequest[],
  items: readonly TechnicianInventoryItem[],
): Quantity[] {
  return requests.map((request) => ({
    quantity: request.type === 'serialized-product' ? 1 : request.quantity,
    unit: items.find((item) => item.itemId === request.itemId)?.unit,
  }));
}
