import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { contactKeys } from './contact-keys';
import type { Customer } from './contact-types';

/** Reads projects, workOrders and leadId (with the lead's remarks). */
export function getCustomer(customerId: string, signal?: AbortSignal): Promise<Customer> {
  return apiRequest<Customer>(
    'GET',
    `/get-single-customer/${encodeURIComponent(customerId)}`,
    undefined,
    signal ? { signal } : {},
  );
}

export function useCustomer(customerId: string) {
  return useQuery({
    queryKey: contactKeys.customer(customerId),
    queryFn: ({ signal }) => getCustomer(customerId, signal),
  });
}
