import type { ReplacementStatus } from '@karya/domain/warranty-schemas';

export interface ReplacementListQuery {
  search: string;
  status: ReplacementStatus | null;
  /** Admin's branch; managers are scoped to their own by the server. */
  branch: string | null;
}

/**
 * TanStack Query keys of the warranty area. Invalidating `warrantyKeys.all` after a
 * registration, approval or completion refreshes the list, every serial's status and record.
 */
export const warrantyKeys = {
  all: ['warranty'] as const,
  status: (serial: string) => ['warranty', 'status', serial] as const,
  list: (query: ReplacementListQuery) => ['warranty', 'list', query] as const,
  bySerial: (serial: string) => ['warranty', 'by-serial', serial] as const,
  record: (serial: string) => ['warranty', 'record', serial] as const,
  installed: (customerId: string) => ['warranty', 'installed', customerId] as const,
};
