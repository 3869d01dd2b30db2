import type { AmcContractDetail, AmcVisit } from '@karya/domain/amc-schemas';
import { dayMonthYear } from '@karya/domain/day-text';
import { formatDateTime } from '@karya/domain/format';
import { formatPhone } from '@karya/domain/phone-rules';
import { ArrowLeft, CalendarClock, MessageCircle } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { rupees } from '../../lib/money';
import { useCustomerSections } from '../../shared/customer-sections';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { DetailGrid } from '../../ui/detail-grid';
import { EmptyState } from '../../ui/empty-state';
import { useNotify } from '../../ui/notification-context';
import { PageHeader } from '../../ui/page-header';
import { RefreshButton } from '../../ui/refresh-button';
import { Loading } from '../../ui/spinner';
import { StatusPill } from '../../ui/status-pill';
import { Table, Td } from '../../ui/table';
import { ActivateContractDialog } from './activate-contract-dialog';
import {
  BILLING_LABELS,
  CONTRACT_STATUS_LABELS,
  CONTRACT_STATUS_TONES,
  COVERAGE_LABELS,
  dayText,
  frequencyWithCount,
  termMonthsText,
  termText,
  VISIT_STATE_LABELS,
  VISIT_STATE_TONES,
} from './amc-display';
import { useRenewContract } from './api/contract-changes';
import { useContract } from './api/get-contract';
import { CancelContractDialog, MoveVisitDialog } from './contract-dialogs';
import { ContractInvoicesTable } from './contract-invoices';
import { NewContractDialog } from './new-contract-dialog';
import { RenewalReminderDialog } from './renewal-reminder-dialog';

/**
 * One maintenance contract (issue 23): what it covers, its term and value, its invoices and
 * its visits with where each stands, and what can be done at its status: activate a draft,
 * move a visit, renew, remind the customer of the renewal, cancel.
 */
export function MaintenanceContractPage() {
  const { contractId = '' } = useParams();
  const contract = useContract(contractId);
  return (
    <>
      <Link
        to="/maintenance-contracts"
        className="mb-3 inline-flex items-center gap-1 text-sm text-blue-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Maintenance Contracts
      </Link>
      {contract.data ? (
        <ContractView
          contract={contract.data}
          refresh={{ onClick: () => void contract.refetch(), loading: contract.isFetching }}
          stale={contract.isError ? errorMessage(contract.error, 'Could not refresh') : null}
        />
      ) : contract.isError ? (
        <>
          <PageHeader title="Maintenance Contract" />
          <Alert>{errorMessage(contract.error, 'Failed to load the contract')}</Alert>
        </>
      ) : (
        <Loading label="Loading the contract..." />
      )}
    </>
  );
}

type Dialog =
  | 'edit'
  | 'cancel'
  | 'reminder'
  | 'activate'
  | { move: AmcVisit }
  | { workOrder: string }
  | null;

