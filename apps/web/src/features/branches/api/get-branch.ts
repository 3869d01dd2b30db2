import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_FIRST } from '../../../lib/cache-first';
import { branchKeys } from './branch-keys';
import type { Branch } from './get-branches';

export function getBranch(branchId: string, signal?: AbortSignal): Promise<Branch> {
  return apiRequest<Branch>(
    'GET',
    `/get-branch/${encodeURIComponent(branchId)}`,
    undefined,
    signal ? { signal } : {},
  );
}

export function useBranch(branchId: string) {
  return useQuery({
    queryKey: branchKeys.detail(branchId),
    queryFn: ({ signal }) => getBranch(branchId, signal),
    ...CACHE_FIRST,
  });
}
