import type { CatalogueListItem } from '@karya/domain/inventory-answers';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_FIRST } from '../../../lib/cache-first';
import { inventoryKeys } from '../../../shared/inventory-keys';

/** GET /get-all-inventory: the whole catalogue with stock; filtering is done on the page. */
export function getAllInventory(signal?: AbortSignal): Promise<CatalogueListItem[]> {
  return apiRequest<CatalogueListItem[]>(
    'GET',
    '/get-all-inventory',
    undefined,
    signal ? { signal } : {},
  );
}

export function useCatalogue() {
  return useQuery({
    queryKey: inventoryKeys.catalogue(),
    queryFn: ({ signal }) => getAllInventory(signal),
    ...CACHE_FIRST,
  });
}
