import type { EntityStatus } from '@karya/domain/roles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { userKeys } from '../../../shared/user-keys';

export interface SetUserStatusBody {
  userId: string;
  status: EntityStatus;
}

export function setUserStatus(body: SetUserStatusBody): Promise<unknown> {
  return apiRequest<unknown>('POST', '/user-status', body);
}

export function useSetUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
