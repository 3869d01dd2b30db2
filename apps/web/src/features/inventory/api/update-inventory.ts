import type { CatalogueItem } from '@karya/domain/inventory-answers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { inventoryKeys } from '../../../shared/inventory-keys';
import type { CatalogueItemBody } from './create-inventory';

/** POST /update-inventory/{id}: the whole item; the server keeps type and a product's name. */
export function updateInventory(itemId: string, body: CatalogueItemBody): Promise<CatalogueItem> {
  return apiRequest('POST', `/update-inventory/${encodeURIComponent(itemId)}`, body);
}

export function useUpdateInventory(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CatalogueItemBody) => updateInventory(itemId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inventoryKeys.all }),
  });
}
