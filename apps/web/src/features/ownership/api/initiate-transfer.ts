import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ownershipKeys } from './ownership-keys';
import type { NewManager } from './transfer-types';

export interface InitiateTransferBody {
  newManagerId: string;
  message: string;
}

export function initiateTransfer(body: InitiateTransferBody): Promise<unknown> {
  return apiRequest<unknown>('POST', '/initiate-transfer', body);
}

export function useInitiateTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: initiateTransfer,
    onSuccess: (_answer, body) => {
      // Spec 1 §4: the candidate leaves the list. The refetch cannot show it: the manager is
      // now 'transferring' and the server refuses them the list, so the cache must drop it.
      queryClient.setQueryData<NewManager[]>(ownershipKeys.newManagers(), (candidates) =>
        candidates?.filter((candidate) => candidate._id !== body.newManagerId),
      );
      return queryClient.invalidateQueries({ queryKey: ownershipKeys.all });
    },
  });
}
