import type { DemoRequest } from '@karya/domain/system-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { dashboardKeys } from '../../../shared/dashboard-keys';
import { systemKeys } from './system-keys';

export function markDemoRequestContacted(id: string): Promise<DemoRequest> {
  return apiRequest<DemoRequest>('POST', `/demo-request-contacted/${encodeURIComponent(id)}`);
}

/** The list and the dashboard's count both change. */
export function useMarkDemoRequestContacted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markDemoRequestContacted,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: systemKeys.demoRequests }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
      ]),
  });
}
