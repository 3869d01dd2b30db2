import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api-client';
import { Alert } from '../ui/alert';
import { SearchInput } from '../ui/search-input';
import { Loading } from '../ui/spinner';
import { BranchFilter } from './branch-filter';

const SEARCH_PLACEHOLDER = 'Search by customer, phone, order ID, project ID or type';

/**
 * The bar over every work-order list (spec 2 §2): the page's chips, the search box and, for
 * admins, the branch filter.
 */
export function WorkOrderListToolbar({
  chips,
  searchText,
  onSearchText,
  searchLabel,
  branchFilter,
}: {
  chips?: ReactNode;
  searchText: string;
  onSearchText: (text: string) => void;
  searchLabel: string;
  /** Only for admins: managers are always on their own branch. */
  branchFilter: { value: string | null; onChange: (branch: string) => void } | null;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3 border-b border-slate-200 p-4">
      {chips}
      <SearchInput
        value={searchText}
        onChange={onSearchText}
        placeholder={SEARCH_PLACEHOLDER}
        label={searchLabel}
        className="w-full max-w-md"
      />
      {branchFilter ? (
        <BranchFilter value={branchFilter.value} onChange={branchFilter.onChange} />
      ) : null}
    </div>
  );
}

interface ListQuery {
  isError: boolean;
  isPending: boolean;
  error: unknown;
  data?: unknown;
}

/**
 * A list's body by the state of its query: the failure (only when nothing is cached to
 * show), the spinner on first load, the empty state, or the rows.
 */
export function WorkOrderListBody({
  query,
  failureMessage,
  loadingLabel,
  isEmpty,
  empty,
  children,
}: {
  query: ListQuery;
  failureMessage: string;
  loadingLabel: string;
  isEmpty: boolean;
  empty: ReactNode;
  children: ReactNode;
}) {
  if (query.isError && !query.data) {
    return <Alert className="m-4">{errorMessage(query.error, failureMessage)}</Alert>;
  }
  if (query.isPending) return <Loading label={loadingLabel} />;
  return isEmpty ? empty : children;
}
