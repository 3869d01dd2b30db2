import { catalogueItemSchema, catalogueListItemSchema } from '@karya/domain/inventory-answers';
import {
  createInventorySchema,
  INVENTORY_MESSAGES,
  updateInventorySchema,
} from '@karya/domain/inventory-schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, ROLES } from '../../auth/guard';
import type { Database } from '../../db/client';
import { answers, ok } from '../../http/envelope';
import { createItem, deleteItem, getItem, listItems, updateItem } from './catalogue.service';
import { inventoryScope, itemParams, tags, typeEnum } from './route-parts';

export function catalogueRoutes(db: Database) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get(
      '/get-all-inventory',
      {
        config: { access: ROLES.everyone },
        schema: {
          tags,
          summary:
            'Catalogue items with stock (?type=, ?search=, ?branch= admin); purchasePrice for admins only',
          querystring: z.object({
            type: typeEnum.optional(),
            search: z.string().optional(),
            branch: z.string().optional(),
          }),
          response: answers(z.array(catalogueListItemSchema)),
        },
      },
      async (request) =>
        ok(
          await listItems(db, inventoryScope(request, request.query.branch), {
            type: request.query.type,
            search: request.query.search?.trim() || undefined,
          }),
        ),
    );

    api.get(
      '/get-single-inventory/:id',
      {
        config: { access: ROLES.everyone },
        schema: {
          tags,
          summary: 'One catalogue item by _id or id',
          params: itemParams,
          response: answers(catalogueListItemSchema),
        },
      },
      async (request) => ok(await getItem(db, inventoryScope(request), request.params.id)),
    );

    api.post(
      '/create-inventory',
      {
        config: { access: ROLES.admins },
        schema: {
          tags,
          summary: 'Add a catalogue item (prices in rupees)',
          body: createInventorySchema,
          response: answers(catalogueItemSchema),
        },
      },
      async (request) =>
        ok(
          await createItem(db, actorOf(request), inventoryScope(request), request.body),
          INVENTORY_MESSAGES.itemAdded,
        ),
    );

    for (const method of ['post', 'put'] as const) {
      api[method](
        '/update-inventory/:id',
        {
          config: { access: ROLES.admins },
          schema: {
            tags,
            summary: 'Update a catalogue item (the whole item); type and product name are fixed',
            params: itemParams,
            body: updateInventorySchema,
            response: answers(catalogueItemSchema),
          },
        },
        async (request) =>
          ok(
            await updateItem(
              db,
              actorOf(request),
              inventoryScope(request),
              request.params.id,
              request.body,
            ),
            INVENTORY_MESSAGES.itemUpdated,
          ),
      );
    }

    for (const method of ['post', 'delete'] as const) {
      api[method](
        '/delete-inventory/:id',
        {
          config: { access: ROLES.admins },
          schema: {
            tags,
            summary: 'Delete a catalogue item without stock or history',
            params: itemParams,
            response: answers(z.null()),
          },
        },
        async (request) => {
          await deleteItem(db, actorOf(request), request.params.id);
          return ok(null, INVENTORY_MESSAGES.itemDeleted);
        },
      );
    }
  };
}
