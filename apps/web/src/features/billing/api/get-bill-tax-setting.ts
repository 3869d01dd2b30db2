import type { BillTaxSetting } from '@karya/domain/bill-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_FIRST } from '../../../lib/cache-first';
import { billKeys } from './bill-keys';

/**
 * GET /bill-tax-setting: how create-bill taxes this technician's bills (invoice kind, supplying
 * state). Cached first and kept with the rest of the phone's data, so a bill worked out with
 * no signal has the server's figures (decision 028).
 */
export function useBillTaxSetting() {
  const query = useQuery({
    queryKey: billKeys.taxSetting,
    queryFn: ({ signal }) =>
      apiRequest<BillTaxSetting>('GET', '/bill-tax-setting', undefined, { signal }),
    ...CACHE_FIRST,
  });
  return query.data ?? null;
}
