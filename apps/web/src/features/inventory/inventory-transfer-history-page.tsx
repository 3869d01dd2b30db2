import { Download, History } from 'lucide-react';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { FilterGroup } from '../../ui/filter-group';
import { ListPager } from '../../ui/list-pager';
import { useNotify } from '../../ui/notification-context';
import { PageHeader } from '../../ui/page-header';
import { RefreshButton } from '../../ui/refresh-button';
import { Loading } from '../../ui/spinner';
import { Table } from '../../ui/table';
import {
  getAllTransferHistory,
  type TransferFilter,
  useTransferHistory,
} from './api/get-transfer-history';
import { transferHistoryCsv, transferHistoryFilename } from './transfer-history-csv';
import { TransferRow } from './transfer-row';

const FILTERS: ReadonlyArray<{ value: TransferFilter; label: string }> = [
  { value: 'all', label: 'All Transfers' },
  { value: 'assigned', label: 'Assigned to Technicians' },
  { value: 'returned', label: 'Returned from Technicians' },
];
const COLUMNS = ['Date', 'Item', 'Transfer', 'Details', 'By'];
const PAGE_SIZE = 25;

/** Spec 2 §8: without any answer the screen asks to try again. */
function loadFailure(error: unknown): string {
  if (error instanceof ApiError && error.isNetworkError)
    return 'Error loading transfer history. Please try again.';
  return errorMessage(error, 'Failed to load transfer history');
}

function downloadText(filename: string, text: string) {
  // A BOM lets spreadsheet programs read names in Indian scripts as UTF-8.
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** Spec 2 §2 'Inventory Transfer History screen': the branch's stock movements (manager). */
export function InventoryTransferHistoryPage() {
  const [filter, setFilter] = useState<TransferFilter>('all');
  const [page, setPage] = useState(1);
  const history = useTransferHistory(filter, page, PAGE_SIZE);
  const notify = useNotify();
  const [exporting, setExporting] = useState(false);

  const records = history.data?.items ?? [];
  const total = history.data?.total ?? 0;

  const exportCsv = async () => {
    setExporting(true);
    try {
      const all = await getAllTransferHistory(filter);
      downloadText(transferHistoryFilename(new Date()), transferHistoryCsv(all));
    } catch (error) {
      notify.error(loadFailure(error));
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <PageHeader
        title="Inventory Transfer History"
        description="Stock moved between the branch and its technicians."
        actions={
          <>
            <RefreshButton
              onClick={() => void history.refetch()}
              loading={history.isFetching && !exporting}
            />
            <Button
              onClick={() => void exportCsv()}
              loading={exporting}
              loadingText="Exporting..."
              disabled={total === 0}
              icon={<Download aria-hidden="true" className="size-4" />}
            >
              Export CSV
            </Button>
          </>
        }
      />
      <Card padded={false}>
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 p-4">
          <FilterGroup
            label="Transfer type"
            options={FILTERS}
            value={filter}
            onChange={(next) => {
              setFilter(next);
              setPage(1);
            }}
            wrap
          />
          {history.data ? (
            <p className="text-sm text-slate-500">
              {total} {total === 1 ? 'record' : 'records'}
            </p>
          ) : null}
        </div>
        {history.isError && !history.data ? (
          <Alert className="m-4">{loadFailure(history.error)}</Alert>
        ) : history.isPending ? (
          <Loading label="Loading transfer history..." />
        ) : records.length === 0 ? (
          <EmptyState icon={History} title="No transfer records found" />
        ) : (
          <>
            <Table columns={COLUMNS} label="Inventory Transfer History">
              {records.map((record) => (
                <TransferRow key={record._id} record={record} />
              ))}
            </Table>
            <ListPager
              page={page}
              pageSize={PAGE_SIZE}
              total={total}
              noun="records"
              onPage={setPage}
            />
          </>
        )}
      </Card>
    </>
  );
}
