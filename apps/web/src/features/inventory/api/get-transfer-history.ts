import type { TransferRecord } from '@karya/domain/inventory-answers';
import { inventoryKeys } from '../../../shared/inventory-keys';
import { getListPage, pagingParams, usePagedList } from '../../../shared/use-paged-list';

/** The screen's filter: every movement, or only one direction between branch and technician. */
export type TransferFilter = 'all' | 'assigned' | 'returned';

const PATH = '/get-transfer-history';
const paramsOf = (filter: TransferFilter) => ({ type: filter === 'all' ? null : filter });

/** The server's largest page: the export reads the filtered log in as few calls as it can. */
const EXPORT_PAGE_SIZE = 500;

/** Every record of the filter, all pages (for the CSV export). */
export async function getAllTransferHistory(filter: TransferFilter): Promise<TransferRecord[]> {
  const all: TransferRecord[] = [];
  for (let page = 1; ; page++) {
    const { items, total } = await getListPage<TransferRecord>(PATH, {
      ...paramsOf(filter),
      ...pagingParams({ page, pageSize: EXPORT_PAGE_SIZE }),
    });
    all.push(...items);
    if (items.length < EXPORT_PAGE_SIZE || all.length >= total) return all;
  }
}

/** Paging keeps the last page on screen until the next arrives; a new filter does not. */
export function useTransferHistory(filter: TransferFilter, page: number, pageSize: number) {
  return usePagedList<TransferRecord>({
    queryKey: inventoryKeys.transferHistory(filter),
    path: PATH,
    params: paramsOf(filter),
    page,
    pageSize,
    keepPrevious: 'paging',
  });
}
