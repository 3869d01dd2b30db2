import type { ResetStatus } from '@karya/domain/system-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { systemKeys } from './system-keys';

/** GET /api/reset-system-status: whether the server has a reset password at all. */
export function getResetStatus(signal?: AbortSignal): Promise<ResetStatus> {
  return apiRequest<ResetStatus>(
    'GET',
    '/reset-system-status',
    undefined,
    signal ? { signal } : {},
  );
}

/** Only an admin may ask; nobody else gets as far as the form. */
export function useResetStatus(enabled: boolean) {
  return useQuery({
    queryKey: systemKeys.resetStatus,
    queryFn: ({ signal }) => getResetStatus(signal),
    enabled,
    // A server setting: it changes only with a restart.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
