export const ownershipKeys = {
  all: ['ownership'] as const,
  status: () => ['ownership', 'status'] as const,
  newManagers: () => ['ownership', 'new-managers'] as const,
  rejected: () => ['ownership', 'rejected'] as const,
};
