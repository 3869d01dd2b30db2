import type { PublicUser } from '@karya/domain/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { TechnicianScope } from '../../../shared/get-technicians';
import { userKeys } from '../../../shared/user-keys';

export interface AddTechnicianBody {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
  phone: string;
  branch: string;
  status: 'active' | 'inactive';
}

export function addTechnician(
  scope: TechnicianScope,
  body: AddTechnicianBody,
): Promise<PublicUser> {
  const path = scope === 'admin' ? '/add-technicians' : '/manager-add-technician';
  return apiRequest<PublicUser>('POST', path, body);
}

export function useAddTechnician(scope: TechnicianScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddTechnicianBody) => addTechnician(scope, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.technicians() }),
        queryClient.invalidateQueries({ queryKey: ['branches'] }),
      ]),
  });
}
