import type { ProjectListQuery } from './get-manager-projects';
import type { PendingWorkOrderQuery } from './get-work-orders';

/** TanStack Query keys of the work-orders area; invalidating ['work-orders'] refreshes them all. */
export const workOrderKeys = {
  all: ['work-orders'] as const,
  pending: (query: PendingWorkOrderQuery) => ['work-orders', 'pending', query] as const,
  projects: (query: ProjectListQuery) => ['work-orders', 'projects', query] as const,
  projectCount: (branch: string | null, statuses: readonly string[]) =>
    ['work-orders', 'project-count', branch, statuses] as const,
  detail: (customerId: string, orderId: string) =>
    ['work-orders', 'detail', customerId, orderId] as const,
};
