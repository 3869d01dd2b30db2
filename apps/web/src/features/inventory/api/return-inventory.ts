import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { OWN_STOCK } from '../../../shared/get-technician-inventory';
import { inventoryKeys } from '../../../shared/inventory-keys';
import { TECHNICIAN_INVENTORY_TEXT } from '../../../shared/technician-inventory-messages';
import type { ReturnRequest } from '../../../shared/technician-inventory-types';

/** POST /return-inventory: one item (a serial or a generic quantity) into the pending return. */
export function returnInventory(request: ReturnRequest): Promise<unknown> {
  return apiRequest('POST', '/return-inventory', request);
}

export interface FailedReturn {
  request: ReturnRequest;
  message: string;
}

export interface ReturnOutcome {
  returned: ReturnRequest[];
  failed: FailedReturn[];
}

/**
 * Spec 2 §7 sends one call per selected item. They go one after another, so that they
 * join the same pending return in order, and one refusal does not stop the others.
 */
export async function returnInventoryItems(
  requests: readonly ReturnRequest[],
): Promise<ReturnOutcome> {
  const outcome: ReturnOutcome = { returned: [], failed: [] };
  for (const request of requests) {
    try {
      await returnInventory(request);
      outcome.returned.push(request);
    } catch (error) {
      outcome.failed.push({
        request,
        message: errorMessage(error, TECHNICIAN_INVENTORY_TEXT.someFailed),
      });
    }
  }
  return outcome;
}

export function useReturnInventory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: returnInventoryItems,
    // Even a partly failed batch moved stock, so the list is refreshed either way.
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: inventoryKeys.technicianStock(OWN_STOCK) }),
  });
}
