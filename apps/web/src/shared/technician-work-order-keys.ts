import type { WorkOrderStatus } from '@karya/domain/contact-schemas';

/**
 * TanStack Query keys of the technician's own work orders. Every key starts with
 * ['technician-work-orders'], so invalidating `all` after an action refreshes every tab.
 */
export const technicianWorkOrderKeys = {
  all: ['technician-work-orders'] as const,
  /** Per status, for the tiles and boxes (GET /technician-work-order-counts). */
  counts: ['technician-work-orders', 'counts'] as const,
  /** Pages of a tab's list (an infinite query). */
  list: (statuses: readonly WorkOrderStatus[]) =>
    ['technician-work-orders', 'pages', [...statuses]] as const,
  detail: (customerId: string, orderId: string) =>
    ['technician-work-orders', 'detail', customerId, orderId] as const,
};
