import type { ReplacementList } from '@karya/domain/warranty-schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_FIRST } from '../../../lib/cache-first';
import { type ReplacementListQuery, warrantyKeys } from './warranty-keys';

/**
 * GET /get-replacements: one page of the branch's warranty replacements, newest first. The
 * search matches any serial of a record's chain, the customer's name or phone, the order id.
 */
export function getReplacements(
  query: ReplacementListQuery,
  signal?: AbortSignal,
): Promise<ReplacementList> {
  return apiRequest<ReplacementList>('GET', '/get-replacements', undefined, {
    query: {
      search: query.search.trim() || null,
      status: query.status,
      branch: query.branch,
      limit: query.limit,
      offset: query.offset,
    },
    ...(signal ? { signal } : {}),
  });
}

export function useReplacements(query: ReplacementListQuery) {
  return useQuery({
    queryKey: warrantyKeys.list(query),
    queryFn: ({ signal }) => getReplacements(query, signal),
    placeholderData: keepPreviousData,
    ...CACHE_FIRST,
  });
}
