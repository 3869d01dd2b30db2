import type { InstalledUnit } from '@karya/domain/warranty-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_FIRST } from '../../../lib/cache-first';
import { warrantyKeys } from './warranty-keys';

/** GET /get-installed-units?customerId=: the units at a customer's site, with their warranty. */
export function getInstalledUnits(
  customerId: string,
  signal?: AbortSignal,
): Promise<InstalledUnit[]> {
  return apiRequest<InstalledUnit[]>('GET', '/get-installed-units', undefined, {
    query: { customerId },
    ...(signal ? { signal } : {}),
  });
}

export function useInstalledUnits(customerId: string) {
  return useQuery({
    queryKey: warrantyKeys.installed(customerId),
    queryFn: ({ signal }) => getInstalledUnits(customerId, signal),
    ...CACHE_FIRST,
  });
}
