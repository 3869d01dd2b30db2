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
 * - GET /api/bench/hand-written-schedule?branch=<uuid>&from=YYYY-MM-DD&to=YYYY-MM-DD: the
 *   rows GET /api/schedule reads for those India days (issue 34), in one statement built as
 *   JSON by PostgreSQL and sent as it comes: the working hours, the default durations, the
 *   active technicians, their leave, the jobs booked in the range and the lane's 200 oldest
 *   pending or assigned orders without a time (one index range per status, merged), each job
 *   with its first start and AMC due day. No utilisation arithmetic: that is
 *   the endpoint's own work, which the ceiling leaves out.
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

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** GET /api/schedule's lane limit (schedule.service.ts LANE_LIMIT). */
const LANE_SIZE = 200;

const LANE_COLUMNS =
  'w.id, w.order_id, w.status, w.technician_id, w.customer_id, w.project_type, w.project_category, w.created_at';
const laneOf = (status: string) => `
  (select ${LANE_COLUMNS} from work_orders w
   where w.branch_id = $1 and w.status = '${status}'
     and not exists (select 1 from work_order_schedules s
                     where s.work_order_id = w.id and s.starts_at is not null)
   order by w.created_at, w.order_id limit ${LANE_SIZE})`;

/** When work first started and an AMC visit's due day: one index probe each, as the endpoint. */
const JOB_EXTRAS = `'startedAt', (select min(h.updated_at) from work_order_status_history h
                     where h.work_order_id = w.id and h.status = 'in-progress'),
       'amcDueDate', (select v.due_date from amc_visits v where v.work_order_id = w.id)`;

// $2 and $3 are the first and the last India day; a job is at most a day long, so one that
// ends in the range started at most a day before it.
export const HAND_WRITTEN_SCHEDULE_SQL = `
with range as (
  select ($2::date)::timestamp at time zone 'Asia/Kolkata' as from_at,
         ($3::date + 1)::timestamp at time zone 'Asia/Kolkata' as to_at
), tech as (
  select id, first_name, last_name from users
  where branch_id = $1 and role = 'technician' and status = 'active'
)
select json_build_object(
  'workingHours', (select hours from branch_working_hours where branch_id = $1),
  'defaultDurations', (select coalesce(json_agg(json_build_object(
       'projectType', d.project_type, 'projectCategory', d.project_category, 'minutes', d.minutes)),
       '[]') from schedule_default_durations d),
  'technicians', (select coalesce(json_agg(json_build_object(
       '_id', t.id, 'name', t.first_name || ' ' || t.last_name)
       order by t.first_name, t.last_name, t.id), '[]') from tech t),
  'leave', (select coalesce(json_agg(json_build_object(
       '_id', l.id, 'technicianId', l.technician_id, 'start', l.starts_at, 'end', l.ends_at,
       'reason', l.reason) order by l.starts_at), '[]')
     from technician_leave l, range r
     where l.technician_id in (select id from tech) and l.starts_at < r.to_at
       and l.ends_at > r.from_at),
  'jobs', (select coalesce(json_agg(json_build_object(
       '_id', w.id, 'orderId', w.order_id, 'technicianId', coalesce(s.technician_id, w.technician_id),
       'start', s.starts_at, 'end', s.ends_at, 'windowStart', s.window_start,
       'windowEnd', s.window_end, 'status', w.status, 'customerName', c.name,
       'projectType', w.project_type, 'projectCategory', w.project_category,
       'version', s.version, 'createdAt', w.created_at, ${JOB_EXTRAS})
       order by s.starts_at, w.order_id), '[]')
     from range r, work_order_schedules s
     join work_orders w on w.id = s.work_order_id
     join customers c on c.id = w.customer_id
     where s.branch_id = $1 and s.starts_at > r.from_at - interval '1 day'
       and s.starts_at < r.to_at and s.ends_at > r.from_at),
  'unscheduled', (select coalesce(json_agg(json_build_object(
       '_id', w.id, 'orderId', w.order_id, 'technicianId', coalesce(s.technician_id, w.technician_id),
       'status', w.status, 'customerName', c.name, 'projectType', w.project_type,
       'projectCategory', w.project_category, 'version', coalesce(s.version, 0),
       'createdAt', w.created_at, ${JOB_EXTRAS})
       order by w.created_at, w.order_id), '[]')
     from (${laneOf('pending')} union all ${laneOf('assigned')}
           order by created_at, order_id limit ${LANE_SIZE}) w
     join customers c on c.id = w.customer_id
     left join work_order_schedules s on s.work_order_id = w.id)
)::text as body`;

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

  app.get<{ Querystring: { branch?: string; from?: string; to?: string } }>(
    '/api/bench/hand-written-schedule',
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const { branch = '', from = '', to = '' } = request.query;
      if (!UUID.test(branch) || !DAY.test(from) || !DAY.test(to)) {
        return reply
          .status(400)
          .type('application/json')
          .send(json({ success: false, message: '?branch=<uuid>&from=&to=<YYYY-MM-DD>' }));
      }
      const values = [branch, from, to];
      const { rows } = named
        ? await client.query({
            name: 'bench_hand_written_schedule',
            text: HAND_WRITTEN_SCHEDULE_SQL,
            values,
          })
        : await client.query(HAND_WRITTEN_SCHEDULE_SQL, values);
      const [row] = rows as { body: string }[];
      // PostgreSQL built the JSON: it is sent as it comes, no parse and stringify in Node.
      return reply
        .type('application/json')
        .send(`{"success":true,"data":${row?.body ?? 'null'},"message":""}`);
    },
  );
}
