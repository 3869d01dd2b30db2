import type { WorkOrderChecklist } from '@karya/domain/checklists';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { CACHE_FIRST } from '../lib/cache-first';

/** An order's checklist (issue 22): the technician answers it, the desk reads it. */
export const workOrderChecklistKey = (orderId: string) =>
  ['work-order-checklist', orderId] as const;

export function useWorkOrderChecklist(orderId: string) {
  return useQuery({
    queryKey: workOrderChecklistKey(orderId),
    ...CACHE_FIRST,
    queryFn: ({ signal }) =>
      apiRequest<WorkOrderChecklist>('GET', '/work-order-checklist', undefined, {
        query: { orderId },
        signal,
      }),
  });
}
