import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/client';

/**
 * The bench's ceilings (issue 17): what this server, on this database and pool, answers at
 * best, so `npm run bench` can print every endpoint as a share of them in the same run.
 * Registered only with BENCH_CEILINGS=1; they take no session and are absent otherwise.
 *
 * - GET /api/bench/select-1: `SELECT 1` through the app's database client.
 * - GET /api/bench/hand-written-page?branch=<uuid>: the best hand-written SQL for one page
 *   of 25 pending and in-progress orders of a branch, newest first, with the customer's and
 *   the technician's names: one index range per status (work_orders_branch_status_created_idx)
 *   merged by the sort key, so it reads at most a page per status at any size. `&prepared=1`
 *   sends it as a named prepared statement (PostgreSQL; PGlite has no named statements).
 */

/** The driver client under drizzle: node-postgres's Pool or PGlite, both query(text, values). */
interface DriverClient {
  query(
    query: string | { name: string; text: string; values: unknown[] },
    values?: unknown[],
  ): Promise<{ rows: unknown[] }>;
}

const PAGE_SIZE = 25;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const PAGE_COLUMNS =
  'id, order_id, project_id, project_type, project_category, status, customer_id, technician_id, created_at, updated_at';
const PAGE_ORDER = 'created_at desc nulls first, order_id desc nulls first';

export const HAND_WRITTEN_PAGE_SQL = `
select w.id, w.order_id as "orderId", w.project_id as "projectId",
       w.project_type as "projectType", w.project_category as "projectCategory", w.status,
       w.created_at as "createdAt", w.updated_at as "updatedAt",
       c.name as "customerName", c.phone_number as "customerPhone",
       t.first_name || ' ' || t.last_name as "technicianName"
from (
  (select ${PAGE_COLUMNS} from work_orders where branch_id = $1 and status = 'pending'
   order by ${PAGE_ORDER} limit ${PAGE_SIZE})
  union all
  (select ${PAGE_COLUMNS} from work_orders where branch_id = $1 and status = 'in-progress'
   order by ${PAGE_ORDER} limit ${PAGE_SIZE})
  order by ${PAGE_ORDER} limit ${PAGE_SIZE}
) w
join customers c on c.id = w.customer_id
left join users t on t.id = w.technician_id
order by w.${PAGE_ORDER.replace(', ', ', w.')}`;

function json(body: unknown) {
  return JSON.stringify(body);
}

export function registerBenchCeilings(app: FastifyInstance, database: DatabaseHandle): void {
  const { db } = database;
  const client = (db as unknown as { $client: DriverClient }).$client;
  const named = database.driver === 'postgres';

  app.get(
    '/api/bench/select-1',
    { config: { access: 'public' }, schema: { hide: true } },
    async (_request, reply) => {
      await db.execute(sql`select 1`);
      return reply.type('application/json').send(json({ success: true, data: 1, message: '' }));
    },
  );

  app.get<{ Querystring: { branch?: string; prepared?: string } }>(
    '/api/bench/hand-written-page',
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const { branch = '', prepared } = request.query;
      if (!UUID.test(branch)) {
        return reply
          .status(400)
          .type('application/json')
          .send(json({ success: false, message: '?branch= must be a branch id' }));
      }
      const values = [branch];
      const { rows } =
        prepared === '1' && named
          ? await client.query({
              name: 'bench_hand_written_page',
              text: HAND_WRITTEN_PAGE_SQL,
              values,
            })
          : await client.query(HAND_WRITTEN_PAGE_SQL, values);
      return reply.type('application/json').send(json({ success: true, data: rows, message: '' }));
    },
  );
}
