import type { Replacement } from '@karya/domain/warranty-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { warrantyKeys } from './warranty-keys';

/** POST /approve-replacement: the manager accepts a pending claim (an optional step). */
export function approveReplacement(body: { replacementId: string }): Promise<Replacement> {
  return apiRequest<Replacement>('POST', '/approve-replacement', body);
}

export function useApproveReplacement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveReplacement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: warrantyKeys.all }),
  });
}
