import type { PublicUser } from '@karya/domain/user';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const ownProfileKey = (userId: string) => ['account', 'profile', userId] as const;

export function getOwnProfile(userId: string, signal?: AbortSignal): Promise<PublicUser> {
  return apiRequest<PublicUser>(
    'GET',
    `/get-user/${encodeURIComponent(userId)}`,
    undefined,
    signal ? { signal } : {},
  );
}

export function useOwnProfile(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: ownProfileKey(userId),
    queryFn: ({ signal }) => getOwnProfile(userId, signal),
    enabled,
    staleTime: 0,
  });
}
