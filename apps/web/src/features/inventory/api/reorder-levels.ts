import type { ReorderLevelInput } from '@karya/domain/report-schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_FIRST } from '../../../lib/cache-first';
import { dashboardKeys } from '../../../shared/dashboard-keys';
import { inventoryKeys } from '../../../shared/inventory-keys';

/** An item's reorder level in a branch (issue 38); `itemId` is the item's `_id`. */
export interface ReorderLevel {
  itemId: string;
  branchId: string;
  level: number;
}

/** Under the inventory's keys: what moves stock refreshes the lists they are read beside. */
const levelsKey = (branchId: string) => [...inventoryKeys.all, 'reorder-levels', branchId] as const;

/** GET /api/reorder-levels?branch=: one branch's levels; nothing asked without a branch. */
export function useReorderLevels(branchId: string | null) {
  return useQuery({
    enabled: branchId !== null,
    queryKey: levelsKey(branchId ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<ReorderLevel[]>('GET', '/reorder-levels', undefined, {
        query: { branch: branchId },
        signal,
      }),
    ...CACHE_FIRST,
  });
}

/**
 * PUT /api/reorder-levels (0 clears the level). The dashboard's 'Low stock' card and the
 * stock report count against it, so both are refreshed too.
 */
export function useSetReorderLevel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReorderLevelInput) =>
      apiRequest<ReorderLevel>('PUT', '/reorder-levels', body),
    onSuccess: (_saved, body) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: levelsKey(body.branchId) }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['reports'] }),
      ]),
  });
}
