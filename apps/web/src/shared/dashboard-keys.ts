/** TanStack Query keys of the dashboard; what changes its figures elsewhere invalidates `all`. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  view: (branch: string | null) => ['dashboard', branch ?? 'all'] as const,
};
