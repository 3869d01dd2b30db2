import { AMC_STATUSES } from '@karya/domain/amc';
import {
  amcActivationInput,
  amcActivationPlanSchema,
  amcContractDetailSchema,
  amcContractSchema,
  amcInvoiceSchema,
  amcOfferSchema,
  amcOrderCoverageSchema,
  amcOverdueVisitSchema,
  amcReportSchema,
  amcSettingsSchema,
  cancelAmcContractInput,
  createAmcContractInput,
  AMC_MESSAGES as M,
  moveAmcVisitInput,
  recordAmcInvoicePaymentInput,
  testClockInput,
  testClockSchema,
  updateAmcContractInput,
} from '@karya/domain/amc-schemas';
import { enumListQuery, queryInt } from '@karya/domain/input';
import { INVOICE_MESSAGES } from '@karya/domain/invoice-schemas';
import { idOf } from '@karya/domain/user-schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, ROLES } from '../../auth/guard';
import { requestScope } from '../../auth/scope';
import { type SettableClock, todayOf } from '../../clock';
import { answers, ok } from '../../http/envelope';
import { badRequest } from '../../http/errors';
import { branchQuery, listAnswer, pagingOf, pagingQuery } from '../../http/list-query';
import {
  type AmcContext,
  activateContract,
  activationPlan,
  amcReport,
  amcSettings,
  cancelContract,
  createContract,
  getContract,
  getOffer,
  getOrderCoverage,
  listContracts,
  listOverdueVisits,
  moveContractVisit,
  renewContract,
  updateContract,
} from './amc.service';
import { recordAmcInvoicePayment } from './amc-payments';
import { runAmcScheduler } from './amc-scheduler';

const MAX_PAGE_SIZE = 100;
const DEFAULT_PAGE_SIZE = 25;

const detailAnswer = answers(amcContractDetailSchema);
const idParams = z.object({ id: z.string().trim().max(100) });

/**
 * Annual maintenance contracts (issue 23, decision 035): the branch's managers and admins
 * (an admin may narrow to ?branch=); technicians have none of these. Another branch's
 * contract answers 404 as absent.
 */
