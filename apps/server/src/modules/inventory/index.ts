/**
 * The inventory module as other modules see it: stock moves only through the ledger
 * (decision 006); billing and warranty read an item and a technician's stock here.
 */
export { findItemRow, technicianQuantity } from './inventory.queries';
export { moveStock } from './stock-ledger';
