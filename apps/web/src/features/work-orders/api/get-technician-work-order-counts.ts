import type { TechnicianWorkOrderCounts } from '@karya/domain/technician-work-order-counts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_FIRST } from '../../../lib/cache-first';
import { technicianWorkOrderKeys } from '../../../shared/technician-work-order-keys';
import { TECHNICIAN_COUNTS_PATH } from './technician-first-requests';

/** GET /technician-work-order-counts: the signed-in technician's orders per status. */
export function getTechnicianWorkOrderCounts(
  signal?: AbortSignal,
): Promise<TechnicianWorkOrderCounts> {
  return apiRequest<TechnicianWorkOrderCounts>(
    'GET',
    TECHNICIAN_COUNTS_PATH,
    undefined,
    signal ? { signal } : {},
  );
}

/** The counts' query, also fetched before the dashboard's first render on a cold start. */
export const technicianCountsQuery = queryOptions({
  queryKey: technicianWorkOrderKeys.counts,
  queryFn: ({ signal }) => getTechnicianWorkOrderCounts(signal),
  ...CACHE_FIRST,
});

/** The dashboard's tiles, boxes and tab totals: one small answer, cached first. */
export function useTechnicianWorkOrderCounts() {
  return useQuery(technicianCountsQuery);
}
