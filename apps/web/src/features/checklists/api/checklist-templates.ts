import type { ChecklistTemplate, SaveChecklistInput } from '@karya/domain/checklists';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const CHECKLIST_TEMPLATES_KEY = ['checklist-templates'] as const;

/** GET /checklist-templates: every project type's checklist. */
export function useChecklistTemplates() {
  return useQuery({
    queryKey: CHECKLIST_TEMPLATES_KEY,
    queryFn: ({ signal }) =>
      apiRequest<ChecklistTemplate[]>('GET', '/checklist-templates', undefined, { signal }),
    refetchOnMount: 'always',
  });
}

/** PUT /checklist-templates (admins): one project type's items, in order. */
export function useSaveChecklist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveChecklistInput) =>
      apiRequest<ChecklistTemplate[]>('PUT', '/checklist-templates', input),
    onSuccess: (saved) => queryClient.setQueryData(CHECKLIST_TEMPLATES_KEY, saved),
  });
}
