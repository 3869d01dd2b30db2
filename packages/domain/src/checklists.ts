import { z } from 'zod';
import { CONTACT_MESSAGES, PROJECT_TYPES } from './contact-schemas';
import { isUuid } from './user-schemas';

/**
 * Job checklists (issue 22): an admin's list of things to check per project type (CCTV:
 * cameras mounted, DVR configured…), which the technician answers on the order; a required
 * item left unanswered keeps the order from being sent for approval (the server enforces it).
 */

export const CHECKLIST_ANSWER_KINDS = ['yes-no', 'number', 'text'] as const;
export type ChecklistAnswerKind = (typeof CHECKLIST_ANSWER_KINDS)[number];
export const CHECKLIST_ANSWER_KIND_LABELS: Record<ChecklistAnswerKind, string> = {
  'yes-no': 'Yes / No',
  number: 'Number',
  text: 'Text',
};

export const CHECKLIST_MAX_ITEMS = 50;
export const CHECKLIST_LABEL_MAX_LENGTH = 200;
export const CHECKLIST_TEXT_ANSWER_MAX_LENGTH = 500;

export const CHECKLIST_MESSAGES = {
  selectProjectType: CONTACT_MESSAGES.selectProjectType,
  labelRequired: 'Please enter the checklist item',
  labelTooLong: `A checklist item can be at most ${CHECKLIST_LABEL_MAX_LENGTH} characters`,
  invalidKind: 'Answer kind must be Yes / No, Number or Text',
  requiredYesOrNo: 'Required must be true or false',
  tooManyItems: `A checklist can have at most ${CHECKLIST_MAX_ITEMS} items`,
  duplicateLabel: (label: string) => `The checklist has “${label}” twice`,
  unknownItem: 'Checklist item not found',
  invalidProject: 'Invalid project data',
  answerYesNo: 'Please answer Yes or No',
  answerNumber: 'Please enter a number',
  answerText: 'Please enter an answer',
  answerTooLong: `An answer can be at most ${CHECKLIST_TEXT_ANSWER_MAX_LENGTH} characters`,
  notInProgress: 'The checklist can be filled in only while the project is in progress',
  checklistSaved: 'Checklist saved',
  answerSaved: 'Answer saved',
  /** The refusal of 'Complete Project & Send for Approval', naming what is left. */
  requiredUnanswered: (labels: readonly string[]) =>
    `Please complete the checklist before sending for approval: ${labels.join(', ')}`,
} as const;
const M = CHECKLIST_MESSAGES;

const projectTypeField = z.enum(PROJECT_TYPES, { error: M.selectProjectType });

export const checklistItemInput = z.object({
  /** An existing item keeps its id, so answers given to it stay linked; absent: a new item. */
  id: z.string({ error: M.unknownItem }).refine(isUuid, M.unknownItem).optional(),
  label: z
    .string({ error: M.labelRequired })
    .trim()
    .min(1, M.labelRequired)
    .max(CHECKLIST_LABEL_MAX_LENGTH, M.labelTooLong),
  kind: z.enum(CHECKLIST_ANSWER_KINDS, { error: M.invalidKind }),
  required: z.boolean({ error: M.requiredYesOrNo }).default(false),
});
export type ChecklistItemInput = z.infer<typeof checklistItemInput>;

/** PUT /api/checklist-templates (admins): a project type's items, in their order. */
export const saveChecklistInput = z
  .object({
    projectType: projectTypeField,
    items: z.array(checklistItemInput).max(CHECKLIST_MAX_ITEMS, M.tooManyItems),
  })
  .superRefine((input, context) => {
    const seen = new Set<string>();
    for (const [index, item] of input.items.entries()) {
      const key = item.label.toLowerCase();
      if (seen.has(key)) {
        context.addIssue({
          code: 'custom',
          path: ['items', index, 'label'],
          message: M.duplicateLabel(item.label),
        });
        return;
      }
      seen.add(key);
    }
  });
export type SaveChecklistInput = z.infer<typeof saveChecklistInput>;

export const checklistItemSchema = z.object({
  id: z.string(),
  label: z.string(),
  kind: z.enum(CHECKLIST_ANSWER_KINDS),
  required: z.boolean(),
});
export type ChecklistItem = z.infer<typeof checklistItemSchema>;

export const checklistTemplateSchema = z.object({
  projectType: z.enum(PROJECT_TYPES),
  items: z.array(checklistItemSchema),
  updatedAt: z.string().nullable(),
});
export type ChecklistTemplate = z.infer<typeof checklistTemplateSchema>;

/** POST /api/answer-work-order-checklist (the order's technician): null clears the answer. */
export const answerChecklistInput = z.object({
  orderId: z.string({ error: M.invalidProject }).trim().min(1, M.invalidProject),
  itemId: z.string({ error: M.unknownItem }).refine(isUuid, M.unknownItem),
  answer: z.union(
    [
      z.string().max(CHECKLIST_TEXT_ANSWER_MAX_LENGTH * 2, M.answerTooLong),
      z.number().min(-1e12, M.answerNumber).max(1e12, M.answerNumber),
      z.null(),
    ],
    { error: M.answerText },
  ),
});
export type AnswerChecklistInput = z.infer<typeof answerChecklistInput>;

/**
 * The answer as stored, or the refusal: 'yes'/'no', a plain decimal number, or trimmed text.
 * null and '' mean no answer.
 */
export function normalizeAnswer(
  kind: ChecklistAnswerKind,
  answer: string | number | null,
): { ok: true; value: string | null } | { ok: false; message: string } {
  if (answer === null) return { ok: true, value: null };
  const text = String(answer).trim();
  if (!text) return { ok: true, value: null };
  switch (kind) {
    case 'yes-no': {
      const lower = text.toLowerCase();
      return lower === 'yes' || lower === 'no'
        ? { ok: true, value: lower }
        : { ok: false, message: M.answerYesNo };
    }
    case 'number':
      return /^-?\d{1,12}(\.\d{1,4})?$/.test(text)
        ? { ok: true, value: String(Number(text)) }
        : { ok: false, message: M.answerNumber };
    case 'text':
      return text.length <= CHECKLIST_TEXT_ANSWER_MAX_LENGTH
        ? { ok: true, value: text }
        : { ok: false, message: M.answerTooLong };
  }
}

/** How an answer reads on a screen: Yes/No capitalised, numbers and text as given. */
export function answerText(kind: ChecklistAnswerKind, answer: string | null): string {
  if (answer === null) return '—';
  if (kind === 'yes-no') return answer === 'yes' ? 'Yes' : 'No';
  return answer;
}

export const checklistEntrySchema = z.object({
  /** The template item; null when the admin removed it after it was answered. */
  itemId: z.string().nullable(),
  label: z.string(),
  kind: z.enum(CHECKLIST_ANSWER_KINDS),
  required: z.boolean(),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  answeredBy: z.string().nullable(),
});
export type ChecklistEntry = z.infer<typeof checklistEntrySchema>;

/** GET /api/work-order-checklist: the order's checklist with its answers. */
export const workOrderChecklistSchema = z.object({
  orderId: z.string(),
  projectType: z.string(),
  /** Whether the caller may answer now: the order's technician, the order in progress. */
  editable: z.boolean(),
  items: z.array(checklistEntrySchema),
  /** The labels of the required items still unanswered. */
  missingRequired: z.array(z.string()),
});
export type WorkOrderChecklist = z.infer<typeof workOrderChecklistSchema>;
