import { formatDateTime } from '@karya/domain/format';
import { formatPhone } from '@karya/domain/phone-rules';
import type { WorkOrderDetail } from '@karya/domain/work-order-schemas';
import {
  Briefcase,
  CirclePause,
  CircleStop,
  History,
  Home,
  MapPin,
  MessageCircle,
  MessageSquarePlus,
  Phone,
  User,
  Wrench,
} from 'lucide-react';
import { useState } from 'react';
import { ProjectBillingActions } from '../../features/billing/project-billing-actions';
import { ChecklistPanel } from '../../features/checklists/checklist-panel';
import { VisitDuesPanel } from '../../features/dues/visit-dues-panel';
import { PhotosPanel } from '../../features/job-photos/photos-panel';
import { SignaturePanel } from '../../features/job-signatures/signature-panel';
import { CheckWarrantyButton } from '../../features/warranty/check-warranty-sheet';
import {
  CONTACT_MISSING,
  messageNumberOf,
  telLink,
  whatsappLink,
} from '../../features/work-orders/contact-links';
import { ListStateGate } from '../../features/work-orders/list-state';
import { entryLabel, StatusHistoryList } from '../../features/work-orders/status-history-list';
import { offersTechnician } from '../../features/work-orders/technician-actions';
import { TECHNICIAN_TEXT as TEXT } from '../../features/work-orders/technician-messages';
import { CURRENT_STATUSES, currentProjectOf } from '../../features/work-orders/technician-projects';
import type { TechnicianTab } from '../../features/work-orders/technician-tabs';
import { useProjectActions } from '../../features/work-orders/use-project-actions';
import { useStatusList } from '../../features/work-orders/use-technician-projects';
import {
  categoryLabel,
  historyNewestFirst,
  isComplaint,
  personName,
} from '../../features/work-orders/work-order-display';
import { PlannedItemsSection } from '../../shared/planned-items-section';
import { QueuedActionsNotice } from '../../shared/queued-actions-notice';
import { SendUpdateLink } from '../../shared/send-update-link';
import { TECHNICIAN_STATUS_LABELS, WorkOrderStatusPill } from '../../shared/work-order-status-pill';
import { BottomSheet } from '../../ui/bottom-sheet';
import { Button } from '../../ui/button';
import { DARK_SECONDARY, DashboardEmpty, Panel, TabTitle } from '../../ui/dashboard-panels';
import { useNotify } from '../../ui/notification-context';
import { ReasonDialog } from '../../ui/reason-dialog';

/** Opens a contact link, or says which number is missing (spec 2 §5). */
function useContact() {
  const notify = useNotify();
  return (link: string | null, missing: string) => {
    if (link) window.location.href = link;
    else notify.warning(missing);
  };
}

const LINK_BUTTON =
  'inline-flex h-11 min-w-0 flex-1 items-center justify-center gap-2 rounded-lg px-4 text-sm font-medium shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';

function ContactButtons({ order }: { order: WorkOrderDetail }) {
  const contact = useContact();
  const message = whatsappLink(messageNumberOf(order));
  const call = telLink(order.customerPhone);
  return (
    <div className="flex gap-2">
      <a
        href={message ?? undefined}
        target="_blank"
        rel="noreferrer"
        role={message ? undefined : 'button'}
        onClick={(event) => {
          if (message) return;
          event.preventDefault();
          contact(null, CONTACT_MISSING.customerContact);
        }}
        className={`${LINK_BUTTON} bg-green-600 text-white hover:bg-green-700`}
      >
        <MessageCircle aria-hidden="true" className="size-4" />
        Message
      </a>
      <a
        href={call ?? undefined}
        role={call ? undefined : 'button'}
        onClick={(event) => {
          if (call) return;
          event.preventDefault();
          contact(null, CONTACT_MISSING.customerPhone);
        }}
        className={`${LINK_BUTTON} bg-blue-600 text-white hover:bg-blue-700`}
      >
        <Phone aria-hidden="true" className="size-4" />
        Call
      </a>
    </div>
  );
}

