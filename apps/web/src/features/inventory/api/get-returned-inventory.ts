import type { ReturnedInventory } from '@karya/domain/inventory-answers';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_FIRST } from '../../../lib/cache-first';
import { inventoryKeys } from '../../../shared/inventory-keys';

/** The branch's returns waiting for the manager's confirmation, newest first. */
export function getPendingReturns(signal?: AbortSignal) {
  return apiRequest<ReturnedInventory[]>('GET', '/get-returned-inventory', undefined, {
    query: { status: 'pending' },
    ...(signal ? { signal } : {}),
  });
}

export function usePendingReturns() {
  return useQuery({
    queryKey: inventoryKeys.returns(),
    queryFn: ({ signal }) => getPendingReturns(signal),
    ...CACHE_FIRST,
  });
}
