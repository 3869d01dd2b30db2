import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_FIRST } from '../../../lib/cache-first';
import { inventoryAssignmentKeys } from './inventory-assignment-keys';
import type { BranchStockItem } from './inventory-assignment-types';

export type StockedType = 'serialized-product' | 'generic-product';

/** The signed-in manager's branch stock of one type, with its serials or stock entries. */
export function getBranchStock(type: StockedType, signal?: AbortSignal) {
  return apiRequest<BranchStockItem[]>(
    'GET',
    `/inventory-by-type/${type}`,
    undefined,
    signal ? { signal } : {},
  );
}

export function useBranchStock(type: StockedType, enabled = true) {
  return useQuery({
    queryKey: inventoryAssignmentKeys.branchStock(type),
    queryFn: ({ signal }) => getBranchStock(type, signal),
    ...CACHE_FIRST,
    enabled,
  });
}
