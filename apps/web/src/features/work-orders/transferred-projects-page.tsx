import { formatDateTime } from '@karya/domain/format';
import type { WorkOrderDetail } from '@karya/domain/work-order-schemas';
import { Check, Eye, X } from 'lucide-react';
import { useState } from 'react';
import { ListPageFrame, WorkOrderListToolbar } from '../../shared/list-page-frame';
import { useBranchParam, useDebouncedSearch } from '../../shared/use-list-controls';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { ExpandableRow } from '../../ui/expandable-row';
import { ListPager } from '../../ui/list-pager';
import { Table, Td } from '../../ui/table';
import { useManagerProjects } from './api/get-manager-projects';
import { ProjectDetailsModal } from './project-details-modal';
import { ProjectPeopleCells } from './project-row-cells';
import { AcceptTransferDialog, RejectTransferDialog } from './transfer-decision-dialogs';
import { categoryLabel, latestEntry, offers } from './work-order-display';

const PAGE_SIZE = 25;
const TRANSFERRING = ['transferring'] as const;
const COLUMNS = ['S.NO', 'TECHNICIAN', 'CUSTOMER', 'PROJECT', 'REASON', 'REQUESTED'];

type Decision = { order: WorkOrderDetail; kind: 'accept' | 'reject' };

/** Spec 2 §2: the transfer requests of the branch (transferring), oldest first. */
export function TransferredProjectsPage() {
  const { viewer, isAdmin, branch, setBranch } = useBranchParam();
  const [page, setPage] = useState(1);
  const { searchText, setSearchText, search } = useDebouncedSearch(() => setPage(1));
  const [expanded, setExpanded] = useState<string | null>(null);
  const [viewing, setViewing] = useState<WorkOrderDetail | null>(null);
  const [deciding, setDeciding] = useState<Decision | null>(null);

  const projects = useManagerProjects({ branch, statuses: TRANSFERRING, search }, page, PAGE_SIZE);
  const rows = projects.data?.items ?? [];
  const chooseBranch = (value: string) => {
    setBranch(value);
    setPage(1);
  };
  const total = projects.data?.total ?? 0;

  const decide = (order: WorkOrderDetail, kind: Decision['kind']) => {
    setViewing(null);
    setDeciding({ order, kind });
  };
  const decisionButtons = (order: WorkOrderDetail, size: 'sm' | 'md' = 'sm') => (
    <>
      {offers('accept-transfer', order.status, viewer.role) ? (
        <Button
          size={size}
          icon={<Check aria-hidden="true" className="size-4" />}
          onClick={() => decide(order, 'accept')}
        >
          Accept
        </Button>
      ) : null}
      {offers('reject-transfer', order.status, viewer.role) ? (
        <Button
          size={size}
          variant="danger"
          icon={<X aria-hidden="true" className="size-4" />}
          onClick={() => decide(order, 'reject')}
        >
          Reject
        </Button>
      ) : null}
    </>
  );

  return (
    <>
      <ListPageFrame
        title="Transferred Projects"
        description="Projects technicians have stopped and asked to hand over."
        refresh={{ onClick: () => void projects.refetch(), loading: projects.isFetching }}
        toolbar={
          <WorkOrderListToolbar
            searchText={searchText}
            onSearchText={setSearchText}
            searchLabel="Search transferred projects"
            branchFilter={isAdmin ? { value: branch, onChange: chooseBranch } : null}
          />
        }
        body={{
          query: projects,
          failureMessage: 'Failed to fetch transferred projects',
          loadingLabel: 'Loading transferred projects...',
          isEmpty: rows.length === 0,
          empty: (
            <EmptyState
              title={
                search ? 'No transfer requests match your search' : 'No pending transfer requests'
              }
            />
          ),
        }}
      >
        <Table columns={[...COLUMNS, '']} label="Transfer requests" phoneCards>
          {rows.map((order, index) => {
            const reason = latestEntry(order, 'transferring');
            return (
              <ExpandableRow
                key={order._id}
                expanded={expanded === order._id}
                onToggle={() =>
                  setExpanded((current) => (current === order._id ? null : order._id))
                }
                toggleLabel={`Show actions for ${order.orderId}`}
                columnCount={COLUMNS.length}
                cells={
                  <>
                    <ProjectPeopleCells number={(page - 1) * PAGE_SIZE + index + 1} order={order} />
                    <Td>
                      <div className="text-slate-900">{order.projectType}</div>
                      <div className="text-xs text-slate-500">
                        {categoryLabel(order)} · {order.orderId}
                      </div>
                    </Td>
                    <Td label="Reason">
                      <span title={reason?.remark} className="block max-w-56 truncate">
                        {reason?.remark || '—'}
                      </span>
                    </Td>
                    <Td label="Requested">
                      {formatDateTime(reason?.updatedAt ?? order.updatedAt)}
                    </Td>
                  </>
                }
                actions={
                  <div className="w-full space-y-3 py-1 whitespace-normal">
                    <p className="text-sm text-slate-700">
                      <span className="font-medium text-slate-900">Reason for stopping:</span>{' '}
                      {reason?.remark || '—'}
                    </p>
                    <div className="flex flex-wrap gap-2">
                      <Button
                        size="sm"
                        variant="secondary"
                        icon={<Eye aria-hidden="true" className="size-4" />}
                        onClick={() => setViewing(order)}
                      >
                        View Details
                      </Button>
                      {decisionButtons(order)}
                    </div>
                  </div>
                }
              />
            );
          })}
        </Table>
        <ListPager
          page={page}
          pageSize={PAGE_SIZE}
          total={total}
          capped={projects.data?.capped ?? false}
          noun="requests"
          onPage={setPage}
        />
      </ListPageFrame>
      {viewing ? (
        <ProjectDetailsModal
          row={viewing}
          onClose={() => setViewing(null)}
          footer={decisionButtons(viewing, 'md')}
        />
      ) : null}
      {deciding?.kind === 'accept' ? (
        <AcceptTransferDialog order={deciding.order} onClose={() => setDeciding(null)} />
      ) : null}
      {deciding?.kind === 'reject' ? (
        <RejectTransferDialog order={deciding.order} onClose={() => setDeciding(null)} />
      ) : null}
    </>
  );
}
