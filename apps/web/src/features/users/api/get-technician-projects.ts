import { WORK_ORDER_MAX_PAGE_SIZE, type WorkOrderDetail } from '@karya/domain/work-order-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_FIRST } from '../../../lib/cache-first';
import { userKeys } from '../../../shared/user-keys';

/** GET /api/get-technician-projects/{technicianId}: every project of the technician. */
export function getTechnicianProjects(
  technicianId: string,
  signal?: AbortSignal,
): Promise<WorkOrderDetail[]> {
  return apiRequest<WorkOrderDetail[]>(
    'GET',
    `/get-technician-projects/${encodeURIComponent(technicianId)}`,
    undefined,
    // One technician's projects fit in one page; the modal shows them all in one table.
    { query: { pageSize: WORK_ORDER_MAX_PAGE_SIZE }, ...(signal ? { signal } : {}) },
  );
}

export function useTechnicianProjects(technicianId: string, enabled = true) {
  return useQuery({
    queryKey: userKeys.technicianProjects(technicianId),
    queryFn: ({ signal }) => getTechnicianProjects(technicianId, signal),
    ...CACHE_FIRST,
    enabled,
  });
}
