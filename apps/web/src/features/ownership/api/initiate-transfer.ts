import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ownershipKeys } from './ownership-keys';

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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownershipKeys.all }),
  });
}
