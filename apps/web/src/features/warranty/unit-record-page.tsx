import { WORK_ORDER_STATUSES, type WorkOrderStatus } from '@karya/domain/contact-schemas';
import { formatDateTime } from '@karya/domain/format';
import { type Replacement, WARRANTY_MESSAGES } from '@karya/domain/warranty-schemas';
import { ArrowLeft, Eye, MapPin, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { useSessionUser } from '../../lib/use-session-user';
import { WorkOrderStatusPill } from '../../shared/work-order-status-pill';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { PageHeader } from '../../ui/page-header';
import { RefreshButton } from '../../ui/refresh-button';
import { Loading } from '../../ui/spinner';
import { Table, Td } from '../../ui/table';
import { useUnitRecord } from './api/get-unit-record';
import { ReplacementDetailModal } from './replacement-detail-modal';
import { ReplacementStatusPill } from './replacement-status-pill';
import { SerialChain } from './serial-chain';
import { UnitTimeline } from './unit-timeline';
import { locationLabel } from './warranty-display';
import { WarrantyStatusCard } from './warranty-status-card';

const COMPLAINT_COLUMNS = ['ORDER ID', 'PROJECT', 'CREATED', 'TECHNICIAN', 'STATUS'];

const LINK_BUTTON =
  'inline-flex h-10 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';

const isWorkOrderStatus = (status: string): status is WorkOrderStatus =>
  (WORK_ORDER_STATUSES as readonly string[]).includes(status);

/**
 * Issue 13 'the installed-unit record': from any serial, where the unit is now and everything
 * that happened to it (stock in, assignments, bill, installation, complaints, replacements).
 */
export function UnitRecordPage() {
  const { serial = '' } = useParams();
  const viewer = useSessionUser();
  const record = useUnitRecord(serial);
  const [viewing, setViewing] = useState<Replacement | null>(null);
  const data = record.data;

  return (
    <>
      <PageHeader
        title="Unit Record"
        description={<span className="font-mono">S/N {serial}</span>}
        actions={
          <>
            <Link
              to={`/replacement-warranty?serial=${encodeURIComponent(serial)}`}
              className={LINK_BUTTON}
            >
              <ArrowLeft aria-hidden="true" className="size-4" />
              Replacement Warranty
            </Link>
            <RefreshButton onClick={() => void record.refetch()} loading={record.isFetching} />
          </>
        }
      />
      {record.isPending ? (
        <Loading label="Loading unit record..." />
      ) : record.isError && !data ? (
        <Alert>{errorMessage(record.error, WARRANTY_MESSAGES.productNotFound)}</Alert>
      ) : data ? (
        <div className="space-y-6">
          <div className="grid gap-6 lg:grid-cols-3">
            <div className="lg:col-span-2">
              <WarrantyStatusCard status={data.status} showBranch={viewer.role === 'admin'} />
            </div>
            <section
              aria-labelledby="unit-place-heading"
              className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
            >
              <h2 id="unit-place-heading" className="text-base font-semibold text-slate-900">
                Where it is now
              </h2>
              <p className="mt-3 flex items-start gap-2 text-base font-medium text-slate-900">
                <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-blue-600" />
                <span className="min-w-0 break-words">{data.place}</span>
              </p>
              <p className="mt-1 pl-7 text-sm text-slate-500">
                {locationLabel(data.status.location)}
              </p>
            </section>
          </div>
          <Card title="Timeline">
            <UnitTimeline events={data.events} />
          </Card>
          <Card title="Complaints" padded={false}>
            {data.complaints.length === 0 ? (
              <p className="p-4 text-sm text-slate-500">No complaints on this installation</p>
            ) : (
              <Table columns={COMPLAINT_COLUMNS} label="Complaints">
                {data.complaints.map((complaint) => (
                  <tr key={complaint.orderId}>
                    <Td className="font-medium text-slate-900">{complaint.orderId}</Td>
                    <Td>{complaint.projectType}</Td>
                    <Td>{formatDateTime(complaint.createdAt)}</Td>
                    <Td>{complaint.technicianName ?? 'Not Assigned'}</Td>
                    <Td>
                      {isWorkOrderStatus(complaint.status) ? (
                        <WorkOrderStatusPill status={complaint.status} />
                      ) : (
                        complaint.status
                      )}
                    </Td>
                  </tr>
                ))}
              </Table>
            )}
          </Card>
          <Card
            title="Warranty Replacement"
            actions={
              data.replacement ? (
                <Button
                  size="sm"
                  variant="secondary"
                  icon={<Eye aria-hidden="true" className="size-4" />}
                  onClick={() => setViewing(data.replacement)}
                >
                  View Replacement
                </Button>
              ) : null
            }
          >
            {data.replacement ? (
              <div className="space-y-3">
                <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
                  <ReplacementStatusPill status={data.replacement.status} />
                  <span>
                    {data.replacement.issues.length} issue
                    {data.replacement.issues.length === 1 ? '' : 's'} · registered{' '}
                    {formatDateTime(data.replacement.registeredAt)}
                  </span>
                </div>
                <SerialChain record={data.replacement} />
              </div>
            ) : (
              <p className="flex items-center gap-2 text-sm text-slate-500">
                <ShieldCheck aria-hidden="true" className="size-4" />
                No warranty replacements
              </p>
            )}
          </Card>
        </div>
      ) : null}
      {viewing ? (
        <ReplacementDetailModal record={viewing} onClose={() => setViewing(null)} />
      ) : null}
    </>
  );
}
