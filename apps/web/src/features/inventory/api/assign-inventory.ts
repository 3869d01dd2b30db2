import type { AssignInventoryInput } from '@karya/domain/inventory-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { inventoryKeys } from '../../../shared/inventory-keys';

export function assignInventory(body: AssignInventoryInput): Promise<unknown> {
  return apiRequest<unknown>('POST', '/assign-inventory-technician', body);
}

/**
 * Spec 2 §7: one call per serial and one per generic item with its quantity. The calls run
 * one after another; `onAssigned` reports each line that went through, so that a failure
 * half-way leaves only the lines still to assign on screen.
 */
export function useAssignInventory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      lines,
      onAssigned,
    }: {
      lines: Array<{ key: string; body: AssignInventoryInput }>;
      onAssigned: (key: string) => void;
    }) => {
      for (const line of lines) {
        await assignInventory(line.body);
        onAssigned(line.key);
      }
    },
    // Also after a partial failure: the lines that went through changed the stock.
    onSettled: () => queryClient.invalidateQueries({ queryKey: inventoryKeys.all }),
  });
}
