import type { PublicUser } from '@karya/domain/user';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_FIRST } from '../../../lib/cache-first';
import { userKeys } from '../../../shared/user-keys';

export function getUser(userId: string, signal?: AbortSignal): Promise<PublicUser> {
  return apiRequest<PublicUser>(
    'GET',
    `/get-user/${encodeURIComponent(userId)}`,
    undefined,
    signal ? { signal } : {},
  );
}

export function useUser(userId: string | null) {
  return useQuery({
    queryKey: userKeys.detail(userId ?? ''),
    queryFn: ({ signal }) => getUser(userId ?? '', signal),
    ...CACHE_FIRST,
    enabled: Boolean(userId),
  });
}
