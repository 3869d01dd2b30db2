import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { FileSignature } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { BranchFilter } from '../../shared/branch-filter';
import { ExportDownload } from '../../shared/export-download';
import { ListPageFrame } from '../../shared/list-page-frame';
import { useBranchParam, useDebouncedSearch } from '../../shared/use-list-controls';
import { EmptyState } from '../../ui/empty-state';
import { FilterGroup } from '../../ui/filter-group';
import { ListPager } from '../../ui/list-pager';
import { SearchInput } from '../../ui/search-input';
import {
  CONTRACT_VIEW_LABELS,
  CONTRACT_VIEWS,
  type ContractView,
  contractViewOf,
  EMPTY_VIEW_TEXT,
} from './amc-display';
import { AmcReportCard } from './amc-report-card';
import { amcKeys } from './api/amc-keys';
import { useContracts, useOverdueVisits } from './api/get-contracts';
import { ContractsTable } from './contracts-table';
import { NewContractDialog } from './new-contract-dialog';
import { OverdueVisitsTable } from './overdue-visits-table';

const PAGE_SIZE = 25;

const VIEW_OPTIONS = CONTRACT_VIEWS.map((view) => ({
  value: view,
  label: CONTRACT_VIEW_LABELS[view],
}));

/**
 * 'Maintenance Contracts' (issue 23): the branch's AMCs by status, with the active ones
 * ending within 30 days under 'Renewals due'; a manager sees their branch, an admin every
 * branch or one. 'New contract' (or ?offer=<order>&customer=<id>, from a completed
 * installation's 'Offer AMC') opens the dialog; this month's figures per branch sit below.
 */
export function MaintenanceContractsPage() {
  const { isAdmin, branch, setBranch } = useBranchParam();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const view = contractViewOf(params.get('view'));
  const [page, setPage] = useState(1);
  const { searchText, setSearchText, search } = useDebouncedSearch(() => setPage(1));
  const contracts = useContracts({ view, branch, search }, page, PAGE_SIZE);
  const searching = search !== '' && view !== 'overdue';
  const overdue = useOverdueVisits(branch, page, PAGE_SIZE, view === 'overdue');
  const shown = view === 'overdue' ? overdue : contracts;
  const queryClient = useQueryClient();
  const fetching = useIsFetching({ queryKey: amcKeys.all }) > 0;
  const offerOrderId = params.get('offer');
  const offerCustomerId = params.get('customer');
  const [creating, setCreating] = useState(false);

  const setView = (next: ContractView) => {
    const updated = new URLSearchParams(params);
    if (next === 'active') updated.delete('view');
    else updated.set('view', next);
    setParams(updated, { replace: true });
    setPage(1);
  };
  const closeDialog = () => {
    setCreating(false);
    if (offerOrderId || offerCustomerId) {
      const updated = new URLSearchParams(params);
      updated.delete('offer');
      updated.delete('customer');
      setParams(updated, { replace: true });
    }
  };

  const rows = contracts.data?.items ?? [];
  const visits = overdue.data?.items ?? [];
  const empty = EMPTY_VIEW_TEXT[view];
  return (
    <>
      <ListPageFrame
        title="Maintenance Contracts"
        description="Annual maintenance contracts: their visits, renewals and what they earn."
        refresh={{
          onClick: () => void queryClient.invalidateQueries({ queryKey: amcKeys.all }),
          loading: fetching,
        }}
        add={{ label: 'New contract', onClick: () => setCreating(true) }}
        actions={
          <ExportDownload
            choices={[{ kind: 'amc-contracts', label: 'AMC Contracts' }]}
            branch={branch}
          />
        }
        toolbar={
          <div className="flex flex-wrap items-center gap-3 border-b border-slate-200 p-4">
            <FilterGroup
              label="Contract status"
              options={VIEW_OPTIONS}
              value={view}
              onChange={setView}
              wrap
            />
            {view === 'overdue' ? null : (
              <SearchInput
                value={searchText}
                onChange={setSearchText}
                placeholder="Search by customer, phone or contract number"
                label="Search contracts"
                className="w-full max-w-sm"
              />
            )}
            {isAdmin ? (
              <BranchFilter
                value={branch}
                onChange={(next) => {
                  setBranch(next);
                  setPage(1);
                }}
              />
            ) : null}
          </div>
        }
        body={{
          query: shown,
          failureMessage: 'Failed to load maintenance contracts',
          loadingLabel: 'Loading maintenance contracts...',
          isEmpty: view === 'overdue' ? visits.length === 0 : rows.length === 0,
          empty: (
            <EmptyState
              icon={FileSignature}
              title={searching ? 'No contracts match your search' : empty.title}
              description={
                searching
                  ? 'Try the customer’s name, phone or the contract number.'
                  : empty.description
              }
            />
          ),
        }}
      >
        {view === 'overdue' ? (
          <OverdueVisitsTable rows={visits} showBranch={isAdmin && !branch} />
        ) : (
          <ContractsTable
            rows={rows}
            showBranch={isAdmin && !branch}
            label={`${CONTRACT_VIEW_LABELS[view]} contracts`}
          />
        )}
        <ListPager
          page={page}
          pageSize={PAGE_SIZE}
          total={shown.data?.total ?? 0}
          capped={shown.data?.capped ?? false}
          noun={view === 'overdue' ? 'visits' : 'contracts'}
          onPage={setPage}
        />
      </ListPageFrame>
      <AmcReportCard branch={branch} />
      {creating || offerOrderId || offerCustomerId ? (
        <NewContractDialog
          offer={
            offerCustomerId ? { customerId: offerCustomerId, orderId: offerOrderId ?? '' } : null
          }
          onClose={closeDialog}
          onCreated={(contract) => navigate(`/maintenance-contracts/${contract._id}`)}
        />
      ) : null}
    </>
  );
}
