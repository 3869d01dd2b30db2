import type { LeadStatus } from '@karya/domain/contact-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { contactKeys } from './contact-keys';
import type { Lead } from './contact-types';

export interface AddRemarkBody {
  text: string;
  status: LeadStatus;
}

/** Answers with the updated lead, whose status follows its latest remark. */
export function addRemark(leadId: string, body: AddRemarkBody): Promise<Lead> {
  return apiRequest('POST', `/lead-remarks/${encodeURIComponent(leadId)}`, body);
}

export function useAddRemark(leadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddRemarkBody) => addRemark(leadId, body),
    onSuccess: (lead) => {
      queryClient.setQueryData(contactKeys.lead(leadId), lead);
      return queryClient.invalidateQueries({ queryKey: contactKeys.lists() });
    },
  });
}
