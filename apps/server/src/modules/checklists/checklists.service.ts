import { AUTH_MESSAGES } from '@karya/domain/auth-schemas';
import {
  type AnswerChecklistInput,
  type ChecklistAnswerKind,
  type ChecklistEntry,
  type ChecklistTemplate,
  CHECKLIST_MESSAGES as M,
  normalizeAnswer,
  type SaveChecklistInput,
  type WorkOrderChecklist,
} from '@karya/domain/checklists';
import { checklistRefusalOf } from '@karya/domain/completion-rule';
import { PROJECT_TYPES } from '@karya/domain/contact-schemas';
import { WORK_ORDER_MESSAGES } from '@karya/domain/work-order-schemas';
import { recordAudit } from '../../audit/record-audit';
import type { Actor } from '../../auth/guard';
import { type Scope, seesWork } from '../../auth/scope';
import type { Database, Tx } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { findWorkOrderRow, lockWorkOrder } from '../work-orders';
import {
  deleteAnswerRow,
  deleteItemsExcept,
  insertItemRows,
  listAnswerRows,
  listItemRows,
  listTemplateRows,
  lockTemplate,
  saveAnswerRow,
  unansweredRequiredLabels,
  updateItemRow,
} from './checklists.queries';

/**
 * GET /api/checklist-templates: every project type's checklist, empty until an admin adds
 * items. Business-wide, like the project types themselves.
 */
export async function listChecklistTemplates(db: Database): Promise<ChecklistTemplate[]> {
  const [templates, items] = [await listTemplateRows(db), await listItemRows(db)];
  return PROJECT_TYPES.map((projectType) => ({
    projectType,
    items: items
      .filter((item) => item.projectType === projectType)
      .map((item) => ({
        id: item.id,
        label: item.label,
        kind: item.kind as ChecklistAnswerKind,
        required: item.required,
      })),
    updatedAt:
      templates.find((row) => row.projectType === projectType)?.updatedAt.toISOString() ?? null,
  }));
}

/**
 * PUT /api/checklist-templates (admins): the project type's items become the list given, in
 * its order. An item sent with its id is changed in place, so the answers given to it stay
 * linked; one left out is removed (answers keep their copied label); one without an id is new.
 */
export async function saveChecklistTemplate(
  db: Database,
  actor: Actor,
  scope: Scope,
  input: SaveChecklistInput,
): Promise<ChecklistTemplate[]> {
  // Checklists are business-wide: only a scope over every branch may change them.
  if (scope.kind !== 'all') throw forbidden(AUTH_MESSAGES.forbidden);
  await db.transaction(async (tx) => {
    // The upsert locks the template row, so two admins' saves run one after the other.
    await lockTemplate(tx, input.projectType, actor.id);
    const existing = new Set((await listItemRows(tx, input.projectType)).map((row) => row.id));
    const kept = input.items.flatMap((item) => (item.id ? [item.id] : []));
    if (kept.some((id) => !existing.has(id))) throw badRequest(M.unknownItem);
    if (new Set(kept).size !== kept.length) throw badRequest(M.unknownItem);
    await deleteItemsExcept(tx, input.projectType, kept);
    const fresh = [];
    for (const [position, item] of input.items.entries()) {
      const values = { position, label: item.label, kind: item.kind, required: item.required };
      if (item.id) await updateItemRow(tx, item.id, values);
      else fresh.push({ ...values, projectType: input.projectType });
    }
    await insertItemRows(tx, fresh);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'checklist.save',
      entityType: 'checklist-template',
      summary: `Saved the ${input.projectType} checklist (${input.items.length} items)`,
      changes: {
        projectType: input.projectType,
        items: input.items.map(({ label, kind, required }) => ({ label, kind, required })),
      },
    });
  });
  return listChecklistTemplates(db);
}

