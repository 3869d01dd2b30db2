import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface ChangeOwnPasswordBody {
  currentPassword: string;
  newPassword: string;
}

export function changeOwnPassword(userId: string, body: ChangeOwnPasswordBody): Promise<unknown> {
  return apiRequest<unknown>('POST', `/change-password/${encodeURIComponent(userId)}`, body);
}

export function useChangeOwnPassword(userId: string) {
  return useMutation({
    mutationFn: (body: ChangeOwnPasswordBody) => changeOwnPassword(userId, body),
  });
}
