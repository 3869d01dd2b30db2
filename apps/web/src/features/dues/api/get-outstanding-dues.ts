import type { DueRow, DuesTotals } from '@karya/domain/invoice-schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_FIRST } from '../../../lib/cache-first';
import { usePagedList } from '../../../shared/use-paged-list';
import { type DuesFilters, duesKeys } from './dues-keys';

const filterParams = (filters: DuesFilters) => ({
  branchId: filters.branchId,
  search: filters.search.trim() || null,
});

/**
 * GET /outstanding-dues: one page of what customers still owe, oldest invoice first; how many
 * in X-Total-Count. `page` is 1-based.
 */
export function useOutstandingDues(filters: DuesFilters, page: number, pageSize: number) {
  return usePagedList<DueRow>({
    queryKey: duesKeys.list(filters),
    path: '/outstanding-dues',
    params: filterParams(filters),
    page,
    pageSize,
    pageAs: 'offset',
  });
}

/** GET /outstanding-dues-totals: the total and ageing of every due the filters match. */
export function useDuesTotals(filters: DuesFilters) {
  return useQuery({
    queryKey: duesKeys.totals(filters),
    queryFn: ({ signal }) =>
      apiRequest<DuesTotals>('GET', '/outstanding-dues-totals', undefined, {
        query: filterParams(filters),
        signal,
      }),
    placeholderData: keepPreviousData,
    ...CACHE_FIRST,
  });
}
