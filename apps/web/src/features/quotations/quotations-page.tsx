import { QUOTE_STATUSES, type QuoteStatus } from '@karya/domain/quotation-schemas';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { BranchFilter as BranchChoice } from '../../shared/branch-filter';
import { ListBody } from '../../shared/list-page-frame';
import { useBranchParam, useDebouncedSearch } from '../../shared/use-list-controls';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { FilterGroup } from '../../ui/filter-group';
import { ListPager } from '../../ui/list-pager';
import { PageHeader } from '../../ui/page-header';
import { RefreshButton } from '../../ui/refresh-button';
import { SearchInput } from '../../ui/search-input';
import { quotationKeys, useQuotationList } from './api';
import { QuotationSummaryCard } from './quotation-summary-card';
import { QuotationsTable } from './quotations-table';
import { quoteStatusOf, statusLabel } from './quote-display';

const PAGE_SIZE = 25;

type StatusFilter = QuoteStatus | 'all';

const STATUS_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  ...QUOTE_STATUSES.map((status) => ({ value: status, label: statusLabel(status) })),
];

/** Where a new quote starts: the lead's or customer's details. */
const START_HINT = (
  <>
    A quotation starts from a lead or a customer: open them in{' '}
    <Link to="/contacts" className="font-medium text-blue-700 hover:underline">
      Customers
    </Link>{' '}
    and press <strong>New quotation</strong>.
  </>
);

/**
 * 'Quotations' (issue 35): every quote of the branch (an admin: every branch or one) by
 * status (?status=, which the dashboard's 'Quotes expiring in 3 days' opens on), searched by
 * number, name or phone, under the month's figures.
 */
export function QuotationsPage() {
  const { isAdmin, branch, setBranch } = useBranchParam();
  const [params, setParams] = useSearchParams();
  const status = quoteStatusOf(params.get('status'));
  const [page, setPage] = useState(1);
  const { searchText, setSearchText, search } = useDebouncedSearch(() => setPage(1));
  const list = useQuotationList({ status, search, branch }, page, PAGE_SIZE);
  const queryClient = useQueryClient();
  const fetching = useIsFetching({ queryKey: quotationKeys.all }) > 0;

  const setStatus = (next: StatusFilter) => {
    const updated = new URLSearchParams(params);
    if (next === 'all') updated.delete('status');
    else updated.set('status', next);
    setParams(updated, { replace: true });
    setPage(1);
  };

  const rows = list.data?.items ?? [];
  const filtered = search !== '' || status !== null;
  return (
    <>
      <PageHeader
        title="Quotations"
        description="Quotes sent to leads and customers, and what became of them."
        actions={
          <RefreshButton
            onClick={() => void queryClient.invalidateQueries({ queryKey: quotationKeys.all })}
            loading={fetching}
          />
        }
      />
      <QuotationSummaryCard branch={branch} showBranch={isAdmin} />
      <Card padded={false}>
        <div className="flex flex-wrap items-center gap-3 border-b border-slate-200 p-4">
          <FilterGroup
            label="Quotation status"
            options={STATUS_OPTIONS}
            value={status ?? 'all'}
            onChange={setStatus}
            wrap
          />
          <ListSearch value={searchText} onChange={setSearchText} />
          {isAdmin ? (
            <BranchChoice
              value={branch}
              onChange={(next) => {
                setBranch(next);
                setPage(1);
              }}
            />
          ) : null}
        </div>
        <ListBody
          query={list}
          failureMessage="Failed to load quotations"
          loadingLabel="Loading quotations..."
          isEmpty={rows.length === 0}
          empty={
            filtered ? (
              <EmptyState
                icon={FileText}
                title="No quotations match"
                description="Try the quote number, the contact's name or phone, or another status."
              />
            ) : (
              <EmptyState icon={FileText} title="No quotations yet" description={START_HINT} />
            )
          }
        >
          <QuotationsTable
            rows={rows}
            showBranch={isAdmin && !branch}
            label={status ? `${statusLabel(status)} quotations` : 'Quotations'}
          />
          <ListPager
            page={page}
            pageSize={PAGE_SIZE}
            total={list.data?.total ?? 0}
            capped={list.data?.capped ?? false}
            noun="quotations"
            onPage={setPage}
          />
        </ListBody>
      </Card>
      {rows.length > 0 ? <p className="mt-4 text-sm text-slate-500">{START_HINT}</p> : null}
    </>
  );
}

function ListSearch({ value, onChange }: { value: string; onChange: (text: string) => void }) {
  return (
    <SearchInput
      value={value}
      onChange={onChange}
      placeholder="Search by number, name or phone"
      label="Search quotations"
      className="w-full max-w-sm"
    />
  );
}
