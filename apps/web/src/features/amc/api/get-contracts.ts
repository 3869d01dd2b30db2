import type { AmcContract, AmcOverdueVisit } from '@karya/domain/amc-schemas';
import type { QueryValue } from '../../../lib/api-client';
import { usePagedList } from '../../../shared/use-paged-list';
import type { ContractView } from '../amc-display';
import { amcKeys, type ContractListFilters } from './amc-keys';

/** A view as the list endpoint's filters: a status, or the active contracts ending soon. */
export function viewParams(view: ContractView): Record<string, QueryValue> {
  if (view === 'overdue') return {};
  return view === 'renewals' ? { status: 'active', renewalsDue: true } : { status: view };
}

/**
 * GET /amc-contracts: one page of a view's contracts; how many in X-Total-Count. `page` is
 * 1-based.
 */
export function useContracts(filters: ContractListFilters, page: number, pageSize: number) {
  return usePagedList<AmcContract>({
    enabled: filters.view !== 'overdue',
    queryKey: amcKeys.list(filters),
    path: '/amc-contracts',
    params: {
      ...viewParams(filters.view),
      branch: filters.branch,
      search: filters.search.trim() || null,
    },
    page,
    pageSize,
    keepPrevious: 'paging',
  });
}

/** GET /amc-overdue-visits: one page of the visits past their date and not done, oldest first. */
export function useOverdueVisits(
  branch: string | null,
  page: number,
  pageSize: number,
  enabled: boolean,
) {
  return usePagedList<AmcOverdueVisit>({
    enabled,
    queryKey: amcKeys.overdue(branch),
    path: '/amc-overdue-visits',
    params: { branch },
    page,
    pageSize,
    keepPrevious: 'paging',
  });
}
