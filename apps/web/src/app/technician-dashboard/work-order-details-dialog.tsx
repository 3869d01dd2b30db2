import { formatDate, formatDateTime } from '@karya/domain/format';
import { formatPhone } from '@karya/domain/phone-rules';
import type { WorkOrderDetail } from '@karya/domain/work-order-schemas';
import {
  ArrowRightLeft,
  CircleCheck,
  CirclePause,
  CircleX,
  Clock,
  type LucideIcon,
  Play,
} from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { InventoryManagementSection } from '../../features/billing/inventory-management-section';
import { ViewBillLink } from '../../features/billing/payment-result-steps';
import { VisitDuesPanel } from '../../features/dues/visit-dues-panel';
import { CheckWarrantyButton } from '../../features/warranty/check-warranty-sheet';
import { useWorkOrderDetails } from '../../features/work-orders/api/get-work-order-details';
import { StatusHistoryList } from '../../features/work-orders/status-history-list';
import { offersTechnician } from '../../features/work-orders/technician-actions';
import { TECHNICIAN_TEXT as TEXT } from '../../features/work-orders/technician-messages';
import { useProjectActions } from '../../features/work-orders/use-project-actions';
import {
  categoryLabel,
  historyNewestFirst,
  isComplaint,
  latestEntry,
  personName,
} from '../../features/work-orders/work-order-display';
import { cx } from '../../lib/class-names';
import { rupees } from '../../lib/money';
import { PlannedItemsSection } from '../../shared/planned-items-section';
import { QueuedActionsNotice } from '../../shared/queued-actions-notice';
import { SendUpdateLink } from '../../shared/send-update-link';
import { technicianWorkOrderKeys } from '../../shared/technician-work-order-keys';
import { TECHNICIAN_STATUS_LABELS, WorkOrderStatusPill } from '../../shared/work-order-status-pill';
import { BottomSheet } from '../../ui/bottom-sheet';
import { Button } from '../../ui/button';
import { DARK_SECONDARY, Field } from '../../ui/dashboard-panels';
import { useCloseOnBack } from '../../ui/use-close-on-back';
import { YesNoDialog } from '../../ui/yes-no-dialog';

export interface WorkOrderDetailsDialogProps {
  order: WorkOrderDetail;
  onClose: () => void;
  /** After a repair starts, or to see the in-progress project, the dashboard opens this tab. */
  onOpenCurrentProject: () => void;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-900 dark:text-slate-100">{title}</h3>
      {children}
    </section>
  );
}

function Banner({
  tone,
  icon: Icon,
  title,
  children,
}: {
  tone: 'orange' | 'red' | 'amber' | 'green';
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
}) {
  const tones = {
    orange:
      'border-orange-200 bg-orange-50 text-orange-900 dark:border-orange-800 dark:bg-orange-950/60 dark:text-orange-100',
    red: 'border-red-200 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950/60 dark:text-red-100',
    amber:
      'border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100',
    green:
      'border-green-200 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950/60 dark:text-green-100',
  };
  return (
    <div className={cx('rounded-lg border p-3', tones[tone])}>
      <p className="flex items-center gap-2 text-sm font-semibold">
        <Icon aria-hidden="true" className="size-4 shrink-0" />
        {title}
      </p>
      {children ? <div className="mt-1.5 space-y-1 text-sm">{children}</div> : null}
    </div>
  );
}

/** The orders on which the server lets a technician collect the customer's dues (a visit). */
const VISIT_STATUSES: ReadonlySet<string> = new Set(['assigned', 'in-progress', 'paused']);

