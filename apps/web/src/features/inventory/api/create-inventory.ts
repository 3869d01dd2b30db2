import type { CatalogueItem } from '@karya/domain/inventory-answers';
import type { InventoryItemType } from '@karya/domain/inventory-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { inventoryKeys } from '../../../shared/inventory-keys';

/** Spec 2 §7 'Create item': prices in rupees, blank counts as absent. */
export interface CatalogueItemBody {
  id: string;
  type: InventoryItemType;
  name: string;
  unit: string;
  warranty: string;
  mrp: number | null;
  purchasePrice: number | null;
  salePrice: number | null;
  /** Issue 19: null is 'not set'. */
  hsnSac: string | null;
  gstRate: number | null;
  priceIncludesTax: boolean;
}

export function createInventory(body: CatalogueItemBody): Promise<CatalogueItem> {
  return apiRequest('POST', '/create-inventory', body);
}

export function useCreateInventory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInventory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inventoryKeys.all }),
  });
}
