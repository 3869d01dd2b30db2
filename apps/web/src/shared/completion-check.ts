import { completionRefusal } from '@karya/domain/completion-rule';
import { useJobSignature, waitingSignatureOf } from './job-signature';
import { useQueuedActions } from './queued-actions';
import { useWorkOrderChecklist } from './work-order-checklist';

export interface CompletionCheck {
  /** The server's refusal of 'Complete Project & Send for Approval' as the phone sees it. */
  refusal: string | null;
  /** Both the checklist and the signature rule are on the phone (cached or fetched). */
  known: boolean;
  /** When the newer of the two was last written (fetched, or answered on the phone). */
  updatedAt: number;
}

/**
 * The completion rule (packages/domain/src/completion-rule.ts) applied to what the phone
 * holds (issue 39 item 2): the order's checklist and the branch's signature rule, both kept
 * in the offline cache, with answers and a signature still waiting to sync counted as given.
 * With no signal the phone refuses a completion the server would refuse, in its words.
 */
export function useCompletionCheck(orderId: string): CompletionCheck {
  const checklist = useWorkOrderChecklist(orderId);
  const signature = useJobSignature(orderId);
  const waiting = waitingSignatureOf(useQueuedActions(orderId));
  const refusal = completionRefusal({
    missingRequired: checklist.data?.missingRequired ?? [],
    signatureRequired: signature.data?.required === true,
    signed: Boolean(signature.data?.signature) || waiting !== null,
  });
  return {
    refusal,
    known: checklist.data !== undefined && signature.data !== undefined,
    updatedAt: Math.max(checklist.dataUpdatedAt, signature.dataUpdatedAt),
  };
}
