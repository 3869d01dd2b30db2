import type { ProjectCategory } from '@karya/domain/contact-schemas';
import { formatDate } from '@karya/domain/format';
import type { WorkOrderDetail } from '@karya/domain/work-order-schemas';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { ExportDownload } from '../../shared/export-download';
import { ListPageFrame, WorkOrderListToolbar } from '../../shared/list-page-frame';
import { SendUpdateLink } from '../../shared/send-update-link';
import { SlaBadge } from '../../shared/sla-badge';
import { useBranchParam, useDebouncedSearch } from '../../shared/use-list-controls';
import { WorkOrderStatusPill } from '../../shared/work-order-status-pill';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { ExpandableRow } from '../../ui/expandable-row';
import { ListPager } from '../../ui/list-pager';
import { Table, Td } from '../../ui/table';
import { usePendingWorkOrders } from './api/get-work-orders';
import { AssignTechnicianDialog } from './assign-technician-dialog';
import { FilterChips } from './filter-chips';
import { TransferNotice } from './transfer-notice';
import { categoryLabel, isComplaint, offers } from './work-order-display';

const PAGE_SIZE = 100;

type CategoryFilter = 'all' | 'installations' | 'complaints' | 'maintenance';

const CATEGORY_CHIPS = [
  { value: 'all', label: 'All' },
  { value: 'installations', label: 'New Installations' },
  { value: 'complaints', label: 'Complaints' },
  { value: 'maintenance', label: 'Maintenance' },
] as const;

const COLUMNS = [
  'S.NO',
  'CUSTOMER',
  'PROJECT TYPE',
  'CATEGORY',
  'DATE CREATED',
  'STATUS',
  'TECHNICIAN',
];

/** The server filters by category, so the chips and the pager agree on every page. */
const CATEGORY_OF: Record<CategoryFilter, ProjectCategory | null> = {
  all: null,
  installations: 'New Installation',
  complaints: 'Repair',
  maintenance: 'Maintenance',
};

function categoryParam(params: URLSearchParams): CategoryFilter {
  const asked = params.get('category');
  return CATEGORY_CHIPS.some((chip) => chip.value === asked) ? (asked as CategoryFilter) : 'all';
}

function emptyTitle(search: string, category: CategoryFilter): string {
  if (search) return 'No work orders match your search';
  if (category === 'complaints') return 'No pending complaints';
  if (category === 'installations') return 'No pending new installations';
  if (category === 'maintenance') return 'No pending maintenance visits';
  return 'No pending work orders';
}