function ContractView({
  contract,
  refresh,
  stale,
}: {
  contract: AmcContractDetail;
  refresh: { onClick: () => void; loading: boolean };
  stale: string | null;
}) {
  const notify = useNotify();
  const navigate = useNavigate();
  const { WorkOrderDetails } = useCustomerSections();
  const [dialog, setDialog] = useState<Dialog>(null);
  const renew = useRenewContract(contract._id);
  const { status } = contract;
  const renewable = (status === 'active' || status === 'expired') && !contract.renewedById;
  // A renewal still in draft waits for the customer's yes: reminding them is the point.
  const remindable =
    (status === 'active' || status === 'expired') &&
    (contract.renewalDue || status === 'expired') &&
    (!contract.renewedBy || contract.renewedBy.status === 'draft');

  const onRenew = () =>
    renew.mutate(undefined, {
      onSuccess: (next) => {
        notify.success('Renewal created as a draft');
        navigate(`/maintenance-contracts/${next._id}`);
      },
      onError: (error) => notify.error(errorMessage(error, 'Could not renew the contract')),
    });

  return (
    <>
      <PageHeader
        title={`Contract ${contract.contractNumber}`}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            {contract.customer.name} · {contract.branch.name}
            <StatusPill tone={CONTRACT_STATUS_TONES[status]}>
              {CONTRACT_STATUS_LABELS[status]}
            </StatusPill>
            {contract.renewalDue ? <StatusPill tone="orange">Renewal due</StatusPill> : null}
          </span>
        }
        actions={
          <>
            <RefreshButton onClick={refresh.onClick} loading={refresh.loading} />
            {status === 'draft' ? (
              <Button variant="secondary" onClick={() => setDialog('edit')}>
                Edit
              </Button>
            ) : null}
            {status === 'draft' ? (
              <Button onClick={() => setDialog('activate')}>Activate</Button>
            ) : null}
            {renewable ? (
              <Button
                variant={contract.renewalDue || status === 'expired' ? 'primary' : 'secondary'}
                onClick={onRenew}
                loading={renew.isPending}
                loadingText="Renewing..."
              >
                Renew
              </Button>
            ) : null}
            {remindable ? (
              <Button
                variant="secondary"
                icon={<MessageCircle aria-hidden="true" className="size-4 text-green-600" />}
                onClick={() => setDialog('reminder')}
              >
                Send renewal reminder
              </Button>
            ) : null}
            {status === 'draft' || status === 'active' ? (
              <Button variant="danger" onClick={() => setDialog('cancel')}>
                Cancel contract
              </Button>
            ) : null}
          </>
        }
      />
      <div className="space-y-6">
        {stale ? <Alert tone="warning">{stale}</Alert> : null}
        {status === 'draft' ? (
          <Alert tone="info">
            This contract is a draft: its visits are scheduled and it is invoiced when you activate
            it.
          </Alert>
        ) : null}
        {status === 'cancelled' && contract.cancellationReason ? (
          <Alert tone="warning">
            Cancelled{contract.cancelledAt ? ` on ${formatDateTime(contract.cancelledAt)}` : ''}:{' '}
            {contract.cancellationReason}
          </Alert>
        ) : null}
        <Card title="Contract">
          <DetailGrid items={contractFacts(contract)} />
        </Card>
        <Card title="Visits" padded={false}>
          {contract.visits.length === 0 ? (
            <EmptyState
              icon={CalendarClock}
              title="No visits scheduled yet"
              description="The visits are laid out over the term when the contract is activated."
            />
          ) : (
            <VisitsTable
              contract={contract}
              onMove={(visit) => setDialog({ move: visit })}
              onOpenOrder={(orderId) => setDialog({ workOrder: orderId })}
            />
          )}
        </Card>
        <Card title="Invoices" padded={false}>
          {contract.invoices.length === 0 ? (
            <EmptyState
              title="No invoices yet"
              description={
                status === 'draft'
                  ? 'The contract is invoiced when it is activated.'
                  : 'This contract has no invoice.'
              }
            />
          ) : (
            <ContractInvoicesTable contract={contract} />
          )}
        </Card>
      </div>
      {dialog === 'edit' ? (
        <NewContractDialog
          offer={null}
          editing={contract}
          onClose={() => setDialog(null)}
          onCreated={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'activate' ? (
        <ActivateContractDialog contract={contract} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'cancel' ? (
        <CancelContractDialog contract={contract} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'reminder' ? (
        <RenewalReminderDialog contract={contract} onClose={() => setDialog(null)} />
      ) : null}
      {dialog && typeof dialog === 'object' && 'move' in dialog ? (
        <MoveVisitDialog contract={contract} visit={dialog.move} onClose={() => setDialog(null)} />
      ) : null}
      {dialog && typeof dialog === 'object' && 'workOrder' in dialog ? (
        <WorkOrderDetails
          customerId={contract.customer._id}
          orderId={dialog.workOrder}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </>
  );
}

function contractFacts(contract: AmcContractDetail): Array<readonly [string, ReactNode]> {
  const facts: Array<readonly [string, ReactNode]> = [
    [
      'Customer',
      `${contract.customer.name}${contract.customer.phoneNumber ? ` · ${formatPhone(contract.customer.phoneNumber)}` : ''}`,
    ],
    ['Covered installation', contract.projectType || '—'],
    [
      'Installation order',
      contract.installation
        ? `${contract.installation.projectId} · ${contract.installation.orderId}`
        : '—',
    ],
    ['Serial numbers', contract.serialNumbers.length ? contract.serialNumbers.join(', ') : '—'],
    [
      'Term',
      `${termText(contract.startDate, contract.endDate)} (${termMonthsText(contract.termMonths)})`,
    ],
    ['Visits', frequencyWithCount(contract.visitsPerTerm)],
    [
      'Value',
      `${rupees(contract.price)} ${contract.priceIncludesTax ? `incl. ${contract.gstRate}% GST` : `+ ${contract.gstRate}% GST`}`,
    ],
    ['Billing', BILLING_LABELS[contract.billing]],
    ['Coverage', COVERAGE_LABELS[contract.coverage]],
    // Issue 37: how soon a complaint on what it covers must be started.
    [
      'Response time',
      contract.slaHours == null ? "Branch's AMC target" : `${contract.slaHours} hours`,
    ],
  ];
  if (contract.coverage === 'labour-and-parts') {
    facts.push([
      'Covered parts',
      contract.coveredItems.length
        ? contract.coveredItems.map((item) => item.name).join(', ')
        : '—',
    ]);
  }
  if (contract.renewedFrom) {
    facts.push([
      'Renewal of',
      <Link
        key="from"
        to={`/maintenance-contracts/${contract.renewedFrom._id}`}
        className="text-blue-700 hover:underline"
      >
        {contract.renewedFrom.contractNumber}
      </Link>,
    ]);
  }
  if (contract.renewedBy) {
    facts.push([
      'Renewed by',
      <span key="by">
        <Link
          to={`/maintenance-contracts/${contract.renewedBy._id}`}
          className="text-blue-700 hover:underline"
        >
          {contract.renewedBy.contractNumber}
        </Link>
        {contract.renewedBy.status === 'draft' ? ' (draft, not yet activated)' : null}
      </span>,
    ]);
  }
  if (contract.activatedAt) facts.push(['Activated', formatDateTime(contract.activatedAt)]);
  if (contract.notes) facts.push(['Notes', contract.notes]);
  return facts;
}

function VisitsTable({
  contract,
  onMove,
  onOpenOrder,
}: {
  contract: AmcContractDetail;
  onMove: (visit: AmcVisit) => void;
  onOpenOrder: (orderId: string) => void;
}) {
  const movable = contract.status === 'active';
  return (
    <Table columns={['Visit', 'Due date', 'State', 'Work order', 'Technician', '']} label="Visits">
      {contract.visits.map((visit) => (
        <tr key={visit._id} aria-label={`Visit ${visit.number}`}>
          <Td className="font-medium text-slate-900">{visit.number}</Td>
          <Td>
            {dayText(visit.dueDate)}
            {visit.movedFrom ? (
              <div className="text-xs text-slate-500" title={visit.moveReason ?? undefined}>
                Moved from {dayMonthYear(visit.movedFrom, ' ')}
                {visit.moveReason ? `: ${visit.moveReason}` : ''}
              </div>
            ) : visit.state === 'upcoming' ? (
              <div className="text-xs text-slate-500">
                Work order opens on {dayText(visit.opensOn)}
              </div>
            ) : null}
          </Td>
          <Td>
            <StatusPill tone={VISIT_STATE_TONES[visit.state]}>
              {VISIT_STATE_LABELS[visit.state]}
            </StatusPill>
          </Td>
          <Td>
            {visit.workOrder ? (
              <button
                type="button"
                onClick={() => onOpenOrder(visit.workOrder?.orderId ?? '')}
                className="font-mono text-sm text-blue-700 hover:underline"
              >
                {visit.workOrder.orderId}
              </button>
            ) : (
              '—'
            )}
          </Td>
          <Td>
            {visit.workOrder?.technician
              ? `${visit.workOrder.technician.firstName} ${visit.workOrder.technician.lastName}`
              : visit.workOrder
                ? 'Not assigned'
                : '—'}
          </Td>
          <Td>
            {movable && visit.state !== 'done' ? (
              <Button size="sm" variant="secondary" onClick={() => onMove(visit)}>
                Move visit
              </Button>
            ) : null}
          </Td>
        </tr>
      ))}
    </Table>
  );
}
