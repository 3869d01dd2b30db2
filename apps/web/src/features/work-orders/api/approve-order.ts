import type { OrderRemarkInput, WorkOrderDetail } from '@karya/domain/work-order-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { workOrderKeys } from './work-order-keys';

/** POST /approve-order: pending-approval → completed, with a note of at least 5 words. */
export function approveOrder(body: OrderRemarkInput): Promise<WorkOrderDetail> {
  return apiRequest<WorkOrderDetail>('POST', '/approve-order', body);
}

export function useApproveOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workOrderKeys.all }),
  });
}
