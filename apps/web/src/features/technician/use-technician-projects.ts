import type { WorkOrderDetail } from '@karya/domain/work-order-schemas';
import { useTechnicianWorkOrders } from './api/get-technician-work-orders';
import { COMPLETED_STATUSES, OPEN_STATUSES, TRANSFERRED_STATUSES } from './technician-projects';

const NONE: readonly WorkOrderDetail[] = [];

type ListQuery = ReturnType<typeof useTechnicianWorkOrders>;

/** What a tab needs to know of one fetched list to show loading, error or the cached copy. */
export interface ListState {
  hasData: boolean;
  loading: boolean;
  error: unknown;
  refetch: () => void;
  refetching: boolean;
}

function stateOf(query: ListQuery): ListState {
  return {
    hasData: query.data !== undefined,
    loading: query.isPending,
    error: query.isError ? query.error : null,
    refetch: () => void query.refetch(),
    refetching: query.isFetching,
  };
}

/**
 * The technician's orders for every tab: the open work in one list, completed and
 * transferred apart (they only grow) with the server's totals.
 */
export function useTechnicianProjects() {
  const open = useTechnicianWorkOrders(OPEN_STATUSES);
  const completed = useTechnicianWorkOrders(COMPLETED_STATUSES);
  const transferred = useTechnicianWorkOrders(TRANSFERRED_STATUSES);
  return {
    open: open.data?.items ?? NONE,
    openState: stateOf(open),
    completed: completed.data?.items ?? NONE,
    completedTotal: completed.data?.total ?? 0,
    completedState: stateOf(completed),
    transferred: transferred.data?.items ?? NONE,
    transferredTotal: transferred.data?.total ?? 0,
    transferredState: stateOf(transferred),
  };
}
export type TechnicianProjects = ReturnType<typeof useTechnicianProjects>;
