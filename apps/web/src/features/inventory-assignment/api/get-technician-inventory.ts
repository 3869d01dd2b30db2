import type { TechnicianInventoryItem } from '@karya/domain/inventory-answers';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_FIRST } from '../../../lib/cache-first';
import { inventoryAssignmentKeys } from './inventory-assignment-keys';

/** What a technician of the manager's branch holds now (services come with quantity 0). */
export function getTechnicianInventory(technicianId: string, signal?: AbortSignal) {
  return apiRequest<TechnicianInventoryItem[]>('GET', '/get-technician-inventory', undefined, {
    query: { technicianId },
    ...(signal ? { signal } : {}),
  });
}

export function useTechnicianInventory(technicianId: string) {
  return useQuery({
    queryKey: inventoryAssignmentKeys.technicianInventory(technicianId),
    queryFn: ({ signal }) => getTechnicianInventory(technicianId, signal),
    ...CACHE_FIRST,
  });
}
