import type { ContractView } from '../amc-display';

export interface ContractListFilters {
  view: ContractView;
  /** Admin's branch; managers are kept on their own by the server. */
  branch: string | null;
  /** Customer name or phone, or contract number. */
  search: string;
}

/** TanStack Query keys of maintenance contracts; any change invalidates `amcKeys.all`. */
export const amcKeys = {
  all: ['amc'] as const,
  list: (filters: ContractListFilters) => ['amc', 'list', filters] as const,
  contract: (contractId: string) => ['amc', 'contract', contractId] as const,
  report: (branch: string | null) => ['amc', 'report', branch] as const,
  overdue: (branch: string | null) => ['amc', 'overdue', branch] as const,
};
