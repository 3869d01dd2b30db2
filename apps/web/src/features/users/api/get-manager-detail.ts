import type { StatusCounts } from '@karya/domain/dashboard-schemas';
import type { EntityStatus } from '@karya/domain/roles';
import type { PublicUser } from '@karya/domain/user';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_FIRST } from '../../../lib/cache-first';
import { userKeys } from '../../../shared/user-keys';

/** A technician of the manager's branch with their six project-status counts. */
export interface TeamMember extends StatusCounts {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  username: string;
  status: EntityStatus;
}

/** Spec 1 §2.6 Branch Performance, counted by the server from the branch's work orders. */
export interface BranchPerformance {
  teamSize: number;
  /** Pending work orders waiting for a technician (spec 1 §9). */
  workOrders: number;
  /** Assigned, in-progress and paused projects with a technician (spec 1 §4). */
  assigned: number;
  pendingApproval: number;
  completed: number;
  transferring: number;
  transferred: number;
}

/** GET /api/get-manager-detail/{managerId} */
export interface ManagerDetail {
  manager: PublicUser;
  branch: { _id: string; name: string } | null;
  performance: BranchPerformance;
  team: TeamMember[];
}

export function getManagerDetail(managerId: string, signal?: AbortSignal): Promise<ManagerDetail> {
  return apiRequest<ManagerDetail>(
    'GET',
    `/get-manager-detail/${encodeURIComponent(managerId)}`,
    undefined,
    signal ? { signal } : {},
  );
}

export function useManagerDetail(managerId: string) {
  return useQuery({
    queryKey: userKeys.managerDetail(managerId),
    queryFn: ({ signal }) => getManagerDetail(managerId, signal),
    ...CACHE_FIRST,
  });
}
