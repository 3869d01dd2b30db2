import type { UpdatePlaceholder } from '@karya/domain/customer-updates';
import { and, eq } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { whatsappAutoSend, whatsappTemplates } from '../../db/schema';

export interface TemplateRow {
  event: string;
  language: string;
  templateName: string;
  languageCode: string;
  parameters: UpdatePlaceholder[];
  body: string | null;
}

export async function listWhatsappTemplateRows(db: Database | Tx): Promise<TemplateRow[]> {
  const rows = await db.select().from(whatsappTemplates);
  return rows.map((row) => ({ ...row, parameters: row.parameters as UpdatePlaceholder[] }));
}

export async function findWhatsappTemplateRow(
  db: Database | Tx,
  event: string,
  language: string,
): Promise<TemplateRow | null> {
  const [row] = await db
    .select()
    .from(whatsappTemplates)
    .where(and(eq(whatsappTemplates.event, event), eq(whatsappTemplates.language, language)));
  return row ? { ...row, parameters: row.parameters as UpdatePlaceholder[] } : null;
}

export async function saveWhatsappTemplateRow(
  tx: Tx,
  row: Omit<TemplateRow, 'body'> & { body: string | null; updatedBy: string },
) {
  await tx
    .insert(whatsappTemplates)
    .values(row)
    .onConflictDoUpdate({
      target: [whatsappTemplates.event, whatsappTemplates.language],
      set: {
        templateName: row.templateName,
        languageCode: row.languageCode,
        parameters: row.parameters,
        body: row.body,
        updatedBy: row.updatedBy,
        updatedAt: new Date(),
      },
    });
}

export function listAutoSendRows(db: Database) {
  return db.select().from(whatsappAutoSend);
}

export async function saveAutoSendRow(
  tx: Tx,
  row: { event: string; enabled: boolean; updatedBy: string },
) {
  await tx
    .insert(whatsappAutoSend)
    .values(row)
    .onConflictDoUpdate({
      target: whatsappAutoSend.event,
      set: { enabled: row.enabled, updatedBy: row.updatedBy, updatedAt: new Date() },
    });
}
