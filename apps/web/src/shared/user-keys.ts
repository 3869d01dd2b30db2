/** TanStack Query keys of the users area; invalidating ['users'] refreshes every list. */
export const userKeys = {
  all: ['users'] as const,
  admins: () => ['users', 'admins'] as const,
  managers: () => ['users', 'managers'] as const,
  technicians: () => ['users', 'technicians'] as const,
  technicianList: (scope: 'admin' | 'manager', branch: string | null) =>
    ['users', 'technicians', scope, branch ?? 'all'] as const,
  detail: (userId: string) => ['users', 'detail', userId] as const,
  managerDetail: (managerId: string) => ['users', 'manager-detail', managerId] as const,
  technicianProjects: (technicianId: string) =>
    ['users', 'technician-projects', technicianId] as const,
};
