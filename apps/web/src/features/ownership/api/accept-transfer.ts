import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function acceptTransfer(transferId: string, responseMessage: string): Promise<unknown> {
  return apiRequest<unknown>('POST', `/accept-transfer/${encodeURIComponent(transferId)}`, {
    responseMessage,
  });
}

/** Spec 1 §4: accepting reloads the page, which refetches everything. */
export function useAcceptTransfer(transferId: string) {
  return useMutation({
    mutationFn: (responseMessage: string) => acceptTransfer(transferId, responseMessage),
  });
}
