import type { ContactRow } from '@karya/domain/contact';
import type { LeadStatus } from '@karya/domain/contact-schemas';
import { usePagedList } from '../../../shared/use-paged-list';
import { contactKeys } from './contact-keys';

export type ContactTypeFilter = 'all' | 'leads' | 'customers';

export interface ContactListFilters {
  type: ContactTypeFilter;
  /** Only with type 'leads'. */
  status: LeadStatus | null;
  search: string;
  /** Admin's branch filter; managers are scoped by the server. */
  branch: string | null;
}

/**
 * GET /get-contacts: leads and customers in one paged list with their contactType, most
 * recently updated first; search, type and status are answered by the server, the total in
 * X-Total-Count. `page` is 1-based.
 */
export function useContacts(
  filters: ContactListFilters,
  page: number,
  pageSize: number,
  enabled = true,
) {
  return usePagedList<ContactRow>({
    queryKey: contactKeys.list(filters),
    path: '/get-contacts',
    params: {
      type: filters.type,
      status: filters.type === 'leads' ? filters.status : null,
      search: filters.search.trim() || null,
      branch: filters.branch,
    },
    page,
    pageSize,
    enabled,
  });
}
