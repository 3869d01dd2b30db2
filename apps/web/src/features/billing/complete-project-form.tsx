import { SIGNATURE_MESSAGES } from '@karya/domain/job-signatures';
import { WORK_ORDER_MESSAGES, type WorkOrderDetail } from '@karya/domain/work-order-schemas';
import { CircleCheck, PenLine } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useCompletionCheck } from '../../shared/completion-check';
import { useSignatureNeeded } from '../../shared/job-signature';
import { SignatureDialog } from '../../shared/signature-capture';
import { useOrderAction } from '../../shared/use-order-action';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { useNotify } from '../../ui/notification-context';
import { BILLING_TEXT } from './billing-messages';

/** Spec 2 §4: the wizard's remark, with the technician's own notes after it when given. */
export function completionRemark(notes: string): string {
  const trimmed = notes.trim();
  return trimmed ? `${BILLING_TEXT.completedRemark}. ${trimmed}` : BILLING_TEXT.completedRemark;
}

/** What the order's 'Waiting to sync' lists when it was completed offline (issue 20). */
export const COMPLETE_LABEL = 'Complete Project & Send for Approval';

/**
 * Spec 2 §4 'Complete Project & Send for Approval': in-progress to pending-approval once a
 * payment exists, with optional completion notes. With no network it is queued (issue 20)
 * and the order shows Pending Approval and 'Waiting to sync' until it is sent.
 */
export function CompleteProjectForm({
  order,
  onCompleted,
}: {
  order: Pick<WorkOrderDetail, 'customerId' | 'orderId'> & { customerName?: string };
  onCompleted: () => void;
}) {
  const complete = useOrderAction();
  const notesId = useId();
  const [notes, setNotes] = useState('');
  // Issue 22: the branch wants the customer's signature first (the server refuses without).
  const signatureNeeded = useSignatureNeeded(order.orderId);
  const [signing, setSigning] = useState(false);
  // Issue 39 item 2: the server's completion rule on what the phone holds, so that with no
  // signal a completion the server would refuse is refused here, in the server's words,
  // instead of waiting to sync and dropping back once the technician has left.
  const check = useCompletionCheck(order.orderId);
  const notify = useNotify();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (check.refusal) {
      notify.error(check.refusal);
      return;
    }
    const remark = completionRemark(notes);
    const done = await complete.run(
      order,
      {
        path: '/complete-work-order',
        body: { customerId: order.customerId, orderId: order.orderId, remark },
        label: COMPLETE_LABEL,
      },
      { status: 'pending-approval', entry: { status: 'pending-approval', remark } },
      { done: WORK_ORDER_MESSAGES.sentForApproval, failed: BILLING_TEXT.statusFailed },
    );
    if (done) onCompleted();
  };

  return (
    <>
      <form onSubmit={submit} className="space-y-3">
        {signatureNeeded ? (
          <Alert tone="warning">
            <p className="font-medium">{SIGNATURE_MESSAGES.signatureRequired}</p>
            <Button
              type="button"
              size="sm"
              className="mt-2"
              icon={<PenLine aria-hidden="true" className="size-4" />}
              onClick={() => setSigning(true)}
            >
              Get customer signature
            </Button>
          </Alert>
        ) : null}
        <div>
          <label
            htmlFor={notesId}
            className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200"
          >
            Completion Notes (optional)
          </label>
          <textarea
            id={notesId}
            rows={3}
            value={notes}
            placeholder="Anything the manager should know about the work done"
            onChange={(event) => setNotes(event.target.value)}
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-blue-500 focus:ring-2 focus:ring-blue-500/20 focus:outline-none sm:text-sm dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:placeholder:text-slate-500"
          />
        </div>
        <Button
          type="submit"
          className="h-11 w-full bg-green-600 hover:bg-green-700 disabled:bg-green-400"
          loading={complete.pending}
          disabled={signatureNeeded}
          icon={<CircleCheck aria-hidden="true" className="size-4" />}
        >
          Complete Project &amp; Send for Approval
        </Button>
      </form>
      <SignatureDialog
        orderId={order.orderId}
        open={signing}
        onClose={() => setSigning(false)}
        defaultName={order.customerName ?? ''}
      />
    </>
  );
}
