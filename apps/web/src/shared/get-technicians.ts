import type { PublicUser } from '@karya/domain/user';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { CACHE_FIRST } from '../lib/cache-first';
import { userKeys } from './user-keys';

export type TechnicianScope = 'admin' | 'manager';

/** Admins list every technician (optionally one branch); managers their own branch's. */
export function getTechnicians(
  scope: TechnicianScope,
  branch: string | null,
  signal?: AbortSignal,
): Promise<PublicUser[]> {
  const path = scope === 'admin' ? '/get-technicians' : '/manager-get-technician';
  return apiRequest<PublicUser[]>('GET', path, undefined, {
    query: { branch: scope === 'admin' ? branch : null },
    ...(signal ? { signal } : {}),
  });
}

export function useTechnicians(scope: TechnicianScope, branch: string | null, enabled = true) {
  return useQuery({
    queryKey: userKeys.technicianList(scope, branch),
    queryFn: ({ signal }) => getTechnicians(scope, branch, signal),
    ...CACHE_FIRST,
    enabled,
  });
}
