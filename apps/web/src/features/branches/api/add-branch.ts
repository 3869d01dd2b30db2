import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { branchKeys } from '../../../shared/branch-keys';
import type { Branch } from '../../../shared/get-branches';
import type { BranchFormInput } from '../branch-schemas';

export function addBranch(body: BranchFormInput): Promise<Branch> {
  return apiRequest<Branch>('POST', '/add-branches', body);
}

export function useAddBranch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addBranch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: branchKeys.all }),
  });
}
