import type { DefaultDurationsAnswer } from '@karya/domain/schedule-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';

export const defaultDurationKeys = {
  table: ['schedule-default-durations'] as const,
};

/**
 * GET /schedule-default-durations: every project type × category with the minutes a job is
 * booked for by default. The Assign Technician dialog fills its duration from it; the admin's
 * Job Durations page edits it.
 */
export function useDefaultDurations(options: { fresh?: boolean } = {}) {
  return useQuery({
    queryKey: defaultDurationKeys.table,
    queryFn: ({ signal }) =>
      apiRequest<DefaultDurationsAnswer>('GET', '/schedule-default-durations', undefined, {
        signal,
      }),
    // The admin page edits what it shows, so it starts from the server's copy.
    ...(options.fresh ? { refetchOnMount: 'always' as const } : {}),
  });
}
