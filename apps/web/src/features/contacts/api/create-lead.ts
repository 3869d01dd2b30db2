import type { LeadStatus } from '@karya/domain/contact-schemas';
import type { UpdateLanguage } from '@karya/domain/customer-updates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { contactKeys } from './contact-keys';
import type { Lead } from './contact-types';

export interface ContactBaseBody {
  name: string;
  phoneNumber: string;
  email: string;
  whatsappNumber: string;
  address: string;
  age: number | null;
  branch: string;
  /** Issue 19: the address's GST state and a business customer's GSTIN; null: none. */
  stateCode: string | null;
  gstin: string | null;
  preferredLanguage: UpdateLanguage;
}

export interface CreateLeadBody extends ContactBaseBody {
  initialRemark: { text: string; status: LeadStatus };
  status: LeadStatus;
}

export function createLead(body: CreateLeadBody): Promise<Lead & { isCustomer?: boolean }> {
  return apiRequest('POST', '/create-Lead', body);
}

export function useCreateLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactKeys.all }),
  });
}
