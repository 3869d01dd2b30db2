import {
  inventoryAssignedSchema,
  technicianInventoryItemSchema,
} from '@karya/domain/inventory-answers';
import { assignInventorySchema, INVENTORY_MESSAGES } from '@karya/domain/inventory-schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, ROLES } from '../../auth/guard';
import type { Database } from '../../db/client';
import { answers, ok } from '../../http/envelope';
import { assignToTechnician, technicianInventory } from './assignment.service';
import { inventoryScope, tags } from './route-parts';

export function assignmentRoutes(db: Database) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.post(
      '/assign-inventory-technician',
      {
        config: { access: ROLES.managers },
        schema: {
          tags,
          summary:
            "Branch stock → a technician of the manager's branch (one serial, or a quantity)",
          body: assignInventorySchema,
          response: answers(inventoryAssignedSchema),
        },
      },
      async (request) =>
        ok(
          await assignToTechnician(db, actorOf(request), inventoryScope(request), request.body),
          INVENTORY_MESSAGES.assigned,
        ),
    );

    api.get(
      '/get-technician-inventory',
      {
        config: { access: ROLES.everyone },
        schema: {
          tags,
          summary: "The signed-in technician's stock (managers and admins: ?technicianId=)",
          querystring: z.object({ technicianId: z.string().optional() }),
          response: answers(z.array(technicianInventoryItemSchema)),
        },
      },
      async (request) =>
        ok(await technicianInventory(db, inventoryScope(request), request.query.technicianId)),
    );
  };
}
