import { CHECKLIST_MESSAGES } from './checklists';
import { SIGNATURE_MESSAGES } from './job-signatures';

/**
 * The rule of 'Complete Project & Send for Approval' (issue 22; issue 39 item 2): every
 * required checklist item answered, then the customer's signature where the branch asks for
 * it. The server applies it inside the completion's transaction (app.ts composes its two
 * halves, checklistRefusal then signatureRefusal, each built on these); the technician's
 * phone applies it to what it holds (the cached checklist and signature, with what waits to
 * sync), so a completion with no signal is refused on the spot with the server's words.
 */

/** The checklist's half: the labels of required items still unanswered, in checklist order. */
export function checklistRefusalOf(missingRequired: readonly string[]): string | null {
  return missingRequired.length > 0 ? CHECKLIST_MESSAGES.requiredUnanswered(missingRequired) : null;
}

/** The signature's half: the branch requires one and there is none. */
export function signatureRefusalOf(required: boolean, signed: boolean): string | null {
  return required && !signed ? SIGNATURE_MESSAGES.signatureRequired : null;
}

export interface CompletionFacts {
  /** Labels of the required checklist items still unanswered. */
  missingRequired: readonly string[];
  /** The order's branch requires the customer's signature. */
  signatureRequired: boolean;
  /** A signature is saved (on the phone: or waiting to sync). */
  signed: boolean;
}

/** The first refusal, the checklist before the signature, or null: the order may go. */
export function completionRefusal(facts: CompletionFacts): string | null {
  return (
    checklistRefusalOf(facts.missingRequired) ??
    signatureRefusalOf(facts.signatureRequired, facts.signed)
  );
}

/** Whether a message is one of this rule's refusals (what a technician can put right). */
export function isCompletionRuleRefusal(message: string): boolean {
  return (
    message === SIGNATURE_MESSAGES.signatureRequired ||
    message.startsWith(CHECKLIST_MESSAGES.requiredUnanswered([]).replace(/:\s*$/, ''))
  );
}
