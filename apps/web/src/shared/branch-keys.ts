export const branchKeys = {
  all: ['branches'] as const,
  list: () => ['branches', 'list'] as const,
  detail: (branchId: string) => ['branches', 'detail', branchId] as const,
};
