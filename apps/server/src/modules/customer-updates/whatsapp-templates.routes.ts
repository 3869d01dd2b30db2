import {
  WHATSAPP_TEMPLATE_MESSAGES as WA,
  whatsappAutoSendInput,
  whatsappTemplateInput,
  whatsappTemplateSchema,
} from '@karya/domain/whatsapp-templates';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, ROLES } from '../../auth/guard';
import type { Database } from '../../db/client';
import { answers, ok } from '../../http/envelope';
import {
  listWhatsappTemplates,
  saveAutoSend,
  saveWhatsappTemplate,
} from './whatsapp-templates.service';

const templatesAnswer = answers(z.array(whatsappTemplateSchema));

/** The approved WhatsApp templates updates are sent as, and which go at the event (issue 40). */
export function whatsappTemplatesRoutes(db: Database) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['customer updates'];

    api.get(
      '/whatsapp-templates',
      {
        config: { access: ROLES.admins },
        schema: {
          tags,
          summary:
            'Per update event and language: the approved WhatsApp template (name, language code, what fills {{1}}…{{n}}), whether it is sent automatically, Karya’s suggested wording and a preview',
          response: templatesAnswer,
        },
      },
      async () => ok(await listWhatsappTemplates(db)),
    );

    api.put(
      '/whatsapp-templates',
      {
        config: { access: ROLES.admins },
        schema: {
          tags,
          summary:
            'Records the template approved in WhatsApp Manager for one event and language, and maps its body parameters to Karya’s values',
          body: whatsappTemplateInput,
          response: templatesAnswer,
        },
      },
      async (request) =>
        ok(await saveWhatsappTemplate(db, actorOf(request), request.body), WA.templateSaved),
    );

    api.put(
      '/whatsapp-auto-send',
      {
        config: { access: ROLES.admins },
        schema: {
          tags,
          summary: 'Whether an event’s update is sent by the server the moment it happens',
          body: whatsappAutoSendInput,
          response: templatesAnswer,
        },
      },
      async (request) =>
        ok(
          await saveAutoSend(db, actorOf(request), request.body),
          WA.autoSendSaved(request.body.event, request.body.enabled),
        ),
    );
  };
}
