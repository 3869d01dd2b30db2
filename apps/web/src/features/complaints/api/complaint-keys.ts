/** TanStack Query keys of the complaints area (issue 37). */
export const complaintKeys = {
  all: ['complaints'] as const,
  report: (month: string, branch: string | null) =>
    ['complaints', 'report', month, branch ?? 'all'] as const,
  settings: (branch: string | null) => ['complaints', 'sla-settings', branch ?? 'own'] as const,
};
