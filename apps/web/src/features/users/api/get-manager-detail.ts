import type { ManagerDetail } from '@karya/domain/user-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_FIRST } from '../../../lib/cache-first';
import { userKeys } from '../../../shared/user-keys';

export type { ManagerDetail };

/** GET /api/get-manager-detail/{managerId} */
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
