import type { WorkOrderStatus } from '@karya/domain/contact-schemas';
import type { TechnicianWorkOrderCounts } from '@karya/domain/technician-work-order-counts';
import type { WorkOrderDetail } from '@karya/domain/work-order-schemas';
import { useMemo } from 'react';
import { useTechnicianWorkOrderCounts } from './api/get-technician-work-order-counts';
import { useTechnicianWorkOrders } from './api/get-technician-work-orders';
import { newestUpdateFirst } from './technician-projects';

/** What a tab needs to know of one fetched list to show loading, error or the cached copy. */
export interface ListState {
  hasData: boolean;
  loading: boolean;
  error: unknown;
  refetch: () => void;
  refetching: boolean;
}

interface QueryLike {
  data: unknown;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

function stateOf(query: QueryLike): ListState {
  return {
    hasData: query.data !== undefined,
    loading: query.isPending,
    error: query.isError ? query.error : null,
    refetch: () => void query.refetch(),
    refetching: query.isFetching,
  };
}

export type StatusCounts = TechnicianWorkOrderCounts['counts'];

/**
 * The technician's counts per status for every tile, box and tab (issue 17): one small
 * answer from the server's tallies instead of counting fetched lists. `counts` is undefined
 * until the first answer (or the cached copy) is there.
 */
export function useTechnicianProjects() {
  const query = useTechnicianWorkOrderCounts();
  return { counts: query.data?.counts, countsState: stateOf(query) };
}
export type TechnicianProjects = ReturnType<typeof useTechnicianProjects>;

/** The number of orders in some statuses, or undefined while the counts are unknown. */
export function countOf(
  counts: StatusCounts | undefined,
  statuses: readonly WorkOrderStatus[],
): number | undefined {
  if (!counts) return undefined;
  return statuses.reduce(
    (sum, status) => sum + (status in counts ? counts[status as keyof StatusCounts] : 0),
    0,
  );
}

const NONE: readonly WorkOrderDetail[] = [];

/** What a list needs to fetch its next page when it is scrolled to its end. */
export interface MoreState {
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
}

/**
 * One tab's list: a page of about 20 at first, the next as the list is scrolled to its end.
 * The pages arrive active statuses first; they are shown newest update first (spec 2 §2),
 * which is the server's own order whenever the list has one status or fits in the pages
 * fetched so far.
 */
export function useStatusList(statuses: readonly WorkOrderStatus[], enabled = true) {
  const query = useTechnicianWorkOrders(statuses, enabled);
  const pages = query.data?.pages;
  const orders = useMemo(
    () => (pages ? newestUpdateFirst(pages.flatMap((page) => page.items)) : NONE),
    [pages],
  );
  const more: MoreState = {
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => {
      if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
    },
  };
  return {
    orders,
    total: pages?.at(-1)?.total ?? orders.length,
    state: stateOf(query),
    more,
  };
}
