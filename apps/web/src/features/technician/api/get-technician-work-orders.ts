import type { WorkOrderStatus } from '@karya/domain/contact-schemas';
import { WORK_ORDER_MAX_PAGE_SIZE, type WorkOrderDetail } from '@karya/domain/work-order-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_FIRST } from '../../../lib/cache-first';
import { technicianWorkOrderKeys } from './technician-work-order-keys';

/** One fetched list of the technician's orders and the server's X-Total-Count. */
export interface TechnicianWorkOrderPage {
  items: WorkOrderDetail[];
  total: number;
}

/**
 * GET /technician-work-orders?status=…: the signed-in technician's orders, active ones first,
 * then the latest change.
 */
export async function getTechnicianWorkOrders(
  statuses: readonly WorkOrderStatus[],
  signal?: AbortSignal,
): Promise<TechnicianWorkOrderPage> {
  let total: number | null = null;
  const items = await apiRequest<WorkOrderDetail[]>('GET', '/technician-work-orders', undefined, {
    query: { status: statuses.join(','), pageSize: WORK_ORDER_MAX_PAGE_SIZE },
    onHeaders: (headers) => {
      const value = Number(headers.get('x-total-count'));
      if (headers.has('x-total-count') && Number.isFinite(value)) total = value;
    },
    ...(signal ? { signal } : {}),
  });
  return { items, total: total ?? items.length };
}

/** One status group of the technician's orders, cached first and refreshed behind it. */
export function useTechnicianWorkOrders(statuses: readonly WorkOrderStatus[]) {
  return useQuery({
    queryKey: technicianWorkOrderKeys.list(statuses),
    queryFn: ({ signal }) => getTechnicianWorkOrders(statuses, signal),
    ...CACHE_FIRST,
  });
}
