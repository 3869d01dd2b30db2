import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { contactKeys } from './contact-keys';
import type { Customer } from './contact-types';

export interface ConvertLeadBody {
  projectType: string;
  initialRemark: string;
}

/** Answers with the new customer; the server opens its first work order too. */
export function convertLead(leadId: string, body: ConvertLeadBody): Promise<Customer> {
  return apiRequest('POST', `/lead-convert/${encodeURIComponent(leadId)}`, body);
}

export function useConvertLead(leadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConvertLeadBody) => convertLead(leadId, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: contactKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['work-orders'] }),
      ]),
  });
}
