import type { RegisterReplacementInput, Replacement } from '@karya/domain/warranty-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { warrantyKeys } from './warranty-keys';

/** POST /register-replacement: a warranty issue on an installed serial opens a pending record. */
export function registerReplacement(body: RegisterReplacementInput): Promise<Replacement> {
  return apiRequest<Replacement>('POST', '/register-replacement', body);
}

export function useRegisterReplacement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerReplacement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: warrantyKeys.all }),
  });
}
