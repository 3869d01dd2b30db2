import {
  BILL_DEFAULT_PAGE_SIZE,
  BILL_MAX_PAGE_SIZE,
  BILL_MESSAGES,
  billSchema,
  billTaxSettingSchema,
  confirmOrderBillAnswerSchema,
  confirmOrderBillSchema,
  createBillSchema,
  rejectBillSchema,
  updateSerialStatusAnswerSchema,
  updateSerialStatusSchema,
} from '@karya/domain/bill-schemas';
import {
  cancelInvoiceSchema,
  INVOICE_MESSAGES,
  issueCorrectedInvoiceSchema,
  recordBillPaymentSchema,
} from '@karya/domain/invoice-schemas';
import { WORK_ORDER_MESSAGES } from '@karya/domain/work-order-schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, ROLES } from '../../auth/guard';
import { requestScope } from '../../auth/scope';
import { type Clock, systemClock } from '../../clock';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { answers, ok } from '../../http/envelope';
import { branchQuery, listAnswer, pagingOf, pagingQuery } from '../../http/list-query';
import { type CoverageOf, noCoverage } from './bill-coverage';
import { billTaxSetting } from './bill-tax-setting';
import {
  billHistory,
  confirmOrderBill,
  createBill,
  getBillDetails,
  rejectBill,
  updateSerialStatus,
  workOrderBills,
} from './billing.service';
import { cancelInvoice, issueCorrectedInvoice } from './cancellation.service';
import { recordBillPayment } from './payments.service';
import type { PayeeDefaults } from './upi-payee';

/*
 * Bills are read by everyone who may see them (ROLES.everyone): the bill's technician, the
 * branch's managers and admins, checked per bill in the service.
 */

const historyQuery = z.object({
  branch: branchQuery,
  ...pagingQuery(BILL_MAX_PAGE_SIZE),
});

