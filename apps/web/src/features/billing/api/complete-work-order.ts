import type { CompleteWorkOrderInput, WorkOrderDetail } from '@karya/domain/work-order-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { technicianWorkOrderKeys } from '../../../shared/technician-work-order-keys';

/** POST /complete-work-order: 'Complete Project & Send for Approval' once a payment exists. */
export function completeWorkOrder(input: CompleteWorkOrderInput): Promise<WorkOrderDetail> {
  return apiRequest<WorkOrderDetail>('POST', '/complete-work-order', input);
}

export function useCompleteWorkOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeWorkOrder,
    onSuccess: (order) =>
      queryClient.setQueryData(
        technicianWorkOrderKeys.detail(order.customerId, order.orderId),
        order,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: technicianWorkOrderKeys.all }),
  });
}
