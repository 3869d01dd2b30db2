import type { Bill } from '@karya/domain/bill-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_FIRST } from '../../../lib/cache-first';
import { billKeys } from './bill-keys';

/** GET /get-bill-details/{id}: one bill with its lines, for its technician and the desk. */
export function getBillDetails(billId: string, signal?: AbortSignal): Promise<Bill> {
  return apiRequest<Bill>(
    'GET',
    `/get-bill-details/${encodeURIComponent(billId)}`,
    undefined,
    signal ? { signal } : {},
  );
}

/**
 * Always asked again on opening: a copy restored from localStorage (the page opens in a new
 * tab) may be the bill as it was before its payment.
 */
export function useBillDetails(billId: string) {
  return useQuery({
    queryKey: billKeys.detail(billId),
    queryFn: ({ signal }) => getBillDetails(billId, signal),
    ...CACHE_FIRST,
  });
}
