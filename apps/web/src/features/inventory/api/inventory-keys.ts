import type { InventoryItemType } from '@karya/domain/inventory-schemas';

/**
 * TanStack Query keys of the inventory area. Invalidating `inventoryKeys.all` refreshes the
 * catalogue and every branch list; features that move stock (assignment, returns) do that.
 */
export const inventoryKeys = {
  all: ['inventory'] as const,
  catalogue: () => ['inventory', 'catalogue'] as const,
  branch: (type: InventoryItemType, branch: string | null) =>
    ['inventory', 'branch', type, branch ?? 'own'] as const,
};