export function amcRoutes(ctx: AmcContext, testClock: SettableClock | null) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['maintenance contracts'];
    const desk = { access: ROLES.desk };

    api.get(
      '/amc-contracts',
      {
        config: desk,
        schema: {
          tags,
          summary:
            "The branch's contracts, newest first; ?status=draft,active,expired,cancelled; ?renewalsDue=true: active ones ending within 30 days, soonest first; ?customerId=; ?search= (customer name or phone, contract number); total in X-Total-Count",
          querystring: z.object({
            branch: branchQuery,
            status: enumListQuery(AMC_STATUSES, M.invalidStatus).optional(),
            renewalsDue: z.enum(['true', 'false']).optional(),
            customerId: idOf(M.customerNotFound).optional(),
            search: z.string().trim().max(100).optional(),
            ...pagingQuery(MAX_PAGE_SIZE),
          }),
          response: answers(z.array(amcContractSchema)),
        },
      },
      async (request, reply) => {
        const { query } = request;
        const paging = pagingOf(query, DEFAULT_PAGE_SIZE);
        const page = await listContracts(ctx, requestScope(request, query.branch), {
          statuses: query.status ?? [],
          renewalsDue: query.renewalsDue === 'true',
          customerId: query.customerId,
          search: query.search || undefined,
          limit: paging.limit,
          offset: paging.offset,
        });
        return ok(listAnswer(reply, page));
      },
    );

    api.get(
      '/amc-settings',
      {
        config: desk,
        schema: {
          tags,
          summary:
            'The rules the contract screens explain: lead time in days, renewal window, terms and visit frequencies',
          response: answers(amcSettingsSchema),
        },
      },
      async () => ok(amcSettings(ctx)),
    );

    api.get(
      '/amc-offer',
      {
        config: desk,
        schema: {
          tags,
          summary:
            "'Offer AMC': the customer, the completed installation (its _id, WO- or PRJ- id), its installed serials, today as the start, and its contracts not cancelled",
          querystring: z.object({
            customerId: idOf(M.customerNotFound),
            orderId: z
              .string({ error: M.installationNotFound })
              .trim()
              .min(1, M.installationNotFound)
              .max(100, M.installationNotFound),
          }),
          response: answers(amcOfferSchema),
        },
      },
      async (request) =>
        ok(
          await getOffer(
            ctx,
            requestScope(request),
            request.query.customerId,
            request.query.orderId,
          ),
        ),
    );

    api.post(
      '/amc-contracts',
      {
        config: desk,
        schema: {
          tags,
          summary:
            "A draft contract for a customer of the branch; fromOrderId ('Offer AMC'): the customer's completed installation, whose project type and serials it takes unless given",
          body: createAmcContractInput,
          response: detailAnswer,
        },
      },
      async (request) =>
        ok(
          await createContract(ctx, actorOf(request), requestScope(request), request.body),
          M.created,
        ),
    );

    api.get(
      '/amc-contracts/:id',
      {
        config: desk,
        schema: {
          tags,
          summary: 'One contract with its visits (state on today) and invoices',
          params: idParams,
          response: detailAnswer,
        },
      },
      async (request) => ok(await getContract(ctx, requestScope(request), request.params.id)),
    );

    api.patch(
      '/amc-contracts/:id',
      {
        config: desk,
        schema: {
          tags,
          summary:
            "A draft's terms (what is absent stays); an active contract is not changed (409)",
          params: idParams,
          body: updateAmcContractInput,
          response: detailAnswer,
        },
      },
      async (request) =>
        ok(
          await updateContract(
            ctx,
            actorOf(request),
            requestScope(request),
            request.params.id,
            request.body,
          ),
          M.updated,
        ),
    );

    api.post(
      '/amc-contracts/:id/activate',
      {
        config: desk,
        schema: {
          tags,
          summary:
            "Draft → active: lays out the visits, issues the invoice (upfront; instalments: one with each visit) and opens the orders of visits already within the lead time. A contract whose visits are already due needs pastVisits ('done-before-karya' or 'open-orders') and, billed in instalments, pastInstalments ('billed-outside' or 'issue'); without them 409",
          params: idParams,
          body: amcActivationInput.nullish(),
          response: detailAnswer,
        },
      },
      async (request) =>
        ok(
          await activateContract(
            ctx,
            actorOf(request),
            requestScope(request),
            request.params.id,
            request.body ?? {},
          ),
          M.activated,
        ),
    );

    api.get(
      '/amc-contracts/:id/activation-plan',
      {
        config: desk,
        schema: {
          tags,
          summary:
            "What activating the draft now would do, for its confirmation: the visits already due, the orders it opens, the invoices it issues (rupees) and whether a choice is still needed (?pastVisits=, ?pastInstalments= as the activation's body)",
          params: idParams,
          querystring: amcActivationInput,
          response: answers(amcActivationPlanSchema),
        },
      },
      async (request) =>
        ok(await activationPlan(ctx, requestScope(request), request.params.id, request.query)),
    );

    api.post(
      '/amc-contracts/:id/cancel',
      {
        config: desk,
        schema: {
          tags,
          summary:
            'A draft or active contract → cancelled, with a reason; no more visit orders open (those open stay)',
          params: idParams,
          body: cancelAmcContractInput,
          response: detailAnswer,
        },
      },
      async (request) =>
        ok(
          await cancelContract(
            ctx,
            actorOf(request),
            requestScope(request),
            request.params.id,
            request.body.reason,
          ),
          M.cancelled,
        ),
    );

    api.post(
      '/record-amc-invoice-payment',
      {
        config: desk,
        schema: {
          tags,
          summary:
            "A payment against a maintenance contract's invoice (cash, or UPI with its transaction id), with its own receipt in the branch's series: the branch's managers and admins; never more than the due (decision 037)",
          body: recordAmcInvoicePaymentInput,
          response: answers(amcInvoiceSchema),
        },
      },
      async (request) =>
        ok(
          await recordAmcInvoicePayment(
            ctx.db,
            actorOf(request),
            requestScope(request),
            request.body,
          ),
          INVOICE_MESSAGES.paymentRecorded,
        ),
    );

    api.post(
      '/amc-contracts/:id/renew',
      {
        config: desk,
        schema: {
          tags,
          summary:
            'A new draft from an active or expired contract, its terms copied, starting the day after it ends; once per contract',
          params: idParams,
          response: detailAnswer,
        },
      },
      async (request) =>
        ok(
          await renewContract(ctx, actorOf(request), requestScope(request), request.params.id),
          M.renewed,
        ),
    );

    api.post(
      '/amc-contracts/:id/visits/:number/move',
      {
        config: desk,
        schema: {
          tags,
          summary:
            'Moves one visit of an active contract to another day, with a reason; later visits stay unless shiftLaterVisits (then they move by as many days)',
          params: z.object({
            id: z.string().trim().max(100),
            number: queryInt({ min: 1, max: 1000, message: M.visitNotFound }),
          }),
          body: moveAmcVisitInput,
          response: detailAnswer,
        },
      },
      async (request) =>
        ok(
          await moveContractVisit(
            ctx,
            actorOf(request),
            requestScope(request),
            request.params.id,
            request.params.number,
            request.body,
          ),
          M.visitMoved,
        ),
    );

    api.get(
      '/amc-order-coverage',
      {
        config: { access: ROLES.everyone },
        schema: {
          tags,
          summary:
            "Whether a work order is a maintenance contract's visit and what the contract covers (labour, listed parts), for the bill wizard; null when it is not; the order's technician, the branch's managers, admins",
          querystring: z.object({
            orderId: z
              .string({ error: M.workOrderNotFound })
              .trim()
              .min(1, M.workOrderNotFound)
              .max(100, M.workOrderNotFound),
          }),
          response: answers(amcOrderCoverageSchema),
        },
      },
      async (request) =>
        ok(await getOrderCoverage(ctx, requestScope(request), request.query.orderId)),
    );

    api.get(
      '/amc-overdue-visits',
      {
        config: desk,
        schema: {
          tags,
          summary:
            'Visits past their due date and not completed, of active or expired contracts, oldest first; total in X-Total-Count',
          querystring: z.object({ branch: branchQuery, ...pagingQuery(MAX_PAGE_SIZE) }),
          response: answers(z.array(amcOverdueVisitSchema)),
        },
      },
      async (request, reply) => {
        const paging = pagingOf(request.query, DEFAULT_PAGE_SIZE);
        const page = await listOverdueVisits(ctx, requestScope(request, request.query.branch), {
          limit: paging.limit,
          offset: paging.offset,
        });
        return ok(listAnswer(reply, page));
      },
    );

    api.get(
      '/amc-report',
      {
        config: desk,
        schema: {
          tags,
          summary:
            'Per branch, this month or ?month=YYYY-MM: active contracts and their value, visits done / due / overdue, and the parts covered by contracts at their sale price (partsValue); admins also read them at the purchase price (partsCost)',
          querystring: z.object({
            branch: branchQuery,
            month: z
              .string()
              .regex(/^(19|20)\d{2}-(0[1-9]|1[0-2])$/, M.invalidMonth)
              .optional(),
          }),
          response: answers(amcReportSchema),
        },
      },
      async (request) =>
        ok(await amcReport(ctx, requestScope(request, request.query.branch), request.query.month)),
    );

    if (testClock) {
      api.post(
        '/test-clock',
        {
          config: { access: ROLES.admins },
          schema: {
            tags,
            summary:
              'Only with KARYA_TEST_CLOCK=1 (browser journeys): sets the day this process takes as today (a day is taken at noon in India; null: the real clock) and runs the AMC scheduler once',
            body: testClockInput,
            response: answers(testClockSchema),
          },
        },
        async (request) => {
          try {
            testClock.set(request.body.now);
          } catch {
            throw badRequest(M.invalidDate);
          }
          const run = await runAmcScheduler(ctx.db, ctx.clock, ctx.leadDays);
          return ok({
            now: testClock.now().toISOString(),
            today: todayOf(testClock),
            opened: run.opened,
          });
        },
      );
    }
  };
}