/** Spec 2 §2: Pending Work Orders. */
export function PendingWorkOrdersPage() {
  const { viewer, isAdmin, branch, setBranch } = useBranchParam();
  // Issue 37: the dashboard's 'Complaints at risk' opens the list on Complaints (?category=).
  const [params] = useSearchParams();
  const [category, setCategory] = useState<CategoryFilter>(() => categoryParam(params));
  const [page, setPage] = useState(1);
  const { searchText, setSearchText, search } = useDebouncedSearch(() => setPage(1));
  const [expanded, setExpanded] = useState<string | null>(null);
  const [assigning, setAssigning] = useState<WorkOrderDetail | null>(null);

  const orders = usePendingWorkOrders(
    { branch, category: CATEGORY_OF[category], search },
    page,
    PAGE_SIZE,
  );
  const rows = orders.data?.items ?? [];
  const total = orders.data?.total ?? 0;
  const noOrdersAtAll = !search && total === 0;
  const chooseBranch = (value: string) => {
    setBranch(value);
    setPage(1);
  };

  return (
    <>
      <ListPageFrame
        title="Pending Work Orders"
        refresh={{ onClick: () => void orders.refetch(), loading: orders.isFetching }}
        actions={
          <ExportDownload
            choices={[{ kind: 'work-orders', label: 'Work Orders' }]}
            branch={branch}
          />
        }
        toolbar={
          <WorkOrderListToolbar
            chips={
              <FilterChips
                label="Category"
                chips={CATEGORY_CHIPS}
                value={category}
                onChange={(value) => {
                  setCategory(value);
                  setPage(1);
                }}
              />
            }
            searchText={searchText}
            onSearchText={setSearchText}
            searchLabel="Search work orders"
            branchFilter={isAdmin ? { value: branch, onChange: chooseBranch } : null}
          />
        }
        body={{
          query: orders,
          failureMessage: 'Failed to fetch work orders',
          loadingLabel: 'Loading work orders...',
          isEmpty: rows.length === 0,
          empty: (
            <EmptyState
              title={emptyTitle(search, category)}
              description={
                noOrdersAtAll && category === 'all'
                  ? 'Create a work order from the customer details page (Customers → View Details → New Project).'
                  : undefined
              }
            />
          ),
        }}
      >
        {orders.isError ? (
          <Alert tone="warning" className="m-4">
            {errorMessage(orders.error, 'Failed to fetch work orders')}
          </Alert>
        ) : null}
        <Table columns={[...COLUMNS, '']} label="Pending work orders" phoneCards>
          {rows.map((order, index) => (
            <ExpandableRow
              key={order._id}
              expanded={expanded === order._id}
              onToggle={() => setExpanded((current) => (current === order._id ? null : order._id))}
              toggleLabel={`Show details of ${order.orderId}`}
              columnCount={COLUMNS.length}
              cells={
                <>
                  <Td hideOnPhone>{(page - 1) * PAGE_SIZE + index + 1}</Td>
                  <Td>
                    <div className="font-medium text-slate-900">{order.customerName}</div>
                    <div className="text-xs text-slate-500">{order.orderId}</div>
                    {/* Issue 37: a complaint's response clock, under the order's line. */}
                    {order.sla ? (
                      <SlaBadge sla={order.sla} className="mt-1 max-w-xs whitespace-normal" />
                    ) : null}
                  </Td>
                  <Td label="Project type">{order.projectType}</Td>
                  <Td label="Category">{categoryLabel(order)}</Td>
                  <Td label="Date created">{formatDate(order.createdAt)}</Td>
                  <Td>
                    <WorkOrderStatusPill status="pending" />
                  </Td>
                  <Td label="Technician" className="text-slate-500">
                    Not Assigned
                  </Td>
                </>
              }
              actions={
                <PendingOrderDetails
                  order={order}
                  canAssign={offers('assign', order.status, viewer.role)}
                  onAssign={() => setAssigning(order)}
                />
              }
            />
          ))}
        </Table>
        <ListPager
          page={page}
          pageSize={PAGE_SIZE}
          total={total}
          capped={orders.data?.capped ?? false}
          noun="work orders"
          onPage={setPage}
        />
      </ListPageFrame>
      {assigning ? (
        <AssignTechnicianDialog
          order={assigning}
          onClose={() => setAssigning(null)}
          onAssigned={() => {
            setAssigning(null);
            setExpanded(null);
          }}
        />
      ) : null}
    </>
  );
}

function PendingOrderDetails({
  order,
  canAssign,
  onAssign,
}: {
  order: WorkOrderDetail;
  canAssign: boolean;
  onAssign: () => void;
}) {
  return (
    <div className="w-full space-y-3 py-1 whitespace-normal">
      <TransferNotice order={order} />
      <div>
        <h3 className="text-sm font-semibold text-slate-900">
          {isComplaint(order) ? 'Complaint Details' : 'Initial Requirements'}
        </h3>
        <p className="mt-1 text-sm whitespace-pre-line text-slate-700">
          {order.initialRemark || 'No details provided'}
        </p>
      </div>
      {canAssign ? (
        <Button
          size="sm"
          icon={<UserPlus aria-hidden="true" className="size-4" />}
          onClick={onAssign}
        >
          Assign Technician
        </Button>
      ) : null}
      {/* Issue 21: the customer hears the request is booked, with the link to follow it. */}
      <SendUpdateLink order={order} event="workOrderCreated" />
    </div>
  );
}
