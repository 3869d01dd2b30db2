import type { PublicUser } from '@karya/domain/user';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_FIRST } from '../../../lib/cache-first';
import { userKeys } from '../../../shared/user-keys';

export function getAdmins(signal?: AbortSignal): Promise<PublicUser[]> {
  return apiRequest<PublicUser[]>('GET', '/get-admins', undefined, signal ? { signal } : {});
}

export function useAdmins() {
  return useQuery({
    queryKey: userKeys.admins(),
    queryFn: ({ signal }) => getAdmins(signal),
    ...CACHE_FIRST,
  });
}
