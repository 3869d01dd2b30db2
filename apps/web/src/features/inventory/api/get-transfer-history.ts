import type { TransferRecord } from '@karya/domain/inventory-answers';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_FIRST } from '../../../lib/cache-first';
import { inventoryKeys } from '../../../shared/inventory-keys';

/** The screen's filter: every movement, or only one direction between branch and technician. */
export type TransferFilter = 'all' | 'assigned' | 'returned';

export interface TransferPage {
  records: TransferRecord[];
  total: number;
}

export async function getTransferHistory(
  filter: TransferFilter,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<TransferPage> {
  let total = 0;
  const records = await apiRequest<TransferRecord[]>('GET', '/get-transfer-history', undefined, {
    query: { type: filter === 'all' ? null : filter, page, pageSize },
    onHeaders: (headers) => {
      total = Number(headers.get('x-total-count') ?? 0);
    },
    ...(signal ? { signal } : {}),
  });
  return { records, total: Math.max(total, records.length) };
}

/** The server's largest page: the export reads the filtered log in as few calls as it can. */
const EXPORT_PAGE_SIZE = 500;

/** Every record of the filter, all pages (for the CSV export). */
export async function getAllTransferHistory(filter: TransferFilter): Promise<TransferRecord[]> {
  const all: TransferRecord[] = [];
  for (let page = 1; ; page++) {
    const { records, total } = await getTransferHistory(filter, page, EXPORT_PAGE_SIZE);
    all.push(...records);
    if (records.length < EXPORT_PAGE_SIZE || all.length >= total) return all;
  }
}

export function useTransferHistory(filter: TransferFilter, page: number, pageSize: number) {
  return useQuery({
    queryKey: inventoryKeys.transferHistory(filter, page, pageSize),
    queryFn: ({ signal }) => getTransferHistory(filter, page, pageSize, signal),
    ...CACHE_FIRST,
    // Paging keeps the last page on screen until the next arrives; a new filter does not.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === filter ? previous : undefined,
  });
}
