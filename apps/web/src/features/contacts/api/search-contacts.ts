import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { contactKeys } from './contact-keys';
import type { Customer, Lead } from './contact-types';

export interface SearchResult {
  leads: Lead[];
  customers: Customer[];
}

/** GET /search?query= — leads and customers by phone (partial from 8 digits) or name. */
export function searchContacts(text: string, signal?: AbortSignal): Promise<SearchResult> {
  return apiRequest<SearchResult>('GET', '/search', undefined, {
    query: { query: text },
    ...(signal ? { signal } : {}),
  });
}

export function useSearchContacts(text: string, enabled: boolean) {
  return useQuery({
    queryKey: contactKeys.search(text),
    queryFn: ({ signal }) => searchContacts(text, signal),
    enabled: enabled && text.length > 0,
    staleTime: 10_000,
  });
}
