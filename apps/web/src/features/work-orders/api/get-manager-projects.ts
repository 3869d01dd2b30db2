import type { WorkOrderStatus } from '@karya/domain/contact-schemas';
import type { WorkOrderDetail } from '@karya/domain/work-order-schemas';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_FIRST } from '../../../lib/cache-first';
import { totalCountReader, type WorkOrderPage } from './list-page';
import { workOrderKeys } from './work-order-keys';

export interface ProjectListQuery {
  /** Admin's branch; managers are scoped to their own by the server. */
  branch: string | null;
  /** Empty: every project status (the server leaves out pending). */
  statuses: readonly WorkOrderStatus[];
  search: string;
  /** 1-based. */
  page: number;
  pageSize: number;
}

/**
 * GET /get-manager-projects: the branch's projects in the spec's status order, newest
 * first; ?status=transferring alone comes oldest first (spec 2 §4).
 */
export async function getManagerProjects(
  query: ProjectListQuery,
  signal?: AbortSignal,
): Promise<WorkOrderPage> {
  const count = totalCountReader();
  const items = await apiRequest<WorkOrderDetail[]>('GET', '/get-manager-projects', undefined, {
    query: {
      branch: query.branch,
      status: query.statuses.length > 0 ? query.statuses.join(',') : null,
      search: query.search.trim() || null,
      page: query.page,
      pageSize: query.pageSize,
    },
    onHeaders: count.onHeaders,
    ...(signal ? { signal } : {}),
  });
  return { items, total: count.total() ?? items.length, capped: count.capped() };
}

export function useManagerProjects(query: ProjectListQuery) {
  return useQuery({
    queryKey: workOrderKeys.projects(query),
    queryFn: ({ signal }) => getManagerProjects(query, signal),
    placeholderData: keepPreviousData,
    ...CACHE_FIRST,
  });
}

/**
 * The count of each group of statuses, read from X-Total-Count of a one-row page each: the
 * server counts in SQL, so the chips agree with the lists behind them.
 */
export function useProjectCounts(
  branch: string | null,
  groups: ReadonlyArray<readonly WorkOrderStatus[]>,
): Array<number | null> {
  const results = useQueries({
    queries: groups.map((statuses) => ({
      queryKey: workOrderKeys.projectCount(branch, statuses),
      queryFn: async ({ signal }: { signal: AbortSignal }) =>
        (await getManagerProjects({ branch, statuses, search: '', page: 1, pageSize: 1 }, signal))
          .total,
      ...CACHE_FIRST,
    })),
  });
  return results.map((result) => result.data ?? null);
}
