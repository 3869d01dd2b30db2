import type { WarrantyStatus } from '@karya/domain/warranty-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { warrantyKeys } from './warranty-keys';

/** GET /check-warranty-status/{serial}: the product details and its computed warranty. */
export function checkWarrantyStatus(serial: string, signal?: AbortSignal): Promise<WarrantyStatus> {
  return apiRequest<WarrantyStatus>(
    'GET',
    `/check-warranty-status/${encodeURIComponent(serial)}`,
    undefined,
    signal ? { signal } : {},
  );
}

/** The status of `serial`; idle while it is null (nothing searched yet). */
export function useWarrantyStatus(serial: string | null) {
  return useQuery({
    queryKey: warrantyKeys.status(serial ?? ''),
    queryFn: ({ signal }) => checkWarrantyStatus(serial ?? '', signal),
    enabled: Boolean(serial),
  });
}
