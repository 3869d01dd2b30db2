import {
  contactRowSchema,
  customerSchema,
  DEFAULT_PAGE_SIZE,
  leadSchema,
  MAX_PAGE_SIZE,
  workOrderSchema,
} from '@karya/domain/contact';
import {
  addRemarkSchema,
  CONTACT_MESSAGES,
  convertLeadSchema,
  createCustomerSchema,
  createLeadSchema,
  createWorkOrderSchema,
  LEAD_STATUSES,
  updateCustomerSchema,
  updateLeadSchema,
} from '@karya/domain/contact-schemas';
import { idOf } from '@karya/domain/user-schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, ROLES } from '../../auth/guard';
import { requestScope } from '../../auth/scope';
import type { Database } from '../../db/client';
import { answers, ok } from '../../http/envelope';
import { branchQuery, listAnswer, pagingOf, pagingQuery } from '../../http/list-query';
import {
  addRemark,
  convertLead,
  createCustomer,
  createLead,
  createWorkOrder,
  getCustomer,
  getLead,
  listContacts,
  listCustomers,
  listLeads,
  searchContacts,
  updateCustomer,
  updateLead,
} from './contacts.service';

/*
 * Who calls these routes (ROLES, auth/guard.ts): the contact book's lists and search, the
 * desk (decision 013: technicians work only from their own dashboard, spec 1 §1 and §6);
 * one customer, everyone, a technician only for a customer of their own orders; adding,
 * editing, converting, remarks, projects and complaints, managers only (spec 1 §6).
 */

/** A lead's or a customer's status, or none: anything else is a 400, not a failed query. */
const statusFilter = z
  .enum([...LEAD_STATUSES, 'active', 'inactive', 'all', ''], {
    error: 'Status must be positive, neutral, negative, active, inactive or all',
  })
  .optional();

const listQuery = z.object({
  branch: branchQuery,
  search: z.string().optional(),
  status: statusFilter,
  ...pagingQuery(MAX_PAGE_SIZE),
});
const blankToUndefined = (text: string | undefined) =>
  text?.trim() && text.trim() !== 'all' ? text.trim() : undefined;

/** The filters and paging that the lead and customer lists read from their query string. */
function listFilterOf(query: z.infer<typeof listQuery>) {
  const { page: _page, pageSize: _pageSize, ...paging } = pagingOf(query, DEFAULT_PAGE_SIZE);
  return {
    search: blankToUndefined(query.search),
    status: blankToUndefined(query.status),
    ...paging,
  };
}

const leadParams = z.object({ leadId: idOf(CONTACT_MESSAGES.leadNotFound) });
const idParams = (message: string) => z.object({ id: idOf(message) });

