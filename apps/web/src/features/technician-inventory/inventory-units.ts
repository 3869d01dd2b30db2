import type { HeldSerial, TechnicianInventoryItem } from '@karya/domain/inventory-answers';
import type { InventoryItemType } from '@karya/domain/inventory-schemas';
import type { ReturnRequest } from './api/technician-inventory-types';

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

/** The 'total units' of the tab, the bottom bar and the home tile. */
export function countUnits(items: readonly TechnicianInventoryItem[]): number {
  return items.reduce((sum, item) => sum + unitsHeld(item), 0);
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

export function unitsOf(requests: readonly ReturnRequest[]): number {
  return requests.reduce(
    (sum, request) => sum + (request.type === 'serialized-product' ? 1 : request.quantity),
    0,
  );
}
