import { formatDate, formatDateTime } from '@karya/domain/format';
import { formatPhone } from '@karya/domain/phone-rules';
import {
  type Replacement,
  WARRANTY_MESSAGES,
  type WarrantyIssue,
} from '@karya/domain/warranty-schemas';
import { CircleCheck, PackageCheck, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { useSessionUser } from '../../lib/use-session-user';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { DetailGrid } from '../../ui/detail-grid';
import { Modal } from '../../ui/modal';
import { useNotify } from '../../ui/notification-context';
import { SerialLink } from '../../ui/serial-link';
import { Spinner } from '../../ui/spinner';
import { useApproveReplacement } from './api/approve-replacement';
import { useWarrantyStatus } from './api/check-warranty-status';
import { CompleteReplacementModal } from './complete-replacement-modal';
import { RegisterIssueModal } from './register-issue-modal';
import { ReplacementStatusPill } from './replacement-status-pill';
import { SerialChain } from './serial-chain';
import { recordActionsFor } from './warranty-display';
import { WarrantyVerdictBanner } from './warranty-status-card';

function IssueItem({ issue, index }: { issue: WarrantyIssue; index: number }) {
  return (
    <li className="rounded-lg border border-slate-200 p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-slate-900">Issue {index + 1}</p>
        <p className="text-xs text-slate-500">Reported {formatDateTime(issue.reportedAt)}</p>
      </div>
      <p className="mt-1 break-words whitespace-pre-line text-slate-700">
        {issue.issueDescription}
      </p>
      <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-xs text-slate-600 sm:grid-cols-2">
        <div>
          <dt className="inline font-medium">Checked by: </dt>
          <dd className="inline">{issue.issueCheckedBy}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Faulty unit: </dt>
          <dd className="inline font-mono">{issue.faultySerialNumber}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Replacement serial: </dt>
          <dd className="inline font-mono">
            {issue.replacementSerialNumber ?? 'Not replaced yet'}
          </dd>
        </div>
        <div>
          <dt className="inline font-medium">Replaced at: </dt>
          <dd className="inline">{formatDateTime(issue.replacedAt) || '—'}</dd>
        </div>
      </dl>
    </li>
  );
}

type SubDialog = 'complete' | 'new-issue' | null;

/**
 * Spec 2 §2 'detail modal': the record, its chain of units, the issues list and, for the
 * branch's manager, Approve, Complete Replacement or Register New Issue. Admins read it.
 */
export function ReplacementDetailModal({
  record: initial,
  onClose,
}: {
  record: Replacement;
  onClose: () => void;
}) {
  const viewer = useSessionUser();
  const notify = useNotify();
  const [record, setRecord] = useState(initial);
  const [dialog, setDialog] = useState<SubDialog>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const approve = useApproveReplacement();
  // Whether the unit now at the customer is still covered decides Register New Issue.
  const current = useWarrantyStatus(record.currentSerialNumber);
  const actions = recordActionsFor(
    record,
    viewer.role,
    current.data ? current.data.underWarranty : null,
  );
  const issues = [...record.issues].sort((a, b) => a.reportedAt.localeCompare(b.reportedAt));

  const approveNow = async () => {
    setFailure(null);
    try {
      setRecord(await approve.mutateAsync({ replacementId: record._id }));
      notify.success(WARRANTY_MESSAGES.approved);
    } catch (error) {
      setFailure(errorMessage(error, WARRANTY_MESSAGES.updateFailed));
    }
  };
  const took = (next: Replacement) => {
    setRecord(next);
    setDialog(null);
  };

  return (
    <>
      <Modal
        open={dialog === null}
        onClose={onClose}
        title="Warranty Replacement"
        description={`${record.productName} · ${record.customerName}`}
        size="xl"
        dismissible={!approve.isPending}
        footer={
          <>
            <Button variant="secondary" onClick={onClose} disabled={approve.isPending}>
              Close
            </Button>
            {actions.approve ? (
              <Button
                variant="secondary"
                icon={<CircleCheck aria-hidden="true" className="size-4" />}
                loading={approve.isPending}
                loadingText="Approving..."
                onClick={approveNow}
              >
                Approve
              </Button>
            ) : null}
            {actions.complete ? (
              <Button
                icon={<PackageCheck aria-hidden="true" className="size-4" />}
                disabled={approve.isPending}
                onClick={() => setDialog('complete')}
              >
                Complete Replacement
              </Button>
            ) : null}
            {actions.newIssue ? (
              <Button
                icon={<TriangleAlert aria-hidden="true" className="size-4" />}
                onClick={() => setDialog('new-issue')}
              >
                Register New Issue
              </Button>
            ) : null}
          </>
        }
      >
        <div className="space-y-5">
          {failure ? <Alert>{failure}</Alert> : null}
          <div className="flex flex-wrap items-center gap-2">
            <ReplacementStatusPill status={record.status} />
            <span className="text-sm text-slate-500">
              Registered {formatDateTime(record.registeredAt)}
            </span>
          </div>
          <DetailGrid
            items={[
              ['Original Serial Number', <SerialLink key="o" serial={record.serialNumber} />],
              [
                'Replacement Serial Number',
                record.replacementSerialNumber ? (
                  <SerialLink key="r" serial={record.replacementSerialNumber} />
                ) : (
                  'Not replaced yet'
                ),
              ],
              ['Product', record.productName],
              ['Customer', `${record.customerName} · ${formatPhone(record.customerPhone)}`],
              ['Work Order', record.workOrderId],
              ['Branch', record.branchName],
              ['Last Update', formatDateTime(record.updatedAt)],
            ]}
          />
          <section aria-labelledby="chain-heading" className="space-y-2">
            <h3 id="chain-heading" className="text-sm font-semibold text-slate-900">
              Chain of Units
            </h3>
            <SerialChain record={record} />
          </section>
          <section aria-labelledby="current-warranty-heading" className="space-y-2">
            <h3 id="current-warranty-heading" className="text-sm font-semibold text-slate-900">
              Warranty of the unit at the customer
            </h3>
            {current.data ? (
              <WarrantyVerdictBanner status={current.data} />
            ) : current.isError ? (
              <Alert>{errorMessage(current.error, WARRANTY_MESSAGES.productNotFound)}</Alert>
            ) : (
              <p className="flex items-center gap-2 text-sm text-slate-500">
                <Spinner /> Checking warranty...
              </p>
            )}
          </section>
          <section aria-labelledby="issues-heading" className="space-y-2">
            <h3 id="issues-heading" className="text-sm font-semibold text-slate-900">
              Issues
            </h3>
            {issues.length === 0 ? (
              <p className="text-sm text-slate-500">No issues registered</p>
            ) : (
              <ol aria-label="Issues" className="space-y-2">
                {issues.map((issue, index) => (
                  <IssueItem key={issue._id} issue={issue} index={index} />
                ))}
              </ol>
            )}
          </section>
          {record.status === 'replaced' && current.data && !current.data.underWarranty ? (
            <p className="text-xs text-slate-500">
              The unit at the customer is no longer under warranty
              {current.data.expiryDate
                ? ` (expired on ${formatDate(current.data.expiryDate)})`
                : ''}
              , so no new issue can be registered.
            </p>
          ) : null}
        </div>
      </Modal>
      {dialog === 'complete' ? (
        <CompleteReplacementModal
          record={record}
          onClose={() => setDialog(null)}
          onCompleted={took}
        />
      ) : null}
      {dialog === 'new-issue' ? (
        <RegisterIssueModal
          target={{
            kind: 'claim',
            replacementId: record._id,
            serialNumber: record.currentSerialNumber,
            productName: record.productName,
          }}
          onClose={() => setDialog(null)}
          onRegistered={took}
        />
      ) : null}
    </>
  );
}
