import { addBranchSchema, BRANCH_MESSAGES, updateBranchSchema } from '@karya/domain/branch-schemas';
import { statusCountsSchema, technicianOverviewRowSchema } from '@karya/domain/dashboard-schemas';
import { idOf } from '@karya/domain/user-schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, ROLES } from '../../auth/guard';
import { requestScope } from '../../auth/scope';
import type { Database } from '../../db/client';
import { answers, ok } from '../../http/envelope';
import { addBranch, getBranch, listBranches, updateBranch } from './branches.service';

const branchSchema = z.object({
  _id: z.string(),
  name: z.string(),
  location: z.string(),
  address: z.string(),
  phone: z.string(),
  status: z.enum(['active', 'inactive']),
  upiVpa: z.string().nullable(),
  upiName: z.string().nullable(),
  gstin: z.string().nullable(),
  stateCode: z.string().nullable(),
  invoicePrefix: z.string().nullable(),
  requireSignature: z.boolean(),
  createdAt: z.string(),
  createdBy: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  manager: z.string(),
  managerInfo: z
    .object({
      _id: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
      phone: z.string(),
    })
    .nullable(),
  technicians: z.number(),
  customers: z.number(),
  leadsAndCustomers: z.number(),
  projects: z.number(),
  workOrders: z.number(),
  assigned: z.number(),
  stock: z.number(),
});
const branchDetailSchema = branchSchema.extend({
  techniciansOverview: z.object({
    rows: z.array(technicianOverviewRowSchema),
    total: statusCountsSchema,
  }),
});

export function branchesRoutes(db: Database) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['branches'];

    api.get(
      '/get-branches',
      {
        config: { access: ROLES.admins },
        schema: {
          tags,
          summary:
            'List branches with manager, active technicians, customers, projects, waiting work orders and assigned projects',
          response: answers(z.array(branchSchema)),
        },
      },
      async () => ok(await listBranches(db)),
    );

    api.post(
      '/add-branches',
      {
        config: { access: ROLES.admins },
        schema: {
          tags,
          summary:
            'Add a branch; gstin (its first two digits: the state), stateCode (taken from the GSTIN when not sent), invoicePrefix (1-4 letters or digits, unique) and requireSignature (default true) are optional',
          body: addBranchSchema,
          response: answers(branchSchema),
        },
      },
      async (request) =>
        ok(await addBranch(db, actorOf(request), request.body), BRANCH_MESSAGES.branchAdded),
    );

    // Not in the spec's table: admins set a branch's UPI payee (and fix its details) here.
    api.post(
      '/update-branch/:branchId',
      {
        config: { access: ROLES.admins },
        schema: {
          tags,
          summary:
            "Change a branch's name, location, address, phone, status, UPI payee (upiVpa, upiName; null or blank: the server default) tax identity (gstin, stateCode, invoicePrefix; null or blank clears) or requireSignature (the customer's signature before sending for approval); fields not sent stay",
          params: z.object({ branchId: idOf(BRANCH_MESSAGES.branchNotFound) }),
          body: updateBranchSchema,
          response: answers(branchSchema),
        },
      },
      async (request) =>
        ok(
          await updateBranch(db, actorOf(request), request.params.branchId, request.body),
          BRANCH_MESSAGES.branchUpdated,
        ),
    );

    // Not in the spec's table: the Branch Details page needs one branch with its manager card.
    api.get(
      '/get-branch/:branchId',
      {
        config: { access: ROLES.desk },
        schema: {
          tags,
          summary:
            'One branch (admin any, manager their own) with its tiles and Technicians Overview',
          params: z.object({ branchId: idOf(BRANCH_MESSAGES.branchNotFound) }),
          response: answers(branchDetailSchema),
        },
      },
      async (request) => ok(await getBranch(db, requestScope(request), request.params.branchId)),
    );
  };
}
