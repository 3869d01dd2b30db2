import type { AssignTechnicianInput, WorkOrderDetail } from '@karya/domain/work-order-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { workOrderKeys } from './work-order-keys';

/** POST /assign-technician: pending → assigned. */
export function assignTechnician(body: AssignTechnicianInput): Promise<WorkOrderDetail> {
  return apiRequest<WorkOrderDetail>('POST', '/assign-technician', body);
}

export function useAssignTechnician() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignTechnician,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workOrderKeys.all }),
  });
}
