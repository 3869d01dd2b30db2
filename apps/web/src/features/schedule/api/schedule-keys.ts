/** TanStack Query keys of the schedule board (issue 34); every move invalidates `all`. */
export const scheduleKeys = {
  all: ['schedule'] as const,
  board: (branch: string | null, from: string, to: string) =>
    ['schedule', 'board', { branch, from, to }] as const,
};
