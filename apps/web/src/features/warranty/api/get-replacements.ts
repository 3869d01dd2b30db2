import type { Replacement } from '@karya/domain/warranty-schemas';
import { usePagedList } from '../../../shared/use-paged-list';
import { type ReplacementListQuery, warrantyKeys } from './warranty-keys';

/**
 * GET /get-replacements: one page of the branch's warranty replacements, newest first, the
 * total in X-Total-Count. The search matches any serial of a record's chain, the customer's
 * name or phone, the order id. `page` is 1-based.
 */
export function useReplacements(query: ReplacementListQuery, page: number, pageSize: number) {
  return usePagedList<Replacement>({
    queryKey: warrantyKeys.list(query),
    path: '/get-replacements',
    params: {
      search: query.search.trim() || null,
      status: query.status,
      branch: query.branch,
    },
    page,
    pageSize,
    pageAs: 'offset',
  });
}
