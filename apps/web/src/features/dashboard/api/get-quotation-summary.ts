import type { QuotationSummary } from '@karya/domain/quotation-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_FIRST } from '../../../lib/cache-first';

/**
 * GET /api/quotation-summary (issue 35): the dashboard reads only how many sent quotes end
 * within three days; the Quotations screen shows the month's figures from the same answer.
 */
export function useQuotationSummary(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: ['quotations', 'summary', 'own'],
    queryFn: ({ signal }) =>
      apiRequest<QuotationSummary>('GET', '/quotation-summary', undefined, { signal }),
    ...CACHE_FIRST,
  });
}
