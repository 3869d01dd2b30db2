import type { ProjectListFilters } from './get-manager-projects';
import type { PendingWorkOrderFilters } from './get-work-orders';

/**
 * TanStack Query keys of the work-orders area; invalidating ['work-orders'] refreshes them all.
 * A list's key names its filters; usePagedList adds the page.
 */
export const workOrderKeys = {
  all: ['work-orders'] as const,
  pending: (filters: PendingWorkOrderFilters) => ['work-orders', 'pending', filters] as const,
  projects: (filters: ProjectListFilters) => ['work-orders', 'projects', filters] as const,
  projectCount: (branch: string | null, statuses: readonly string[]) =>
    ['work-orders', 'project-count', branch, statuses] as const,
  detail: (customerId: string, orderId: string) =>
    ['work-orders', 'detail', customerId, orderId] as const,
};
