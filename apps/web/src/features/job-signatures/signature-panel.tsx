import { formatDateTime } from '@karya/domain/format';
import { PenLine } from 'lucide-react';
import { useId, useState } from 'react';
import {
  SignatureCard,
  signedCaption,
  useBlobUrl,
  useJobSignature,
  waitingSignatureOf,
} from '../../shared/job-signature';
import { useQueuedActions } from '../../shared/queued-actions';
import { QUEUE_TEXT } from '../../shared/queued-actions-notice';
import { SignatureDialog } from '../../shared/signature-capture';
import { Button } from '../../ui/button';
import { DARK_SECONDARY, Panel } from '../../ui/dashboard-panels';

/**
 * The current project's 'Customer Signature' (issue 22, decision 033): 'Get customer
 * signature' while the project is in progress; once saved, the signature with the name and
 * time and 'Sign again'. A signature taken with no signal shows at once, waiting to sync.
 */
export function SignaturePanel({
  orderId,
  customerName,
  inProgress,
}: {
  orderId: string;
  customerName: string;
  inProgress: boolean;
}) {
  const answer = useJobSignature(orderId);
  const waiting = waitingSignatureOf(useQueuedActions(orderId));
  const waitingUrl = useBlobUrl(waiting?.file ?? null);
  const [signing, setSigning] = useState(false);
  const ids = useId();
  const saved = answer.data?.signature ?? null;
  if (!inProgress && !saved && !waiting) return null;

  return (
    <Panel aria-labelledby={`${ids}-heading`} className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <h3
          id={`${ids}-heading`}
          className="flex items-center gap-2 text-sm font-semibold text-slate-900 dark:text-slate-50"
        >
          <PenLine aria-hidden="true" className="size-4 text-blue-600 dark:text-blue-400" />
          Customer Signature
        </h3>
        {answer.data?.required && !saved && !waiting ? (
          <span className="text-xs font-medium text-amber-700 dark:text-amber-400">Required</span>
        ) : null}
      </div>
      {waiting && waitingUrl ? (
        <SignatureCard
          source={waitingUrl}
          signerName={waiting.signerName}
          caption={`${QUEUE_TEXT.waiting} · taken ${formatDateTime(new Date(waiting.queuedAt).toISOString())}`}
        />
      ) : saved ? (
        <SignatureCard
          source={saved.fileUrl}
          signerName={saved.signerName}
          caption={signedCaption(saved)}
        />
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {answer.data?.required
            ? 'The customer signs here before you send the project for approval.'
            : 'Ask the customer to sign when the work is done.'}
        </p>
      )}
      {inProgress ? (
        saved || waiting ? (
          <Button
            variant="secondary"
            className={`h-11 w-full ${DARK_SECONDARY}`}
            icon={<PenLine aria-hidden="true" className="size-4" />}
            onClick={() => setSigning(true)}
          >
            Sign again
          </Button>
        ) : (
          <Button
            className="h-11 w-full"
            icon={<PenLine aria-hidden="true" className="size-4" />}
            onClick={() => setSigning(true)}
          >
            Get customer signature
          </Button>
        )
      ) : null}
      <SignatureDialog
        orderId={orderId}
        open={signing}
        onClose={() => setSigning(false)}
        defaultName={saved?.signerName ?? waiting?.signerName ?? customerName}
      />
    </Panel>
  );
}
