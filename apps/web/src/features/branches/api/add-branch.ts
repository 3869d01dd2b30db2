import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { BranchFormInput } from '../branch-schemas';
import { branchKeys } from './branch-keys';
import type { Branch } from './get-branches';

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
