import type { ResetResult } from '@karya/domain/system-schemas';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/reset-system (spec 2 §7): success is the HTTP status, the error text the
 * message field. The password is checked by the server only.
 */
export function resetSystem(password: string): Promise<ResetResult> {
  return apiRequest<ResetResult>('POST', '/reset-system', { password });
}

export function useResetSystem() {
  return useMutation({ mutationFn: resetSystem });
}
