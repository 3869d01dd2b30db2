import type { TechnicianInventoryItem } from '@karya/domain/inventory-answers';
import { activeSerials, itemsOfType, unitsHeld } from '../../shared/inventory-units';
import type { DraftLine } from './bill-lines';

/** A product of the technician's stock as the picker offers it. */
export interface StockChoice {
  item: TechnicianInventoryItem;
  /** Serialized: the active serials not yet on the bill (spec 2 §5: only active ones). */
  serials: string[];
  /** Generic: how many more units can still go on the bill. */
  remaining: number;
}

/**
 * The technician's own products matching the search (name, catalogue code or a serial),
 * with what is still free to bill. Products with nothing left to bill are left out.
 */
export function searchStock(
  items: readonly TechnicianInventoryItem[],
  query: string,
  lines: readonly DraftLine[],
): StockChoice[] {
  const wanted = query.trim().toLowerCase();
  const billedSerials = new Set(lines.map((line) => line.serialNumber).filter(Boolean));
  const choices: StockChoice[] = [];
  for (const item of itemsOfType(items, null)) {
    if (item.type === 'service') continue;
    const nameMatches =
      !wanted ||
      item.itemName.toLowerCase().includes(wanted) ||
      item.itemId.toLowerCase().includes(wanted);
    if (item.type === 'serialized-product') {
      const free = activeSerials(item)
        .map((serial) => serial.serialNumber)
        .filter((serial) => !billedSerials.has(serial));
      const serials = nameMatches
        ? free
        : free.filter((serial) => serial.toLowerCase().includes(wanted));
      if (serials.length > 0) choices.push({ item, serials, remaining: serials.length });
    } else if (nameMatches) {
      const billed = lines.find(
        (line) => line.type === 'generic-product' && line.key === item.itemId,
      );
      const remaining = unitsHeld(item) - (billed?.quantity ?? 0);
      if (remaining > 0) choices.push({ item, serials: [], remaining });
    }
  }
  return choices;
}

/** The Add Service picker: every catalogue service with its sale price, by name. */
export function serviceChoices(
  items: readonly TechnicianInventoryItem[],
  query: string,
): TechnicianInventoryItem[] {
  const wanted = query.trim().toLowerCase();
  return itemsOfType(items, 'service').filter(
    (item) => !wanted || item.itemName.toLowerCase().includes(wanted),
  );
}

/** What the technician holds of an item now (for the quantity cap of a bill line). */
export function heldOf(items: readonly TechnicianInventoryItem[], itemId: string): number {
  const item = items.find((candidate) => candidate.itemId === itemId);
  return item ? unitsHeld(item) : 0;
}