/** Spec 2 §2: the part above the sections that depends on the status. */
function StatusLayout({ order }: { order: WorkOrderDetail }) {
  switch (order.status) {
    case 'paused':
      return (
        <Banner tone="orange" icon={CirclePause} title="Project Paused">
          <p>
            <span className="font-medium">Pause reason: </span>
            {order.pauseReason || latestEntry(order, 'paused')?.remark || '—'}
          </p>
          <p>
            <span className="font-medium">Paused at: </span>
            {formatDateTime(order.pausedAt ?? latestEntry(order, 'paused')?.updatedAt) || '—'}
          </p>
        </Banner>
      );
    case 'rejected':
      return (
        <Banner tone="red" icon={CircleX} title="Transfer Rejected">
          <p>
            <span className="font-medium">Reject reason: </span>
            {order.rejectReason || '—'}
          </p>
          {order.rejectDate ? <p>{formatDateTime(order.rejectDate)}</p> : null}
          {order.rejectHistory.length > 0 ? (
            <div className="pt-1">
              <p className="font-medium">Reject history</p>
              <ul className="mt-1 space-y-1">
                {order.rejectHistory.map((entry) => (
                  <li key={`${entry.rejectedAt}-${entry.reason}`} className="break-words">
                    {entry.reason}
                    <span className="block text-xs opacity-80">
                      {formatDateTime(entry.rejectedAt)}
                      {entry.rejectedBy ? ` · ${personName(entry.rejectedBy, '')}` : ''}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </Banner>
      );
    case 'transferring':
      return (
        <Banner tone="amber" icon={Clock} title="Transfer Pending">
          <p>{TEXT.transferPendingText}</p>
          {latestEntry(order, 'transferring')?.remark ? (
            <p>
              <span className="font-medium">Your reason: </span>
              {latestEntry(order, 'transferring')?.remark}
            </p>
          ) : null}
        </Banner>
      );
    case 'transferred':
      return (
        <Banner tone="green" icon={ArrowRightLeft} title="Transfer Complete">
          <p>{latestEntry(order, 'transferred')?.remark || '—'}</p>
        </Banner>
      );
    case 'completed':
      return (
        <Banner tone="green" icon={CircleCheck} title="Completed">
          <p>
            {formatDateTime(order.completedAt)}
            {order.approvedBy ? ` · approved by ${personName(order.approvedBy, '')}` : ''}
          </p>
        </Banner>
      );
    default:
      return null;
  }
}

function PaymentHistory({ order }: { order: WorkOrderDetail }) {
  if (order.billingInfo.length === 0)
    return <p className="text-sm text-slate-500 dark:text-slate-400">No payments yet</p>;
  return (
    <ul className="space-y-2">
      {order.billingInfo.map((bill) => (
        <li
          key={bill.billId}
          className="rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-medium">{bill.billNumber}</span>
            <span className="font-semibold">{rupees(bill.amount)}</span>
          </div>
          <p className="mt-1 text-slate-600 capitalize dark:text-slate-300">
            {bill.paymentMethod ?? '—'} · {bill.paymentStatus} · {rupees(bill.paidAmount)}
          </p>
          {bill.transactionId ? (
            <p className="text-xs break-all text-slate-500 dark:text-slate-400">
              {bill.transactionId}
            </p>
          ) : null}
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {formatDateTime(bill.paidAt)}
          </p>
          <div className="mt-2">
            <ViewBillLink billId={bill.billId} label={`View Bill ${bill.billNumber}`} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * Spec 2 §2 'Technician work order details dialog': a layout by status, then project,
 * customer, requirements, instructions, status history and payments. Escape, a click
 * outside and browser back close it.
 */
export function WorkOrderDetailsDialog({
  order: row,
  onClose,
  onOpenCurrentProject,
}: WorkOrderDetailsDialogProps) {
  const details = useWorkOrderDetails(
    row,
    technicianWorkOrderKeys.detail(row.customerId, row.orderId),
  );
  const order = details.data ?? row;
  const actions = useProjectActions();
  const [confirmingResume, setConfirmingResume] = useState(false);
  useCloseOnBack(onClose);

  const start = async () => {
    const started = await actions.start(order);
    if (started && isComplaint(order)) onOpenCurrentProject();
  };
  // A refusal (another active project) is shown as a notice; the question is answered.
  const resume = async () => {
    await actions.resume(order);
    setConfirmingResume(false);
  };

  const canStart = offersTechnician('start', order.status);
  const footer = (
    <>
      <Button variant="secondary" className={DARK_SECONDARY} onClick={onClose}>
        Close
      </Button>
      {canStart ? (
        <Button
          icon={<Play aria-hidden="true" className="size-4" />}
          onClick={start}
          loading={actions.pending}
        >
          {isComplaint(order) && order.status === 'assigned' ? 'Start Complaint' : 'Start Project'}
        </Button>
      ) : null}
      {offersTechnician('resume', order.status) ? (
        <Button
          icon={<Play aria-hidden="true" className="size-4" />}
          onClick={() => setConfirmingResume(true)}
        >
          Resume Project
        </Button>
      ) : null}
      {order.status === 'in-progress' ? (
        <Button onClick={onOpenCurrentProject}>Open Current Project</Button>
      ) : null}
    </>
  );

  return (
    <>
      <BottomSheet
        open
        onClose={onClose}
        title={order.projectType}
        description={`${order.orderId} · ${categoryLabel(order)}`}
        footer={footer}
      >
        <div className="space-y-5">
          <div className="flex flex-wrap items-center gap-2">
            <WorkOrderStatusPill status={order.status} labels={TECHNICIAN_STATUS_LABELS} />
            {details.isFetching ? (
              <span className="text-xs text-slate-500 dark:text-slate-400">Refreshing…</span>
            ) : null}
          </div>
          <QueuedActionsNotice orderId={order.orderId} />
          {order.status === 'assigned' ? (
            <SendUpdateLink order={order} event="technicianOnTheWay" label="On my way" />
          ) : null}
          {/* Issue 21: sent for approval, the job is done for the customer: tell them, with the
              link to their invoice. */}
          {order.status === 'pending-approval' ? (
            <SendUpdateLink order={order} event="workCompleted" />
          ) : null}
          <StatusLayout order={order} />
          {/* Money owed comes first: the visit is the chance to collect it. */}
          {VISIT_STATUSES.has(order.status) ? <VisitDuesPanel orderId={order.orderId} /> : null}

          <Section title="Project Information">
            <dl className="grid grid-cols-2 gap-x-3 gap-y-3">
              <Field label="Order ID">{order.orderId}</Field>
              <Field label="Project Type">{order.projectType}</Field>
              <Field label="Category">{categoryLabel(order)}</Field>
              <Field label="Branch">{order.branchName}</Field>
              <Field label="Project Created">{formatDate(order.projectCreatedAt)}</Field>
              <Field label="Assigned">{formatDateTime(order.assignedAt)}</Field>
              <Field label="Last Update">{formatDateTime(order.updatedAt)}</Field>
              {isComplaint(order) ? (
                <>
                  <Field label="Original Technician">
                    {personName(order.originalTechnician, '')}
                  </Field>
                  <Field label="Project Completed">{formatDate(order.projectCompletedAt)}</Field>
                </>
              ) : null}
            </dl>
          </Section>

          <Section title="Customer Information">
            <dl className="grid grid-cols-2 gap-x-3 gap-y-3">
              <Field label="Name">{order.customerName}</Field>
              <Field label="Phone">{formatPhone(order.customerPhone)}</Field>
              <Field label="WhatsApp">{order.customerWhatsapp}</Field>
              <div className="col-span-2">
                <Field label="Address">{order.customerAddress || order.location}</Field>
              </div>
            </dl>
          </Section>

          <Section title={isComplaint(order) ? 'Complaint Details' : 'Project Requirements'}>
            <p className="text-sm break-words whitespace-pre-line text-slate-700 dark:text-slate-300">
              {order.initialRemark || '—'}
            </p>
          </Section>

          {isComplaint(order) ? (
            <Section title="Warranty">
              <CheckWarrantyButton className="w-full" />
            </Section>
          ) : null}

          {/* Issue 35: what the customer's accepted quotation planned for this job. */}
          <PlannedItemsSection orderId={order.orderId} />

          <Section title="Special Instructions">
            <p className="text-sm break-words whitespace-pre-line text-slate-700 dark:text-slate-300">
              {order.instructions || '—'}
            </p>
          </Section>

          <Section title="Status History">
            <StatusHistoryList entries={historyNewestFirst(order)} />
          </Section>

          {order.status === 'in-progress' && !order.paymentDone ? (
            <Section title="Inventory Management">
              <InventoryManagementSection order={order} />
            </Section>
          ) : null}

          <Section title="Payment History">
            <PaymentHistory order={order} />
          </Section>
        </div>
      </BottomSheet>
      <YesNoDialog
        open={confirmingResume}
        title="Resume Project"
        message={`Do you want to resume ${order.projectType} for ${order.customerName}?`}
        loading={actions.pending}
        onYes={resume}
        onNo={() => setConfirmingResume(false)}
      />
    </>
  );
}
