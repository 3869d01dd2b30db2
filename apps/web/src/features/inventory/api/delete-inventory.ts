import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { inventoryKeys } from '../../../shared/inventory-keys';

/** DELETE /delete-inventory/{id}: refused while the item has stock or history. */
export function deleteInventory(itemId: string): Promise<null> {
  return apiRequest('DELETE', `/delete-inventory/${encodeURIComponent(itemId)}`);
}

export function useDeleteInventory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInventory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inventoryKeys.all }),
  });
}
