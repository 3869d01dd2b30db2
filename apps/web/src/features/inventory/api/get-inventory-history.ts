import type { InventoryHistory } from '@karya/domain/inventory-answers';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_FIRST } from '../../../lib/cache-first';
import { inventoryKeys } from '../../../shared/inventory-keys';

/** A technician's assignments and returns, newest first. */
export function getInventoryHistory(technicianId: string, signal?: AbortSignal) {
  return apiRequest<InventoryHistory>('GET', '/get-inventory-history', undefined, {
    query: { technicianId },
    ...(signal ? { signal } : {}),
  });
}

export function useInventoryHistory(technicianId: string) {
  return useQuery({
    queryKey: inventoryKeys.history(technicianId),
    queryFn: ({ signal }) => getInventoryHistory(technicianId, signal),
    ...CACHE_FIRST,
  });
}
