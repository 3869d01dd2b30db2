export const importKeys = {
  all: ['imports'] as const,
  kinds: () => [...importKeys.all, 'kinds'] as const,
  list: () => [...importKeys.all, 'list'] as const,
  run: (id: string) => [...importKeys.all, 'run', id] as const,
};
