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
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, ROLES } from '../../auth/guard';
import { requestScope } from '../../auth/scope';
import type { Database } from '../../db/client';
import { answers, failureSchema, ok } from '../../http/envelope';
import { HttpError } from '../../http/errors';
import type { FileStorage } from '../../storage';
import { answerPublicPage, isDeadLink, type ThrottleRule } from '../system';
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
 * Failed look-ups per address on the page, its invoices, its report and the report's files:
 * only a dead link's 404 counts (a guessed, revoked or expired token; an invoice or file not
 * of the link's order), never a live link's answer, so the customers behind one address (a
 * carrier's NAT) are not shut out by one of them guessing (issue 33 item 7). A customer whose
 * old link was revoked fails once or twice; someone walking tokens is stopped after 120
 * guesses in 2^192. A live link is answered even while its address is over the limit: the
 * limit keeps guessing slow, and a guess that hit a live token in 2^192 is not a risk it has
 * to weigh.
 */
const LOOKUP_RULE: ThrottleRule = {
  bucket: 'job-status-lookup',
  windowMs: 10 * 60 * 1000,
  max: 120,
  message: () => M.tooMany,
};

/**
 * Failed complaints per address: a dead link's 404 or a phone number that is not the
 * customer's (a guess at the page's second check). A customer mistypes their number once or
 * twice; a complaint that is taken never counts.
 */
const COMPLAINT_RULE: ThrottleRule = {
  bucket: 'job-status-complaint',
  windowMs: 60 * 60 * 1000,
  max: 10,
  message: () => M.tooMany,
};

const failedComplaint = (error: unknown) =>
  isDeadLink(error) || (error instanceof HttpError && error.message === M.phoneMismatch);

const tokenParams = z.object({ token: z.string() });
const invoiceParams = z.object({ token: z.string(), invoiceId: z.string() });
const photoParams = z.object({ token: z.string(), photoId: z.string() });

/** The customer's job-status page (issue 21): its link, made and revoked by staff; its API. */
export function jobStatusRoutes(db: Database, defaults: PayeeDefaults, storage: FileStorage) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['job status'];

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
            'The customer’s view of one order by its link’s token: steps, technician, invoices and dues, units and warranty. No login; failed look-ups (a dead link) limited per address, a live link never',
          params: tokenParams,
          response: { ...answers(jobStatusSchema), 429: failureSchema },
        },
      },
      async (request, reply) =>
        ok(
          await answerPublicPage(db, request, reply, LOOKUP_RULE, () =>
            jobStatusByToken(db, request.params.token, defaults),
          ),
        ),
    );

    api.get(
      '/job-status/:token/invoices/:invoiceId',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary:
            'One invoice the status page lists, for the customer to download as a PDF; any other invoice answers the 404 of a dead link. No login; its failed look-ups limited per address with the page’s',
          params: invoiceParams,
          response: { ...answers(billSchema), 429: failureSchema },
        },
      },
      async (request, reply) => {
        const { token, invoiceId } = request.params;
        return ok(
          await answerPublicPage(db, request, reply, LOOKUP_RULE, () =>
            invoiceByToken(db, token, invoiceId, defaults),
          ),
        );
      },
    );

    api.get(
      '/job-status/:token/service-report',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary:
            'The job’s service report for the customer to download as a PDF (customer, site, technician, times, checklist, units, photos, signature, invoice numbers); its files at the link’s own routes. No login; its failed look-ups limited per address with the page’s',
          params: tokenParams,
          response: { ...answers(serviceReportSchema), 429: failureSchema },
        },
      },
      async (request, reply) =>
        ok(
          await answerPublicPage(db, request, reply, LOOKUP_RULE, () =>
            serviceReportByToken(db, request.params.token, defaults),
          ),
        ),
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
        const { token, photoId } = request.params;
        const file = await answerPublicPage(db, request, reply, LOOKUP_RULE, () =>
          reportFileByToken(db, storage, token, { photoId }),
        );
        return sendFile(reply, file);
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
        const file = await answerPublicPage(db, request, reply, LOOKUP_RULE, () =>
          reportFileByToken(db, storage, request.params.token, 'signature'),
        );
        return sendFile(reply, file);
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
      async (request, reply) =>
        ok(
          await answerPublicPage(
            db,
            request,
            reply,
            COMPLAINT_RULE,
            () => raiseComplaintByToken(db, request.params.token, request.body),
            { noStore: false, counts: failedComplaint },
          ),
          M.complaintRaised,
        ),
    );
  };
}