/** Spec 2 §2: a repair shows who set the system up, with a call button. */
function SetupTechnicianCard({ order }: { order: WorkOrderDetail }) {
  const contact = useContact();
  const original = order.originalTechnician;
  const call = telLink(original?.phoneNumber);
  return (
    <Panel aria-labelledby="setup-technician-heading" className="space-y-3">
      <h3
        id="setup-technician-heading"
        className="flex items-center gap-2 text-sm font-semibold text-slate-900 dark:text-slate-50"
      >
        <Wrench aria-hidden="true" className="size-4 text-blue-600 dark:text-blue-400" />
        Setup Technician
      </h3>
      <div className="text-sm">
        <p className="font-medium text-slate-900 dark:text-slate-100">
          {personName(original, 'Unknown')}
        </p>
        <p className="text-slate-600 dark:text-slate-300">
          {formatPhone(original?.phoneNumber) || '—'}
        </p>
      </div>
      <Button
        variant="secondary"
        className={`w-full ${DARK_SECONDARY}`}
        icon={<Phone aria-hidden="true" className="size-4" />}
        onClick={() => contact(call, CONTACT_MISSING.originalTechnicianPhone)}
      >
        Call Original Technician
      </Button>
    </Panel>
  );
}

function ReportHistory({ order }: { order: WorkOrderDetail }) {
  const [showingAll, setShowingAll] = useState(false);
  const history = historyNewestFirst(order);
  const latest = history[0];
  return (
    <Panel aria-labelledby="report-history-heading" className="space-y-3">
      <h3
        id="report-history-heading"
        className="flex items-center gap-2 text-sm font-semibold text-slate-900 dark:text-slate-50"
      >
        <History aria-hidden="true" className="size-4 text-blue-600 dark:text-blue-400" />
        Report History
      </h3>
      {latest ? (
        <div className="rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-900">
          <p className="text-xs font-medium text-slate-500 dark:text-slate-400">Latest update</p>
          <p className="font-medium text-slate-900 dark:text-slate-100">
            {entryLabel(latest.status)}
          </p>
          {latest.remark ? (
            <p className="break-words text-slate-700 dark:text-slate-300">{latest.remark}</p>
          ) : null}
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {formatDateTime(latest.updatedAt)}
          </p>
        </div>
      ) : (
        <p className="text-sm text-slate-500 dark:text-slate-400">No history yet</p>
      )}
      <Button
        variant="secondary"
        className={`w-full ${DARK_SECONDARY}`}
        onClick={() => setShowingAll(true)}
      >
        View Complete History
      </Button>
      <BottomSheet
        open={showingAll}
        onClose={() => setShowingAll(false)}
        title="Complete History"
        description={`${order.projectType} · ${order.orderId}`}
      >
        <StatusHistoryList entries={history} />
      </BottomSheet>
    </Panel>
  );
}

