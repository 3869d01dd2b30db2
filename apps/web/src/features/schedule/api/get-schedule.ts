import type { ScheduleAnswer } from '@karya/domain/schedule-schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { NOT_PERSISTED } from '../../../lib/query-client';
import { scheduleKeys } from './schedule-keys';

/**
 * GET /schedule: the branch's technicians with their days, its jobs from..to and the lane.
 * A manager reads their own branch; an admin's board waits until a branch is chosen.
 */
export function useSchedule(
  range: { from: string; to: string },
  branch: string | null,
  enabled: boolean,
) {
  return useQuery({
    queryKey: scheduleKeys.board(branch, range.from, range.to),
    queryFn: ({ signal }) =>
      apiRequest<ScheduleAnswer>('GET', '/schedule', undefined, {
        query: { from: range.from, to: range.to, branch },
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
    // The board is planned from what is true now, not from a copy kept from before: none is
    // kept in localStorage either.
    refetchOnMount: 'always',
    meta: NOT_PERSISTED,
  });
}
