import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { contactKeys } from './contact-keys';
import type { Customer } from './contact-types';
import type { ContactBaseBody } from './create-lead';

export interface CreateCustomerBody extends ContactBaseBody {
  projectType: string;
  /** A plain string here, unlike a lead's. */
  initialRemark: string;
}

export function createCustomer(body: CreateCustomerBody): Promise<Customer> {
  return apiRequest('POST', '/create-customer', body);
}

export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCustomer,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: contactKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['work-orders'] }),
      ]),
  });
}
