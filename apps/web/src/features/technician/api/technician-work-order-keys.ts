import type { WorkOrderStatus } from '@karya/domain/contact-schemas';

/**
 * TanStack Query keys of the technician's own work orders. Every key starts with
 * ['technician-work-orders'], so invalidating `all` after an action refreshes every tab.
 */
export const technicianWorkOrderKeys = {
  all: ['technician-work-orders'] as const,
  list: (statuses: readonly WorkOrderStatus[]) =>
    ['technician-work-orders', 'list', [...statuses]] as const,
  detail: (customerId: string, orderId: string) =>
    ['technician-work-orders', 'detail', customerId, orderId] as const,
};
