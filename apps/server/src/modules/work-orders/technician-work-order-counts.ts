import {
  TECHNICIAN_COUNTED_STATUSES,
  type TechnicianWorkOrderCounts,
  technicianWorkOrderCountsSchema,
} from '@karya/domain/technician-work-order-counts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, ROLES } from '../../auth/guard';
import type { Database } from '../../db/client';
import { workOrderTallies } from '../../db/schema';
import { answers, ok } from '../../http/envelope';

/**
 * A technician's orders per status, from the tallies the database keeps (decision 009): a
 * handful of index entries (work_order_tallies_technician_idx) however many orders they hold.
 */
export async function countTechnicianWorkOrders(
  db: Database,
  technicianId: string,
): Promise<TechnicianWorkOrderCounts> {
  const rows = await db
    .select({
      status: sql<string>`${workOrderTallies.status}::text`,
      total: sql<number>`sum(${workOrderTallies.total})::int`,
    })
    .from(workOrderTallies)
    .where(eq(workOrderTallies.technicianKey, technicianId))
    .groupBy(workOrderTallies.status);
  const held = new Map(rows.map((row) => [row.status, Number(row.total)]));
  const counts = Object.fromEntries(
    TECHNICIAN_COUNTED_STATUSES.map((status) => [status, held.get(status) ?? 0]),
  ) as TechnicianWorkOrderCounts['counts'];
  const total = TECHNICIAN_COUNTED_STATUSES.reduce((sum, status) => sum + counts[status], 0);
  return { counts, total };
}

/** GET /api/technician-work-order-counts, registered by work-orders.routes.ts. */
export function registerTechnicianWorkOrderCounts(app: FastifyInstance, db: Database): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/technician-work-order-counts',
    {
      config: { access: ROLES.technicians },
      schema: {
        tags: ['work-orders'],
        summary:
          "How many of the signed-in technician's work orders each status holds, and their total (the technician dashboard's counts)",
        response: answers(technicianWorkOrderCountsSchema),
      },
    },
    async (request) => ok(await countTechnicianWorkOrders(db, actorOf(request).id)),
  );
}
