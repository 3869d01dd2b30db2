import {
  CUSTOMER_UPDATE_EVENTS,
  UPDATE_LANGUAGES,
  type UpdatePlaceholder,
} from '@karya/domain/customer-updates';
import {
  AUTO_SEND_DEFAULTS,
  EXAMPLE_VALUES,
  fillNumbered,
  SUGGESTED_TEMPLATES,
  templateParameters,
  type WhatsappAutoSendInput,
  type WhatsappTemplate,
  type WhatsappTemplateInput,
} from '@karya/domain/whatsapp-templates';
import { recordAudit } from '../../audit/record-audit';
import type { Actor } from '../../auth/guard';
import type { Database } from '../../db/client';
import {
  listAutoSendRows,
  listWhatsappTemplateRows,
  saveAutoSendRow,
  saveWhatsappTemplateRow,
} from './whatsapp-templates.queries';

/**
 * GET /api/whatsapp-templates (admins): per event and language, the approved template the
 * admin recorded (or none), whether the event goes automatically, Karya's suggested wording
 * and a preview filled with example values.
 */
export async function listWhatsappTemplates(db: Database): Promise<WhatsappTemplate[]> {
  const [rows, switches] = await Promise.all([listWhatsappTemplateRows(db), listAutoSendRows(db)]);
  const saved = new Map(rows.map((row) => [`${row.event}/${row.language}`, row]));
  const enabled = new Map(switches.map((row) => [row.event, row.enabled]));
  return CUSTOMER_UPDATE_EVENTS.flatMap((event) =>
    UPDATE_LANGUAGES.map((language) => {
      const row = saved.get(`${event}/${language}`);
      const suggested = SUGGESTED_TEMPLATES[event][language];
      const parameters: UpdatePlaceholder[] = row?.parameters ?? [];
      // The preview reads the wording the admin pasted, else Karya's suggestion with the
      // admin's mapping (or the suggestion's own before any).
      const body = row?.body ?? suggested.body;
      const mapping = row ? parameters : suggested.parameters;
      return {
        event,
        language,
        templateName: row?.templateName ?? null,
        languageCode: row?.languageCode ?? null,
        parameters,
        body: row?.body ?? null,
        autoSend: enabled.get(event) ?? AUTO_SEND_DEFAULTS[event],
        suggested: { ...suggested, parameters: [...suggested.parameters] },
        preview: fillNumbered(body, templateParameters(mapping, EXAMPLE_VALUES)),
      };
    }),
  );
}

/** PUT /api/whatsapp-templates (admins): one event and language's approved template. */
export async function saveWhatsappTemplate(
  db: Database,
  actor: Actor,
  input: WhatsappTemplateInput,
): Promise<WhatsappTemplate[]> {
  await db.transaction(async (tx) => {
    await saveWhatsappTemplateRow(tx, {
      event: input.event,
      language: input.language,
      templateName: input.templateName,
      languageCode: input.languageCode,
      parameters: input.parameters,
      body: input.body || null,
      updatedBy: actor.id,
    });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'customer-update.whatsapp-template-save',
      entityType: 'whatsapp-template',
      summary: `Set the ${input.language} WhatsApp template of ${input.event} to ${input.templateName} (${input.languageCode})`,
      changes: { ...input },
    });
  });
  return listWhatsappTemplates(db);
}

/** PUT /api/whatsapp-auto-send (admins): whether an event's update goes at the event. */
export async function saveAutoSend(
  db: Database,
  actor: Actor,
  input: WhatsappAutoSendInput,
): Promise<WhatsappTemplate[]> {
  await db.transaction(async (tx) => {
    await saveAutoSendRow(tx, { ...input, updatedBy: actor.id });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'customer-update.auto-send',
      entityType: 'whatsapp-template',
      summary: `${input.enabled ? 'Turned on' : 'Turned off'} automatic WhatsApp sending of ${input.event}`,
      changes: { ...input },
    });
  });
  return listWhatsappTemplates(db);
}
