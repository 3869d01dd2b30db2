import type { ConvertDemoRequestInput, DemoRequest } from '@karya/domain/system-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { dashboardKeys } from '../../../shared/dashboard-keys';
import { systemKeys } from './system-keys';

/** POST /api/demo-request-convert/{id}: a lead of the chosen branch. */
export function convertDemoRequest(
  id: string,
  body: ConvertDemoRequestInput,
): Promise<DemoRequest> {
  return apiRequest<DemoRequest>('POST', `/demo-request-convert/${encodeURIComponent(id)}`, body);
}

export function useConvertDemoRequest(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConvertDemoRequestInput) => convertDemoRequest(id, body),
    // The new lead shows in the branch's contacts; contacts' own queries refetch on mount.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: systemKeys.demoRequests }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
      ]),
  });
}
