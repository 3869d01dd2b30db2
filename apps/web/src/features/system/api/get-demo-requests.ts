import type { DemoRequest, DemoRequestStatusFilter } from '@karya/domain/system-schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_FIRST } from '../../../lib/cache-first';
import { systemKeys } from './system-keys';

export interface DemoRequestPage {
  items: DemoRequest[];
  total: number;
}

/** GET /api/get-demo-requests?status=: newest first; the total comes in X-Total-Count. */
export async function getDemoRequests(
  status: DemoRequestStatusFilter,
  signal?: AbortSignal,
): Promise<DemoRequestPage> {
  let total = 0;
  const items = await apiRequest<DemoRequest[]>('GET', '/get-demo-requests', undefined, {
    query: { status, limit: 100 },
    onHeaders: (headers) => {
      total = Number(headers.get('x-total-count') ?? 0);
    },
    ...(signal ? { signal } : {}),
  });
  return { items, total: total || items.length };
}

export function useDemoRequests(status: DemoRequestStatusFilter) {
  return useQuery({
    queryKey: systemKeys.demoRequestList(status),
    queryFn: ({ signal }) => getDemoRequests(status, signal),
    placeholderData: keepPreviousData,
    ...CACHE_FIRST,
  });
}
