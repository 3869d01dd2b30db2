import type { WorkOrderStatus } from '@karya/domain/contact-schemas';
import { WORK_ORDER_MAX_PAGE_SIZE, type WorkOrderDetail } from '@karya/domain/work-order-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_FIRST } from '../../../lib/cache-first';
import { totalCountReader, type WorkOrderPage } from '../../work-orders/api/list-page';
import { technicianWorkOrderKeys } from './technician-work-order-keys';

/**
 * GET /technician-work-orders?status=…: the signed-in technician's orders, active ones first,
 * then the latest change.
 */
export async function getTechnicianWorkOrders(
  statuses: readonly WorkOrderStatus[],
  signal?: AbortSignal,
): Promise<WorkOrderPage> {
  const count = totalCountReader();
  const items = await apiRequest<WorkOrderDetail[]>('GET', '/technician-work-orders', undefined, {
    query: { status: statuses.join(','), pageSize: WORK_ORDER_MAX_PAGE_SIZE },
    onHeaders: count.onHeaders,
    ...(signal ? { signal } : {}),
  });
  return { items, total: count.total() ?? items.length };
}

/** One status group of the technician's orders, cached first and refreshed behind it. */
export function useTechnicianWorkOrders(statuses: readonly WorkOrderStatus[]) {
  return useQuery({
    queryKey: technicianWorkOrderKeys.list(statuses),
    queryFn: ({ signal }) => getTechnicianWorkOrders(statuses, signal),
    ...CACHE_FIRST,
  });
}
