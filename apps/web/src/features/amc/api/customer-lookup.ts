import type { AmcOffer } from '@karya/domain/amc-schemas';
import type { Customer } from '@karya/domain/contact';
import type { CatalogueListItem } from '@karya/domain/inventory-answers';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * What the New contract dialog looks up: customers by name or phone (GET /search, the
 * branch's own for a manager), one customer with their installations, and catalogue products
 * for the covered parts. Read fresh each time: a dialog's choices are short-lived.
 */
export function useCustomerSearch(text: string) {
  const query = text.trim();
  return useQuery({
    queryKey: ['amc', 'customer-search', query],
    queryFn: ({ signal }) =>
      apiRequest<{ customers: Customer[] }>('GET', '/search', undefined, {
        query: { query },
        signal,
      }),
    enabled: query.length >= 2,
    staleTime: 10_000,
    select: (answer) => answer.customers,
  });
}

/** GET /get-single-customer/:id: the customer with their installations (projects). */
export function useCustomerWithProjects(customerId: string) {
  return useQuery({
    queryKey: ['amc', 'customer', customerId],
    queryFn: ({ signal }) =>
      apiRequest<Customer>(
        'GET',
        `/get-single-customer/${encodeURIComponent(customerId)}`,
        undefined,
        { signal },
      ),
    enabled: customerId !== '',
    staleTime: 30_000,
  });
}

/** GET /get-all-inventory?search=: catalogue products (not services) a contract may cover. */
export function useCoverableParts(search: string) {
  const query = search.trim();
  return useQuery({
    queryKey: ['amc', 'parts', query],
    queryFn: ({ signal }) =>
      apiRequest<CatalogueListItem[]>('GET', '/get-all-inventory', undefined, {
        query: { search: query || null },
        signal,
      }),
    staleTime: 30_000,
    select: (items) => items.filter((item) => item.itemType !== 'service').slice(0, 30),
  });
}

/**
 * GET /amc-offer: what 'Offer AMC' fills New contract with from a completed installation (its
 * project, installed serials, the server's today as the start) and the contracts it has.
 */
export function useAmcOffer(offer: { customerId: string; orderId: string } | null) {
  return useQuery({
    queryKey: ['amc', 'offer', offer?.customerId ?? '', offer?.orderId ?? ''],
    queryFn: ({ signal }) =>
      apiRequest<AmcOffer>('GET', '/amc-offer', undefined, {
        query: { customerId: offer?.customerId, orderId: offer?.orderId },
        signal,
      }),
    enabled: offer !== null && offer.orderId !== '',
    staleTime: 0,
  });
}
