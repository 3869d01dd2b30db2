import {
  customerUpdateFactsSchema,
  customerUpdateTemplateSchema,
  CUSTOMER_UPDATE_MESSAGES as M,
  recordCustomerUpdateInput,
  templateKeyInput,
  updateTemplateInput,
} from '@karya/domain/customer-updates';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, ROLES } from '../../auth/guard';
import { requestScope } from '../../auth/scope';
import type { WhatsAppCloudConfig } from '../../config';
import type { Database } from '../../db/client';
import { answers, failureSchema, ok } from '../../http/envelope';
import { badRequest, forbidden, HttpError, unauthorized } from '../../http/errors';
import { assertUnderLimit, recordAttempt, type ThrottleRule } from '../system';
import {
  customerUpdateFactsOf,
  customerUpdateMessagesOf,
  listTemplates,
  recordCustomerUpdate,
  recordDeliveryStatuses,
  resetTemplate,
  saveTemplate,
  sendCustomerUpdate,
  sendingOf,
} from './customer-updates.service';
import { signedByMeta } from './webhook-signature';

const messageSchema = z.object({
  event: z.string(),
  language: z.string(),
  to: z.string(),
  status: z.string(),
  error: z.string().nullable(),
  sentAt: z.string(),
  updatedAt: z.string(),
});

const templatesAnswer = answers(z.array(customerUpdateTemplateSchema));

/**
 * POSTs to Meta's webhook per address in a minute. Every one counts, and it counts before its
 * signature is checked, so a flood of unsigned, badly signed or replayed bodies is refused
 * (429, Retry-After) past it (issue 33 item 7). 1,200 a minute is 20 a second kept up for a
 * minute from one address: a shop sends tens of updates on an ordinary day and a few hundred
 * on its busiest, each reported at most three times (sent, delivered, read, or failed), so
 * even a few hundred updates sent in one go, all their statuses arriving in the same minute,
 * stay under it; and Meta's deliveries come from many of its servers, not one address. Only a
 * long backlog replayed at once after the server was down could pass it, and what it refuses
 * is not lost: Meta's documentation says it delivers a webhook again, less and less often, for
 * up to 7 days until it gets a 200. A refused POST costs one indexed count.
 */
export const WEBHOOK_RULE: ThrottleRule = {
  bucket: 'whatsapp-webhook',
  windowMs: 60 * 1000,
  max: 1200,
  message: () => M.webhookTooMany,
};

/**
 * What the signed webhook does with the messages customers write (issue 40): the conversations
 * module stores them; this module only checks Meta's signature. Answers how many were new.
 */
export type InboundHandler = (body: unknown) => Promise<number>;

