import type { BranchInventoryItem } from '@karya/domain/inventory-answers';
import type { Quantity } from '@karya/domain/quantity';

/**
 * What the assignment selection reads of a branch inventory item. The modal gets its stock from
 * useBranchInventory (BranchInventoryItem); kept narrow so tests can build one without the
 * catalogue fields.
 */
export type BranchStockItem = Pick<
  BranchInventoryItem,
  '_id' | 'id' | 'type' | 'name' | 'unit' | 'salePrice' | 'totalStock' | 'stock'
>;

/** Spec 1 §5 'Inventory assignment to technician', in the spec's words. */
export const ASSIGNMENT_MESSAGES = {
  serialAlreadyAdded: 'This serial number is already added',
  onlyAvailable: (n: number) => `Only ${n} items available in stock`,
  serialRequired: 'Please enter or scan a serial number for this product',
  noItems: 'No items selected for assignment',
  productNotFound: 'Product not found for this serial number',
  serialNotInInventory: 'Serial number not found in inventory',
  serialCheckFailed: 'Error checking serial number',
  selectTechnician: 'Please select a technician',
  productsFailed: 'Failed to load inventory products',
  productsServerError: 'Server error while loading products',
} as const;

export interface SerialLine {
  kind: 'serial';
  key: string;
  item: BranchStockItem;
  serialNumber: string;
}

export interface GenericLine {
  kind: 'generic';
  key: string;
  item: BranchStockItem;
  quantity: number;
}

export type SelectedLine = SerialLine | GenericLine;

/** Units of a branch item: serials count one each, generic entries by their quantity. */
export function availableUnits(item: BranchStockItem): number {
  return item.totalStock;
}

/** The branch item holding this serial right now, if any. */
export function findSerialInStock(
  stock: readonly BranchStockItem[],
  serial: string,
): BranchStockItem | undefined {
  return stock.find((item) => item.stock.some((entry) => entry.serialNumber === serial));
}

export function isSerialSelected(lines: readonly SelectedLine[], serial: string): boolean {
  return lines.some((line) => line.kind === 'serial' && line.serialNumber === serial);
}

export function serialLine(item: BranchStockItem, serialNumber: string): SerialLine {
  return { kind: 'serial', key: `serial:${serialNumber}`, item, serialNumber };
}

/**
 * Adds `quantity` of a generic item (merged with what is already selected). Answers the
 * spec's message when the total would pass the branch stock.
 */
export function addGeneric(
  lines: readonly SelectedLine[],
  item: BranchStockItem,
  quantity: number,
): { lines: SelectedLine[]; error?: string } {
  const existing = lines.find(
    (line): line is GenericLine => line.kind === 'generic' && line.item._id === item._id,
  );
  const total = (existing?.quantity ?? 0) + quantity;
  if (total > availableUnits(item))
    return { lines: [...lines], error: ASSIGNMENT_MESSAGES.onlyAvailable(availableUnits(item)) };
  return setGenericQuantity(lines, item, total);
}

/** A quantity of 0 or less removes the item; above the stock it is refused (spec 1 §5). */
export function setGenericQuantity(
  lines: readonly SelectedLine[],
  item: BranchStockItem,
  quantity: number,
): { lines: SelectedLine[]; error?: string } {
  const others = lines.filter((line) => !(line.kind === 'generic' && line.item._id === item._id));
  if (!Number.isFinite(quantity) || quantity <= 0) return { lines: others };
  const available = availableUnits(item);
  if (quantity > available) {
    return {
      lines: lines.map((line) =>
        line.kind === 'generic' && line.item._id === item._id
          ? { ...line, quantity: available }
          : line,
      ),
      error: ASSIGNMENT_MESSAGES.onlyAvailable(available),
    };
  }
  const existing = lines.some((line) => line.kind === 'generic' && line.item._id === item._id);
  const line: GenericLine = {
    kind: 'generic',
    key: `generic:${item._id}`,
    item,
    quantity: Math.floor(quantity),
  };
  return {
    lines: existing
      ? lines.map((current) => (current.key === line.key ? line : current))
      : [...lines, line],
  };
}

/**
 * What the selection hands over, each line in its item's unit (a serial is one): shown with
 * formatQuantities, never one sum of metres and pieces (issue 39 item 5).
 */
export function selectedQuantities(lines: readonly SelectedLine[]): Quantity[] {
  return lines.map((line) => ({
    quantity: line.kind === 'serial' ? 1 : line.quantity,
    unit: line.item.unit,
  }));
}
