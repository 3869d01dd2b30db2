import type { PublicUser } from '@karya/domain/user';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_FIRST } from '../../../lib/cache-first';
import { userKeys } from './user-keys';

/** Per-status project counts; zero until work orders exist. */
export interface StatusCounts {
  assigned?: number;
  inProgress?: number;
  pendingApproval?: number;
  completed?: number;
  transferring?: number;
  transferred?: number;
}

export interface TeamMember extends StatusCounts {
  _id: string;
  firstName: string;
  lastName: string;
  status?: string;
}

export interface ManagerDetail {
  manager: PublicUser;
  branch: { _id: string; name: string } | null;
  team: TeamMember[];
  performance?: StatusCounts & { teamSize?: number; workOrders?: number };
}

/** Accepts `{ manager, branch, team }` or the manager itself with `team` beside. */
function normalize(data: Partial<ManagerDetail> & Partial<PublicUser>): ManagerDetail {
  const manager = data.manager ?? (data as PublicUser);
  return {
    manager,
    branch: data.branch ?? manager.branch ?? null,
    team: data.team ?? [],
    ...(data.performance ? { performance: data.performance } : {}),
  };
}

export async function getManagerDetail(
  managerId: string,
  signal?: AbortSignal,
): Promise<ManagerDetail> {
  const data = await apiRequest<Partial<ManagerDetail> & Partial<PublicUser>>(
    'GET',
    `/get-manager-detail/${encodeURIComponent(managerId)}`,
    undefined,
    signal ? { signal } : {},
  );
  return normalize(data);
}

export function useManagerDetail(managerId: string) {
  return useQuery({
    queryKey: userKeys.managerDetail(managerId),
    queryFn: ({ signal }) => getManagerDetail(managerId, signal),
    ...CACHE_FIRST,
  });
}
