import {
  acceptTransferSchema,
  initiateTransferSchema,
  OWNERSHIP_MESSAGES,
  rejectTransferSchema,
} from '@karya/domain/ownership-schemas';
import { idOf } from '@karya/domain/user-schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, MANAGER_STATES, ROLES } from '../../auth/guard';
import { requestScope } from '../../auth/scope';
import type { Database } from '../../db/client';
import { answers, ok } from '../../http/envelope';
import {
  acceptTransfer,
  acknowledgeRejection,
  initiateTransfer,
  managerStatus,
  newManagers,
  rejectedTransfers,
  rejectTransfer,
} from './ownership.service';

const party = z.object({ _id: z.string(), firstName: z.string(), lastName: z.string() });
const transferSchema = z.object({
  _id: z.string(),
  branch: z.object({ _id: z.string(), name: z.string() }),
  oldManager: party,
  newManager: party,
  message: z.string(),
  status: z.enum(['pending', 'accepted', 'rejected']),
  responseMessage: z.string().nullable(),
  rejectReason: z.string().nullable(),
  rejectedAt: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
  respondedAt: z.string().nullable(),
  createdAt: z.string(),
});
const managerStatusSchema = z.object({
  activeManagerStatus: z.enum(['active', 'pending', 'transferring', 'transferred']).nullable(),
  transfer: transferSchema.nullable(),
  completedTransfer: transferSchema.nullable(),
  rejectedTransfers: z.array(transferSchema),
});
const candidateSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});
const transferParams = z.object({ transferId: idOf(OWNERSHIP_MESSAGES.transferNotFound) });

export function ownershipRoutes(db: Database) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['ownership'];

    api.get(
      '/manager-status',
      {
        config: { access: ROLES.managers, managerStates: MANAGER_STATES.any },
        schema: {
          tags,
          summary: 'My access state, a transfer addressed to me, my completed and rejected ones',
          response: answers(managerStatusSchema),
        },
      },
      async (request) => ok(await managerStatus(db, actorOf(request))),
    );

    api.get(
      '/new-managers',
      {
        config: { access: ROLES.managers },
        schema: {
          tags,
          summary: 'Pending managers of my branch, candidates for ownership',
          response: answers(z.array(candidateSchema)),
        },
      },
      async (request) => ok(await newManagers(db, requestScope(request))),
    );

    api.get(
      '/get-rejected-transfers',
      {
        config: { access: ROLES.managers },
        schema: {
          tags,
          summary: 'Transfers I requested that were rejected, newest first',
          response: answers(z.array(transferSchema)),
        },
      },
      async (request) => ok(await rejectedTransfers(db, actorOf(request))),
    );

    api.post(
      '/initiate-transfer',
      {
        config: { access: ROLES.managers },
        schema: {
          tags,
          summary: 'Offer my branch to a pending manager of it; I wait as transferring',
          body: initiateTransferSchema,
          response: answers(transferSchema),
        },
      },
      async (request) => {
        const { transfer, message } = await initiateTransfer(
          db,
          actorOf(request),
          requestScope(request),
          request.body,
        );
        return ok(transfer, message);
      },
    );

    api.post(
      '/accept-transfer/:transferId',
      {
        config: { access: ROLES.managers, managerStates: MANAGER_STATES.pendingToo },
        schema: {
          tags,
          summary: 'Accept a transfer addressed to me (response message required)',
          params: transferParams,
          body: acceptTransferSchema,
          response: answers(transferSchema),
        },
      },
      async (request) => {
        const { transfer, message } = await acceptTransfer(
          db,
          actorOf(request),
          request.params.transferId,
          request.body,
        );
        return ok(transfer, message);
      },
    );

    api.post(
      '/reject-transfer/:transferId',
      {
        config: { access: ROLES.managers, managerStates: MANAGER_STATES.pendingToo },
        schema: {
          tags,
          summary: 'Reject a transfer addressed to me (reason required)',
          params: transferParams,
          body: rejectTransferSchema,
          response: answers(transferSchema),
        },
      },
      async (request) => {
        const { transfer, message } = await rejectTransfer(
          db,
          actorOf(request),
          request.params.transferId,
          request.body,
        );
        return ok(transfer, message);
      },
    );

    api.post(
      '/acknowledge-rejection/:transferId',
      {
        config: { access: ROLES.managers },
        schema: {
          tags,
          summary: "'Understood': hide a rejection of my request; a new request may start",
          params: transferParams,
          response: answers(transferSchema),
        },
      },
      async (request) => {
        const { transfer, message } = await acknowledgeRejection(
          db,
          actorOf(request),
          request.params.transferId,
        );
        return ok(transfer, message);
      },
    );
  };
}
