import type { WorkOrderDetail } from '@karya/domain/work-order-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { technicianWorkOrderKeys } from './technician-work-order-keys';

/** GET /get-work-order-details/{customerId}/{orderId}: history, payments, pause and rejection. */
export function getTechnicianWorkOrderDetails(
  customerId: string,
  orderId: string,
  signal?: AbortSignal,
): Promise<WorkOrderDetail> {
  return apiRequest<WorkOrderDetail>(
    'GET',
    `/get-work-order-details/${encodeURIComponent(customerId)}/${encodeURIComponent(orderId)}`,
    undefined,
    signal ? { signal } : {},
  );
}

/** Spec 2 §8: when the details fetch fails, the list row's own data stays in the dialog. */
export function useTechnicianWorkOrderDetails(row: WorkOrderDetail) {
  return useQuery({
    queryKey: technicianWorkOrderKeys.detail(row.customerId, row.orderId),
    queryFn: ({ signal }) => getTechnicianWorkOrderDetails(row.customerId, row.orderId, signal),
    placeholderData: row,
    refetchOnMount: 'always',
  });
}
