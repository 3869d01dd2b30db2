import type { PlannedItems } from '@karya/domain/quotation-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { CACHE_FIRST } from '../lib/cache-first';

/**
 * What an accepted quotation planned for its order (issue 35): the technician reads it on the
 * job, the desk on Project Details, and the Generate Bill wizard starts from it. Kept with the
 * persisted queries, so a technician without signal still has it.
 */
export const plannedItemsKey = (orderId: string) => ['work-order-planned-items', orderId] as const;

export function usePlannedItems(orderId: string) {
  return useQuery({
    queryKey: plannedItemsKey(orderId),
    ...CACHE_FIRST,
    queryFn: ({ signal }) =>
      apiRequest<PlannedItems>('GET', '/work-order-planned-items', undefined, {
        query: { orderId },
        signal,
      }),
  });
}

export type PlannedItem = PlannedItems['items'][number];

/** A free line of the quote (a custom bracket): no catalogue item, so never billed from stock. */
export const isFreeLine = (item: Pick<PlannedItem, 'type' | 'itemId'>) =>
  item.type === 'custom' || item.itemId === null;
