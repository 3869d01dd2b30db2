import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import {
  checklistItems,
  checklistTemplates,
  users,
  workOrderChecklistAnswers,
} from '../../db/schema';

type Db = Database | Tx;

export function listTemplateRows(db: Db) {
  return db.select().from(checklistTemplates);
}

/** Every item of every project type, or of one, in their order. */
export function listItemRows(db: Db, projectType?: string) {
  return db
    .select()
    .from(checklistItems)
    .where(projectType === undefined ? undefined : eq(checklistItems.projectType, projectType))
    .orderBy(asc(checklistItems.projectType), asc(checklistItems.position));
}

/** The template row of a project type, locked (created when missing) for the save. */
export async function lockTemplate(tx: Tx, projectType: string, updatedBy: string) {
  await tx
    .insert(checklistTemplates)
    .values({ projectType, updatedBy })
    .onConflictDoUpdate({
      target: checklistTemplates.projectType,
      set: { updatedBy, updatedAt: new Date() },
    });
}

export async function deleteItemsExcept(tx: Tx, projectType: string, keep: string[]) {
  await tx
    .delete(checklistItems)
    .where(
      and(
        eq(checklistItems.projectType, projectType),
        keep.length > 0 ? notInArray(checklistItems.id, keep) : undefined,
      ),
    );
}

export async function updateItemRow(
  tx: Tx,
  id: string,
  values: Pick<typeof checklistItems.$inferInsert, 'position' | 'label' | 'kind' | 'required'>,
) {
  await tx.update(checklistItems).set(values).where(eq(checklistItems.id, id));
}

export async function insertItemRows(tx: Tx, rows: (typeof checklistItems.$inferInsert)[]) {
  if (rows.length > 0) await tx.insert(checklistItems).values(rows);
}

/** The answers of an order with who gave them, in the checklist's order at answer time. */
export function listAnswerRows(db: Db, workOrderId: string) {
  return db
    .select({
      itemId: workOrderChecklistAnswers.itemId,
      position: workOrderChecklistAnswers.position,
      label: workOrderChecklistAnswers.label,
      kind: workOrderChecklistAnswers.kind,
      required: workOrderChecklistAnswers.required,
      answer: workOrderChecklistAnswers.answer,
      answeredAt: workOrderChecklistAnswers.answeredAt,
      answeredBy: sql<string | null>`trim(${users.firstName} || ' ' || ${users.lastName})`,
    })
    .from(workOrderChecklistAnswers)
    .leftJoin(users, eq(users.id, workOrderChecklistAnswers.answeredBy))
    .where(eq(workOrderChecklistAnswers.workOrderId, workOrderId))
    .orderBy(asc(workOrderChecklistAnswers.position), asc(workOrderChecklistAnswers.answeredAt));
}

export async function saveAnswerRow(
  tx: Tx,
  row: Omit<typeof workOrderChecklistAnswers.$inferInsert, 'id' | 'answeredAt'>,
) {
  await tx
    .insert(workOrderChecklistAnswers)
    .values(row)
    .onConflictDoUpdate({
      target: [workOrderChecklistAnswers.workOrderId, workOrderChecklistAnswers.itemId],
      set: {
        position: row.position,
        label: row.label,
        kind: row.kind,
        required: row.required,
        answer: row.answer,
        answeredBy: row.answeredBy,
        answeredAt: new Date(),
      },
    });
}

export async function deleteAnswerRow(tx: Tx, workOrderId: string, itemId: string) {
  await tx
    .delete(workOrderChecklistAnswers)
    .where(
      and(
        eq(workOrderChecklistAnswers.workOrderId, workOrderId),
        eq(workOrderChecklistAnswers.itemId, itemId),
      ),
    );
}

/** The labels of the project type's required items the order has no answer to, in order. */
export async function unansweredRequiredLabels(
  db: Db,
  workOrderId: string,
  projectType: string,
): Promise<string[]> {
  // One after the other: inside a transaction both go through the one connection.
  const required = await db
    .select({ id: checklistItems.id, label: checklistItems.label })
    .from(checklistItems)
    .where(and(eq(checklistItems.projectType, projectType), eq(checklistItems.required, true)))
    .orderBy(asc(checklistItems.position));
  if (required.length === 0) return [];
  const answered = await db
    .select({ itemId: workOrderChecklistAnswers.itemId })
    .from(workOrderChecklistAnswers)
    .where(eq(workOrderChecklistAnswers.workOrderId, workOrderId));
  const done = new Set(answered.map((row) => row.itemId));
  return required.filter((item) => !done.has(item.id)).map((item) => item.label);
}
