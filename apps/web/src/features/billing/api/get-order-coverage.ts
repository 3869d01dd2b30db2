import type { AmcOrderCoverage } from '@karya/domain/amc-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /amc-order-coverage: what the maintenance contract of a visit's order covers (issue 23),
 * for the bill wizard's note; null for any other order. Only asked for Maintenance orders.
 */
export function useOrderCoverage(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['amc-order-coverage', orderId],
    queryFn: ({ signal }) =>
      apiRequest<AmcOrderCoverage>('GET', '/amc-order-coverage', undefined, {
        query: { orderId },
        signal,
      }),
    enabled,
    staleTime: 5 * 60_000,
  });
}
