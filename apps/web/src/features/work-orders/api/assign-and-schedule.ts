import type { ScheduledJobAnswer } from '@karya/domain/schedule-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { workOrderKeys } from './work-order-keys';

export interface AssignAndScheduleBody {
  orderId: string;
  technicianId: string;
  /** ISO instant. */
  start: string;
  durationMinutes: number;
  instructions: string;
  /** The manager chose 'Schedule anyway' after the conflicts. */
  override?: boolean;
}

/**
 * POST /schedule-work-order from the Assign Technician dialog (issue 34): assigns the pending
 * order and books its time in one transaction. No version: the order is not on a board here,
 * and a pending order's booking is checked against the technician's day, not a stale copy.
 */
export function assignAndSchedule(body: AssignAndScheduleBody): Promise<ScheduledJobAnswer> {
  return apiRequest<ScheduledJobAnswer>('POST', '/schedule-work-order', body);
}

export function useAssignAndSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignAndSchedule,
    // The board asks afresh whenever it opens, so only the work-order lists are stale here.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workOrderKeys.all }),
  });
}
