import type { WorkOrderDetail } from '@karya/domain/work-order-schemas';
import { type QueryKey, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { workOrderKeys } from './work-order-keys';

/** GET /get-work-order-details/{customerId}/{orderId}: history, payments, transfer details. */
export function getWorkOrderDetails(
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

/**
 * The list row is shown until (and if) the fresh details arrive (spec 2 §8). `queryKey`
 * files the details under another screen's keys (the technician's, so their actions refresh
 * it with their lists); the manager's work-order keys otherwise.
 */
export function useWorkOrderDetails(row: WorkOrderDetail, queryKey?: QueryKey) {
  return useQuery({
    queryKey: queryKey ?? workOrderKeys.detail(row.customerId, row.orderId),
    queryFn: ({ signal }) => getWorkOrderDetails(row.customerId, row.orderId, signal),
    placeholderData: row,
    refetchOnMount: 'always',
  });
}
