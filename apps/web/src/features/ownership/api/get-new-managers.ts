import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_FIRST } from '../../../lib/cache-first';
import { ownershipKeys } from './ownership-keys';
import type { NewManager } from './transfer-types';

export function getNewManagers(signal?: AbortSignal): Promise<NewManager[]> {
  return apiRequest<NewManager[]>('GET', '/new-managers', undefined, signal ? { signal } : {});
}

export function useNewManagers() {
  return useQuery({
    queryKey: ownershipKeys.newManagers(),
    queryFn: ({ signal }) => getNewManagers(signal),
    ...CACHE_FIRST,
  });
}
