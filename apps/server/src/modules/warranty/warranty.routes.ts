import {
  approveReplacementSchema,
  completeReplacementSchema,
  installedUnitSchema,
  REPLACEMENT_STATUSES,
  registerReplacementSchema,
  replacementSchema,
  unitRecordSchema,
  WARRANTY_MESSAGES,
  warrantyClaimSchema,
  warrantyStatusSchema,
} from '@karya/domain/warranty-schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, ROLES } from '../../auth/guard';
import { requestScope } from '../../auth/scope';
import type { Database } from '../../db/client';
import { answers, ok } from '../../http/envelope';
import { branchQuery, listAnswer, pagingOf, pagingQuery } from '../../http/list-query';
import { unitRecord } from './unit-record.service';
import {
  approveReplacement,
  checkWarrantyStatus,
  completeReplacement,
  installedUnits,
  listReplacements,
  registerReplacement,
  replacementBySerial,
  replacementsOfSerial,
  warrantyClaim,
} from './warranty.service';

/*
 * Managers act on their branch; admins read every branch; technicians look up their
 * customers' units (ROLES, auth/guard.ts).
 */

const serialParams = z.object({
  serial: z
    .string()
    .trim()
    .min(1, WARRANTY_MESSAGES.serialRequired)
    .max(100, WARRANTY_MESSAGES.productNotFound),
});

export function warrantyRoutes(db: Database) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['warranty'];

    api.get(
      '/check-warranty-status/:serial',
      {
        config: { access: ROLES.everyone },
        schema: {
          tags,
          summary:
            "A unit's product details and warranty: installed when its bill was confirmed, the period parsed from the item's warranty text (365-day years, 30-day months)",
          params: serialParams,
          response: answers(warrantyStatusSchema),
        },
      },
      async (request) =>
        ok(await checkWarrantyStatus(db, requestScope(request), request.params.serial)),
    );

    api.get(
      '/serial-number-record/:serial',
      {
        config: { access: ROLES.everyone },
        schema: {
          tags,
          summary:
            'The installed-unit record: where the unit is now and everything that happened to it',
          params: serialParams,
          response: answers(unitRecordSchema),
        },
      },
      async (request) => ok(await unitRecord(db, requestScope(request), request.params.serial)),
    );

    api.get(
      '/get-installed-units',
      {
        config: { access: ROLES.everyone },
        schema: {
          tags,
          summary: "A customer's installed units with their warranty (?customerId=)",
          querystring: z.object({ customerId: z.string().trim().max(100) }),
          response: answers(z.array(installedUnitSchema)),
        },
      },
      async (request) =>
        ok(await installedUnits(db, requestScope(request), request.query.customerId)),
    );

    api.get(
      '/get-replacements',
      {
        config: { access: ROLES.desk },
        schema: {
          tags,
          summary:
            'Warranty replacements, newest first (?search= any serial of the chain, customer, phone, order id; ?status=; ?branch= for admins; ?limit=&offset=; total in X-Total-Count)',
          querystring: z.object({
            search: z.string().trim().max(100).optional(),
            status: z.enum(REPLACEMENT_STATUSES).optional(),
            branch: branchQuery,
            ...pagingQuery(100),
          }),
          response: answers(z.array(replacementSchema)),
        },
      },
      async (request, reply) => {
        const { limit, offset } = pagingOf(request.query, 25);
        const page = await listReplacements(db, requestScope(request, request.query.branch), {
          search: request.query.search || undefined,
          status: request.query.status,
          limit,
          offset,
        });
        return ok(listAnswer(reply, page));
      },
    );

    api.get(
      '/get-replacements/:serial',
      {
        config: { access: ROLES.desk },
        schema: {
          tags,
          summary:
            'The replacement records whose chain holds this serial (original or replacement)',
          params: serialParams,
          response: answers(z.array(replacementSchema)),
        },
      },
      async (request) =>
        ok(await replacementsOfSerial(db, requestScope(request), request.params.serial)),
    );

    api.get(
      '/replaced-serial-number/:serial',
      {
        config: { access: ROLES.desk },
        schema: {
          tags,
          summary: 'The replacement record in which this serial replaced a faulty unit',
          params: serialParams,
          response: answers(replacementSchema),
        },
      },
      async (request) =>
        ok(await replacementBySerial(db, requestScope(request), request.params.serial)),
    );

    api.post(
      '/register-replacement',
      {
        config: { access: ROLES.managers },
        schema: {
          tags,
          summary:
            "Register an issue on a unit installed at a customer of the manager's branch, under warranty; work order, customer name and phone default from the installation",
          body: registerReplacementSchema,
          response: answers(replacementSchema),
        },
      },
      async (request) => {
        const actor = actorOf(request);
        return ok(
          await registerReplacement(db, actor, requestScope(request), request.body),
          WARRANTY_MESSAGES.registered,
        );
      },
    );

    api.post(
      '/warranty-claim',
      {
        config: { access: ROLES.managers },
        schema: {
          tags,
          summary:
            'A new issue on a replaced unit still under warranty: the record goes back to pending',
          body: warrantyClaimSchema,
          response: answers(replacementSchema),
        },
      },
      async (request) => {
        const actor = actorOf(request);
        return ok(
          await warrantyClaim(db, actor, requestScope(request), request.body),
          WARRANTY_MESSAGES.updated,
        );
      },
    );

    api.post(
      '/approve-replacement',
      {
        config: { access: ROLES.managers },
        schema: {
          tags,
          summary: 'Approve a pending replacement (optional step before completing it)',
          body: approveReplacementSchema,
          response: answers(replacementSchema),
        },
      },
      async (request) => {
        const actor = actorOf(request);
        return ok(
          await approveReplacement(db, actor, requestScope(request), request.body.replacementId),
          WARRANTY_MESSAGES.approved,
        );
      },
    );

    api.post(
      '/complete-replacement',
      {
        config: { access: ROLES.field },
        schema: {
          tags,
          summary:
            "Swap the faulty unit for a new serial of the same product from the branch's stock (a technician: from their van): the new unit keeps the installation date, the faulty one goes to the branch's faulty stock",
          body: completeReplacementSchema,
          response: answers(replacementSchema),
        },
      },
      async (request) => {
        const actor = actorOf(request);
        return ok(
          await completeReplacement(db, actor, requestScope(request), request.body),
          WARRANTY_MESSAGES.completed,
        );
      },
    );
  };
}
