import { BRANCH_MESSAGES, type BranchDetail } from '@karya/domain/branch-schemas';
import { formatPhone } from '@karya/domain/phone-rules';
import { fullName } from '@karya/domain/user';
import {
  ArrowLeft,
  Boxes,
  ClipboardList,
  Contact,
  MapPin,
  Pencil,
  UserCheck,
  Users,
} from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useBranch } from '../features/branches/api/get-branch';
import { BranchManagerCard } from '../features/branches/branch-manager-card';
import { EditBranchModal } from '../features/branches/edit-branch-modal';
import { BranchContactsOverview } from '../features/contacts/branch-contacts-overview';
import { ApiError, errorMessage } from '../lib/api-client';
import { stateLabel } from '../shared/state-options';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { EmptyState } from '../ui/empty-state';
import { PageHeader } from '../ui/page-header';
import { Loading } from '../ui/spinner';
import { StatTile } from '../ui/stat-tile';
import { StatusBadge } from '../ui/status-badge';
import { StatusCountsTable } from '../ui/status-counts-table';
import { WithCustomerSections } from './customer-sections';

/** Spec 1 §2.8: Branch Details (GET /get-branch/{id} and the branch's technicians). */
export function BranchDetailsPage() {
  const { branchId = '' } = useParams();
  const branch = useBranch(branchId);

  if (branch.data) return <BranchDetailView branch={branch.data} />;
  if (branch.isPending) return <Loading />;
  const notFound = branch.error instanceof ApiError && branch.error.status === 404;
  return (
    <BranchDetailError
      message={
        notFound
          ? BRANCH_MESSAGES.branchNotFound
          : errorMessage(branch.error, 'Failed to fetch branch details')
      }
    />
  );
}

function BranchDetailError({ message }: { message: string }) {
  const navigate = useNavigate();
  return (
    <Card>
      <EmptyState
        title="Error"
        description={message}
        action={
          <Button
            variant="secondary"
            icon={<ArrowLeft aria-hidden="true" className="size-4" />}
            onClick={() => navigate('/branches')}
          >
            Back to Branches
          </Button>
        }
      />
    </Card>
  );
}

function BranchDetailView({ branch }: { branch: BranchDetail }) {
  const [editing, setEditing] = useState(false);
  const technicians = branch.techniciansOverview;
  const query = `?branch=${branch._id}`;
  const creator = branch.createdBy
    ? `${branch.createdBy.firstName} ${branch.createdBy.lastName}`.trim()
    : '—';

  return (
    <>
      <PageHeader
        title="Branch Details"
        actions={
          <>
            <Link to="/branches" className="text-sm font-medium text-blue-600 hover:underline">
              Back to Branches
            </Link>
            <Button
              variant="secondary"
              icon={<Pencil aria-hidden="true" className="size-4" />}
              onClick={() => setEditing(true)}
            >
              Edit Branch
            </Button>
          </>
        }
      />
      <div className="space-y-6">
        <div className="grid gap-4 lg:grid-cols-3">
          <Card className="lg:col-span-2">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div>
                <h2 className="text-xl font-semibold text-slate-900">{branch.name}</h2>
                <p className="mt-1 flex items-center gap-1 text-sm text-slate-500">
                  <MapPin aria-hidden="true" className="size-4" />
                  {branch.location || 'No location specified'}
                </p>
              </div>
              <StatusBadge status={branch.status} />
            </div>
            <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-slate-500">Created by</dt>
                <dd className="font-medium text-slate-900">{creator}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Address</dt>
                <dd className="font-medium text-slate-900">{branch.address || '—'}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Phone</dt>
                <dd className="font-medium text-slate-900">{formatPhone(branch.phone) || '—'}</dd>
              </div>
              <div>
                <dt className="text-slate-500">UPI payment</dt>
                <dd className="font-medium text-slate-900">{upiPayee(branch)}</dd>
              </div>
              <div>
                <dt className="text-slate-500">GSTIN</dt>
                <dd className="font-medium text-slate-900">
                  {branch.gstin ? (
                    <span className="font-mono">{branch.gstin}</span>
                  ) : (
                    'Not registered (issues a Bill of Supply)'
                  )}
                </dd>
              </div>
              <div>
                <dt className="text-slate-500">State</dt>
                <dd className="font-medium text-slate-900">{stateLabel(branch.stateCode)}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Invoice series</dt>
                <dd className="font-medium text-slate-900">
                  {branch.invoicePrefix ?? 'Taken from the branch name at the first invoice'}
                </dd>
              </div>
            </dl>
          </Card>
          <BranchManagerCard manager={branch.managerInfo} />
        </div>

        <div className="grid grid-cols-2 gap-4 md:grid-cols-5">
          <StatTile
            label="Leads and Customers"
            value={branch.leadsAndCustomers}
            icon={Contact}
            to={`/contacts${query}`}
          />
          <StatTile label="Stock" value={branch.stock} icon={Boxes} to={`/inventory${query}`} />
          <StatTile label="Technicians" value={branch.technicians} icon={Users} />
          <StatTile
            label="Work Orders"
            value={branch.workOrders}
            icon={ClipboardList}
            to={`/work-orders${query}`}
          />
          <StatTile
            label="Assigned"
            value={branch.assigned}
            icon={UserCheck}
            to={`/manager-dashboard${query}`}
          />
        </div>

        <WithCustomerSections>
          <BranchContactsOverview branchId={branch._id} />
        </WithCustomerSections>

        <Card
          title="Technicians Overview"
          padded={false}
          actions={
            <Link
              to={`/users/technicians${query}`}
              className="text-sm font-medium text-blue-600 hover:underline"
            >
              View All
            </Link>
          }
        >
          {technicians.rows.length === 0 ? (
            <EmptyState title="No technicians found for this branch." />
          ) : (
            <StatusCountsTable
              rows={technicians.rows}
              total={technicians.total}
              label="Technicians Overview"
              nameOf={fullName}
              statusCell={(row) => <StatusBadge status={row.status} />}
            />
          )}
        </Card>
      </div>
      {editing ? <EditBranchModal branch={branch} onClose={() => setEditing(false)} /> : null}
    </>
  );
}

function upiPayee(branch: BranchDetail): string {
  if (!branch.upiVpa) return 'Default UPI ID';
  return branch.upiName ? `${branch.upiName} (${branch.upiVpa})` : branch.upiVpa;
}
