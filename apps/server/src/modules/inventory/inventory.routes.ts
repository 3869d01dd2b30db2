import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { assignmentRoutes } from './assignment.routes';
import { catalogueRoutes } from './catalogue.routes';
import { historyRoutes } from './history.routes';
import { returnsRoutes } from './returns.routes';
import { stockRoutes } from './stock.routes';

/**
 * The inventory area's routes (decision 006), one file per job: the catalogue, branch stock
 * and stock in, assignment to technicians, returns, and the ledger's history and serials.
 */
export function inventoryRoutes(db: Database) {
  return async (app: FastifyInstance) => {
    await app.register(catalogueRoutes(db));
    await app.register(stockRoutes(db));
    await app.register(assignmentRoutes(db));
    await app.register(returnsRoutes(db));
    await app.register(historyRoutes(db));
  };
}
