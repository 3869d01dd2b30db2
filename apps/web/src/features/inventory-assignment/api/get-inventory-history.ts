import type { InventoryHistory } from '@karya/domain/inventory-answers';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_FIRST } from '../../../lib/cache-first';
import { inventoryAssignmentKeys } from './inventory-assignment-keys';

/** A technician's assignments and returns, newest first. */
export function getInventoryHistory(technicianId: string, signal?: AbortSignal) {
  return apiRequest<InventoryHistory>('GET', '/get-inventory-history', undefined, {
    query: { technicianId },
    ...(signal ? { signal } : {}),
  });
}

export function useInventoryHistory(technicianId: string) {
  return useQuery({
    queryKey: inventoryAssignmentKeys.history(technicianId),
    queryFn: ({ signal }) => getInventoryHistory(technicianId, signal),
    ...CACHE_FIRST,
  });
}
