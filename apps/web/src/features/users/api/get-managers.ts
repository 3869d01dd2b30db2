import type { PublicUser } from '@karya/domain/user';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_FIRST } from '../../../lib/cache-first';
import { userKeys } from '../../../shared/user-keys';

export function getManagers(signal?: AbortSignal): Promise<PublicUser[]> {
  return apiRequest<PublicUser[]>('GET', '/get-managers', undefined, signal ? { signal } : {});
}

export function useManagers(enabled = true) {
  return useQuery({
    queryKey: userKeys.managers(),
    queryFn: ({ signal }) => getManagers(signal),
    ...CACHE_FIRST,
    enabled,
  });
}
