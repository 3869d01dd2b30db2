import type { WorkOrderStatus } from '@karya/domain/contact-schemas';
import type { WorkOrderDetail } from '@karya/domain/work-order-schemas';
import { useQueries } from '@tanstack/react-query';
import { CACHE_FIRST } from '../../../lib/cache-first';
import { getListPage, usePagedList } from '../../../shared/use-paged-list';
import { workOrderKeys } from './work-order-keys';

export interface ProjectListFilters {
  /** Admin's branch; managers are scoped to their own by the server. */
  branch: string | null;
  /** Empty: every project status (the server leaves out pending). */
  statuses: readonly WorkOrderStatus[];
  search: string;
}

const PATH = '/get-manager-projects';

function projectParams({ branch, statuses, search }: ProjectListFilters) {
  return {
    branch,
    status: statuses.length > 0 ? statuses.join(',') : null,
    search: search.trim() || null,
  };
}

/**
 * GET /get-manager-projects: the branch's projects in the spec's status order, newest
 * first; ?status=transferring alone comes oldest first (spec 2 §4).
 */
export function useManagerProjects(filters: ProjectListFilters, page: number, pageSize: number) {
  return usePagedList<WorkOrderDetail>({
    queryKey: workOrderKeys.projects(filters),
    path: PATH,
    params: projectParams(filters),
    page,
    pageSize,
  });
}

/** The chips' figures, and one refetch of all of them for the screen's Refresh. */
export interface ProjectCounts {
  counts: Array<number | null>;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

/**
 * The count of each group of statuses, read from X-Total-Count of a one-row page each: the
 * server counts in SQL, so the chips agree with the lists behind them.
 */
export function useProjectCounts(
  branch: string | null,
  groups: ReadonlyArray<readonly WorkOrderStatus[]>,
): ProjectCounts {
  const results = useQueries({
    queries: groups.map((statuses) => ({
      queryKey: workOrderKeys.projectCount(branch, statuses),
      queryFn: async ({ signal }: { signal: AbortSignal }) =>
        (
          await getListPage<WorkOrderDetail>(
            PATH,
            { ...projectParams({ branch, statuses, search: '' }), page: 1, pageSize: 1 },
            signal,
          )
        ).total,
      ...CACHE_FIRST,
    })),
  });
  return {
    counts: results.map((result) => result.data ?? null),
    isFetching: results.some((result) => result.isFetching),
    refetch: () => Promise.all(results.map((result) => result.refetch())),
  };
}