export function billingRoutes(
  db: Database,
  config: Pick<Config, 'upiVpa' | 'upiName'>,
  coverageOf: CoverageOf = noCoverage,
  /** Where a queued bill's occurredAt is checked against (decision 043). */
  clock: Clock = systemClock,
) {
  const defaults: PayeeDefaults = { upiVpa: config.upiVpa, upiName: config.upiName };
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['bills'];

    api.post(
      '/create-bill',
      {
        config: { access: ROLES.technicians },
        schema: {
          tags,
          summary:
            "The technician's bill for their in-progress order: items from their own stock and services, priced by the catalogue (a price in the request is ignored); replaces the order's open bill",
          body: createBillSchema,
          response: answers(billSchema),
        },
      },
      async (request) =>
        ok(
          await createBill(
            db,
            actorOf(request),
            requestScope(request),
            request.body,
            defaults,
            coverageOf,
            clock,
          ),
          BILL_MESSAGES.billCreated,
        ),
    );

    api.get(
      '/bill-tax-setting',
      {
        config: { access: ROLES.technicians },
        schema: {
          tags,
          summary:
            "How create-bill taxes the technician's bills: the branch's invoice kind and the state it supplies from, so the phone can work out a bill's figures with no signal",
          response: answers(billTaxSettingSchema),
        },
      },
      async (request) => ok(await billTaxSetting(db, requestScope(request))),
    );

    api.post(
      '/confirm-order-bill',
      {
        config: { access: ROLES.technicians },
        schema: {
          tags,
          summary:
            'Record the payment (cash 0..total, online = total with a UPI transaction id) and move the stock to the customer, once; data.workOrder is the updated order',
          body: confirmOrderBillSchema,
          response: answers(confirmOrderBillAnswerSchema),
        },
      },
      async (request) =>
        ok(
          await confirmOrderBill(
            db,
            actorOf(request),
            requestScope(request),
            request.body,
            defaults,
            clock,
          ),
          BILL_MESSAGES.paymentRecorded,
        ),
    );

    api.post(
      '/reject-bill',
      {
        config: { access: ROLES.technicians },
        schema: {
          tags,
          summary: 'Close an open bill unpaid, with a reason; the stock stays with the technician',
          body: rejectBillSchema,
          response: answers(billSchema),
        },
      },
      async (request) =>
        ok(
          await rejectBill(db, actorOf(request), requestScope(request), request.body, defaults),
          BILL_MESSAGES.billRejectedDone,
        ),
    );

    api.get(
      '/get-bill-details/:id',
      {
        config: { access: ROLES.everyone },
        schema: {
          tags,
          summary: 'One bill by _id or bill number, with its lines and UPI payee',
          params: z.object({ id: z.string() }),
          response: answers(billSchema),
        },
      },
      async (request) =>
        ok(await getBillDetails(db, requestScope(request), request.params.id, defaults)),
    );

    api.get(
      '/history',
      {
        config: { access: ROLES.everyone },
        schema: {
          tags,
          summary:
            "Bills, newest first: a technician's own, a manager's branch, all for admins (?branch=); ?page=&pageSize= or ?limit=&offset=, total in X-Total-Count",
          querystring: historyQuery,
          response: answers(z.array(billSchema)),
        },
      },
      async (request, reply) => {
        const { query } = request;
        const { limit, offset } = pagingOf(query, BILL_DEFAULT_PAGE_SIZE);
        const scope = requestScope(request, query.branch);
        const page = await billHistory(db, scope, { limit, offset }, defaults);
        return ok(listAnswer(reply, page));
      },
    );

    api.get(
      '/workorder',
      {
        config: { access: ROLES.everyone },
        schema: {
          tags,
          summary: 'The bills of one work order (?orderId= readable id or _id), newest first',
          querystring: z.object({
            orderId: z
              .string({ error: WORK_ORDER_MESSAGES.invalidProject })
              .trim()
              .min(1, WORK_ORDER_MESSAGES.invalidProject),
          }),
          response: answers(z.array(billSchema)),
        },
      },
      async (request) =>
        ok(await workOrderBills(db, requestScope(request), request.query.orderId, defaults)),
    );

    api.post(
      '/update-serial-status',
      {
        config: { access: ROLES.everyone },
        schema: {
          tags,
          summary:
            "Check that the bill's serials are marked used at the customer on the order (confirmation marks them)",
          body: updateSerialStatusSchema,
          response: answers(updateSerialStatusAnswerSchema),
        },
      },
      async (request) =>
        ok(
          await updateSerialStatus(db, requestScope(request), request.body),
          BILL_MESSAGES.serialsUpdated,
        ),
    );

    api.post(
      '/record-bill-payment',
      {
        config: { access: ROLES.everyone },
        schema: {
          tags,
          summary:
            "A later payment against a confirmed bill, with its own receipt: admins, the branch's managers, or a technician of the branch who made the bill or is visiting the customer; never more than the due",
          body: recordBillPaymentSchema,
          response: answers(billSchema),
        },
      },
      async (request) =>
        ok(
          await recordBillPayment(
            db,
            actorOf(request),
            requestScope(request),
            request.body,
            defaults,
          ),
          INVOICE_MESSAGES.paymentRecorded,
        ),
    );

    api.post(
      '/cancel-invoice',
      {
        config: { access: ROLES.desk },
        schema: {
          tags,
          summary:
            "Mark an issued invoice cancelled, with a reason: it keeps its number, leaves the dues and takes no more payments; the stock stays at the customer. Money received on it needs `money`: refunded (cash, or UPI with the refund's transaction id; a refund voucher in the branch's own series) or kept as the customer's advance for the corrected invoice; without it 409 and nothing changes. A Tax Invoice is reversed by a credit note in the branch's credit-note series (decision 041)",
          body: cancelInvoiceSchema,
          response: answers(billSchema),
        },
      },
      async (request) =>
        ok(
          await cancelInvoice(db, actorOf(request), requestScope(request), request.body, defaults),
          INVOICE_MESSAGES.invoiceCancelledDone,
        ),
    );

    api.post(
      '/issue-corrected-invoice',
      {
        config: { access: ROLES.desk },
        schema: {
          tags,
          summary:
            "Bill a cancelled invoice's job again, once (admins, the branch's managers): every line of it with its price and description, quantities and serials unchanged so no stock moves; a new number in the branch's invoice series, an advance kept from the cancelled invoice applied as its payment (the part over the new total refunded per `refund`, else 409) (decision 041)",
          body: issueCorrectedInvoiceSchema,
          response: answers(billSchema),
        },
      },
      async (request) =>
        ok(
          await issueCorrectedInvoice(
            db,
            actorOf(request),
            requestScope(request),
            request.body,
            defaults,
          ),
          INVOICE_MESSAGES.correctedInvoiceIssued,
        ),
    );
  };
}
