import {
  inventoryReturnedSchema,
  returnConfirmedSchema,
  returnedInventorySchema,
} from '@karya/domain/inventory-answers';
import { INVENTORY_MESSAGES, returnInventorySchema } from '@karya/domain/inventory-schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, ROLES } from '../../auth/guard';
import type { Database } from '../../db/client';
import { answers, ok } from '../../http/envelope';
import { confirmReturn, listReturns, returnInventory } from './returns.service';
import { inventoryScope, tags } from './route-parts';

export function returnsRoutes(db: Database) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.post(
      '/return-inventory',
      {
        config: { access: ROLES.technicians },
        schema: {
          tags,
          summary: 'Technician → pending return (one item per call)',
          body: returnInventorySchema,
          response: answers(inventoryReturnedSchema),
        },
      },
      async (request) =>
        ok(
          await returnInventory(db, actorOf(request), inventoryScope(request), request.body),
          INVENTORY_MESSAGES.returned,
        ),
    );

    api.get(
      '/get-returned-inventory',
      {
        config: { access: ROLES.everyone },
        schema: {
          tags,
          summary:
            'Returns of the branch (?status=pending default|confirmed|all, ?branch= admin; technicians their own)',
          querystring: z.object({
            status: z.enum(['pending', 'confirmed', 'all']).optional(),
            branch: z.string().optional(),
          }),
          response: answers(z.array(returnedInventorySchema)),
        },
      },
      async (request) =>
        ok(
          await listReturns(db, inventoryScope(request, request.query.branch), {
            status: request.query.status,
          }),
        ),
    );

    api.post(
      '/confirm-returned-inventory/:id',
      {
        config: { access: ROLES.managers },
        schema: {
          tags,
          summary: 'Pending return → branch stock',
          params: z.object({ id: z.string() }),
          response: answers(returnConfirmedSchema),
        },
      },
      async (request) =>
        ok(
          await confirmReturn(db, actorOf(request), inventoryScope(request), request.params.id),
          INVENTORY_MESSAGES.returnConfirmed,
        ),
    );
  };
}
