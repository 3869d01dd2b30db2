import type { AnswerChecklistInput, WorkOrderChecklist } from '@karya/domain/checklists';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { workOrderChecklistKey } from '../../../shared/work-order-checklist';

/** POST /answer-work-order-checklist: one item's answer; the answer is the whole checklist. */
export function useAnswerChecklist(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<AnswerChecklistInput, 'orderId'>) =>
      apiRequest<WorkOrderChecklist>('POST', '/answer-work-order-checklist', {
        ...input,
        orderId,
      }),
    onSuccess: (checklist) => queryClient.setQueryData(workOrderChecklistKey(orderId), checklist),
  });
}
