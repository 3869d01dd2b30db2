import {
  addStockSchema,
  assignInventorySchema,
  createInventorySchema,
  INVENTORY_ITEM_TYPES,
  INVENTORY_MESSAGES,
  returnInventorySchema,
  updateInventorySchema,
} from '@karya/domain/inventory-schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../auth/guard';
import type { Database } from '../../db/client';
import { answers, failureSchema, ok } from '../../http/envelope';
import {
  addStock,
  assignToTechnician,
  checkSerial,
  confirmReturn,
  createItem,
  deleteItem,
  getItem,
  inventoryByType,
  inventoryHistory,
  listItems,
  listReturns,
  returnInventory,
  serialDetail,
  technicianInventory,
  transferHistory,
  updateItem,
} from './inventory.service';

/** Only admins change the catalogue (spec 2 §6). */
const ADMINS = ['admin'] as const;
const MANAGERS = ['manager'] as const;
const TECHNICIANS = ['technician'] as const;
const EVERYONE = ['admin', 'manager', 'technician'] as const;
const STAFF = ['admin', 'manager'] as const;

/** Answers are built in the service; their shapes are listed in decision 006. */
const anyData = answers(z.any());
const itemParams = z.object({ id: z.string().trim().min(1, INVENTORY_MESSAGES.itemNotFound) });
const typeEnum = z.enum(INVENTORY_ITEM_TYPES, { error: INVENTORY_MESSAGES.invalidType });
const optionalDate = z
  .string()
  .optional()
  .transform((v) => (v && !Number.isNaN(Date.parse(v)) ? new Date(v) : undefined));

