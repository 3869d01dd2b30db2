import {
  contactRefInput,
  conversationSchema,
  CONVERSATION_MESSAGES as M,
  whatsappReplyInput,
  whatsappSettingsInput,
  whatsappSettingsSchema,
} from '@karya/domain/whatsapp-conversations';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, ROLES } from '../../auth/guard';
import { requestScope } from '../../auth/scope';
import type { WhatsAppCloudConfig } from '../../config';
import type { Database } from '../../db/client';
import { answers, failureSchema, ok } from '../../http/envelope';
import {
  conversationOf,
  markThreadRead,
  optIn,
  replyTo,
  saveSettings,
  settingsOf,
  unreadCount,
} from './conversations.service';

/**
 * The WhatsApp conversation (issue 40, decision 048): a contact's thread, replies inside the
 * customer's window, the unread badge, opt-in after a STOP, and the branch of new numbers.
 * The desk's only: a technician is answered 403; a manager sees their branch's contacts.
 */
export function conversationsRoutes(db: Database, cloud: WhatsAppCloudConfig | null) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['whatsapp conversations'];

    api.get(
      '/contact-conversation',
      {
        config: { access: ROLES.desk },
        schema: {
          tags,
          summary:
            "A lead's or customer's WhatsApp thread: what they wrote, the replies and the updates Karya sent, with the 24-hour window and the opt-out",
          querystring: contactRefInput,
          response: answers(conversationSchema),
        },
      },
      async (request) =>
        ok(await conversationOf(db, requestScope(request), request.query.contactId, cloud)),
    );

    api.post(
      '/whatsapp-reply',
      {
        config: { access: ROLES.desk },
        schema: {
          tags,
          summary:
            "A free-form reply through the Cloud API, only inside the customer's 24-hour window (else 409: send a template)",
          body: whatsappReplyInput,
          response: {
            ...answers(z.object({ status: z.string(), messageId: z.string() })),
            502: failureSchema,
          },
        },
      },
      async (request) =>
        ok(
          await replyTo(db, actorOf(request), requestScope(request), cloud, request.body),
          M.replySent,
        ),
    );

    api.post(
      '/whatsapp-thread-read',
      {
        config: { access: ROLES.desk },
        schema: {
          tags,
          summary: "Marks a contact's inbound WhatsApp messages read (the header's badge drops)",
          body: contactRefInput,
          response: answers(z.object({ read: z.number() })),
        },
      },
      async (request) =>
        ok(await markThreadRead(db, requestScope(request), request.body.contactId), M.threadRead),
    );

    api.get(
      '/whatsapp-unread',
      {
        config: { access: ROLES.desk },
        schema: {
          tags,
          summary: "Unread WhatsApp messages of the manager's branch (an admin: every branch)",
          response: answers(z.object({ unread: z.number() })),
        },
      },
      async (request) => ok(await unreadCount(db, requestScope(request))),
    );

    api.post(
      '/whatsapp-opt-in',
      {
        config: { access: ROLES.desk },
        schema: {
          tags,
          summary:
            'Automatic WhatsApp updates back on for a contact who replied STOP: only when the customer asks',
          body: contactRefInput,
          response: answers(z.object({ optedOut: z.boolean() })),
        },
      },
      async (request) =>
        ok(
          await optIn(db, actorOf(request), requestScope(request), request.body.contactId),
          M.optedIn,
        ),
    );

    api.get(
      '/whatsapp-settings',
      {
        config: { access: ROLES.admins },
        schema: {
          tags,
          summary: 'The branch leads from new WhatsApp numbers go to',
          response: answers(whatsappSettingsSchema),
        },
      },
      async () => ok(await settingsOf(db)),
    );

    api.put(
      '/whatsapp-settings',
      {
        config: { access: ROLES.admins },
        schema: {
          tags,
          summary:
            'Chooses the branch leads from new WhatsApp numbers go to (null: the first active branch)',
          body: whatsappSettingsInput,
          response: answers(whatsappSettingsSchema),
        },
      },
      async (request) =>
        ok(await saveSettings(db, actorOf(request), request.body), M.settingsSaved),
    );
  };
}