function ActiveProject({ order }: { order: WorkOrderDetail }) {
  const actions = useProjectActions();
  const [dialog, setDialog] = useState<'pause' | 'stop' | 'remark' | null>(null);
  // Spec 2 §4: pause is offered only while nothing is paid.
  const canPause = offersTechnician('pause', order.status) && !order.paymentDone;

  return (
    <div className="space-y-4">
      <Panel aria-labelledby="current-project-heading" className="space-y-4">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h3
              id="current-project-heading"
              className="flex items-center gap-2 text-lg font-semibold break-words text-slate-900 dark:text-slate-50"
            >
              <Briefcase aria-hidden="true" className="size-5 shrink-0 text-blue-600" />
              {order.projectType}
            </h3>
            <p className="text-sm text-slate-600 dark:text-slate-300">{categoryLabel(order)}</p>
            <p className="text-xs text-slate-500 dark:text-slate-400">{order.orderId}</p>
          </div>
          <WorkOrderStatusPill status={order.status} labels={TECHNICIAN_STATUS_LABELS} />
        </div>

        <QueuedActionsNotice orderId={order.orderId} />

        <ProjectBillingActions order={order} />
        {isComplaint(order) ? <CheckWarrantyButton className="h-11 w-full" /> : null}

        <div className="space-y-1.5 border-t border-slate-200 pt-3 text-sm dark:border-slate-700">
          <p className="flex items-center gap-2 font-medium text-slate-900 dark:text-slate-100">
            <User aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
            <span className="min-w-0 break-words">{order.customerName}</span>
          </p>
          <p className="flex items-start gap-2 text-slate-700 dark:text-slate-300">
            <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
            <span className="min-w-0 break-words">
              {order.customerAddress || order.location || '—'}
            </span>
          </p>
        </div>
        <ContactButtons order={order} />
        {/* Issue 35: what the accepted quotation planned; Generate Bill starts from it. */}
        <PlannedItemsSection
          orderId={order.orderId}
          className="border-t border-slate-200 pt-3 dark:border-slate-700"
        />
        {/* Issue 21: tell the customer the work started, or why it stopped. */}
        {order.status === 'in-progress' || order.status === 'paused' ? (
          <div className="mt-2">
            <SendUpdateLink
              order={order}
              event={order.status === 'paused' ? 'workPaused' : 'workStarted'}
            />
          </div>
        ) : null}
      </Panel>

      {/* Issue 22: the project type's checklist, answered before sending for approval. */}
      <ChecklistPanel orderId={order.orderId} />

      {/* Issue 22: before / during / after photos of the job, with captions. */}
      <PhotosPanel orderId={order.orderId} inProgress={order.status === 'in-progress'} />

      {/* Issue 22: the customer signs on the phone before the project is sent for approval. */}
      <SignaturePanel
        orderId={order.orderId}
        customerName={order.customerName}
        inProgress={order.status === 'in-progress'}
      />

      <VisitDuesPanel orderId={order.orderId} />

      {isComplaint(order) ? <SetupTechnicianCard order={order} /> : null}

      <ReportHistory order={order} />

      <Button
        variant="secondary"
        className={`h-11 w-full ${DARK_SECONDARY}`}
        icon={<MessageSquarePlus aria-hidden="true" className="size-4" />}
        onClick={() => setDialog('remark')}
      >
        Add Remark
      </Button>

      <div className="grid grid-cols-2 gap-2">
        {canPause ? (
          <Button
            variant="secondary"
            className={`h-11 ${DARK_SECONDARY}`}
            icon={<CirclePause aria-hidden="true" className="size-4" />}
            onClick={() => setDialog('pause')}
          >
            Pause Project
          </Button>
        ) : null}
        <Button
          variant="danger"
          className={canPause ? 'h-11' : 'col-span-2 h-11'}
          icon={<CircleStop aria-hidden="true" className="size-4" />}
          onClick={() => setDialog('stop')}
        >
          Stop Project
        </Button>
      </div>

      <ReasonDialog
        open={dialog === 'pause'}
        title="Pause Project"
        label="Reason for Pausing Project*"
        placeholder="Why are you pausing this project?"
        submitLabel="Submit"
        onSubmit={(reason) => actions.pause(order, reason)}
        onClose={() => setDialog(null)}
      />
      <ReasonDialog
        open={dialog === 'remark'}
        title="Add Remark"
        label="Remark*"
        placeholder="What should the office know?"
        submitLabel="Add Remark"
        onSubmit={(remark) => actions.remark(order, remark)}
        onClose={() => setDialog(null)}
      />
      <ReasonDialog
        open={dialog === 'stop'}
        title="Stop Project"
        label="Reason for Stopping Project*"
        placeholder="Why can't you finish this project?"
        submitLabel="Stop Project"
        tone="danger"
        onSubmit={(reason) => actions.stop(order, reason)}
        onClose={() => setDialog(null)}
      />
    </div>
  );
}

/**
 * Spec 2 §2 'Current project tab': the single in-progress project, or 'No Active Project'.
 * It asks the server for the in-progress order itself (the server allows one per technician),
 * so it never depends on which pages of the other lists were fetched.
 */
export function CurrentProjectTab({ onTab }: { onTab: (tab: TechnicianTab) => void }) {
  const inProgress = useStatusList(CURRENT_STATUSES);
  const current = currentProjectOf(inProgress.orders);
  return (
    <div className="space-y-4">
      <TabTitle>Current Project</TabTitle>
      <ListStateGate state={inProgress.state}>
        {current ? (
          <ActiveProject key={current._id} order={current} />
        ) : (
          <Panel as="div">
            <DashboardEmpty
              title={TEXT.noActiveProject}
              description={TEXT.noActiveProjectText}
              icon={Briefcase}
              action={
                <Button
                  icon={<Home aria-hidden="true" className="size-4" />}
                  onClick={() => onTab('home')}
                >
                  Go to Home
                </Button>
              }
            />
          </Panel>
        )}
      </ListStateGate>
    </div>
  );
}
