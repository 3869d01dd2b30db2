import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function rejectTransfer(transferId: string, rejectReason: string): Promise<unknown> {
  return apiRequest<unknown>('POST', `/reject-transfer/${encodeURIComponent(transferId)}`, {
    rejectReason,
  });
}

/** Spec 1 §4: rejecting clears the transfer and reloads the page. */
export function useRejectTransfer(transferId: string) {
  return useMutation({
    mutationFn: (rejectReason: string) => rejectTransfer(transferId, rejectReason),
  });
}
