import type { BranchSummary } from '@karya/domain/branch-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { CACHE_FIRST } from '../lib/cache-first';
import { branchKeys } from './branch-keys';

/** Spec 1 §3: a branch with its derived figures (manager name or 'None', counts). */
export type Branch = BranchSummary;

export function getBranches(signal?: AbortSignal): Promise<Branch[]> {
  return apiRequest<Branch[]>('GET', '/get-branches', undefined, signal ? { signal } : {});
}

export function useBranches(enabled = true) {
  return useQuery({
    queryKey: branchKeys.list(),
    queryFn: ({ signal }) => getBranches(signal),
    ...CACHE_FIRST,
    enabled,
  });
}
