import type { BranchInventoryItem } from '@karya/domain/inventory-answers';
import type { InventoryItemType } from '@karya/domain/inventory-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { CACHE_FIRST } from '../lib/cache-first';
import { inventoryKeys } from './inventory-keys';

/**
 * GET /inventory-by-type/{type}: the branch's items of one type with their stock entries.
 * `branch` is the admin's choice (null: every branch); managers get their own branch.
 */
export function getInventoryByType(
  type: InventoryItemType,
  branch: string | null,
  signal?: AbortSignal,
): Promise<BranchInventoryItem[]> {
  return apiRequest<BranchInventoryItem[]>('GET', `/inventory-by-type/${type}`, undefined, {
    query: { branch },
    ...(signal ? { signal } : {}),
  });
}

export function useBranchInventory(type: InventoryItemType, branch: string | null) {
  return useQuery({
    queryKey: inventoryKeys.branch(type, branch),
    queryFn: ({ signal }) => getInventoryByType(type, branch, signal),
    ...CACHE_FIRST,
  });
}
