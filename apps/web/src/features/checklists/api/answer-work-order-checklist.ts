import type { WorkOrderChecklist } from '@karya/domain/checklists';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useActionQueue } from '../../../shared/queued-actions';
import { workOrderChecklistKey } from '../../../shared/work-order-checklist';
import { answerLocally, queuedAnswerLabel, storedAnswer } from '../answer-locally';

/**
 * POST /answer-work-order-checklist: one item's answer, sent with an Idempotency-Key or, with
 * no signal, queued behind the job's other actions (decision 026) and shown at once; a
 * completion queued after it then lands after it. The server's answer is the whole checklist.
 */
export function useAnswerChecklist(orderId: string) {
  const queryClient = useQueryClient();
  const queue = useActionQueue();
  const key = workOrderChecklistKey(orderId);
  return useMutation({
    // Run with no network too: the queue decides between sending and waiting, not TanStack.
    networkMode: 'always',
    mutationFn: async ({ itemId, answer }: { itemId: string; answer: string | null }) => {
      const current = queryClient.getQueryData<WorkOrderChecklist>(key);
      const value = current ? storedAnswer(current, itemId, answer) : answer;
      const result = await queue.send<WorkOrderChecklist>({
        orderId,
        label: queuedAnswerLabel(current, itemId, value),
        method: 'POST',
        path: '/answer-work-order-checklist',
        body: { orderId, itemId, answer: value },
      });
      return { result, itemId, value };
    },
    onSuccess: ({ result, itemId, value }) => {
      if (!result.queued) {
        queryClient.setQueryData(key, result.answer);
        return;
      }
      queryClient.setQueryData<WorkOrderChecklist>(key, (current) =>
        current ? answerLocally(current, itemId, value) : current,
      );
    },
  });
}
