import type { DemoRequest, DemoRequestStatusFilter } from '@karya/domain/system-schemas';
import { usePagedList } from '../../../shared/use-paged-list';
import { systemKeys } from './system-keys';

/** How many requests the screen shows: the newest, a shop answers them as they come. */
const SHOWN = 100;

/** GET /api/get-demo-requests?status=: newest first; the total comes in X-Total-Count. */
export function useDemoRequests(status: DemoRequestStatusFilter) {
  return usePagedList<DemoRequest>({
    queryKey: systemKeys.demoRequestList(status),
    path: '/get-demo-requests',
    params: { status },
    page: 1,
    pageSize: SHOWN,
    pageAs: 'offset',
  });
}
