import type { UpiPayee } from '@karya/domain/bill-schemas';
import { PROJECT_CATEGORIES, WORK_ORDER_STATUSES } from '@karya/domain/contact-schemas';
import { enumListQuery } from '@karya/domain/input';
import { idOf } from '@karya/domain/user-schemas';
import {
  activeProjectAnswerSchema,
  addWorkOrderRemarkSchema,
  assignTechnicianSchema,
  completeWorkOrderSchema,
  orderRemarkSchema,
  rejectTransferSchema,
  updateWorkStatusSchema,
  WORK_ORDER_DEFAULT_PAGE_SIZE,
  WORK_ORDER_MAX_PAGE_SIZE,
  WORK_ORDER_MESSAGES,
  workOrderDetailSchema,
} from '@karya/domain/work-order-schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, ROLES } from '../../auth/guard';
import { requestScope, technicianOf } from '../../auth/scope';
import { type Clock, systemClock } from '../../clock';
import type { Database } from '../../db/client';
import { answers, failureSchema, ok } from '../../http/envelope';
import { branchQuery, listAnswer, pagingOf, pagingQuery } from '../../http/list-query';
import { registerTechnicianWorkOrderCounts } from './technician-work-order-counts';
import {
  acceptTransfer,
  addWorkOrderRemark,
  approveOrder,
  assignTechnician,
  type CompletionCheck,
  completeWorkOrder,
  findTechnicianActiveProject,
  getWorkOrderDetails,
  listManagerProjects,
  listTechnicianProjects,
  listTechnicianWorkOrders,
  listWorkOrders,
  type ReassignmentHook,
  rejectTransfer,
  updateWorkStatus,
} from './work-orders.service';

/*
 * Pending lists and project lists: the desk, the branch's managers and admins (spec 2 §2,
 * §6). A change may be asked by everyone working; the state machine decides whether this one
 * is theirs.
 */

/** ?status=pending or a comma-separated list of statuses. */
const statusQuery = enumListQuery(WORK_ORDER_STATUSES, WORK_ORDER_MESSAGES.invalidStatus)
  .optional()
  .transform((statuses) => statuses ?? []);
const listQuery = z.object({
  branch: branchQuery,
  status: statusQuery,
  category: z.enum(PROJECT_CATEGORIES, { error: WORK_ORDER_MESSAGES.invalidCategory }).optional(),
  search: z.string().optional(),
  ...pagingQuery(WORK_ORDER_MAX_PAGE_SIZE),
});
type ListQuery = z.infer<typeof listQuery>;

function listFilterOf(query: ListQuery) {
  const { limit, offset } = pagingOf(query, WORK_ORDER_DEFAULT_PAGE_SIZE);
  return {
    statuses: query.status,
    category: query.category,
    search: query.search?.trim() || undefined,
    limit,
    offset,
  };
}

const detailAnswer = answers(workOrderDetailSchema);
const listAnswers = answers(z.array(workOrderDetailSchema));

/**
 * Whom a UPI payment of a branch's orders goes to. Billing knows (its payee rules); app.ts
 * hands its answer in, so work orders do not import billing, which imports work orders.
 */
export type UpiPayeeOf = (branchId: string) => Promise<UpiPayee | null>;

