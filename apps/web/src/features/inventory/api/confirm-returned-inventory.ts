import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { inventoryKeys } from '../../../shared/inventory-keys';

export function confirmReturnedInventory(returnId: string): Promise<unknown> {
  return apiRequest<unknown>('POST', `/confirm-returned-inventory/${encodeURIComponent(returnId)}`);
}

/** The units go back into branch stock: every stock list and log changes. */
export function useConfirmReturnedInventory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmReturnedInventory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inventoryKeys.all }),
  });
}
