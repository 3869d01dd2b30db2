import type { UpdateWorkStatusInput, WorkOrderDetail } from '@karya/domain/work-order-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { technicianWorkOrderKeys } from '../../../shared/technician-work-order-keys';

/**
 * POST /update-work-status: start and resume ('in-progress'), pause ('paused' with a reason),
 * stop ('transferring' with a reason). The server's state machine decides; its refusal
 * (e.g. another active project) comes back as the error's message.
 */
export function updateWorkStatus(input: UpdateWorkStatusInput): Promise<WorkOrderDetail> {
  return apiRequest<WorkOrderDetail>('POST', '/update-work-status', input);
}

export function useUpdateWorkStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWorkStatus,
    // A refusal can mean the lists are out of date, so they are refreshed either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: technicianWorkOrderKeys.all }),
  });
}
