import type { Replacement, WarrantyClaimInput } from '@karya/domain/warranty-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { warrantyKeys } from './warranty-keys';

/** POST /warranty-claim: a new issue on a replaced unit still under warranty; back to pending. */
export function warrantyClaim(body: WarrantyClaimInput): Promise<Replacement> {
  return apiRequest<Replacement>('POST', '/warranty-claim', body);
}

export function useWarrantyClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: warrantyClaim,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: warrantyKeys.all }),
  });
}
