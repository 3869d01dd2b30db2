import type { BranchDetail } from '@karya/domain/branch-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { useSessionUser } from '../lib/use-session-user';
import { branchKeys } from './branch-keys';
import { useBranches } from './get-branches';

/**
 * The GST state of the branch a form works for (issue 19), the default of its state picker:
 * an admin's chosen branch (from the branch list they already hold), a manager's own branch.
 * Null while unknown or when the branch has no state.
 */
export function useBranchStateCode(chosenBranchId: string | null | undefined): string | null {
  const viewer = useSessionUser();
  const admin = viewer.role === 'admin';
  const branches = useBranches(admin);
  const ownId = admin ? '' : (viewer.branch?._id ?? '');
  const own = useQuery({
    queryKey: branchKeys.detail(ownId),
    queryFn: ({ signal }) =>
      apiRequest<BranchDetail>('GET', `/get-branch/${encodeURIComponent(ownId)}`, undefined, {
        signal,
      }),
    enabled: ownId !== '',
    select: (branch) => branch.stateCode,
    staleTime: 5 * 60 * 1000,
  });
  if (!admin) return own.data ?? null;
  return branches.data?.find((branch) => branch._id === chosenBranchId)?.stateCode ?? null;
}
