import type { BranchDetail } from '@karya/domain/branch-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_FIRST } from '../../../lib/cache-first';
import { branchKeys } from '../../../shared/branch-keys';

/** The branch, its tiles' counts and its Technicians Overview (spec 1 §2.8). */
export function getBranch(branchId: string, signal?: AbortSignal): Promise<BranchDetail> {
  return apiRequest<BranchDetail>(
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
