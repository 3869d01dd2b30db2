import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { branchKeys } from '../../../shared/branch-keys';
import type { Branch } from '../../../shared/get-branches';
import type { BranchFormInput } from '../branch-schemas';

/** Blank UPI fields clear the branch's own payee; the server then uses its default. */
export function updateBranch(branchId: string, body: BranchFormInput): Promise<Branch> {
  return apiRequest<Branch>('POST', `/update-branch/${encodeURIComponent(branchId)}`, body);
}

export function useUpdateBranch(branchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BranchFormInput) => updateBranch(branchId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: branchKeys.all }),
  });
}
