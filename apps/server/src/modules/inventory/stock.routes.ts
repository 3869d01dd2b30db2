import {
  branchInventoryItemSchema,
  serialCheckSchema,
  stockAddedSchema,
} from '@karya/domain/inventory-answers';
import { addStockSchema, INVENTORY_MESSAGES } from '@karya/domain/inventory-schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, ROLES } from '../../auth/guard';
import type { Database } from '../../db/client';
import { answers, failureSchema, ok } from '../../http/envelope';
import { inventoryScope, tags, typeEnum } from './route-parts';
import { addStock, checkSerial, inventoryByType } from './stock-in.service';

/**
 * inventory-by-type and check-serial carry their answer at the top level as the spec reads it
 * (`items`; `exists`, `item`) and also in `data` (decision 006).
 */
const branchItems = z.array(branchInventoryItemSchema);
const byTypeAnswer = z.object({
  success: z.literal(true),
  items: branchItems,
  data: branchItems,
  message: z.string(),
});
const checkSerialAnswer = serialCheckSchema.extend({
  success: z.literal(true),
  data: serialCheckSchema,
  message: z.string(),
});

export function stockRoutes(db: Database) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get(
      '/inventory-by-type/:type',
      {
        config: { access: ROLES.everyone },
        schema: {
          tags,
          summary:
            'Branch stock of one type (?branch= admin; others their own branch), with stock entries and, apart, the faulty units taken back under warranty',
          params: z.object({ type: typeEnum }),
          querystring: z.object({ branch: z.string().optional() }),
          response: { ...answers(branchItems), 200: byTypeAnswer },
        },
      },
      async (request) => {
        const scope = inventoryScope(request, request.query.branch);
        const items = await inventoryByType(db, scope, request.params.type);
        return { success: true as const, items, data: items, message: '' };
      },
    );

    api.post(
      '/add-stock',
      {
        config: { access: ROLES.managers },
        schema: {
          tags,
          summary: "One stock entry into the manager's branch",
          body: addStockSchema,
          response: answers(stockAddedSchema),
        },
      },
      async (request) =>
        ok(
          await addStock(db, actorOf(request), inventoryScope(request), request.body),
          INVENTORY_MESSAGES.stockAdded,
        ),
    );

    api.get(
      '/check-serial/:serial',
      {
        config: { access: ROLES.everyone },
        schema: {
          tags,
          summary: 'Whether a serial exists, and for which item',
          params: z.object({ serial: z.string() }),
          response: {
            200: checkSerialAnswer,
            401: failureSchema,
            403: failureSchema,
          },
        },
      },
      async (request) => {
        const answer = await checkSerial(db, inventoryScope(request), request.params.serial);
        return {
          success: true as const,
          ...answer,
          data: { exists: answer.exists, item: answer.item },
        };
      },
    );
  };
}
