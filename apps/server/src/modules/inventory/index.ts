/**
 * The inventory module as other modules see it: stock moves only through the ledger
 * (decision 006); billing and warranty read an item and a technician's stock here; an import
 * writes catalogue items in its batches (issue 36).
 */
export { findItemRow, technicianQuantity } from './inventory.queries';
export { itemsByKeys, saveImportedItem } from './item-import';
export { serialsByNumbers, stockOpening } from './opening-stock';
export { moveStock } from './stock-ledger';
