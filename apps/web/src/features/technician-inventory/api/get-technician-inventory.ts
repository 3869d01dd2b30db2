import type { TechnicianInventoryItem } from '@karya/domain/inventory-answers';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_FIRST } from '../../../lib/cache-first';
import { TECHNICIAN_INVENTORY_PATH } from '../../technician/api/technician-first-requests';
import { summariseStock } from '../inventory-units';
import { technicianInventoryKeys } from './technician-inventory-keys';

const NO_ITEMS: readonly TechnicianInventoryItem[] = [];

/** GET /get-technician-inventory: the signed-in technician's stock plus every service. */
export function getTechnicianInventory(signal?: AbortSignal): Promise<TechnicianInventoryItem[]> {
  return apiRequest<TechnicianInventoryItem[]>(
    'GET',
    TECHNICIAN_INVENTORY_PATH,
    undefined,
    signal ? { signal } : {},
  );
}

/**
 * The technician's own stock, cached first (spec 2 §7). `summary` is what the Inventory
 * tab, the bottom bar and the home tile 'Inventory Items' show.
 */
export function useTechnicianInventory() {
  const query = useQuery({
    queryKey: technicianInventoryKeys.mine(),
    queryFn: ({ signal }) => getTechnicianInventory(signal),
    ...CACHE_FIRST,
  });
  const items = query.data ?? NO_ITEMS;
  const summary = useMemo(() => summariseStock(items), [items]);
  return { ...query, items, summary };
}
