import type { VisitDuesAnswer } from '@karya/domain/invoice-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { duesKeys } from './dues-keys';

/**
 * GET /visit-dues: what the customer of the technician's open order still owes at the branch,
 * to collect on the visit. Fresh each time the order is opened: money must not be read stale.
 */
export function getVisitDues(orderId: string, signal?: AbortSignal) {
  return apiRequest<VisitDuesAnswer>('GET', '/visit-dues', undefined, {
    query: { orderId },
    ...(signal ? { signal } : {}),
  });
}

export function useVisitDues(orderId: string) {
  return useQuery({
    queryKey: duesKeys.visit(orderId),
    queryFn: ({ signal }) => getVisitDues(orderId, signal),
  });
}
