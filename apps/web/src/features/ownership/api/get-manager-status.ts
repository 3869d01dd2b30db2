import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ownershipKeys } from './ownership-keys';
import type { ManagerStatus } from './transfer-types';

export function getManagerStatus(signal?: AbortSignal): Promise<ManagerStatus> {
  return apiRequest<ManagerStatus>('GET', '/manager-status', undefined, signal ? { signal } : {});
}

export function useManagerStatus(enabled: boolean) {
  return useQuery({
    queryKey: ownershipKeys.status(),
    queryFn: ({ signal }) => getManagerStatus(signal),
    enabled,
    // Access must reflect the server now, not a cached answer from yesterday.
    staleTime: 0,
    refetchInterval: 60_000,
  });
}
