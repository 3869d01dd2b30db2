import type { MyScheduleAnswer } from '@karya/domain/schedule-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_FIRST } from '../../../lib/cache-first';

const myScheduleKey = ['my-schedule'] as const;

/** GET /my-schedule: the technician's booked jobs, today's and the next six days'. */
export function useMySchedule() {
  return useQuery({
    queryKey: myScheduleKey,
    queryFn: ({ signal }) =>
      apiRequest<MyScheduleAnswer>('GET', '/my-schedule', undefined, { signal }),
    ...CACHE_FIRST,
  });
}
