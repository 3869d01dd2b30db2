import type { PublicUser } from '@karya/domain/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { userKeys } from '../../../shared/user-keys';

export interface AddAdminBody {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
  phone: string;
  location: string;
  status: 'active' | 'inactive';
}

export function addAdmin(body: AddAdminBody): Promise<PublicUser> {
  return apiRequest<PublicUser>('POST', '/add-admins', body);
}

export function useAddAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addAdmin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.admins() }),
  });
}
