import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { contactKeys } from './contact-keys';

export interface CreateWorkOrderBody {
  customerId: string;
  projectType: string;
  initialRemark: string;
  /** Complaints use category Repair against one of the customer's completed projects. */
  projectCategory?: 'New Installation' | 'Repair';
  existingProjectId?: string;
  /** Issue 19: where the work is and its state; null: the customer's. */
  siteAddress?: string | null;
  siteStateCode?: string | null;
}

export function createWorkOrder(body: CreateWorkOrderBody): Promise<unknown> {
  return apiRequest('POST', '/create-work-orders', body);
}

export function useCreateWorkOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorkOrder,
    onSuccess: (_answer, body) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: contactKeys.customer(body.customerId) }),
        queryClient.invalidateQueries({ queryKey: contactKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: ['work-orders'] }),
      ]),
  });
}
