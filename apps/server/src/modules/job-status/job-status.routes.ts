import { billSchema } from '@karya/domain/bill-schemas';
import {
  jobComplaintAnswerSchema,
  jobComplaintInput,
  jobStatusSchema,
  JOB_STATUS_MESSAGES as M,
  statusLinkInput,
  statusLinkSchema,
} from '@karya/domain/job-status';
import { serviceReportSchema } from '@karya/domain/service-report';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, ROLES } from '../../auth/guard';
import { requestScope } from '../../auth/scope';
import type { Database } from '../../db/client';
import { answers, failureSchema, ok } from '../../http/envelope';
import type { FileStorage } from '../../storage';
import { assertUnderLimit, recordAttempt, type ThrottleRule } from '../system';
import {
  invoiceByToken,
  jobStatusByToken,
  type PayeeDefaults,
  raiseComplaintByToken,
  reportFileByToken,
  revokeStatusLink,
  serviceReportByToken,
  statusLinkOf,
} from './job-status.service';

/**
 * Views of status pages per address: a family opening the link now and then is far below it;
 * someone walking tokens is stopped after a few hundred guesses in 2^192.
 */
const VIEW_RULE: ThrottleRule = {
  bucket: 'job-status-view',
  windowMs: 10 * 60 * 1000,
  max: 120,
  message: () => M.tooMany,
};

/** Complaints per address: a customer raises one, maybe two. */
const COMPLAINT_RULE: ThrottleRule = {
  bucket: 'job-status-complaint',
  windowMs: 60 * 60 * 1000,
  max: 10,
  message: () => M.tooMany,
};

const tokenParams = z.object({ token: z.string() });
const invoiceParams = z.object({ token: z.string(), invoiceId: z.string() });
const photoParams = z.object({ token: z.string(), photoId: z.string() });

/**
 * Fetching a report's files: its photos and signature are a dozen requests at once when the
 * customer downloads it, so they count against a rule of their own, as generous for one
 * family and as tight for someone walking tokens as the page's.
 */
const FILE_RULE: ThrottleRule = {
  bucket: 'job-status-file',
  windowMs: 10 * 60 * 1000,
  max: 300,
  message: () => M.tooMany,
};

/** The customer's job-status page (issue 21): its link, made and revoked by staff; its API. */
export function jobStatusRoutes(db: Database, defaults: PayeeDefaults, storage: FileStorage) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['job status'];

    /**
     * What every public request of a customer's page does first: it counts against the
     * address's limit under `rule`, and its answer is kept out of search engines and, with
     * `noStore`, out of every cache (the page is the customer's alone).
     */
    async function asCustomerPage(
      request: FastifyRequest,
      reply: FastifyReply,
      rule: ThrottleRule,
      noStore: boolean,
    ) {
      const keys = [`ip:${request.ip}`];
      await assertUnderLimit(db, rule, keys);
      await recordAttempt(db, rule, keys);
      reply.header('X-Robots-Tag', 'noindex, nofollow');
      if (noStore) reply.header('Cache-Control', 'no-store');
    }

    api.post(
      '/work-order-status-link',
      {
        config: { access: ROLES.everyone },
        schema: {
          tags,
          summary:
            "The order's job-status link for its customer, made on first ask and the same after (a technician: their own orders)",
          body: statusLinkInput,
          response: answers(statusLinkSchema),
        },
      },
      async (request) =>
        ok(
          await statusLinkOf(db, actorOf(request), requestScope(request), request.body.orderId),
          M.linkCreated,
        ),
    );

    api.post(
      '/revoke-work-order-status-link',
      {
        config: { access: ROLES.desk },
        schema: {
          tags,
          summary: "Revokes the order's job-status link: the customer's old link no longer opens",
          body: statusLinkInput,
          response: answers(z.null()),
        },
      },
      async (request) => {
        await revokeStatusLink(db, actorOf(request), requestScope(request), request.body.orderId);
        return ok(null, M.linkRevoked);
      },
    );

    api.get(
      '/job-status/:token',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary:
            'The customer’s view of one order by its link’s token: steps, technician, invoices and dues, units and warranty. No login; limited per address',
          params: tokenParams,
          response: { ...answers(jobStatusSchema), 429: failureSchema },
        },
      },
      async (request, reply) => {
        await asCustomerPage(request, reply, VIEW_RULE, true);
        return ok(await jobStatusByToken(db, request.params.token, defaults));
      },
    );

    api.get(
      '/job-status/:token/invoices/:invoiceId',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary:
            'One invoice the status page lists, for the customer to download as a PDF; any other invoice answers the 404 of a dead link. No login; limited per address with the page',
          params: invoiceParams,
          response: { ...answers(billSchema), 429: failureSchema },
        },
      },
      async (request, reply) => {
        await asCustomerPage(request, reply, VIEW_RULE, true);
        const { token, invoiceId } = request.params;
        return ok(await invoiceByToken(db, token, invoiceId, defaults));
      },
    );

    api.get(
      '/job-status/:token/service-report',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary:
            'The job’s service report for the customer to download as a PDF (customer, site, technician, times, checklist, units, photos, signature, invoice numbers); its files at the link’s own routes. No login; limited per address with the page',
          params: tokenParams,
          response: { ...answers(serviceReportSchema), 429: failureSchema },
        },
      },
      async (request, reply) => {
        await asCustomerPage(request, reply, VIEW_RULE, true);
        return ok(await serviceReportByToken(db, request.params.token, defaults));
      },
    );

    async function sendFile(
      reply: FastifyReply,
      file: { stream: NodeJS.ReadableStream; contentType: string; size: number },
    ) {
      return reply
        .type(file.contentType)
        .header('content-length', file.size)
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    }

    api.get(
      '/job-status/:token/photos/:photoId/file',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary:
            'A photo of the link’s order, for its service report; a photo of any other order answers the 404 of a dead link',
          params: photoParams,
        },
      },
      async (request, reply) => {
        await asCustomerPage(request, reply, FILE_RULE, true);
        const { token, photoId } = request.params;
        return sendFile(reply, await reportFileByToken(db, storage, token, { photoId }));
      },
    );

    api.get(
      '/job-status/:token/signature/file',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'The customer’s signature (PNG) of the link’s order, for its service report',
          params: tokenParams,
        },
      },
      async (request, reply) => {
        await asCustomerPage(request, reply, FILE_RULE, true);
        return sendFile(
          reply,
          await reportFileByToken(db, storage, request.params.token, 'signature'),
        );
      },
    );

    api.post(
      '/job-status/:token/complaint',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary:
            'A complaint from the status page of a completed installation: a Repair order in the branch’s pending list, once (a repeat within 10 minutes answers the same order)',
          params: tokenParams,
          body: jobComplaintInput,
          response: { ...answers(jobComplaintAnswerSchema), 429: failureSchema },
        },
      },
      async (request, reply) => {
        await asCustomerPage(request, reply, COMPLAINT_RULE, false);
        return ok(
          await raiseComplaintByToken(db, request.params.token, request.body),
          M.complaintRaised,
        );
      },
    );
  };
}
