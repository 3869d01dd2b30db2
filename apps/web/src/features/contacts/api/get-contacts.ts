import type { ContactPage } from '@karya/domain/contact';
import type { LeadStatus } from '@karya/domain/contact-schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_FIRST } from '../../../lib/cache-first';
import { contactKeys } from './contact-keys';

export type ContactTypeFilter = 'all' | 'leads' | 'customers';

export interface ContactListQuery {
  type: ContactTypeFilter;
  /** Only with type 'leads'. */
  status: LeadStatus | null;
  search: string;
  /** Admin's branch filter; managers are scoped by the server. */
  branch: string | null;
  /** 1-based. */
  page: number;
  pageSize: number;
}

/**
 * GET /get-contacts: leads and customers in one paged list with their contactType, most
 * recently updated first; search, type and status are answered by the server.
 */
export function getContacts(query: ContactListQuery, signal?: AbortSignal): Promise<ContactPage> {
  return apiRequest<ContactPage>('GET', '/get-contacts', undefined, {
    query: {
      type: query.type,
      status: query.type === 'leads' ? query.status : null,
      search: query.search.trim() || null,
      branch: query.branch,
      page: query.page,
      pageSize: query.pageSize,
    },
    ...(signal ? { signal } : {}),
  });
}

export function useContacts(query: ContactListQuery, enabled = true) {
  return useQuery({
    queryKey: contactKeys.list(query),
    queryFn: ({ signal }) => getContacts(query, signal),
    placeholderData: keepPreviousData,
    ...CACHE_FIRST,
    enabled,
  });
}
