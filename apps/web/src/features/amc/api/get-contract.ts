import type { AmcContractDetail } from '@karya/domain/amc-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_FIRST } from '../../../lib/cache-first';
import { amcKeys } from './amc-keys';

/** GET /amc-contracts/:id: the contract with its visits and invoices. */
export function useContract(contractId: string) {
  return useQuery({
    queryKey: amcKeys.contract(contractId),
    queryFn: ({ signal }) =>
      apiRequest<AmcContractDetail>(
        'GET',
        `/amc-contracts/${encodeURIComponent(contractId)}`,
        undefined,
        { signal },
      ),
    ...CACHE_FIRST,
  });
}
