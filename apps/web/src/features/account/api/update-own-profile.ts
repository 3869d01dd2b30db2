import type { PublicUser } from '@karya/domain/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ownProfileKey } from './get-own-profile';

export interface UpdateOwnProfileBody {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

export function updateOwnProfile(userId: string, body: UpdateOwnProfileBody): Promise<PublicUser> {
  return apiRequest<PublicUser>('POST', `/update-user/${encodeURIComponent(userId)}`, body);
}

export function useUpdateOwnProfile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateOwnProfileBody) => updateOwnProfile(userId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownProfileKey(userId) }),
  });
}
