import type { ComplaintsReport } from '@karya/domain/complaint-schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_FIRST } from '../../../lib/cache-first';
import { complaintKeys } from './complaint-keys';

/**
 * GET /api/complaints-report?month=YYYY-MM[&branch=]: the month's complaints per branch and
 * their total. A manager always gets their own branch; an admin every branch or the one asked.
 * The previous month's figures stay on the screen while another month loads; a copy cached
 * earlier shows at once and a fresh one replaces it.
 */
export function useComplaintsReport(month: string, branch: string | null) {
  return useQuery({
    queryKey: complaintKeys.report(month, branch),
    queryFn: ({ signal }) =>
      apiRequest<ComplaintsReport>('GET', '/complaints-report', undefined, {
        query: { month, branch },
        signal,
      }),
    placeholderData: keepPreviousData,
    // A report opened again (the dashboard's card, the menu) asks the server again at once.
    ...CACHE_FIRST,
  });
}
