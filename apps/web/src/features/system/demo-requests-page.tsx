import { formatDateTime } from '@karya/domain/format';
import { formatPhone } from '@karya/domain/phone-rules';
import {
  DEMO_REQUEST_MESSAGES,
  type DemoRequest,
  type DemoRequestStatusFilter,
} from '@karya/domain/system-schemas';
import { PhoneIncoming } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { cx } from '../../lib/class-names';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { FilterGroup } from '../../ui/filter-group';
import { useNotify } from '../../ui/notification-context';
import { PageHeader } from '../../ui/page-header';
import { RefreshButton } from '../../ui/refresh-button';
import { Loading } from '../../ui/spinner';
import { Table, Td } from '../../ui/table';
import { useDemoRequests } from './api/get-demo-requests';
import { useMarkDemoRequestContacted } from './api/mark-demo-request-contacted';
import { ConvertDemoRequestModal } from './convert-demo-request-modal';

const FILTERS: ReadonlyArray<{ value: DemoRequestStatusFilter; label: string }> = [
  { value: 'new', label: 'New' },
  { value: 'contacted', label: 'Contacted' },
  { value: 'converted', label: 'Converted' },
  { value: 'all', label: 'All' },
];

const EMPTY: Record<DemoRequestStatusFilter, string> = {
  new: 'No new demo requests.',
  contacted: 'No contacted demo requests.',
  converted: 'No converted demo requests.',
  all: 'No demo requests yet.',
};

const STATUS_STYLES: Record<DemoRequest['status'], string> = {
  new: 'bg-blue-100 text-blue-800',
  contacted: 'bg-yellow-100 text-yellow-800',
  converted: 'bg-green-100 text-green-800',
};

const LANGUAGES: Record<DemoRequest['language'], string> = { 'hi-Latn': 'Hinglish', en: 'English' };

/**
 * The admin's Demo Requests: visitors of the landing page who left their mobile number. The
 * admin calls them (Mark contacted) and hands them to a branch (Convert to Lead).
 */
export function DemoRequestsPage() {
  const [status, setStatus] = useState<DemoRequestStatusFilter>('new');
  const requests = useDemoRequests(status);
  const [converting, setConverting] = useState<DemoRequest | null>(null);

  return (
    <>
      <PageHeader
        title="Demo Requests"
        description="Visitors of the public page who asked for a demo."
        actions={
          <RefreshButton onClick={() => void requests.refetch()} loading={requests.isFetching} />
        }
      />
      <div className="mb-4 overflow-x-auto">
        <FilterGroup label="Status" options={FILTERS} value={status} onChange={setStatus} />
      </div>
      <Card padded={false}>
        {requests.isError && !requests.data ? (
          <div className="p-4">
            <Alert>{errorMessage(requests.error, 'Server error. Please try again later.')}</Alert>
          </div>
        ) : requests.isPending ? (
          <Loading label="Loading demo requests..." />
        ) : requests.data.items.length === 0 ? (
          <EmptyState title={EMPTY[status]} icon={PhoneIncoming} />
        ) : (
          <Table
            label="Demo Requests"
            columns={['Requested', 'Name', 'Mobile', 'City', 'Language', 'Status', 'Actions']}
          >
            {requests.data.items.map((request) => (
              <DemoRequestRow key={request._id} request={request} onConvert={setConverting} />
            ))}
          </Table>
        )}
      </Card>
      {converting ? (
        <ConvertDemoRequestModal request={converting} onClose={() => setConverting(null)} />
      ) : null}
    </>
  );
}

function DemoRequestRow({
  request,
  onConvert,
}: {
  request: DemoRequest;
  onConvert: (request: DemoRequest) => void;
}) {
  const notify = useNotify();
  const markContacted = useMarkDemoRequestContacted();
  return (
    <tr>
      <Td>
        {formatDateTime(request.lastRequestedAt)}
        {request.requestCount > 1 ? (
          <span className="ml-1 text-xs text-slate-500">({request.requestCount} times)</span>
        ) : null}
      </Td>
      <Td>{request.name || <span className="text-slate-400">Not given</span>}</Td>
      <Td>
        <a
          href={`tel:${request.phoneNumber.replace(/[^\d+]/g, '')}`}
          className="text-blue-600 hover:underline"
        >
          {formatPhone(request.phoneNumber)}
        </a>
      </Td>
      <Td>{request.city || <span className="text-slate-400">—</span>}</Td>
      <Td>{LANGUAGES[request.language]}</Td>
      <Td>
        <span
          className={cx(
            'inline-flex rounded-full px-2 py-0.5 text-xs font-medium capitalize',
            STATUS_STYLES[request.status],
          )}
        >
          {request.status}
        </span>
        {request.contactedBy && request.status === 'contacted' ? (
          <span className="ml-1 text-xs text-slate-500">by {request.contactedBy.firstName}</span>
        ) : null}
      </Td>
      <Td>
        {request.lead ? (
          <Link
            to={`/contacts?branch=${encodeURIComponent(request.lead.branch._id)}`}
            className="text-sm text-blue-600 hover:underline"
          >
            Lead in {request.lead.branch.name}
          </Link>
        ) : (
          <div className="flex gap-2">
            {request.status === 'new' ? (
              <Button
                size="sm"
                variant="secondary"
                loading={markContacted.isPending}
                onClick={() =>
                  markContacted.mutate(request._id, {
                    onSuccess: () => notify.success(DEMO_REQUEST_MESSAGES.markedContacted),
                    onError: (error) =>
                      notify.error(errorMessage(error, 'Server error. Please try again.')),
                  })
                }
              >
                Mark contacted
              </Button>
            ) : null}
            <Button size="sm" onClick={() => onConvert(request)}>
              Convert to Lead
            </Button>
          </div>
        )}
      </Td>
    </tr>
  );
}
