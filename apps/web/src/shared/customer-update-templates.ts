import type { CustomerUpdateTemplate } from '@karya/domain/customer-updates';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';

export const CUSTOMER_UPDATE_TEMPLATES_KEY = ['customer-update-templates'] as const;

/**
 * The wording of every customer update (issue 21): the admin's, else the default. Read by
 * every Send update link and by the admin's screen, which puts what it saves here.
 */
export function useUpdateTemplates(options: { fresh?: boolean } = {}) {
  return useQuery({
    queryKey: CUSTOMER_UPDATE_TEMPLATES_KEY,
    queryFn: () => apiRequest<CustomerUpdateTemplate[]>('GET', '/customer-update-templates'),
    staleTime: 5 * 60_000,
    ...(options.fresh ? { refetchOnMount: 'always' as const } : {}),
  });
}
