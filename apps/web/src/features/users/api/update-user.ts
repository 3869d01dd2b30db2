import type { PublicUser } from '@karya/domain/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { userKeys } from '../../../shared/user-keys';

export interface UpdateUserBody {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  branch?: string;
  status?: 'active' | 'inactive';
  password?: string;
}

export function updateUser(userId: string, body: UpdateUserBody): Promise<PublicUser> {
  return apiRequest<PublicUser>('POST', `/update-user/${encodeURIComponent(userId)}`, body);
}

export function useUpdateUser(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUserBody) => updateUser(userId, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['branches'] }),
      ]),
  });
}
