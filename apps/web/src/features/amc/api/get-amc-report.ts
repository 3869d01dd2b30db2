import type { AmcReport } from '@karya/domain/amc-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_FIRST } from '../../../lib/cache-first';
import { amcKeys } from './amc-keys';

/** GET /amc-report: this month's contract figures per branch (the manager's own branch). */
export function useAmcReport(branch: string | null) {
  return useQuery({
    queryKey: amcKeys.report(branch),
    queryFn: ({ signal }) =>
      apiRequest<AmcReport>('GET', '/amc-report', undefined, { query: { branch }, signal }),
    ...CACHE_FIRST,
  });
}
