import {
  dueRowSchema,
  duesTotalsSchema,
  visitDuesAnswerSchema,
} from '@karya/domain/invoice-schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROLES } from '../../auth/guard';
import { requestScope } from '../../auth/scope';
import { type Clock, systemClock } from '../../clock';
import type { Database } from '../../db/client';
import { answers, ok } from '../../http/envelope';
import { branchQuery, listAnswer, pagingOf, pagingQuery } from '../../http/list-query';
import {
  outstandingDues,
  outstandingDuesTotals,
  type PayeeOfBranch,
  visitDues,
} from './dues.service';

const DUES_DEFAULT_PAGE_SIZE = 50;
const DUES_MAX_PAGE_SIZE = 500;

const duesFilter = {
  branchId: branchQuery,
  search: z.string().trim().max(100).optional(),
};

/**
 * The desk's dues: managers their branch, admins every branch or one (ROLES.desk). Days
 * outstanding count to the clock's today (the one contract invoices are dated by).
 */
export function duesRoutes(db: Database, payeeOf: PayeeOfBranch, clock: Clock = systemClock) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get(
      '/outstanding-dues',
      {
        config: { access: ROLES.desk },
        schema: {
          tags: ['dues'],
          summary:
            'What customers still owe on confirmed invoices, oldest first, with days outstanding, ageing and a upi://pay link for each due; managers their branch, admins all or ?branchId=; ?search= customer, phone or invoice number; ?limit=&offset=; total in X-Total-Count',
          querystring: z.object({ ...duesFilter, ...pagingQuery(DUES_MAX_PAGE_SIZE) }),
          response: answers(z.array(dueRowSchema)),
        },
      },
      async (request, reply) => {
        const { query } = request;
        const { limit, offset } = pagingOf(query, DUES_DEFAULT_PAGE_SIZE);
        const scope = requestScope(request, query.branchId);
        const page = await outstandingDues(
          db,
          scope,
          { search: query.search, limit, offset },
          payeeOf,
          clock.now(),
        );
        return ok(listAnswer(reply, page));
      },
    );

    api.get(
      '/outstanding-dues-totals',
      {
        config: { access: ROLES.desk },
        schema: {
          tags: ['dues'],
          summary:
            'What every due of the same filter as outstanding-dues (?branchId=, ?search=) adds up to, and its ageing: 0–30, 31–60, 61–90 and over 90 days',
          querystring: z.object(duesFilter),
          response: answers(duesTotalsSchema),
        },
      },
      async (request) => {
        const scope = requestScope(request, request.query.branchId);
        return ok(
          await outstandingDuesTotals(db, scope, { search: request.query.search }, clock.now()),
        );
      },
    );

    api.get(
      '/visit-dues',
      {
        config: { access: ROLES.technicians },
        schema: {
          tags: ['dues'],
          summary:
            "What the customer of an order the technician holds open (assigned, in progress or paused) still owes at the branch, oldest first, to collect on the visit with record-bill-payment; another's or a closed order answers no dues",
          querystring: z.object({ orderId: z.string().trim().min(1).max(64) }),
          response: answers(visitDuesAnswerSchema),
        },
      },
      async (request) =>
        ok(await visitDues(db, requestScope(request), request.query.orderId, payeeOf, clock.now())),
    );
  };
}
