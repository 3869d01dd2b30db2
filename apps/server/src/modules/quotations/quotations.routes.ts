import { CONTACT_MESSAGES } from '@karya/domain/contact-schemas';
import { queryInt, rupeesField } from '@karya/domain/input';
import { INVOICE_MESSAGES } from '@karya/domain/invoice-schemas';
import {
  INVALID_UPI_TRANSACTION_ID,
  MIN_UPI_TRANSACTION_ID_LENGTH,
  normalizeUpiTransactionId,
} from '@karya/domain/payment-methods';
import {
  acceptQuoteSchema,
  confirmAdvanceSchema,
  createQuotationSchema,
  plannedItemsSchema,
  publicQuoteSchema,
  QUOTE_MESSAGES,
  quotationListItemSchema,
  quotationListQuerySchema,
  quotationSchema,
  quotationSummarySchema,
  quoteResponseSchema,
  sendQuotationAnswerSchema,
  updateQuotationSchema,
} from '@karya/domain/quotation-schemas';
import { idOf } from '@karya/domain/user-schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, ROLES } from '../../auth/guard';
import { requestScope } from '../../auth/scope';
import { type Clock, systemClock } from '../../clock';
import type { Database } from '../../db/client';
import { answers, failureSchema, ok } from '../../http/envelope';
import { branchQuery, listAnswer } from '../../http/list-query';
import { answerPublicPage, type ThrottleRule } from '../system';
import {
  acceptQuote,
  type PayeeDefaults,
  quoteByToken,
  respondToQuote,
} from './public-quote.service';
import {
  confirmAdvance,
  createQuotation,
  getQuotation,
  listQuotations,
  plannedItemsOf,
  quotationSummary,
  reviseQuotation,
  sendQuotation,
  updateQuotation,
} from './quotations.service';

export interface QuotationsConfig extends PayeeDefaults {
  /** Where customers open their links (PUBLIC_URL), with or without the WhatsApp Cloud API. */
  publicUrl: string | undefined;
}

const TOO_MANY = 'Too many attempts. Please try again later.';

/**
 * Failed look-ups of the customer's page per address, as the job-status page limits them: only
 * a dead link's 404 counts, never a live link's answer, so customers behind one carrier NAT
 * are not shut out by one of them guessing; a walker of tokens is stopped after 120 guesses
 * in 2^192.
 */
const LOOKUP_RULE: ThrottleRule = {
  bucket: 'quote-lookup',
  windowMs: 10 * 60 * 1000,
  max: 120,
  message: () => TOO_MANY,
};

const idParams = z.object({ id: z.string() });

/**
 * The contract's advance, its amount bounded as every money field and its UPI id normalised
 * and at least as long as billing's (spec 2 §9).
 */
const advanceBody = confirmAdvanceSchema.extend({
  amount: rupeesField(INVOICE_MESSAGES.amountPositive).refine((n) => n > 0, {
    message: INVOICE_MESSAGES.amountPositive,
  }),
  transactionId: z
    .string({ error: INVALID_UPI_TRANSACTION_ID })
    .max(100, INVALID_UPI_TRANSACTION_ID)
    .transform(normalizeUpiTransactionId)
    .refine((id) => id.length >= MIN_UPI_TRANSACTION_ID_LENGTH, INVALID_UPI_TRANSACTION_ID),
});

/** An id in a query: a uuid, else a clear 400 before any look-up. */
const queryId = (message: string) => idOf(message).optional();

/** The contract's list query, its ids checked as ids (a malformed one is a 400, not a miss). */
const listQuery = quotationListQuerySchema.extend({
  leadId: queryId(CONTACT_MESSAGES.leadNotFound),
  customerId: queryId(CONTACT_MESSAGES.customerNotFound),
  // Blank or 'all' is every branch (an admin's), as ?branch= reads elsewhere.
  branchId: branchQuery,
});
const tokenParams = z.object({ token: z.string() });