export function inventoryRoutes(db: Database) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['inventory'];

    /* ----- catalogue ----- */

    api.get(
      '/get-all-inventory',
      {
        config: { access: EVERYONE },
        schema: {
          tags,
          summary:
            'Catalogue items with stock (?type=, ?search=, ?branch= admin); purchasePrice for admins only',
          querystring: z.object({
            type: typeEnum.optional(),
            search: z.string().optional(),
            branch: z.string().optional(),
          }),
          response: anyData,
        },
      },
      async (request) =>
        ok(
          await listItems(db, actorOf(request), {
            type: request.query.type,
            search: request.query.search?.trim() || undefined,
            branch: request.query.branch,
          }),
        ),
    );

    api.get(
      '/get-single-inventory/:id',
      {
        config: { access: EVERYONE },
        schema: {
          tags,
          summary: 'One catalogue item by _id or id',
          params: itemParams,
          response: anyData,
        },
      },
      async (request) => ok(await getItem(db, actorOf(request), request.params.id)),
    );

    api.post(
      '/create-inventory',
      {
        config: { access: ADMINS },
        schema: {
          tags,
          summary: 'Add a catalogue item (prices in rupees)',
          body: createInventorySchema,
          response: anyData,
        },
      },
      async (request) =>
        ok(await createItem(db, actorOf(request), request.body), INVENTORY_MESSAGES.itemAdded),
    );

    for (const method of ['post', 'put'] as const) {
      api[method](
        '/update-inventory/:id',
        {
          config: { access: ADMINS },
          schema: {
            tags,
            summary: 'Update a catalogue item (the whole item); type and product name are fixed',
            params: itemParams,
            body: updateInventorySchema,
            response: anyData,
          },
        },
        async (request) =>
          ok(
            await updateItem(db, actorOf(request), request.params.id, request.body),
            INVENTORY_MESSAGES.itemUpdated,
          ),
      );
    }

    for (const method of ['post', 'delete'] as const) {
      api[method](
        '/delete-inventory/:id',
        {
          config: { access: ADMINS },
          schema: {
            tags,
            summary: 'Delete a catalogue item without stock or history',
            params: itemParams,
            response: anyData,
          },
        },
        async (request) => {
          await deleteItem(db, actorOf(request), request.params.id);
          return ok(null, INVENTORY_MESSAGES.itemDeleted);
        },
      );
    }

    /* ----- branch stock ----- */

    api.get(
      '/inventory-by-type/:type',
      {
        config: { access: EVERYONE },
        schema: {
          tags,
          summary:
            'Branch stock of one type (?branch= admin; others their own branch), with stock entries',
          params: z.object({ type: typeEnum }),
          querystring: z.object({ branch: z.string().optional() }),
          response: {
            ...anyData,
            200: z.object({
              success: z.literal(true),
              items: z.any(),
              data: z.any(),
              message: z.string(),
            }),
          },
        },
      },
      async (request) => {
        const items = await inventoryByType(
          db,
          actorOf(request),
          request.params.type,
          request.query.branch,
        );
        return { success: true as const, items, data: items, message: '' };
      },
    );

    api.post(
      '/add-stock',
      {
        config: { access: MANAGERS },
        schema: {
          tags,
          summary: "One stock entry into the manager's branch",
          body: addStockSchema,
          response: anyData,
        },
      },
      async (request) =>
        ok(await addStock(db, actorOf(request), request.body), INVENTORY_MESSAGES.stockAdded),
    );

    api.get(
      '/check-serial/:serial',
      {
        config: { access: EVERYONE },
        schema: {
          tags,
          summary: 'Whether a serial exists, and for which item',
          params: z.object({ serial: z.string() }),
          response: {
            200: z.object({
              success: z.literal(true),
              exists: z.boolean(),
              item: z.object({ id: z.string(), _id: z.string(), name: z.string() }).nullable(),
              data: z.any(),
              message: z.string(),
            }),
            401: failureSchema,
            403: failureSchema,
          },
        },
      },
      async (request) => {
        const answer = await checkSerial(db, request.params.serial);
        return {
          success: true as const,
          ...answer,
          data: { exists: answer.exists, item: answer.item },
        };
      },
    );

    api.get(
      '/serial-number-detail/:serial',
      {
        config: { access: STAFF },
        schema: {
          tags,
          summary: 'Where a serial is now: item, sale price, location, holder',
          params: z.object({ serial: z.string() }),
          response: anyData,
        },
      },
      async (request) => ok(await serialDetail(db, actorOf(request), request.params.serial)),
    );

    api.get(
      '/serial-number-history',
      {
        config: { access: STAFF },
        schema: {
          tags,
          summary: "A serial's movements, newest first (?serialNumber=; managers their branch)",
          querystring: z.object({
            serialNumber: z.string().trim().min(1, INVENTORY_MESSAGES.serialRequired),
          }),
          response: anyData,
        },
      },
      async (request) => {
        const { items } = await transferHistory(db, actorOf(request), {
          serialNumber: request.query.serialNumber,
          limit: 1000,
          offset: 0,
        });
        return ok(items);
      },
    );

    /* ----- technicians ----- */

    api.post(
      '/assign-inventory-technician',
      {
        config: { access: MANAGERS },
        schema: {
          tags,
          summary:
            "Branch stock → a technician of the manager's branch (one serial, or a quantity)",
          body: assignInventorySchema,
          response: anyData,
        },
      },
      async (request) =>
        ok(
          await assignToTechnician(db, actorOf(request), request.body),
          INVENTORY_MESSAGES.assigned,
        ),
    );

    api.get(
      '/get-technician-inventory',
      {
        config: { access: EVERYONE },
        schema: {
          tags,
          summary: "The signed-in technician's stock (managers and admins: ?technicianId=)",
          querystring: z.object({ technicianId: z.string().optional() }),
          response: anyData,
        },
      },
      async (request) =>
        ok(await technicianInventory(db, actorOf(request), request.query.technicianId)),
    );

    api.post(
      '/return-inventory',
      {
        config: { access: TECHNICIANS },
        schema: {
          tags,
          summary: 'Technician → pending return (one item per call)',
          body: returnInventorySchema,
          response: anyData,
        },
      },
      async (request) =>
        ok(await returnInventory(db, actorOf(request), request.body), INVENTORY_MESSAGES.returned),
    );

    api.get(
      '/get-returned-inventory',
      {
        config: { access: EVERYONE },
        schema: {
          tags,
          summary:
            'Returns of the branch (?status=pending default|confirmed|all, ?branch= admin; technicians their own)',
          querystring: z.object({
            status: z.enum(['pending', 'confirmed', 'all']).optional(),
            branch: z.string().optional(),
          }),
          response: anyData,
        },
      },
      async (request) => ok(await listReturns(db, actorOf(request), request.query)),
    );

    api.post(
      '/confirm-returned-inventory/:id',
      {
        config: { access: MANAGERS },
        schema: {
          tags,
          summary: 'Pending return → branch stock',
          params: z.object({ id: z.string() }),
          response: anyData,
        },
      },
      async (request) =>
        ok(
          await confirmReturn(db, actorOf(request), request.params.id),
          INVENTORY_MESSAGES.returnConfirmed,
        ),
    );

    api.get(
      '/get-inventory-history',
      {
        config: { access: EVERYONE },
        schema: {
          tags,
          summary:
            "A technician's assigned and returned movements (?technicianId= for managers and admins)",
          querystring: z.object({ technicianId: z.string().optional() }),
          response: anyData,
        },
      },
      async (request) =>
        ok(await inventoryHistory(db, actorOf(request), request.query.technicianId)),
    );

    api.get(
      '/get-transfer-history',
      {
        config: { access: STAFF },
        schema: {
          tags,
          summary:
            'The ledger, newest first (?branch= admin, ?technicianId=, ?itemId=, ?serialNumber=, ?type=stock-in|assigned|returned|confirmed|billed, ?from=, ?to=, ?page=&pageSize=; total in X-Total-Count)',
          querystring: z.object({
            branch: z.string().optional(),
            technicianId: z.string().optional(),
            itemId: z.string().optional(),
            serialNumber: z.string().optional(),
            type: z.enum(['stock-in', 'assigned', 'returned', 'confirmed', 'billed']).optional(),
            from: optionalDate,
            to: optionalDate,
            page: z.coerce.number().int().min(1).optional(),
            pageSize: z.coerce.number().int().min(1).max(500).optional(),
          }),
          response: anyData,
        },
      },
      async (request, reply) => {
        const { page = 1, pageSize = 50, type, ...filter } = request.query;
        const { items, total } = await transferHistory(db, actorOf(request), {
          ...filter,
          kind: type,
          limit: pageSize,
          offset: (page - 1) * pageSize,
        });
        reply.header('x-total-count', String(total));
        return ok(items);
      },
    );
  };
}
