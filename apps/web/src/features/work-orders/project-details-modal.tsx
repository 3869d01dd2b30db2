import { UPDATE_EVENT_OF_STATUS } from '@karya/domain/customer-updates';
import { formatDate, formatDateTime } from '@karya/domain/format';
import { formatPhone } from '@karya/domain/phone-rules';
import type { WorkOrderDetail } from '@karya/domain/work-order-schemas';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { rupees } from '../../lib/money';
import { ChecklistAnswers } from '../../shared/checklist-answers';
import { useConversationSlot } from '../../shared/conversation-slot';
import { JobPhotos } from '../../shared/job-photos';
import { JobSignatureSection } from '../../shared/job-signature';
import { PlannedItemsSection } from '../../shared/planned-items-section';
import { SendUpdateLink } from '../../shared/send-update-link';
import { ServiceReportButton } from '../../shared/service-report-button';
import { SlaBadge } from '../../shared/sla-badge';
import { stateLabel } from '../../shared/state-options';
import { OrderLabelsButton } from '../../shared/unit-labels-dialog';
import { WORK_ORDER_STATUS_LABELS, WorkOrderStatusPill } from '../../shared/work-order-status-pill';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { DetailGrid } from '../../ui/detail-grid';
import { Modal } from '../../ui/modal';
import { useWorkOrderDetails } from './api/get-work-order-details';
import { categoryLabel, historyNewestFirst, isComplaint, personName } from './work-order-display';

/**
 * The project detail panel (spec 2 §2 View Details): project, customer, technician,
 * instructions, the status history newest first and the payments. The list row is shown
 * while (or if) the fresh details cannot be read.
 */
