import type { SerialCheck } from '@karya/domain/inventory-answers';
import { apiRequest } from '../../../lib/api-client';

/** GET /check-serial/{serial}: whether the serial is already stocked, and for which item. */
export function checkSerial(serial: string, signal?: AbortSignal): Promise<SerialCheck> {
  return apiRequest<SerialCheck>(
    'GET',
    `/check-serial/${encodeURIComponent(serial)}`,
    undefined,
    signal ? { signal } : {},
  );
}
