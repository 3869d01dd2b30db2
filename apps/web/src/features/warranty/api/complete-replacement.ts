import type { CompleteReplacementInput, Replacement } from '@karya/domain/warranty-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { inventoryKeys } from '../../../shared/inventory-keys';
import { warrantyKeys } from './warranty-keys';

/**
 * POST /complete-replacement: a unit of the same product from the branch's stock goes to the
 * customer and the faulty one to the branch's faulty shelf, so stock figures change too.
 */
export function completeReplacement(body: CompleteReplacementInput): Promise<Replacement> {
  return apiRequest<Replacement>('POST', '/complete-replacement', body);
}

export function useCompleteReplacement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeReplacement,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: warrantyKeys.all }),
        queryClient.invalidateQueries({ queryKey: inventoryKeys.all }),
      ]),
  });
}