export function workOrdersRoutes(
  db: Database,
  upiPayeeOf: UpiPayeeOf,
  completionCheck?: CompletionCheck,
  reassigned?: ReassignmentHook,
  /** Where a queued action's occurredAt is checked against (decision 043). */
  clock: Clock = systemClock,
) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['work-orders'];

    api.get(
      '/get-work-orders',
      {
        config: { access: ROLES.desk },
        schema: {
          tags,
          summary:
            'Pending work orders of the branch, newest first (?branch= admin, ?status= (default pending, comma list), ?category= (New Installation, Repair or Maintenance), ?search=, ?page=&pageSize= or ?limit=&offset=; total in X-Total-Count)',
          querystring: listQuery,
          response: listAnswers,
        },
      },
      async (request, reply) =>
        ok(
          listAnswer(
            reply,
            await listWorkOrders(
              db,
              requestScope(request, request.query.branch),
              listFilterOf(request.query),
            ),
          ),
        ),
    );

    api.post(
      '/assign-technician',
      {
        config: { access: ROLES.desk },
        schema: {
          tags,
          summary: 'Assign a pending work order to an active technician of its branch',
          body: assignTechnicianSchema,
          response: detailAnswer,
        },
      },
      async (request) =>
        ok(
          await assignTechnician(db, actorOf(request), requestScope(request), request.body),
          WORK_ORDER_MESSAGES.technicianAssigned,
        ),
    );

    api.get(
      '/technician-work-orders',
      {
        config: { access: ROLES.technicians },
        schema: {
          tags,
          summary:
            "The signed-in technician's work orders, active ones first, then latest change (?status=, ?search=, paging; total in X-Total-Count)",
          querystring: listQuery.omit({ branch: true }),
          response: listAnswers,
        },
      },
      async (request, reply) => {
        const technicianId = technicianOf(requestScope(request));
        const page = await listTechnicianWorkOrders(db, technicianId, listFilterOf(request.query));
        return ok(listAnswer(reply, page));
      },
    );

    registerTechnicianWorkOrderCounts(app, db);

    api.get(
      '/technician-active-projects',
      {
        config: { access: ROLES.technicians },
        schema: {
          tags,
          summary: "The signed-in technician's in-progress project, if any",
          response: { 200: activeProjectAnswerSchema, 401: failureSchema, 403: failureSchema },
        },
      },
      async (request) => {
        const active = await findTechnicianActiveProject(db, requestScope(request));
        const project = active
          ? {
              _id: active.id,
              orderId: active.orderId,
              customerId: active.customerId,
              projectType: active.projectType,
              projectCategory: active.projectCategory,
            }
          : null;
        return {
          success: true as const,
          hasActiveProject: project !== null,
          activeProject: project,
          data: project,
          message: project ? '' : WORK_ORDER_MESSAGES.noActiveProject,
        };
      },
    );

    api.post(
      '/update-work-status',
      {
        config: { access: ROLES.everyone },
        schema: {
          tags,
          summary:
            'Move a work order to a status through the state machine: in-progress (start, resume), paused (reason), transferring (stop, reason), pending-approval (needs a payment)',
          body: updateWorkStatusSchema,
          response: detailAnswer,
        },
      },
      async (request) =>
        ok(
          await updateWorkStatus(
            db,
            actorOf(request),
            requestScope(request),
            request.body,
            completionCheck,
            reassigned,
            clock,
          ),
          WORK_ORDER_MESSAGES.statusUpdated,
        ),
    );

    api.get(
      '/get-work-order-details/:customerId/:orderId',
      {
        config: { access: ROLES.everyone },
        schema: {
          tags,
          summary:
            'One work order (orderId or _id) with its status history, payments, rejection and pause details',
          params: z.object({ customerId: z.string(), orderId: z.string() }),
          response: detailAnswer,
        },
      },
      async (request) => {
        const detail = await getWorkOrderDetails(
          db,
          requestScope(request),
          request.params.customerId,
          request.params.orderId,
        );
        // The branch's UPI payee, so the technician's dialog can draw the payment QR code.
        return ok({ ...detail, upiPayee: await upiPayeeOf(detail.branch._id) });
      },
    );

    api.post(
      '/remark-add',
      {
        config: { access: ROLES.field },
        schema: {
          tags,
          summary:
            'Add an activity entry (activityType communication by default) to the status history',
          body: addWorkOrderRemarkSchema,
          response: detailAnswer,
        },
      },
      async (request) =>
        ok(
          await addWorkOrderRemark(
            db,
            actorOf(request),
            requestScope(request),
            request.body,
            clock,
          ),
          WORK_ORDER_MESSAGES.remarkAdded,
        ),
    );

    api.post(
      '/complete-work-order',
      {
        config: { access: ROLES.technicians },
        schema: {
          tags,
          summary:
            "'Complete Project & Send for Approval': in-progress to pending-approval once a payment exists; optional notes in remark",
          body: completeWorkOrderSchema,
          response: detailAnswer,
        },
      },
      async (request) =>
        ok(
          await completeWorkOrder(
            db,
            actorOf(request),
            requestScope(request),
            request.body,
            completionCheck,
            clock,
          ),
          WORK_ORDER_MESSAGES.sentForApproval,
        ),
    );

    api.get(
      '/get-manager-projects',
      {
        config: { access: ROLES.desk },
        schema: {
          tags,
          summary:
            "The branch's projects (every status but pending) in the spec's status order, newest first; ?status=transferring oldest first (?branch= admin, ?search=, paging; total in X-Total-Count)",
          querystring: listQuery,
          response: listAnswers,
        },
      },
      async (request, reply) =>
        ok(
          listAnswer(
            reply,
            await listManagerProjects(
              db,
              requestScope(request, request.query.branch),
              listFilterOf(request.query),
            ),
          ),
        ),
    );

    api.get(
      '/get-technician-projects/:technicianId',
      {
        config: { access: ROLES.everyone },
        schema: {
          tags,
          summary:
            "One technician's projects (a manager's own technicians; a technician only their own)",
          params: z.object({ technicianId: idOf(WORK_ORDER_MESSAGES.technicianNotFound) }),
          querystring: listQuery.omit({ branch: true }),
          response: listAnswers,
        },
      },
      async (request, reply) => {
        const filter = listFilterOf(request.query);
        return ok(
          listAnswer(
            reply,
            await listTechnicianProjects(
              db,
              requestScope(request),
              request.params.technicianId,
              filter,
            ),
          ),
        );
      },
    );

    api.post(
      '/approve-order',
      {
        config: { access: ROLES.managers },
        schema: {
          tags,
          summary: 'Approve a pending-approval project of the branch: a note of at least 5 words',
          body: orderRemarkSchema,
          response: detailAnswer,
        },
      },
      async (request) =>
        ok(
          await approveOrder(db, actorOf(request), requestScope(request), request.body),
          WORK_ORDER_MESSAGES.projectApproved,
        ),
    );

    api.post(
      '/accept-technician-project-transfer',
      {
        config: { access: ROLES.managers },
        schema: {
          tags,
          summary:
            'Accept a transfer request with a remark: the order becomes transferred and a new pending order of the same project goes back to the pending list (newWorkOrder)',
          body: orderRemarkSchema,
          response: answers(
            workOrderDetailSchema.extend({
              newWorkOrder: z.object({ _id: z.string(), orderId: z.string() }),
            }),
          ),
        },
      },
      async (request) =>
        ok(
          await acceptTransfer(
            db,
            actorOf(request),
            requestScope(request),
            request.body,
            reassigned,
          ),
          WORK_ORDER_MESSAGES.transferAccepted,
        ),
    );

    api.post(
      '/reject-technician-project-transfer',
      {
        config: { access: ROLES.managers },
        schema: {
          tags,
          summary: 'Reject a transfer request with a reason: the technician may start it again',
          body: rejectTransferSchema,
          response: detailAnswer,
        },
      },
      async (request) =>
        ok(
          await rejectTransfer(db, actorOf(request), requestScope(request), request.body),
          WORK_ORDER_MESSAGES.transferRejected,
        ),
    );
  };
}
