import type {
  ComplaintSlaSettings,
  ComplaintSlaSettingsInput,
} from '@karya/domain/complaint-schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { complaintKeys } from './complaint-keys';

/**
 * GET /api/complaint-sla-settings[?branch=]: a branch's response times (a manager's own; an
 * admin names the branch). Read fresh each time the section opens: it is a form.
 */
export function useComplaintSlaSettings(branch: string | null, enabled: boolean) {
  return useQuery({
    queryKey: complaintKeys.settings(branch),
    queryFn: ({ signal }) =>
      apiRequest<ComplaintSlaSettings>('GET', '/complaint-sla-settings', undefined, {
        query: { branch },
        signal,
      }),
    enabled,
    // The form waits for this load's answer (isFetchedAfterMount): always ask on opening.
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
  });
}

/** PUT /api/complaint-sla-settings: the saved targets replace the cached ones. */
export function useSaveComplaintSlaSettings(branch: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ComplaintSlaSettingsInput) =>
      apiRequest<ComplaintSlaSettings>('PUT', '/complaint-sla-settings', body),
    onSuccess: (saved) => queryClient.setQueryData(complaintKeys.settings(branch), saved),
  });
}