/** The order's checklist: as answered once sent, else the current items with the answers so far. */
async function checklistOf(
  db: Database | Tx,
  order: { id: string; orderId: string; projectType: string; status: string },
  editable: boolean,
): Promise<WorkOrderChecklist> {
  const answers = await listAnswerRows(db, order.id);
  // Once sent for approval (or approved) the checklist is what was answered, whatever the
  // admin changed since; before that it is the current template with the answers so far.
  const frozen = order.status === 'pending-approval' || order.status === 'completed';
  const entryOfAnswer = (answer: (typeof answers)[number]): ChecklistEntry => ({
    itemId: answer.itemId,
    label: answer.label,
    kind: answer.kind as ChecklistAnswerKind,
    required: answer.required,
    answer: answer.answer,
    answeredAt: answer.answeredAt.toISOString(),
    answeredBy: answer.answeredBy || null,
  });
  let items: ChecklistEntry[];
  if (frozen) {
    items = answers.map(entryOfAnswer);
  } else {
    const byItem = new Map(answers.map((answer) => [answer.itemId, answer]));
    items = (await listItemRows(db, order.projectType)).map((item) => {
      const answer = byItem.get(item.id);
      return answer
        ? { ...entryOfAnswer(answer), label: item.label, required: item.required }
        : {
            itemId: item.id,
            label: item.label,
            kind: item.kind as ChecklistAnswerKind,
            required: item.required,
            answer: null,
            answeredAt: null,
            answeredBy: null,
          };
    });
  }
  return {
    orderId: order.orderId,
    projectType: order.projectType,
    editable,
    items,
    missingRequired: frozen
      ? []
      : items.filter((item) => item.required && item.answer === null).map((item) => item.label),
  };
}

/** Whether the actor answers this order's checklist now: its technician, while in progress. */
const answersNow = (actor: Actor, order: { technicianId: string | null; status: string }) =>
  actor.role === 'technician' && order.technicianId === actor.id && order.status === 'in-progress';

/**
 * GET /api/work-order-checklist: the order's checklist and answers, for whoever sees the
 * order (its technician, the branch's managers, admins); another's reads as absent.
 */
export async function getWorkOrderChecklist(
  db: Database,
  actor: Actor,
  scope: Scope,
  reference: string,
): Promise<WorkOrderChecklist> {
  const order = await findWorkOrderRow(db, reference);
  if (!order || !seesWork(scope, order)) throw notFound(WORK_ORDER_MESSAGES.workOrderNotFound);
  return checklistOf(db, order, answersNow(actor, order));
}

/**
 * POST /api/answer-work-order-checklist: the order's technician answers (or clears) one item
 * while the order is in progress. The item's label, kind and required flag are copied into
 * the answer, so a later edit of the template does not change what was checked.
 */
export async function answerWorkOrderChecklist(
  db: Database,
  actor: Actor,
  scope: Scope,
  input: AnswerChecklistInput,
): Promise<WorkOrderChecklist> {
  return db.transaction(async (tx) => {
    const order = await lockWorkOrder(tx, input.orderId);
    if (!order || !seesWork(scope, order) || order.technicianId !== actor.id) {
      throw notFound(WORK_ORDER_MESSAGES.workOrderNotFound);
    }
    if (order.status !== 'in-progress') throw conflict(M.notInProgress);
    const item = (await listItemRows(tx, order.projectType)).find((row) => row.id === input.itemId);
    if (!item) throw notFound(M.unknownItem);
    const normalized = normalizeAnswer(item.kind as ChecklistAnswerKind, input.answer);
    if (!normalized.ok) throw badRequest(normalized.message);
    if (normalized.value === null) {
      await deleteAnswerRow(tx, order.id, item.id);
    } else {
      await saveAnswerRow(tx, {
        workOrderId: order.id,
        itemId: item.id,
        position: item.position,
        label: item.label,
        kind: item.kind,
        required: item.required,
        answer: normalized.value,
        answeredBy: actor.id,
      });
    }
    return checklistOf(tx, order, true);
  });
}

/**
 * The refusal of 'Complete Project & Send for Approval' while a required item is
 * unanswered, or null. Answered is enough: a required yes/no item answered 'No' counts,
 * since the checklist records what the technician found (a DVR that would not record), not
 * a gate on the work itself; the manager reads the 'No' before approving. Runs inside the
 * work-orders module's transaction, with the order row locked (app.ts wires it in).
 */
export async function checklistRefusal(
  tx: Tx,
  order: { id: string; projectType: string },
): Promise<string | null> {
  // The rule and its words are the phone's too (packages/domain/src/completion-rule.ts).
  return checklistRefusalOf(await unansweredRequiredLabels(tx, order.id, order.projectType));
}

/**
 * The order's checklist as its service report prints it (issue 22): what was answered once
 * sent for approval, else the current items with the answers so far. The caller has already
 * decided who may read the order (a member of staff who sees it, or the customer's link).
 */
export function checklistForReport(
  db: Database,
  order: { id: string; orderId: string; projectType: string; status: string },
): Promise<WorkOrderChecklist> {
  return checklistOf(db, order, false);
}
