import {
  inventoryHistorySchema,
  serialDetailSchema,
  TRANSFER_KINDS,
  transferRecordSchema,
} from '@karya/domain/inventory-answers';
import { INVENTORY_MESSAGES } from '@karya/domain/inventory-schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROLES } from '../../auth/guard';
import type { Database } from '../../db/client';
import { answers, ok } from '../../http/envelope';
import { listAnswer, pagingQuery } from '../../http/list-query';
import { inventoryHistory, transferHistory } from './history.service';
import { inventoryScope, optionalDate, tags } from './route-parts';
import { serialDetail, serialHistory } from './serials.service';

const transferRecords = z.array(transferRecordSchema);

/** The ledger read back: the transfer history, a technician's history and one serial's. */
export function historyRoutes(db: Database) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get(
      '/get-inventory-history',
      {
        config: { access: ROLES.everyone },
        schema: {
          tags,
          summary:
            "A technician's assigned and returned movements (?technicianId= for managers and admins)",
          querystring: z.object({ technicianId: z.string().optional() }),
          response: answers(inventoryHistorySchema),
        },
      },
      async (request) =>
        ok(await inventoryHistory(db, inventoryScope(request), request.query.technicianId)),
    );

    api.get(
      '/get-transfer-history',
      {
        config: { access: ROLES.desk },
        schema: {
          tags,
          summary:
            'The ledger, newest first (?branch= admin, ?technicianId=, ?itemId=, ?serialNumber=, ?type=stock-in|assigned|returned|confirmed|billed|faulty|replacement, ?from=, ?to=, ?page=&pageSize=; total in X-Total-Count)',
          querystring: z.object({
            branch: z.string().optional(),
            technicianId: z.string().optional(),
            itemId: z.string().optional(),
            serialNumber: z.string().optional(),
            type: z.enum(TRANSFER_KINDS).optional(),
            from: optionalDate,
            to: optionalDate,
            ...pagingQuery(500),
          }),
          response: answers(transferRecords),
        },
      },
      async (request, reply) => {
        const {
          page = 1,
          pageSize = 50,
          limit: _l,
          offset: _o,
          type,
          branch,
          ...filter
        } = request.query;
        const records = await transferHistory(db, inventoryScope(request, branch), {
          ...filter,
          kind: type,
          limit: pageSize,
          offset: (page - 1) * pageSize,
        });
        return ok(listAnswer(reply, records));
      },
    );

    api.get(
      '/serial-number-detail/:serial',
      {
        config: { access: ROLES.desk },
        schema: {
          tags,
          summary: 'Where a serial is now: item, sale price, location, holder',
          params: z.object({ serial: z.string() }),
          response: answers(serialDetailSchema),
        },
      },
      async (request) => ok(await serialDetail(db, inventoryScope(request), request.params.serial)),
    );

    api.get(
      '/serial-number-history',
      {
        config: { access: ROLES.desk },
        schema: {
          tags,
          summary: "A serial's movements, newest first (?serialNumber=; managers their branch)",
          querystring: z.object({
            serialNumber: z.string().trim().min(1, INVENTORY_MESSAGES.serialRequired),
          }),
          response: answers(transferRecords),
        },
      },
      async (request) =>
        ok(await serialHistory(db, inventoryScope(request), request.query.serialNumber)),
    );
  };
}
