import type { InventoryItemType } from '@karya/domain/inventory-schemas';

/**
 * TanStack Query keys of the inventory area. Invalidating `inventoryKeys.all` refreshes the
 * catalogue, every branch list and every technician's stock; what moves stock (assignment,
 * returns, a bill, a replacement) does that or refreshes the one holding it changed.
 */
export const inventoryKeys = {
  all: ['inventory'] as const,
  catalogue: () => ['inventory', 'catalogue'] as const,
  branch: (type: InventoryItemType, branch: string | null) =>
    ['inventory', 'branch', type, branch ?? 'own'] as const,
  /** GET /get-technician-inventory: one technician's stock, 'mine' for the signed-in one's. */
  technicianStock: (technicianId: string) => ['inventory', 'technician', technicianId] as const,
  history: (technicianId: string) => ['inventory', 'history', technicianId] as const,
  returns: () => ['inventory', 'returns', 'pending'] as const,
  /** With the page added by usePagedList. */
  transferHistory: (filter: string) => ['inventory', 'transfer-history', filter] as const,
};
