import type { UpdateLanguage } from '@karya/domain/customer-updates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { contactKeys } from './contact-keys';
import type { Customer } from './contact-types';

export interface UpdateCustomerBody {
  name: string;
  phoneNumber: string;
  whatsappNumber: string;
  email: string;
  address: string;
  age: number | null;
  branch: string;
  status: 'active' | 'inactive';
  stateCode: string | null;
  gstin: string | null;
  preferredLanguage: UpdateLanguage;
}

export function updateCustomer(customerId: string, body: UpdateCustomerBody): Promise<Customer> {
  return apiRequest('POST', `/update-customer/${encodeURIComponent(customerId)}`, body);
}

export function useUpdateCustomer(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCustomerBody) => updateCustomer(customerId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactKeys.all }),
  });
}