/** Quotations (issue 35, decision 049): the desk's quotes and the customer's public page. */
export function quotationsRoutes(
  db: Database,
  config: QuotationsConfig,
  clock: Clock = systemClock,
) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['quotations'];
    const originOf = (request: FastifyRequest) =>
      config.publicUrl ?? `${request.protocol}://${request.host}`;

    api.post(
      '/quotations',
      {
        config: { access: ROLES.desk },
        schema: {
          tags,
          summary:
            'A draft quotation for a lead or a customer of the branch (no number until sent)',
          body: createQuotationSchema,
          response: answers(quotationSchema),
        },
      },
      async (request) =>
        ok(
          await createQuotation(
            db,
            actorOf(request),
            requestScope(request),
            request.body,
            originOf(request),
            clock,
          ),
          QUOTE_MESSAGES.created,
        ),
    );

    api.get(
      '/quotations',
      {
        config: { access: ROLES.desk },
        schema: {
          tags,
          summary:
            'The quotations, newest first: by status (expired read from the last valid day), number, contact name or phone; the total in X-Total-Count',
          querystring: listQuery,
          response: answers(z.array(quotationListItemSchema)),
        },
      },
      async (request, reply) =>
        ok(
          listAnswer(reply, await listQuotations(db, requestScope(request), request.query, clock)),
        ),
    );

    api.get(
      '/quotations/:id',
      {
        config: { access: ROLES.desk },
        schema: {
          tags,
          summary: 'One quotation: its latest version, or ?version=N',
          params: idParams,
          querystring: z.object({ version: queryInt({ min: 1, max: 10_000 }).optional() }),
          response: answers(quotationSchema),
        },
      },
      async (request) =>
        ok(
          await getQuotation(
            db,
            requestScope(request),
            request.params.id,
            originOf(request),
            request.query.version,
            clock,
          ),
        ),
    );

    api.patch(
      '/quotations/:id',
      {
        config: { access: ROLES.desk },
        schema: {
          tags,
          summary: 'Edits the draft (a new quote or a revision); a sent quote answers 409',
          params: idParams,
          body: updateQuotationSchema,
          response: answers(quotationSchema),
        },
      },
      async (request) =>
        ok(
          await updateQuotation(
            db,
            actorOf(request),
            requestScope(request),
            request.params.id,
            request.body,
            originOf(request),
            clock,
          ),
          QUOTE_MESSAGES.updated,
        ),
    );

    api.post(
      '/quotations/:id/send',
      {
        config: { access: ROLES.desk },
        schema: {
          tags,
          summary:
            "Sends the draft: numbered on its first send (the branch's series, gapless among sent quotes), with the customer's link",
          params: idParams,
          response: answers(sendQuotationAnswerSchema),
        },
      },
      async (request) =>
        ok(
          await sendQuotation(
            db,
            actorOf(request),
            requestScope(request),
            request.params.id,
            originOf(request),
            clock,
          ),
          QUOTE_MESSAGES.sent,
        ),
    );

    api.post(
      '/quotations/:id/revise',
      {
        config: { access: ROLES.desk },
        schema: {
          tags,
          summary:
            'A draft version N+1 under the same number, copying the latest; an accepted quote answers 409',
          params: idParams,
          response: answers(quotationSchema),
        },
      },
      async (request) =>
        ok(
          await reviseQuotation(
            db,
            actorOf(request),
            requestScope(request),
            request.params.id,
            originOf(request),
            clock,
          ),
        ),
    );

    api.post(
      '/quotations/:id/advance',
      {
        config: { access: ROLES.desk },
        schema: {
          tags,
          summary:
            "Confirms the customer's UPI advance on an accepted quotation against its transaction id; it pays the order's invoice when that is confirmed",
          params: idParams,
          body: advanceBody,
          response: answers(quotationSchema),
        },
      },
      async (request) =>
        ok(
          await confirmAdvance(
            db,
            actorOf(request),
            requestScope(request),
            request.params.id,
            request.body,
            originOf(request),
            clock,
          ),
        ),
    );

    api.get(
      '/quotation-summary',
      {
        config: { access: ROLES.desk },
        schema: {
          tags,
          summary:
            "Quotes expiring in 3 days, and per branch the month's quotes sent, accepted, their values and conversion rate",
          querystring: z.object({
            branchId: branchQuery,
            month: z
              .string()
              .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Please choose a month')
              .optional(),
          }),
          response: answers(quotationSummarySchema),
        },
      },
      async (request) =>
        ok(await quotationSummary(db, requestScope(request), request.query, clock)),
    );

    api.get(
      '/work-order-planned-items',
      {
        config: { access: ROLES.everyone },
        schema: {
          tags,
          summary:
            "What the order's accepted quotation planned (a technician: the orders they hold)",
          querystring: z.object({ orderId: z.string().min(1) }),
          response: answers(plannedItemsSchema),
        },
      },
      async (request) => ok(await plannedItemsOf(db, requestScope(request), request.query.orderId)),
    );

    api.get(
      '/quote/:token',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary:
            "The customer's page of a quotation by its link's token: the latest sent version, no purchase price. Marks it viewed on the first opening",
          params: tokenParams,
          response: { ...answers(publicQuoteSchema), 429: failureSchema },
        },
      },
      async (request, reply) =>
        ok(
          await answerPublicPage(db, request, reply, LOOKUP_RULE, () =>
            quoteByToken(db, request.params.token, config, clock),
          ),
        ),
    );

    api.post(
      '/quote/:token/accept',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary:
            'The customer accepts: the lead becomes a customer and a New Installation order opens with the accepted lines, once however often it is tapped. Expired, declined or revised: 409',
          params: tokenParams,
          body: acceptQuoteSchema,
          response: { ...answers(publicQuoteSchema), 429: failureSchema },
        },
      },
      async (request, reply) =>
        ok(
          await answerPublicPage(db, request, reply, LOOKUP_RULE, () =>
            acceptQuote(db, request.params.token, request.body, request.ip ?? null, config, clock),
          ),
          QUOTE_MESSAGES.accepted,
        ),
    );

    for (const [path, kind] of [
      ['decline', 'declined'],
      ['request-changes', 'changes-requested'],
    ] as const) {
      api.post(
        `/quote/:token/${path}`,
        {
          config: { access: 'public' },
          schema: {
            tags,
            summary:
              kind === 'declined'
                ? 'The customer declines the quotation with a note'
                : 'The customer asks for changes with a note',
            params: tokenParams,
            body: quoteResponseSchema,
            response: { ...answers(publicQuoteSchema), 429: failureSchema },
          },
        },
        async (request, reply) =>
          ok(
            await answerPublicPage(db, request, reply, LOOKUP_RULE, () =>
              respondToQuote(db, request.params.token, kind, request.body.note, config, clock),
            ),
          ),
      );
    }
  };
}
