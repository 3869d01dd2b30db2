import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { branchKeys } from './branch-keys';
import type { Branch } from './get-branches';

export interface AddBranchBody {
  name: string;
  location: string;
  address: string;
  phone: string;
  status: 'active' | 'inactive';
}

export function addBranch(body: AddBranchBody): Promise<Branch> {
  return apiRequest<Branch>('POST', '/add-branches', body);
}

export function useAddBranch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addBranch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: branchKeys.all }),
  });
}
