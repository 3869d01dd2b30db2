import { formatPhone } from '@karya/domain/phone-rules';
import { fullName } from '@karya/domain/user';
import {
  ArrowLeft,
  ArrowLeftRight,
  CheckCircle2,
  ClipboardList,
  Clock,
  Mail,
  Phone,
  Send,
  UserCheck,
  Users,
} from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { PageHeader } from '../../ui/page-header';
import { Loading } from '../../ui/spinner';
import { StatTile } from '../../ui/stat-tile';
import { StatusBadge } from '../../ui/status-badge';
import { StatusCountsTable } from '../../ui/status-counts-table';
import { type ManagerDetail, useManagerDetail } from './api/get-manager-detail';

/** Spec 1 §2.6: Manager Details. */
export function ManagerDetailsPage() {
  const { managerId = '' } = useParams();
  const detail = useManagerDetail(managerId);

  if (detail.data) return <ManagerDetailView detail={detail.data} />;
  if (detail.isError) {
    const notFound = detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <ManagerDetailError
        message={
          notFound
            ? 'Manager not found'
            : errorMessage(detail.error, 'Failed to fetch manager details')
        }
      />
    );
  }
  return <Loading />;
}

function ManagerDetailError({ message }: { message: string }) {
  const navigate = useNavigate();
  return (
    <Card>
      <EmptyState
        title="Error"
        description={message || 'Manager not found'}
        action={
          <Button
            variant="secondary"
            icon={<ArrowLeft aria-hidden="true" className="size-4" />}
            onClick={() => navigate('/users/managers')}
          >
            Back to Managers
          </Button>
        }
      />
    </Card>
  );
}

function ManagerDetailView({ detail }: { detail: ManagerDetail }) {
  const { manager, branch, team, performance } = detail;
  const branchQuery = branch ? `?branch=${branch._id}` : '';

  return (
    <>
      <PageHeader
        title="Manager Details"
        actions={
          <Link to="/users/managers" className="text-sm font-medium text-blue-600 hover:underline">
            Back to Managers
          </Link>
        }
      />
      <div className="space-y-6">
        <Card>
          <div className="flex flex-wrap items-center gap-4">
            <span
              aria-hidden="true"
              className="flex size-16 items-center justify-center rounded-full bg-blue-600 text-2xl font-semibold text-white"
            >
              {manager.firstName.charAt(0).toUpperCase()}
            </span>
            <div className="min-w-0 flex-1">
              <h2 className="text-xl font-semibold text-slate-900">{fullName(manager)}</h2>
              <p className="text-sm text-slate-500">
                {branch ? `Manager at ${branch.name} Branch` : 'No Branch'}
              </p>
            </div>
            <StatusBadge status={manager.status} />
          </div>
          <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
            <div className="flex items-center gap-2">
              <Mail aria-hidden="true" className="size-4 text-slate-400" />
              <dt className="sr-only">Email</dt>
              <dd>
                <a href={`mailto:${manager.email}`} className="text-blue-600 hover:underline">
                  {manager.email}
                </a>
              </dd>
            </div>
            <div className="flex items-center gap-2">
              <Phone aria-hidden="true" className="size-4 text-slate-400" />
              <dt className="sr-only">Phone</dt>
              <dd>{formatPhone(manager.phone) || 'Not provided'}</dd>
            </div>
          </dl>
        </Card>

        <section aria-labelledby="branch-performance">
          <h2 id="branch-performance" className="mb-3 text-lg font-semibold text-slate-900">
            Branch Performance
          </h2>
          <div className="grid grid-cols-2 gap-4 md:grid-cols-4">
            <StatTile label="Team Size" value={performance.teamSize} icon={Users} />
            <StatTile
              label="Work Orders"
              value={performance.workOrders}
              icon={ClipboardList}
              to={`/work-orders${branchQuery}`}
            />
            <StatTile
              label="Assigned"
              value={performance.assigned}
              icon={UserCheck}
              to={`/manager-dashboard${branchQuery}`}
            />
            <StatTile
              label="Pending Approval"
              value={performance.pendingApproval}
              icon={Clock}
              to={`/manager-dashboard${branchQuery}`}
            />
            <StatTile
              label="Completed"
              value={performance.completed}
              icon={CheckCircle2}
              to={`/manager-dashboard${branchQuery}`}
            />
            <StatTile
              label="Transferring"
              value={performance.transferring}
              icon={ArrowLeftRight}
              to={`/manager-dashboard${branchQuery}`}
            />
            <StatTile
              label="Transferred"
              value={performance.transferred}
              icon={Send}
              to={`/manager-dashboard${branchQuery}`}
            />
          </div>
        </section>

        <Card title="Team Overview" padded={false}>
          {team.length === 0 ? (
            <EmptyState title="No team members found for this branch." />
          ) : (
            <StatusCountsTable rows={team} label="Team Overview" nameOf={fullName} />
          )}
        </Card>
      </div>
    </>
  );
}
