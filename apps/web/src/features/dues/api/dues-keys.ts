export interface DuesFilters {
  /** Admin's branch; managers are kept on their own by the server. */
  branchId: string | null;
  search: string;
}

/** TanStack Query keys of Outstanding Dues; a recorded payment invalidates `duesKeys.all`. */
export const duesKeys = {
  all: ['dues'] as const,
  list: (filters: DuesFilters) => ['dues', 'list', filters] as const,
  /** What every due of the filters adds up to: the same for every page. */
  totals: (filters: DuesFilters) => ['dues', 'totals', filters] as const,
  /** A technician's visit: the dues of one open order's customer. */
  visit: (orderId: string) => ['dues', 'visit', orderId] as const,
};
