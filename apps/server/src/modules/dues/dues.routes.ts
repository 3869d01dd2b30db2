import { outstandingDuesAnswerSchema } from '@karya/domain/invoice-schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, ROLES } from '../../auth/guard';
import type { Database } from '../../db/client';
import { answers, ok } from '../../http/envelope';
import { branchOf, branchQuery, pagingOf, pagingQuery } from '../../http/list-query';
import { outstandingDues, type PayeeOfBranch, visitDues } from './dues.service';

const DUES_DEFAULT_PAGE_SIZE = 50;
const DUES_MAX_PAGE_SIZE = 500;

const duesQuery = z.object({
  branchId: branchQuery,
  search: z.string().trim().max(100).optional(),
  ...pagingQuery(DUES_MAX_PAGE_SIZE),
});

/** The desk's dues: managers their branch, admins every branch or one (ROLES.desk). */
export function duesRoutes(db: Database, payeeOf: PayeeOfBranch) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get(
      '/outstanding-dues',
      {
        config: { access: ROLES.desk },
        schema: {
          tags: ['dues'],
          summary:
            'What customers still owe on confirmed invoices, oldest first, with days outstanding, ageing and a upi://pay link for each due; managers their branch, admins all or ?branchId=; ?search= customer, phone or invoice number; ?limit=&offset=',
          querystring: duesQuery,
          response: answers(outstandingDuesAnswerSchema),
        },
      },
      async (request) => {
        const { query } = request;
        const { limit, offset } = pagingOf(query, DUES_DEFAULT_PAGE_SIZE);
        return ok(
          await outstandingDues(
            db,
            actorOf(request),
            { branchId: branchOf(query.branchId), search: query.search, limit, offset },
            payeeOf,
          ),
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
          response: answers(outstandingDuesAnswerSchema),
        },
      },
      async (request) => ok(await visitDues(db, actorOf(request), request.query.orderId, payeeOf)),
    );
  };
}
