import type { OutstandingDuesAnswer } from '@karya/domain/invoice-schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_FIRST } from '../../../lib/cache-first';
import { type DuesQuery, duesKeys } from './dues-keys';

/**
 * GET /outstanding-dues: one page of what customers still owe, oldest invoice first, with the
 * totals and ageing of every due the filter matches.
 */
export function getOutstandingDues(
  query: DuesQuery,
  signal?: AbortSignal,
): Promise<OutstandingDuesAnswer> {
  return apiRequest<OutstandingDuesAnswer>('GET', '/outstanding-dues', undefined, {
    query: {
      branchId: query.branchId,
      search: query.search.trim() || null,
      limit: query.limit,
      offset: query.offset,
    },
    ...(signal ? { signal } : {}),
  });
}

export function useOutstandingDues(query: DuesQuery) {
  return useQuery({
    queryKey: duesKeys.list(query),
    queryFn: ({ signal }) => getOutstandingDues(query, signal),
    placeholderData: keepPreviousData,
    ...CACHE_FIRST,
  });
}
