import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function adminChangePassword(userId: string, newPassword: string): Promise<unknown> {
  return apiRequest<unknown>('POST', `/admin-change-password/${encodeURIComponent(userId)}`, {
    newPassword,
  });
}

export function useAdminChangePassword(userId: string) {
  return useMutation({
    mutationFn: (newPassword: string) => adminChangePassword(userId, newPassword),
  });
}