export function contactsRoutes(db: Database) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['contacts'];

    api.get(
      '/get-all-leads',
      {
        config: { access: ROLES.desk },
        schema: {
          tags,
          summary:
            'Open leads, most recently updated first (?branch= admin, ?search=, ?status=, ?page=&pageSize= or ?limit=&offset=; total in X-Total-Count)',
          querystring: listQuery,
          response: answers(z.array(leadSchema)),
        },
      },
      async (request, reply) => {
        const scope = requestScope(request, request.query.branch);
        return ok(listAnswer(reply, await listLeads(db, scope, listFilterOf(request.query))));
      },
    );

    api.get(
      '/get-single-lead/:id',
      {
        config: { access: ROLES.desk },
        schema: {
          tags,
          summary: 'One lead with its remarks, newest first',
          params: idParams(CONTACT_MESSAGES.leadNotFound),
          response: answers(leadSchema),
        },
      },
      async (request) => ok(await getLead(db, requestScope(request), request.params.id)),
    );

    api.post(
      '/create-Lead',
      {
        config: { access: ROLES.managers },
        schema: {
          tags,
          summary: "Add a lead to the manager's branch; the initial remark sets its status",
          body: createLeadSchema,
          response: answers(leadSchema),
        },
      },
      async (request) =>
        ok(
          await createLead(db, actorOf(request), requestScope(request), request.body),
          CONTACT_MESSAGES.leadAdded,
        ),
    );

    api.post(
      '/update-lead',
      {
        config: { access: ROLES.managers },
        schema: {
          tags,
          summary: "Edit a lead: leadId (or _id) and the lead's fields",
          body: updateLeadSchema,
          response: answers(leadSchema),
        },
      },
      async (request) =>
        ok(
          await updateLead(db, actorOf(request), requestScope(request), request.body),
          CONTACT_MESSAGES.leadUpdated,
        ),
    );

    api.post(
      '/lead-remarks/:leadId',
      {
        config: { access: ROLES.managers },
        schema: {
          tags,
          summary: "Add a remark; the lead's status becomes the remark's. Answers the lead",
          params: leadParams,
          body: addRemarkSchema,
          response: answers(leadSchema),
        },
      },
      async (request) =>
        ok(
          await addRemark(
            db,
            actorOf(request),
            requestScope(request),
            request.params.leadId,
            request.body,
          ),
          CONTACT_MESSAGES.remarkAdded,
        ),
    );

    api.post(
      '/lead-convert/:leadId',
      {
        config: { access: ROLES.managers },
        schema: {
          tags,
          summary: 'Convert a lead: the customer and its first pending work order, in one step',
          params: leadParams,
          body: convertLeadSchema,
          response: answers(customerSchema),
        },
      },
      async (request) =>
        ok(
          await convertLead(
            db,
            actorOf(request),
            requestScope(request),
            request.params.leadId,
            request.body,
          ),
          CONTACT_MESSAGES.leadConverted,
        ),
    );

    api.get(
      '/search',
      {
        config: { access: ROLES.desk },
        schema: {
          tags,
          summary:
            'Leads and customers by phone (any format, from 8 digits, prefix or suffix) or name/email prefix',
          querystring: z.object({ query: z.string().optional(), branch: branchQuery }),
          response: answers(
            z.object({ leads: z.array(leadSchema), customers: z.array(customerSchema) }),
          ),
        },
      },
      async (request) => {
        const scope = requestScope(request, request.query.branch);
        return ok(await searchContacts(db, scope, request.query.query ?? ''));
      },
    );

    api.get(
      '/get-all-customers',
      {
        config: { access: ROLES.desk },
        schema: {
          tags,
          summary:
            'Customers, most recently updated first (?branch= admin, ?search=, ?status=active|inactive, paging; total in X-Total-Count)',
          querystring: listQuery,
          response: answers(z.array(customerSchema)),
        },
      },
      async (request, reply) => {
        const scope = requestScope(request, request.query.branch);
        return ok(listAnswer(reply, await listCustomers(db, scope, listFilterOf(request.query))));
      },
    );

    api.get(
      '/get-single-customer/:id',
      {
        config: { access: ROLES.everyone },
        schema: {
          tags,
          summary: 'One customer with projects, work orders and the lead it came from (remarks)',
          params: idParams(CONTACT_MESSAGES.customerNotFound),
          response: answers(customerSchema),
        },
      },
      async (request) => ok(await getCustomer(db, requestScope(request), request.params.id)),
    );

    api.post(
      '/create-customer',
      {
        config: { access: ROLES.managers },
        schema: {
          tags,
          summary: 'Add a customer with the first pending work order of its project type',
          body: createCustomerSchema,
          response: answers(customerSchema),
        },
      },
      async (request) =>
        ok(
          await createCustomer(db, actorOf(request), requestScope(request), request.body),
          CONTACT_MESSAGES.customerAdded,
        ),
    );

    api.post(
      '/update-customer/:id',
      {
        config: { access: ROLES.managers },
        schema: {
          tags,
          summary: 'Edit a customer',
          params: idParams(CONTACT_MESSAGES.customerNotFound),
          body: updateCustomerSchema,
          response: answers(customerSchema),
        },
      },
      async (request) =>
        ok(
          await updateCustomer(
            db,
            actorOf(request),
            requestScope(request),
            request.params.id,
            request.body,
          ),
          CONTACT_MESSAGES.customerUpdated,
        ),
    );

    api.post(
      '/create-work-orders',
      {
        config: { access: ROLES.managers },
        schema: {
          tags,
          summary:
            'A pending work order: a new installation, or a complaint (Repair) on a completed project',
          body: createWorkOrderSchema,
          response: answers(workOrderSchema),
        },
      },
      async (request) =>
        ok(
          await createWorkOrder(db, actorOf(request), requestScope(request), request.body),
          request.body.projectCategory === 'Repair'
            ? CONTACT_MESSAGES.complaintCreated
            : CONTACT_MESSAGES.workOrderCreated,
        ),
    );

    // Not in the spec's table: the /contacts screen and the branch page's overview.
    api.get(
      '/get-contacts',
      {
        config: { access: ROLES.desk },
        schema: {
          tags,
          summary:
            'Leads and customers in one list (?type=all|leads|customers, ?status=, ?search=, ?branch= admin, paging; total in X-Total-Count)',
          querystring: listQuery.extend({
            type: z.enum(['all', 'leads', 'customers', 'lead', 'customer', '']).optional(),
          }),
          response: answers(z.array(contactRowSchema)),
        },
      },
      async (request, reply) => {
        const type = request.query.type;
        const scope = requestScope(request, request.query.branch);
        const page = await listContacts(db, scope, {
          type:
            type === 'leads' || type === 'lead'
              ? 'leads'
              : type === 'customers' || type === 'customer'
                ? 'customers'
                : 'all',
          ...listFilterOf(request.query),
        });
        return ok(listAnswer(reply, page));
      },
    );
  };
}
