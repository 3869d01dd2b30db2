import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api-client';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { PageHeader } from '../ui/page-header';
import { RefreshButton } from '../ui/refresh-button';
import { SearchInput } from '../ui/search-input';
import { Loading } from '../ui/spinner';
import { BranchFilter } from './branch-filter';

/** The admin's branch choice over a list; null where the list is the viewer's own branch. */
export type BranchChoice = { value: string | null; onChange: (branch: string) => void } | null;

export interface ListSearch {
  value: string;
  onChange: (text: string) => void;
  placeholder: string;
  /** The accessible name, where the placeholder is not one. */
  label?: string;
  /** Its width (default: full on a phone, up to max-w-sm). */
  className?: string;
}

/** The bar over a list: the page's chips, the search box and, for admins, the branch filter. */
export function ListToolbar({
  chips,
  search,
  branchFilter = null,
}: {
  chips?: ReactNode;
  search: ListSearch;
  branchFilter?: BranchChoice;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3 border-b border-slate-200 p-4">
      {chips}
      <SearchInput
        value={search.value}
        onChange={search.onChange}
        placeholder={search.placeholder}
        {...(search.label ? { label: search.label } : {})}
        className={search.className ?? 'w-full max-w-sm'}
      />
      {branchFilter ? (
        <BranchFilter value={branchFilter.value} onChange={branchFilter.onChange} />
      ) : null}
    </div>
  );
}

const WORK_ORDER_SEARCH = 'Search by customer, phone, order ID, project ID or type';

/** The bar over every work-order list (spec 2 §2), with the work orders' search sentence. */
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
  branchFilter: BranchChoice;
}) {
  return (
    <ListToolbar
      chips={chips}
      search={{
        value: searchText,
        onChange: onSearchText,
        placeholder: WORK_ORDER_SEARCH,
        label: searchLabel,
        className: 'w-full max-w-md',
      }}
      branchFilter={branchFilter}
    />
  );
}

interface ListQuery {
  isError: boolean;
  isPending: boolean;
  error: unknown;
  data?: unknown;
}

export interface ListBodyProps {
  query: ListQuery;
  /** Said when the list could not be loaded and nothing is cached to show. */
  failureMessage: string;
  loadingLabel?: string;
  isEmpty: boolean;
  empty: ReactNode;
  children: ReactNode;
}

/**
 * A list's body by the state of its query: the failure (only when nothing is cached to
 * show), the spinner on first load, the empty state, or the rows.
 */
export function ListBody({
  query,
  failureMessage,
  loadingLabel,
  isEmpty,
  empty,
  children,
}: ListBodyProps) {
  if (query.isError && !query.data) {
    return <Alert className="m-4">{errorMessage(query.error, failureMessage)}</Alert>;
  }
  if (query.isPending) return <Loading {...(loadingLabel ? { label: loadingLabel } : {})} />;
  return isEmpty ? empty : children;
}

/**
 * A list screen: its title with Refresh (and an Add button or other actions), then one card
 * with the toolbar over the list's body (ListBody).
 */
export function ListPageFrame({
  title,
  description,
  refresh,
  add,
  actions,
  toolbar,
  body,
  children,
}: {
  title: string;
  description?: ReactNode;
  refresh?: { onClick: () => void; loading: boolean };
  /** The primary button, with a plus. */
  add?: { label: string; onClick: () => void } | null;
  /** Anything else for the header, after Refresh and Add. */
  actions?: ReactNode;
  toolbar: ReactNode;
  body: Omit<ListBodyProps, 'children'>;
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={
          <>
            {refresh ? <RefreshButton onClick={refresh.onClick} loading={refresh.loading} /> : null}
            {add ? (
              <Button icon={<Plus aria-hidden="true" className="size-4" />} onClick={add.onClick}>
                {add.label}
              </Button>
            ) : null}
            {actions}
          </>
        }
      />
      <Card padded={false}>
        {toolbar}
        <ListBody {...body}>{children}</ListBody>
      </Card>
    </>
  );
}
