import type { OrderRemarkInput, WorkOrderDetail } from '@karya/domain/work-order-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { workOrderKeys } from './work-order-keys';

export type AcceptedTransfer = WorkOrderDetail & {
  /** The new pending order of the same project, back on the pending list. */
  newWorkOrder: { _id: string; orderId: string };
};

/** POST /accept-technician-project-transfer: transferring → transferred, with a remark. */
export function acceptTransfer(body: OrderRemarkInput): Promise<AcceptedTransfer> {
  return apiRequest<AcceptedTransfer>('POST', '/accept-technician-project-transfer', body);
}

export function useAcceptTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptTransfer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workOrderKeys.all }),
  });
}