/** The messages customers get at each step of a job (issue 21) and the record of each sent. */
export function customerUpdatesRoutes(
  db: Database,
  cloud: WhatsAppCloudConfig | null,
  inbound: InboundHandler = async () => 0,
) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['customer updates'];

    api.get(
      '/customer-update-templates',
      {
        config: { access: ROLES.everyone },
        schema: {
          tags,
          summary:
            'Every customer update in Hinglish and English: the admin’s wording or the default (isDefault)',
          response: templatesAnswer,
        },
      },
      async () => ok(await listTemplates(db)),
    );

    api.put(
      '/customer-update-templates',
      {
        config: { access: ROLES.admins },
        schema: {
          tags,
          summary: 'The wording of one update in one language; unknown {placeholders} refused',
          body: updateTemplateInput,
          response: templatesAnswer,
        },
      },
      async (request) =>
        ok(await saveTemplate(db, actorOf(request), request.body), M.templateSaved),
    );

    api.delete(
      '/customer-update-templates',
      {
        config: { access: ROLES.admins },
        schema: {
          tags,
          summary: 'One update in one language back to the wording Karya ships',
          body: templateKeyInput,
          response: templatesAnswer,
        },
      },
      async (request) =>
        ok(await resetTemplate(db, actorOf(request), request.body), M.templateReset),
    );

    api.post(
      '/record-customer-update',
      {
        config: { access: ROLES.everyone },
        schema: {
          tags,
          summary:
            'A WhatsApp update sent about an order, kept in its history as a communication entry (a technician: their own orders)',
          body: recordCustomerUpdateInput,
          response: answers(z.null()),
        },
      },
      async (request) =>
        ok(
          await recordCustomerUpdate(db, actorOf(request), requestScope(request), request.body),
          M.updateRecorded,
        ),
    );

    api.get(
      '/customer-update-settings',
      {
        config: { access: ROLES.everyone },
        schema: {
          tags,
          summary:
            "How updates are sent: 'server' through the WhatsApp Cloud API when configured, else 'link' (the sender's own WhatsApp)",
          response: answers(z.object({ sendsBy: z.enum(['server', 'link']) })),
        },
      },
      async () => ok(sendingOf(cloud)),
    );

    api.post(
      '/send-customer-update',
      {
        config: { access: ROLES.everyone },
        schema: {
          tags,
          summary:
            'Sends the update through the WhatsApp Cloud API (configured by environment) and keeps its delivery status (a technician: their own orders)',
          body: recordCustomerUpdateInput,
          response: {
            ...answers(z.object({ status: z.string(), messageId: z.string() })),
            502: failureSchema,
          },
        },
      },
      async (request) => {
        if (!cloud) throw new HttpError(409, M.notConfigured);
        return ok(
          await sendCustomerUpdate(
            db,
            actorOf(request),
            requestScope(request),
            cloud,
            request.body,
          ),
          M.updateSent,
        );
      },
    );

    api.get(
      '/customer-update-facts',
      {
        config: { access: ROLES.everyone },
        schema: {
          tags,
          summary:
            'What an order’s updates are filled from: the order, its branch’s phone, what it was billed, what is due and the last payment (a technician: their own orders)',
          querystring: z.object({ orderId: z.string().trim().min(1, 'Invalid project data') }),
          response: answers(customerUpdateFactsSchema),
        },
      },
      async (request) =>
        ok(await customerUpdateFactsOf(db, requestScope(request), request.query.orderId)),
    );

    api.get(
      '/customer-update-messages',
      {
        config: { access: ROLES.everyone },
        schema: {
          tags,
          summary: 'The updates the server sent about an order, with their delivery status',
          querystring: z.object({ orderId: z.string().trim().min(1, 'Invalid project data') }),
          response: answers(z.array(messageSchema)),
        },
      },
      async (request) =>
        ok(await customerUpdateMessagesOf(db, requestScope(request), request.query.orderId)),
    );

    // Meta's webhook: its verification handshake, then the delivery statuses.
    api.get(
      '/whatsapp-webhook',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: "Meta's webhook verification: echoes hub.challenge for the configured token",
          querystring: z.object({
            'hub.mode': z.string().optional(),
            'hub.verify_token': z.string().optional(),
            'hub.challenge': z.string().optional(),
          }),
        },
      },
      async (request, reply) => {
        const query = request.query;
        const expected = cloud?.webhookVerifyToken;
        if (
          !expected ||
          query['hub.mode'] !== 'subscribe' ||
          query['hub.verify_token'] !== expected
        ) {
          throw new HttpError(403, M.webhookRefused);
        }
        return reply.type('text/plain').send(query['hub.challenge'] ?? '');
      },
    );

    await app.register(deliveryStatusWebhook(db, cloud, inbound));
  };
}

/**
 * POST /api/whatsapp-webhook in a scope of its own, where JSON arrives as its raw bytes: the
 * signature is over exactly what Meta sent, which a re-serialised object would not match.
 */
function deliveryStatusWebhook(
  db: Database,
  cloud: WhatsAppCloudConfig | null,
  inbound: InboundHandler,
) {
  return async (app: FastifyInstance) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, raw, done) =>
      done(null, raw),
    );
    app.withTypeProvider<ZodTypeProvider>().post(
      '/whatsapp-webhook',
      {
        config: { access: 'public' },
        schema: {
          tags: ['customer updates'],
          summary:
            'Delivery statuses (sent, delivered, read, failed) of the messages Karya sent, and the messages customers write (each once by its id); taken only signed by the Meta app’s secret (X-Hub-Signature-256). Limited per address, signed or not',
          body: z.unknown(),
          response: {
            ...answers(z.object({ updated: z.number(), received: z.number() })),
            429: failureSchema,
          },
        },
      },
      async (request) => {
        const keys = [`ip:${request.ip}`];
        await assertUnderLimit(db, WEBHOOK_RULE, keys);
        await recordAttempt(db, WEBHOOK_RULE, keys);
        const secret = cloud?.appSecret;
        if (!secret) throw forbidden(M.webhookRefused);
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        if (!signedByMeta(raw, request.headers['x-hub-signature-256'], secret)) {
          throw unauthorized(M.webhookRefused);
        }
        let body: unknown;
        try {
          body = JSON.parse(raw.toString('utf8'));
        } catch {
          throw badRequest(M.webhookRefused);
        }
        const updated = await recordDeliveryStatuses(db, body);
        return ok({ updated, received: await inbound(body) });
      },
    );
  };
}
