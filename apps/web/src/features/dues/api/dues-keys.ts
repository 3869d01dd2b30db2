export interface DuesQuery {
  /** Admin's branch; managers are kept on their own by the server. */
  branchId: string | null;
  search: string;
  limit: number;
  offset: number;
}

/** TanStack Query keys of Outstanding Dues; a recorded payment invalidates `duesKeys.all`. */
export const duesKeys = {
  all: ['dues'] as const,
  list: (query: DuesQuery) => ['dues', 'list', query] as const,
  /** A technician's visit: the dues of one open order's customer. */
  visit: (orderId: string) => ['dues', 'visit', orderId] as const,
};
