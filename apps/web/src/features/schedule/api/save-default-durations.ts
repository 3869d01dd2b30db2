import type { DefaultDurationsAnswer } from '@karya/domain/schedule-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { defaultDurationKeys } from '../../../shared/default-durations';
import { scheduleKeys } from './schedule-keys';

export interface DurationChange {
  projectType: string;
  projectCategory: string;
  minutes: number;
}

/** PUT /schedule-default-durations (admins): the rows that changed. */
export function useSaveDefaultDurations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (durations: DurationChange[]) =>
      apiRequest<DefaultDurationsAnswer>('PUT', '/schedule-default-durations', { durations }),
    onSuccess: (saved) => {
      queryClient.setQueryData(defaultDurationKeys.table, saved);
      // The board carries the table beside its jobs.
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
    },
  });
}
