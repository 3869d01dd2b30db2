import type { WorkOrderStatus } from '@karya/domain/contact-schemas';
import type { WorkOrderDetail } from '@karya/domain/work-order-schemas';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { CACHE_FIRST } from '../../../lib/cache-first';
import { technicianWorkOrderKeys } from '../../../shared/technician-work-order-keys';
import { getListPage } from '../../../shared/use-paged-list';
import { TECHNICIAN_WORK_ORDERS_PATH, technicianPageQuery } from './technician-first-requests';

/**
 * GET /technician-work-orders?status=…&page=…: one page of the signed-in technician's orders,
 * active statuses first, each newest update first, with the total in X-Total-Count. The
 * address is the one the page's HTML may have asked for already (technician-first-requests).
 */
export function getTechnicianWorkOrders(
  statuses: readonly WorkOrderStatus[],
  page: number,
  signal?: AbortSignal,
) {
  return getListPage<WorkOrderDetail>(
    TECHNICIAN_WORK_ORDERS_PATH,
    technicianPageQuery(statuses, page),
    signal,
  );
}

/** The query of a tab's list, also fetched before the dashboard's first render (Home's). */
export function technicianWorkOrdersQuery(statuses: readonly WorkOrderStatus[]) {
  return infiniteQueryOptions({
    queryKey: technicianWorkOrderKeys.list(statuses),
    queryFn: ({ pageParam, signal }) => getTechnicianWorkOrders(statuses, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages, lastPage) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return last.items.length > 0 && loaded < last.total ? lastPage + 1 : undefined;
    },
    ...CACHE_FIRST,
  });
}

/**
 * The technician's orders of some statuses, a page at a time, cached first (persisted with
 * the other queries) and refreshed behind it. Only fetched while `enabled` (its tab shows).
 */
export function useTechnicianWorkOrders(statuses: readonly WorkOrderStatus[], enabled = true) {
  return useInfiniteQuery({ ...technicianWorkOrdersQuery(statuses), enabled });
}
