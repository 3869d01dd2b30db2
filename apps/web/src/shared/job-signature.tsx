import { formatDateTime } from '@karya/domain/format';
import type { JobSignature, SignatureAnswer } from '@karya/domain/job-signatures';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiRequest, errorMessage } from '../lib/api-client';
import { CACHE_FIRST } from '../lib/cache-first';
import type { QueuedAction } from '../lib/offline-queue';
import { Alert } from '../ui/alert';
import { useQueuedActions } from './queued-actions';

/**
 * The customer's signature on an order (issue 22, decision 033): the technician takes it on
 * the phone, the desk looks at it beside the checklist and the photos.
 */
export const jobSignatureKey = (orderId: string) => ['work-order-signature', orderId] as const;
export const SIGNATURE_PATH = '/work-order-signature';

export function useJobSignature(orderId: string) {
  return useQuery({
    queryKey: jobSignatureKey(orderId),
    // A copy restored after a reload may predate the signature just taken: ask again.
    ...CACHE_FIRST,
    queryFn: ({ signal }) =>
      apiRequest<SignatureAnswer>('GET', SIGNATURE_PATH, undefined, {
        query: { orderId },
        signal,
      }),
  });
}

/** A signature taken with no signal, waiting in the phone's queue (its PNG and name). */
export interface WaitingSignature {
  signerName: string;
  file: Blob;
  queuedAt: number;
}

export function waitingSignatureOf(actions: readonly QueuedAction[]): WaitingSignature | null {
  for (const action of [...actions].reverse()) {
    if (action.refusal !== null) continue;
    const step = action.steps.find((each) => each.path === SIGNATURE_PATH);
    const body = step?.body as { signerName?: unknown; file?: unknown } | undefined;
    if (body && typeof body.signerName === 'string' && body.file instanceof Blob) {
      return { signerName: body.signerName, file: body.file, queuedAt: action.queuedAt };
    }
  }
  return null;
}

/**
 * Whether the phone should hold 'Complete Project & Send for Approval' back: the branch
 * requires the signature and there is none, neither saved nor waiting to sync. Unknown (not
 * loaded, no signal) is not 'needed': the server's 409 is the guard.
 */
export function useSignatureNeeded(orderId: string): boolean {
  const answer = useJobSignature(orderId);
  const waiting = waitingSignatureOf(useQueuedActions(orderId));
  return answer.data?.required === true && answer.data.signature === null && waiting === null;
}

/** An object address for a Blob, let go when the Blob changes or the screen goes. */
export function useBlobUrl(blob: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url;
}

/** The signature's image on white, as the customer drew it, with its name and time below. */
export function SignatureCard({
  source,
  signerName,
  caption,
}: {
  source: string;
  signerName: string;
  caption: string;
}) {
  return (
    <figure className="space-y-1.5">
      <img
        src={source}
        alt={`Signature of ${signerName}`}
        className="h-28 w-full max-w-sm rounded-md border border-slate-200 bg-white object-contain dark:border-slate-700"
      />
      <figcaption className="text-sm">
        <span className="block font-medium break-words text-slate-900 dark:text-slate-100">
          {signerName}
        </span>
        <span className="block text-xs text-slate-500 dark:text-slate-400">{caption}</span>
      </figcaption>
    </figure>
  );
}

export const signedCaption = (signature: JobSignature) =>
  `Signed ${formatDateTime(signature.signedAt)}${
    signature.signedBy ? ` · taken by ${signature.signedBy.name}` : ''
  }`;

/**
 * The customer's signature as the desk reads it (Project Details, Approve Project): the
 * image, the name, when and which technician took it. Draws nothing when there is none and
 * the branch does not ask for one; says so when it does.
 */
export function JobSignatureSection({
  orderId,
  className,
}: {
  orderId: string;
  className?: string;
}) {
  const answer = useJobSignature(orderId);
  if (answer.isError) {
    return (
      <Alert tone="warning">{errorMessage(answer.error, 'Failed to fetch the signature')}</Alert>
    );
  }
  const signature = answer.data?.signature ?? null;
  if (!signature && !answer.data?.required) return null;
  return (
    <section aria-label="Customer signature" className={className}>
      <h3 className="mb-3 text-sm font-semibold text-slate-900">Customer Signature</h3>
      {signature ? (
        <SignatureCard
          source={signature.fileUrl}
          signerName={signature.signerName}
          caption={signedCaption(signature)}
        />
      ) : (
        <p className="text-sm text-slate-500">Not signed yet</p>
      )}
    </section>
  );
}
