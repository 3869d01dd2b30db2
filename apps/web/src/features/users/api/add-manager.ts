import type { PublicUser } from '@karya/domain/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { userKeys } from '../../../shared/user-keys';

export interface AddManagerBody {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
  phone: string;
  branch: string;
  status: 'active' | 'inactive';
}

export function addManager(body: AddManagerBody): Promise<PublicUser> {
  return apiRequest<PublicUser>('POST', '/add-managers', body);
}

export function useAddManager() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addManager,
    // Spec 1 §4: the cached lists are dropped after adding managers (branch cards too).
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.managers() }),
        queryClient.invalidateQueries({ queryKey: ['branches'] }),
      ]),
  });
}
