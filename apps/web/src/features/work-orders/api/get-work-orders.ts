import type { ProjectCategory } from '@karya/domain/contact-schemas';
import type { WorkOrderDetail } from '@karya/domain/work-order-schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_FIRST } from '../../../lib/cache-first';
import { totalCountReader, type WorkOrderPage } from './list-page';
import { workOrderKeys } from './work-order-keys';

export interface PendingWorkOrderQuery {
  /** Admin's branch; managers are scoped to their own by the server. */
  branch: string | null;
  /** A chip's category; null for All. */
  category: ProjectCategory | null;
  search: string;
  /** 1-based. */
  page: number;
  pageSize: number;
}

/** GET /get-work-orders: the pending work orders, newest first (spec 2 §2). */
export async function getWorkOrders(
  query: PendingWorkOrderQuery,
  signal?: AbortSignal,
): Promise<WorkOrderPage> {
  const count = totalCountReader();
  const items = await apiRequest<WorkOrderDetail[]>('GET', '/get-work-orders', undefined, {
    query: {
      branch: query.branch,
      status: 'pending',
      category: query.category,
      search: query.search.trim() || null,
      page: query.page,
      pageSize: query.pageSize,
    },
    onHeaders: count.onHeaders,
    ...(signal ? { signal } : {}),
  });
  return { items, total: count.total() ?? items.length, capped: count.capped() };
}

export function usePendingWorkOrders(query: PendingWorkOrderQuery) {
  return useQuery({
    queryKey: workOrderKeys.pending(query),
    queryFn: ({ signal }) => getWorkOrders(query, signal),
    placeholderData: keepPreviousData,
    ...CACHE_FIRST,
  });
}
