import { formatDateTime } from '@karya/domain/format';
import { formatPhone } from '@karya/domain/phone-rules';
import type { Replacement, ReplacementStatus } from '@karya/domain/warranty-schemas';
import { ShieldCheck } from 'lucide-react';
import { Fragment, useState } from 'react';
import { BranchFilter } from '../../shared/branch-filter';
import { ListBody } from '../../shared/list-page-frame';
import { useDebouncedSearch } from '../../shared/use-list-controls';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { FilterGroup } from '../../ui/filter-group';
import { ListPager } from '../../ui/list-pager';
import { SearchInput } from '../../ui/search-input';
import { Table, Td } from '../../ui/table';
import { useReplacements } from './api/get-replacements';
import { ReplacementStatusPill } from './replacement-status-pill';
import { chainOf, chainText } from './warranty-display';

const PAGE_SIZE = 20;

type StatusFilter = 'all' | ReplacementStatus;
const STATUS_FILTERS: ReadonlyArray<{ value: StatusFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'replaced', label: 'Replaced' },
];

const COLUMNS = ['S.NO', 'SERIAL NUMBERS', 'PRODUCT', 'CUSTOMER', 'REGISTERED', 'STATUS'];

/**
 * Spec 2 §2 'history table': the branch's replacements, newest first, paged on the server and
 * searchable by any serial of a chain, the customer's name or phone, or the order id. A row
 * opens the detail modal.
 */
export function ReplacementHistory({
  branchFilter,
  onOpen,
}: {
  /** Only for admins, who read every branch. */
  branchFilter: { value: string | null; onChange: (branch: string) => void } | null;
  onOpen: (record: Replacement) => void;
}) {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<StatusFilter>('all');
  const { searchText, setSearchText, search } = useDebouncedSearch(() => setPage(1));
  const branch = branchFilter?.value ?? null;
  const list = useReplacements(
    { search, status: status === 'all' ? null : status, branch },
    page,
    PAGE_SIZE,
  );
  const rows = list.data?.items ?? [];
  const filtered = search !== '' || status !== 'all';

  return (
    <Card title="Replacement History" padded={false}>
      <div className="flex flex-wrap items-center gap-3 border-b border-slate-200 p-4">
        <FilterGroup
          label="Replacement status"
          options={STATUS_FILTERS}
          value={status}
          onChange={(next) => {
            setStatus(next);
            setPage(1);
          }}
        />
        <SearchInput
          value={searchText}
          onChange={setSearchText}
          placeholder="Search by serial number, customer, phone or order ID"
          label="Search replacements"
          className="w-full max-w-md"
        />
        {branchFilter ? (
          <BranchFilter
            value={branchFilter.value}
            onChange={(next) => {
              branchFilter.onChange(next);
              setPage(1);
            }}
          />
        ) : null}
      </div>
      <ListBody
        query={list}
        failureMessage="Failed to load warranty replacements"
        loadingLabel="Loading warranty replacements..."
        isEmpty={rows.length === 0}
        empty={
          <EmptyState
            icon={ShieldCheck}
            title={
              filtered
                ? 'No warranty replacements match your search'
                : 'No warranty replacements yet'
            }
            description={
              filtered
                ? undefined
                : 'Look up an installed serial number above to register a warranty issue.'
            }
          />
        }
      >
        <Table columns={COLUMNS} label="Replacement History">
          {rows.map((record, index) => (
            <tr
              key={record._id}
              className="cursor-pointer hover:bg-slate-50"
              onClick={() => onOpen(record)}
            >
              <Td>{(page - 1) * PAGE_SIZE + index + 1}</Td>
              <Td className="max-w-xs whitespace-normal">
                <button
                  type="button"
                  onClick={(event) => {
                    event.stopPropagation();
                    onOpen(record);
                  }}
                  aria-label={`View replacement ${chainText(record)}`}
                  className="text-left font-mono text-sm text-blue-700 hover:underline"
                >
                  {chainOf(record).map((serial, at) => (
                    <Fragment key={serial}>
                      {at > 0 ? ' → ' : ''}
                      <span className="whitespace-nowrap">{serial}</span>
                    </Fragment>
                  ))}
                </button>
              </Td>
              <Td>
                <div className="text-slate-900">{record.productName}</div>
                <div className="text-xs text-slate-500">
                  {record.workOrderId}
                  {/* Admins read every branch: the row says whose it is. */}
                  {branchFilter ? ` · ${record.branchName}` : ''}
                </div>
              </Td>
              <Td>
                <div className="font-medium text-slate-900">{record.customerName}</div>
                <div className="text-xs text-slate-500">{formatPhone(record.customerPhone)}</div>
              </Td>
              <Td>{formatDateTime(record.registeredAt)}</Td>
              <Td>
                <ReplacementStatusPill status={record.status} />
              </Td>
            </tr>
          ))}
        </Table>
        <ListPager
          page={page}
          pageSize={PAGE_SIZE}
          total={list.data?.total ?? 0}
          noun="replacements"
          onPage={setPage}
        />
      </ListBody>
    </Card>
  );
}
