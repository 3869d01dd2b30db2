import type { TechnicianInventoryItem } from '@karya/domain/inventory-answers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiRequest } from '../lib/api-client';
import { CACHE_FIRST } from '../lib/cache-first';
import { inventoryKeys } from './inventory-keys';
import { summariseStock } from './inventory-units';
import { TECHNICIAN_INVENTORY_PATH } from './technician-inventory-path';

/** The signed-in technician's own stock: the key of `useTechnicianInventory()`. */
export const OWN_STOCK = 'mine';

const NO_ITEMS: readonly TechnicianInventoryItem[] = [];

/**
 * GET /get-technician-inventory: a technician's stock plus every service. Without an id, the
 * signed-in technician's own; with one, what a technician of the manager's branch holds.
 */
export function getTechnicianInventory(
  technicianId?: string,
  signal?: AbortSignal,
): Promise<TechnicianInventoryItem[]> {
  return apiRequest<TechnicianInventoryItem[]>('GET', TECHNICIAN_INVENTORY_PATH, undefined, {
    ...(technicianId ? { query: { technicianId } } : {}),
    ...(signal ? { signal } : {}),
  });
}

/** The query of a technician's stock (the signed-in one's without an id). */
export function technicianInventoryQuery(technicianId?: string) {
  return queryOptions({
    queryKey: inventoryKeys.technicianStock(technicianId ?? OWN_STOCK),
    queryFn: ({ signal }) => getTechnicianInventory(technicianId, signal),
    ...CACHE_FIRST,
  });
}

/**
 * A technician's stock, cached first (spec 2 §7): the technician's own when no id is given.
 * `summary` is what the Inventory tab, the bottom bar and the home tile 'Inventory Items' show.
 */
export function useTechnicianInventory(technicianId?: string) {
  const query = useQuery(technicianInventoryQuery(technicianId));
  const items = query.data ?? NO_ITEMS;
  const summary = useMemo(() => summariseStock(items), [items]);
  return { ...query, items, summary };
}
