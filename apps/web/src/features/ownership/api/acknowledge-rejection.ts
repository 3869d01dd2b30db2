import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ownershipKeys } from './ownership-keys';

export function acknowledgeRejection(transferId: string): Promise<unknown> {
  return apiRequest<unknown>('POST', `/acknowledge-rejection/${encodeURIComponent(transferId)}`);
}

export function useAcknowledgeRejection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acknowledgeRejection,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownershipKeys.all }),
  });
}
