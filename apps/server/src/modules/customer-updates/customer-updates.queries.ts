import { and, asc, eq } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { customerUpdateMessages, customerUpdateTemplates } from '../../db/schema';

export function listTemplateRows(db: Database) {
  return db.select().from(customerUpdateTemplates);
}

export async function saveTemplateRow(
  db: Database | Tx,
  row: { event: string; language: string; body: string; updatedBy: string },
) {
  await db
    .insert(customerUpdateTemplates)
    .values(row)
    .onConflictDoUpdate({
      target: [customerUpdateTemplates.event, customerUpdateTemplates.language],
      set: { body: row.body, updatedBy: row.updatedBy, updatedAt: new Date() },
    });
}

export async function deleteTemplateRow(db: Database, event: string, language: string) {
  const deleted = await db
    .delete(customerUpdateTemplates)
    .where(
      and(eq(customerUpdateTemplates.event, event), eq(customerUpdateTemplates.language, language)),
    )
    .returning({ event: customerUpdateTemplates.event });
  return deleted.length > 0;
}

export async function insertMessageRow(
  db: Database | Tx,
  row: typeof customerUpdateMessages.$inferInsert,
) {
  await db.insert(customerUpdateMessages).values(row);
}

/** A delivery status from Meta's webhook; false when no message of Karya's has that id. */
export async function updateMessageStatus(db: Database, messageId: string, status: string) {
  const updated = await db
    .update(customerUpdateMessages)
    .set({ status, updatedAt: new Date() })
    .where(eq(customerUpdateMessages.providerMessageId, messageId))
    .returning({ id: customerUpdateMessages.id });
  return updated.length > 0;
}

export function listMessageRows(db: Database, workOrderId: string) {
  return db
    .select()
    .from(customerUpdateMessages)
    .where(eq(customerUpdateMessages.workOrderId, workOrderId))
    .orderBy(asc(customerUpdateMessages.createdAt));
}
