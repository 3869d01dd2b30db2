import type { Dashboard } from '@karya/domain/dashboard-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_FIRST } from '../../../lib/cache-first';
import { dashboardKeys } from '../../../shared/dashboard-keys';

/**
 * GET /api/get-dashboard: the cards and the overview table in one answer. An admin may pass
 * a branch; a manager always gets their own branch from the server.
 */
export function getDashboard(branch: string | null, signal?: AbortSignal): Promise<Dashboard> {
  return apiRequest<Dashboard>('GET', '/get-dashboard', undefined, {
    query: { branch },
    ...(signal ? { signal } : {}),
  });
}

/** Spec 1 §2.4, §9: the cached dashboard is shown first and refreshed in the background. */
export function useDashboard(branch: string | null) {
  return useQuery({
    queryKey: dashboardKeys.view(branch),
    queryFn: ({ signal }) => getDashboard(branch, signal),
    ...CACHE_FIRST,
  });
}
