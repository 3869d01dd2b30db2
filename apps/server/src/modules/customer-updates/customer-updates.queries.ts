import { and, asc, eq } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { customerUpdateMessages, customerUpdateTemplates, whatsappMessages } from '../../db/schema';

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

/** A message of Karya's by Meta's id, locked while its delivery status moves on. */
export async function lockMessageByProviderId(tx: Tx, messageId: string) {
  const [row] = await tx
    .select()
    .from(customerUpdateMessages)
    .where(eq(customerUpdateMessages.providerMessageId, messageId))
    .for('update');
  return row ?? null;
}

/** A reply from the conversation by Meta's id, locked while its delivery status moves on. */
export async function lockReplyByProviderId(tx: Tx, messageId: string) {
  const [row] = await tx
    .select({ id: whatsappMessages.id, status: whatsappMessages.status })
    .from(whatsappMessages)
    .where(
      and(eq(whatsappMessages.providerMessageId, messageId), eq(whatsappMessages.direction, 'out')),
    )
    .for('update');
  return row ?? null;
}

/** A reply's delivery status from Meta's webhook, with Meta's reason when it failed. */
export async function setReplyStatus(tx: Tx, id: string, status: string, error: string | null) {
  await tx
    .update(whatsappMessages)
    .set({ status, ...(error ? { error } : {}) })
    .where(eq(whatsappMessages.id, id));
}

/** A delivery status from Meta's webhook, with Meta's reason when it failed. */
export async function setMessageStatus(tx: Tx, id: string, status: string, error: string | null) {
  await tx
    .update(customerUpdateMessages)
    .set({ status, ...(error ? { error } : {}), updatedAt: new Date() })
    .where(eq(customerUpdateMessages.id, id));
}

/** The message an outbox row sent, if it was recorded (decision 047). */
export async function findMessageOfOutbox(db: Database | Tx, outboxId: string) {
  const [row] = await db
    .select({ id: customerUpdateMessages.id, status: customerUpdateMessages.status })
    .from(customerUpdateMessages)
    .where(eq(customerUpdateMessages.outboxId, outboxId));
  return row ?? null;
}

export function listMessageRows(db: Database, workOrderId: string) {
  return db
    .select()
    .from(customerUpdateMessages)
    .where(eq(customerUpdateMessages.workOrderId, workOrderId))
    .orderBy(asc(customerUpdateMessages.createdAt));
}
