import type { ProjectCategory } from '@karya/domain/contact-schemas';
import type { WorkOrderDetail } from '@karya/domain/work-order-schemas';
import { usePagedList } from '../../../shared/use-paged-list';
import { workOrderKeys } from './work-order-keys';

export interface PendingWorkOrderFilters {
  /** Admin's branch; managers are scoped to their own by the server. */
  branch: string | null;
  /** A chip's category; null for All. */
  category: ProjectCategory | null;
  search: string;
}

/** GET /get-work-orders: the pending work orders, newest first (spec 2 §2). */
export function usePendingWorkOrders(
  filters: PendingWorkOrderFilters,
  page: number,
  pageSize: number,
) {
  return usePagedList<WorkOrderDetail>({
    queryKey: workOrderKeys.pending(filters),
    path: '/get-work-orders',
    params: {
      branch: filters.branch,
      status: 'pending',
      category: filters.category,
      search: filters.search.trim() || null,
    },
    page,
    pageSize,
  });
}
