import { answerText, normalizeAnswer, type WorkOrderChecklist } from '@karya/domain/checklists';
import { ApiError } from '../../lib/api-client';

/**
 * The checklist as the phone shows it after an answer queued with no signal (issue 20's
 * queue): the item answered (or cleared) and the required items still open, as the server
 * will answer once the queued answer lands. The answer is checked here with the server's
 * rule, so a queued answer is one the server takes.
 */
export function answerLocally(
  checklist: WorkOrderChecklist,
  itemId: string,
  answer: string | null,
  now = new Date(),
): WorkOrderChecklist {
  const items = checklist.items.map((item) =>
    item.itemId === itemId
      ? {
          ...item,
          answer,
          answeredAt: answer === null ? null : now.toISOString(),
          answeredBy: null,
        }
      : item,
  );
  return {
    ...checklist,
    items,
    missingRequired: items
      .filter((item) => item.required && item.answer === null)
      .map((item) => item.label),
  };
}

/** The stored form of an answer, or the server's refusal message (thrown). */
export function storedAnswer(
  checklist: WorkOrderChecklist,
  itemId: string,
  answer: string | null,
): string | null {
  const item = checklist.items.find((entry) => entry.itemId === itemId);
  if (!item) return answer;
  const normalized = normalizeAnswer(item.kind, answer);
  // Refused as the server would refuse it, so the screen shows the same words.
  if (!normalized.ok) throw new ApiError(400, normalized.message);
  return normalized.value;
}

/** What the 'Waiting to sync' list says of a queued answer. */
export function queuedAnswerLabel(
  checklist: WorkOrderChecklist | undefined,
  itemId: string,
  answer: string | null,
): string {
  const item = checklist?.items.find((entry) => entry.itemId === itemId);
  if (!item) return 'Checklist answer';
  return answer === null
    ? `Checklist: ${item.label} cleared`
    : `Checklist: ${item.label}: ${answerText(item.kind, answer)}`;
}