export function ProjectDetailsModal({
  row,
  onClose,
  footer,
}: {
  row: WorkOrderDetail;
  onClose: () => void;
  /** Extra actions beside Close, e.g. Accept / Reject on a transfer request. */
  footer?: ReactNode;
}) {
  const details = useWorkOrderDetails(row);
  const order = details.data ?? row;
  const complaint = isComplaint(order);
  const navigate = useNavigate();
  const conversation = useConversationSlot();
  // The update the thread offers once the window is closed: the one the order's status tells
  // (the domain's table); none for a status it has none for, e.g. transferring or
  // transferred, rather than a wrong 'work order created'.
  const updateEvent = UPDATE_EVENT_OF_STATUS[order.status];
  // Issue 23: a completed installation can be sold an annual maintenance contract.
  const offersAmc = order.status === 'completed' && order.projectCategory === 'New Installation';
  return (
    <Modal
      open
      onClose={onClose}
      title="Project Details"
      description={`${order.projectType} · ${order.orderId}`}
      size="xl"
      footer={
        <>
          {footer}
          {/* Issue 37: QR stickers for the units installed on this order (admins, managers). */}
          <OrderLabelsButton customerId={order.customerId} orderId={order.orderId} />
          {offersAmc ? (
            <Button
              variant="secondary"
              onClick={() =>
                navigate(
                  `/maintenance-contracts?${new URLSearchParams({ offer: order._id, customer: order.customerId })}`,
                )
              }
            >
              Offer AMC
            </Button>
          ) : null}
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </>
      }
    >
      <div className="space-y-5">
        {details.isError ? (
          <Alert tone="warning">{errorMessage(details.error, 'Failed to fetch projects')}</Alert>
        ) : null}
        <Section title="Project">
          <DetailGrid
            items={[
              ['Project Type', order.projectType],
              ['Category', categoryLabel(order)],
              ['Order ID', order.orderId],
              ['Project ID', order.projectId],
              ['Status', <WorkOrderStatusPill key="status" status={order.status} />],
              // Issue 37: a complaint's response clock, its coverage and the unit's serial.
              ...(order.sla
                ? [['Response clock', <SlaBadge key="sla" sla={order.sla} />] as const]
                : []),
              ['Branch', order.branchName || order.branch.name],
              ['Created', formatDateTime(order.createdAt)],
              ['Last Updated', formatDateTime(order.updatedAt)],
              ...(order.completedAt
                ? [['Completed', formatDateTime(order.completedAt)] as const]
                : []),
              ...(order.approvedBy ? [['Approved By', personName(order.approvedBy)] as const] : []),
            ]}
          />
          <TextBlock
            title={complaint ? 'Complaint Details' : 'Initial Requirements'}
            text={order.initialRemark}
          />
        </Section>
        <div className="grid gap-5 md:grid-cols-2">
          <Section title="Customer">
            <DetailGrid
              items={[
                ['Name', order.customerName],
                ['Phone', order.customerPhone || '—'],
                ['WhatsApp', order.customerWhatsapp || '—'],
                ['Address', order.customerAddress || order.location || '—'],
                ['State', stateLabel(order.siteStateCode, '—')],
              ]}
            />
          </Section>
          <Section title="Technician">
            <DetailGrid
              items={[
                ['Name', personName(order.technician, 'Not Assigned')],
                ['Phone', formatPhone(order.technician?.phoneNumber) || '—'],
                ['Assigned', formatDateTime(order.assignedAt) || '—'],
                ...(complaint
                  ? [
                      [
                        'Setup Technician',
                        `${personName(order.originalTechnician, 'Not available')}${
                          order.originalTechnician?.phoneNumber
                            ? ` · ${formatPhone(order.originalTechnician.phoneNumber)}`
                            : ''
                        }`,
                      ] as const,
                      [
                        'Project Completed',
                        formatDate(order.projectCompletedAt) || 'Not available',
                      ] as const,
                    ]
                  : []),
              ]}
            />
            <TextBlock title="Instructions" text={order.instructions} />
          </Section>
        </div>
        {/* Issue 35: what the accepted quotation planned; nothing for an order without one. */}
        <PlannedItemsSection
          orderId={order.orderId}
          className="rounded-lg border border-slate-200 p-4"
        />
        {/* Issue 22: what the technician checked on the job; nothing without a checklist. */}
        <ChecklistAnswers
          orderId={order.orderId}
          className="rounded-lg border border-slate-200 p-4"
        />
        <JobPhotos orderId={order.orderId} className="rounded-lg border border-slate-200 p-4" />
        <JobSignatureSection
          orderId={order.orderId}
          className="rounded-lg border border-slate-200 p-4"
        />
        {/* Issue 22: the job's service report, as the customer gets it. */}
        <ServiceReportButton source={{ orderId: order.orderId }} />
        <Section title="Payments">
          {order.billingInfo.length === 0 ? (
            <p className="text-sm text-slate-500">No payments recorded</p>
          ) : (
            <ul className="divide-y divide-slate-100 text-sm">
              {order.billingInfo.map((bill) => (
                <li key={bill.billId} className="flex flex-wrap justify-between gap-2 py-2">
                  <div>
                    <p className="font-medium text-slate-900">{bill.billNumber}</p>
                    <p className="text-xs text-slate-500">
                      {formatDateTime(bill.paidAt)} ·{' '}
                      {bill.paymentMethod === 'online'
                        ? `Online${bill.transactionId ? ` (${bill.transactionId})` : ''}`
                        : bill.paymentMethod === 'cash'
                          ? 'Cash'
                          : '—'}
                    </p>
                  </div>
                  <div className="text-right">
                    <p className="font-medium text-slate-900">{rupees(bill.amount)}</p>
                    <p className="text-xs text-slate-500">
                      {bill.paymentStatus === 'paid'
                        ? 'Paid'
                        : `${PAYMENT_STATUS_LABELS[bill.paymentStatus]} · paid ${rupees(bill.paidAmount)}`}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Section>
        {conversation ? (
          <conversation.Thread
            contactId={order.customerId}
            sendUpdate={
              updateEvent ? (
                <SendUpdateLink order={order} event={updateEvent} />
              ) : (
                <p className="text-slate-600">No update to send at this order's status.</p>
              )
            }
          />
        ) : null}
        <Section title="Status History">
          <StatusHistory order={order} />
        </Section>
      </div>
    </Modal>
  );
}

const PAYMENT_STATUS_LABELS = { paid: 'Paid', partial: 'Partial', unpaid: 'Unpaid' } as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-slate-200 p-4">
      <h3 className="mb-3 text-sm font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

function TextBlock({ title, text }: { title: string; text: string }) {
  return (
    <div className="mt-3">
      <p className="text-xs font-medium text-slate-500">{title}</p>
      <p className="mt-0.5 text-sm whitespace-pre-line text-slate-800">{text || '—'}</p>
    </div>
  );
}

function statusLabel(status: string): string {
  return WORK_ORDER_STATUS_LABELS[status as keyof typeof WORK_ORDER_STATUS_LABELS] ?? status;
}

function StatusHistory({ order }: { order: WorkOrderDetail }) {
  const entries = historyNewestFirst(order);
  if (entries.length === 0) return <p className="text-sm text-slate-500">No history yet</p>;
  return (
    <ol className="space-y-3">
      {entries.map((entry) => (
        <li
          // The history has no ids; time, status and remark tell its entries apart.
          key={`${entry.updatedAt}-${entry.status}-${entry.remark}`}
          className="border-l-2 border-blue-200 pl-3 text-sm"
        >
          <div className="flex flex-wrap items-baseline gap-x-2">
            <span className="font-medium text-slate-900 capitalize">
              {statusLabel(entry.status)}
            </span>
            <span className="text-xs text-slate-500">
              {personName(entry.updatedBy, 'System')} · {formatDateTime(entry.updatedAt)}
            </span>
          </div>
          {entry.remark ? (
            <p className="mt-0.5 whitespace-pre-line text-slate-700">{entry.remark}</p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
