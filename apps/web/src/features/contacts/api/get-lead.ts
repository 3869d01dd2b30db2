import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { contactKeys } from './contact-keys';
import type { Lead } from './contact-types';

export function getLead(leadId: string, signal?: AbortSignal): Promise<Lead> {
  return apiRequest<Lead>(
    'GET',
    `/get-single-lead/${encodeURIComponent(leadId)}`,
    undefined,
    signal ? { signal } : {},
  );
}

export function useLead(leadId: string) {
  return useQuery({
    queryKey: contactKeys.lead(leadId),
    queryFn: ({ signal }) => getLead(leadId, signal),
  });
}
