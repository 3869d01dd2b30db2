import type { Bill } from '@karya/domain/bill-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
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

export function useBillDetails(billId: string) {
  return useQuery({
    queryKey: billKeys.detail(billId),
    queryFn: ({ signal }) => getBillDetails(billId, signal),
  });
}
