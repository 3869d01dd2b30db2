import {
  convertDemoRequestSchema,
  DEMO_REQUEST_MESSAGES,
  demoRequestInputSchema,
  demoRequestSchema,
  demoRequestStatusFilter,
} from '@karya/domain/system-schemas';
import { idOf } from '@karya/domain/user-schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, ROLES } from '../../auth/guard';
import { requestScope } from '../../auth/scope';
import type { Database } from '../../db/client';
import { answers, failureSchema, ok } from '../../http/envelope';
import { listAnswer, pagingOf, pagingQuery } from '../../http/list-query';
import {
  convertToLead,
  listDemoRequests,
  markContacted,
  submitDemoRequest,
} from './demo-requests.service';

const MAX_PAGE = 100;
const idParams = z.object({ id: idOf(DEMO_REQUEST_MESSAGES.notFound) });

export function demoRequestsRoutes(db: Database) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['demo requests'];

    api.post(
      '/demo-requests',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary:
            'A visitor of the landing page books a demo (phone; optional name, city, language). Limited per address; the same number within a day is merged',
          body: demoRequestInputSchema,
          response: { ...answers(z.null()), 429: failureSchema },
        },
      },
      async (request) => {
        await submitDemoRequest(db, request.body, request.ip);
        return ok(null, DEMO_REQUEST_MESSAGES.received);
      },
    );

    api.get(
      '/get-demo-requests',
      {
        config: { access: ROLES.admins },
        schema: {
          tags,
          summary:
            'Demo requests, newest first; ?status=new|contacted|converted|all; paged (X-Total-Count)',
          querystring: z.object({
            status: demoRequestStatusFilter.optional(),
            ...pagingQuery(MAX_PAGE),
          }),
          response: answers(z.array(demoRequestSchema)),
        },
      },
      async (request, reply) => {
        const { limit, offset } = pagingOf(request.query, 50);
        const status = request.query.status;
        return ok(
          listAnswer(
            reply,
            await listDemoRequests(db, {
              status: status && status !== 'all' ? status : undefined,
              limit,
              offset,
            }),
          ),
        );
      },
    );

    api.post(
      '/demo-request-contacted/:id',
      {
        config: { access: ROLES.admins },
        schema: {
          tags,
          summary: 'Mark a demo request as contacted',
          params: idParams,
          response: answers(demoRequestSchema),
        },
      },
      async (request) =>
        ok(
          await markContacted(db, actorOf(request), request.params.id),
          DEMO_REQUEST_MESSAGES.markedContacted,
        ),
    );

    api.post(
      '/demo-request-convert/:id',
      {
        config: { access: ROLES.admins },
        schema: {
          tags,
          summary:
            'Turn a demo request into a lead of the chosen branch (name required; remark optional)',
          params: idParams,
          body: convertDemoRequestSchema,
          response: answers(demoRequestSchema),
        },
      },
      async (request) => {
        const converted = await convertToLead(
          db,
          actorOf(request),
          requestScope(request),
          request.params.id,
          request.body,
        );
        return ok(converted, DEMO_REQUEST_MESSAGES.converted);
      },
    );
  };
}
