import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_FIRST } from '../../../lib/cache-first';
import { ownershipKeys } from './ownership-keys';
import type { OwnershipTransfer } from './transfer-types';

export function getRejectedTransfers(signal?: AbortSignal): Promise<OwnershipTransfer[]> {
  return apiRequest<OwnershipTransfer[]>(
    'GET',
    '/get-rejected-transfers',
    undefined,
    signal ? { signal } : {},
  );
}

export function useRejectedTransfers() {
  return useQuery({
    queryKey: ownershipKeys.rejected(),
    queryFn: ({ signal }) => getRejectedTransfers(signal),
    ...CACHE_FIRST,
  });
}
