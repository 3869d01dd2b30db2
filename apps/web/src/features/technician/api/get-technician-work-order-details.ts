import type { WorkOrderDetail } from '@karya/domain/work-order-schemas';
import { useQuery } from '@tanstack/react-query';
import { getWorkOrderDetails } from '../../work-orders/api/get-work-order-details';
import { technicianWorkOrderKeys } from './technician-work-order-keys';

/**
 * The technician's details dialog, under the technician's query keys so their actions
 * refresh it with their lists. Spec 2 §8: when the fetch fails, the row's data stays.
 */
export function useTechnicianWorkOrderDetails(row: WorkOrderDetail) {
  return useQuery({
    queryKey: technicianWorkOrderKeys.detail(row.customerId, row.orderId),
    queryFn: ({ signal }) => getWorkOrderDetails(row.customerId, row.orderId, signal),
    placeholderData: row,
    refetchOnMount: 'always',
  });
}
