import { billSchema } from '@karya/domain/bill-schemas';
import {
  jobComplaintAnswerSchema,
  jobComplaintInput,
  jobStatusSchema,
  JOB_STATUS_MESSAGES as M,
  statusLinkInput,
  statusLinkSchema,
} from '@karya/domain/job-status';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, ROLES } from '../../auth/guard';
import { requestScope } from '../../auth/scope';
import type { Database } from '../../db/client';
import { answers, failureSchema, ok } from '../../http/envelope';
import { assertUnderLimit, recordAttempt, type ThrottleRule } from '../system';
import {
  invoiceByToken,
  jobStatusByToken,
  type PayeeDefaults,
  raiseComplaintByToken,
  revokeStatusLink,
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

/** The customer's job-status page (issue 21): its link, made and revoked by staff; its API. */
export function jobStatusRoutes(db: Database, defaults: PayeeDefaults) {
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
