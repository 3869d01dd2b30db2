import type { RejectTransferInput, WorkOrderDetail } from '@karya/domain/work-order-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { workOrderKeys } from './work-order-keys';

/** POST /reject-technician-project-transfer: transferring → rejected, with a reason. */
export function rejectTransfer(body: RejectTransferInput): Promise<WorkOrderDetail> {
  return apiRequest<WorkOrderDetail>('POST', '/reject-technician-project-transfer', body);
}

export function useRejectTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectTransfer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workOrderKeys.all }),
  });
}
