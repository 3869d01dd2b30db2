// Measures the API's request cost against the built server (npm run build first).
// Bounded: a fixed number of requests to 127.0.0.1, then it stops the server it started.
//   npm run bench                         # embedded PGlite in a temp folder
//   DATABASE_URL=postgres://… npm run bench
// Options (env): BENCH_REQUESTS (default 5000), BENCH_CONCURRENCY (default 20).
// With DATABASE_URL it then seeds BENCH_WORK_ORDERS work orders (default 1 000 000: one
// INSERT … SELECT generate_series) over 5 branches and measures the dashboard, overview and
// work-order list endpoints, BENCH_HEAVY_REQUESTS (default 500) requests each. The seeded
// rows stay in that database: point DATABASE_URL at a database made for the bench.
// BENCH_FROM_SOURCE=1 runs the server from src through tsx instead of dist (no build).
// BENCH_REUSE_SEED=1 measures the orders an earlier run seeded (to compare indexes).
// BENCH_ONLY=text runs only the scenarios whose name contains it (e.g. 'search=').
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const PORT = Number(process.env.BENCH_PORT ?? 3199);
const BASE = `http://127.0.0.1:${PORT}`;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 5000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const PASSWORD = 'bench-admin-pass';
const WORK_ORDERS = Number(process.env.BENCH_WORK_ORDERS ?? 1_000_000);
const HEAVY_REQUESTS = Number(process.env.BENCH_HEAVY_REQUESTS ?? 500);
const FROM_SOURCE = process.env.BENCH_FROM_SOURCE === '1';
const REUSE_SEED = process.env.BENCH_REUSE_SEED === '1';
const ONLY = process.env.BENCH_ONLY ?? '';

const dataDir = mkdtempSync(join(tmpdir(), 'karya-bench-'));
const serverArgs = FROM_SOURCE
  ? ['--import', 'tsx', 'apps/server/src/main.ts']
  : ['apps/server/dist/main.js'];
const server = spawn('node', serverArgs, {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(PORT),
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: PASSWORD,
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

async function waitForServer() {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    try {
      await fetch(`${BASE}/api/me`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  throw new Error('server did not start');
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function scenario(name, request, requests = REQUESTS) {
  if (!name.includes(ONLY)) return;
  const latencies = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < requests) {
        next += 1;
        const t0 = performance.now();
        const response = await request();
        latencies.push(performance.now() - t0);
        if (!response.ok) failures += 1;
        await response.arrayBuffer();
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const ms = (value) => `${value.toFixed(1)} ms`;
  console.log(
    `${name.padEnd(44)} ${String(latencies.length).padStart(6)} req  ${(latencies.length / seconds).toFixed(0).padStart(6)} req/s  p50 ${ms(percentile(latencies, 50))}  p95 ${ms(percentile(latencies, 95))}  p99 ${ms(percentile(latencies, 99))}  failures ${failures}`,
  );
}

async function signIn(username, password) {
  const login = await fetch(`${BASE}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  if (!login.ok || !cookie) throw new Error(`login of ${username} failed: ${login.status}`);
  return cookie;
}

async function post(cookie, path, body) {
  const response = await fetch(`${BASE}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${answer.message}`);
  return answer.data;
}

const BENCH_BRANCHES = 5;
const TECHNICIANS_PER_BRANCH = 10;
const CUSTOMERS_PER_BRANCH = 2000;
const PEOPLE_PASSWORD = 'bench-people-pass';
/** Status mix of the seeded orders, as weights out of 20; in-progress is one per technician. */
const STATUS_WEIGHTS = {
  completed: 11,
  pending: 2,
  assigned: 1,
  paused: 1,
  'pending-approval': 2,
  transferring: 1,
  transferred: 1,
  rejected: 1,
};

/**
 * Branches, managers and technicians through the API (the server hashes the passwords),
 * then customers and the work orders in bulk SQL, then VACUUM ANALYZE so the planner and
 * the index-only scans see the table as it would be in production.
 */
async function seedMillion(adminCookie) {
  const { default: pg } = await import('pg');
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  try {
    const stamp = Date.now().toString(36);
    const branches = [];
    for (let b = 0; b < BENCH_BRANCHES; b += 1) {
      const branch = await post(adminCookie, '/add-branches', {
        name: `Bench ${stamp} ${b}`,
        location: 'Pune',
      });
      const person = (role, n) => ({
        firstName: 'Bench',
        lastName: `${role} ${b}-${n}`,
        username: `bench_${stamp}_${role}_${b}_${n}`,
        email: `bench_${stamp}_${role}_${b}_${n}@example.com`,
        password: PEOPLE_PASSWORD,
        branch: branch._id,
      });
      const manager = person('manager', 0);
      await post(adminCookie, '/add-managers', manager);
      const technicians = [];
      for (let t = 0; t < TECHNICIANS_PER_BRANCH; t += 1) {
        const technician = person('technician', t);
        await post(adminCookie, '/add-technicians', technician);
        technicians.push(technician.username);
      }
      branches.push({ id: branch._id, manager: manager.username, technicians });
    }
    const ids = branches.map((branch) => branch.id);
    await db.query(
      `insert into customers (name, phone_number, phone_normalized, phone_national, branch_id)
       select 'Bench customer ' || g, '+91' || (9000000000 + g), '+91' || (9000000000 + g),
              (9000000000 + g)::text, ($1::uuid[])[1 + g % cardinality($1::uuid[])]
       from generate_series(1, $2::int) g`,
      [ids, BENCH_BRANCHES * CUSTOMERS_PER_BRANCH],
    );
    const known = new Set(
      (await db.query('select unnest(enum_range(null::work_order_status))::text as s')).rows.map(
        (row) => row.s,
      ),
    );
    const mix = Object.entries(STATUS_WEIGHTS)
      .filter(([status]) => known.has(status))
      .flatMap(([status, weight]) => Array(weight).fill(status));
    const started = performance.now();
    await db.query(
      `with b as (
         select id, (row_number() over (order by id)) - 1 as n from branches where id = any($1::uuid[])
       ), t as (
         select branch_id, array_agg(id order by id) as ids from users
         where role = 'technician' and branch_id = any($1::uuid[]) group by branch_id
       ), c as (
         select branch_id, array_agg(id order by id) as ids from customers
         where branch_id = any($1::uuid[]) group by branch_id
       )
       insert into work_orders (order_id, project_id, project_type, status, customer_id,
                                branch_id, technician_id, created_at, updated_at)
       select 'WO-BENCH-' || g, 'PRJ-BENCH-' || g, 'CCTV Camera', s.status::work_order_status,
              c.ids[1 + (g / $3::int) % cardinality(c.ids)], b.id,
              case when s.status = 'pending' then null
                   else t.ids[1 + (g / $3::int) % cardinality(t.ids)] end,
              now() - make_interval(secs => g), now() - make_interval(secs => g / 2)
       from generate_series(1, $2::int) g
       join b on b.n = g % $3::int
       join t on t.branch_id = b.id
       join c on c.branch_id = b.id
       cross join lateral (select ($4::text[])[1 + (g / 7) % cardinality($4::text[])] as status) s`,
      [ids, WORK_ORDERS, BENCH_BRANCHES, mix],
    );
    // A technician holds one in-progress project at a time: one each.
    await db.query(
      `update work_orders set status = 'in-progress' where id in (
         select distinct on (technician_id) id from work_orders
         where status = 'assigned' and branch_id = any($1::uuid[]) order by technician_id, id)`,
      [ids],
    );
    // Fresh statistics, as autovacuum would leave them: without them the planner guesses
    // hundreds of branches and pays for JIT compilation on every correlated count.
    await db.query('vacuum analyze work_orders, customers, branches, users');
    console.log(
      `Seeded ${WORK_ORDERS} work orders over ${BENCH_BRANCHES} branches in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    return branches;
  } finally {
    await db.end();
  }
}

/** A list endpoint of the work-orders area, if that area is there yet. */
async function exists(path, cookie) {
  const response = await fetch(`${BASE}/api${path}`, { headers: { cookie } });
  await response.arrayBuffer();
  return response.status !== 404;
}

/** The branches, managers and technicians an earlier run seeded. */
async function seededBefore() {
  const { default: pg } = await import('pg');
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  try {
    const { rows } = await db.query(
      `select b.id,
              (select username from users where branch_id = b.id and role = 'manager' limit 1) as manager,
              array(select username from users where branch_id = b.id and role = 'technician'
                    order by username) as technicians
       from branches b where b.name like 'Bench %' order by b.name limit $1`,
      [BENCH_BRANCHES],
    );
    if (rows.length === 0) throw new Error('BENCH_REUSE_SEED: no seeded branches found');
    return rows;
  } finally {
    await db.end();
  }
}

async function millionScenarios(adminCookie) {
  const branches = REUSE_SEED ? await seededBefore() : await seedMillion(adminCookie);
  const [first] = branches;
  const managerCookie = await signIn(first.manager, PEOPLE_PASSWORD);
  const technicianCookie = await signIn(first.technicians[0], PEOPLE_PASSWORD);
  const get = (path, cookie) => () => fetch(`${BASE}/api${path}`, { headers: { cookie } });
  const heavy = (name, path, cookie) => scenario(name, get(path, cookie), HEAVY_REQUESTS);

  console.log(`\n${WORK_ORDERS} work orders — ${HEAVY_REQUESTS} requests per scenario`);
  await heavy('GET /api/get-dashboard (admin)', '/get-dashboard', adminCookie);
  await heavy(
    'GET /api/get-dashboard?branch= (admin)',
    `/get-dashboard?branch=${first.id}`,
    adminCookie,
  );
  await heavy('GET /api/get-dashboard (manager)', '/get-dashboard', managerCookie);
  await heavy('GET /api/get-branches', '/get-branches', adminCookie);
  await heavy('GET /api/get-branch/{id}', `/get-branch/${first.id}`, adminCookie);
  const managers = await (await get('/get-managers', adminCookie)()).json();
  const manager = managers.data.find((row) => row.username === first.manager);
  await heavy(
    'GET /api/get-manager-detail/{id}',
    `/get-manager-detail/${manager._id}`,
    adminCookie,
  );

  const lists = [
    ['GET /api/get-work-orders (manager)', '/get-work-orders', managerCookie],
    [
      'GET /api/get-work-orders?branch= (admin)',
      `/get-work-orders?branch=${first.id}`,
      adminCookie,
    ],
    ['GET /api/get-manager-projects (manager)', '/get-manager-projects', managerCookie],
    [
      'GET /api/get-manager-projects?status=transferring',
      '/get-manager-projects?status=transferring',
      managerCookie,
    ],
    ['GET /api/technician-work-orders', '/technician-work-orders', technicianCookie],
    ['GET /api/get-work-orders (admin, all branches)', '/get-work-orders', adminCookie],
    ['GET /api/get-manager-projects (admin, all branches)', '/get-manager-projects', adminCookie],
    [
      'GET /api/get-manager-projects?offset=5000',
      '/get-manager-projects?offset=5000',
      managerCookie,
    ],
    // The screens' free-text search: a customer's name, an order id, a phone number, and a
    // word every order carries (the worst case: the whole scope matches and is counted).
    [
      'GET /api/get-manager-projects?search=name',
      `/get-manager-projects?search=${encodeURIComponent('Bench customer 1234')}`,
      managerCookie,
    ],
    [
      'GET /api/get-manager-projects?search=order',
      '/get-manager-projects?search=WO-BENCH-99999',
      managerCookie,
    ],
    [
      'GET /api/get-work-orders?search=phone (admin)',
      '/get-work-orders?search=9000001234',
      adminCookie,
    ],
    [
      'GET /api/get-manager-projects?search=cctv',
      '/get-manager-projects?search=cctv',
      managerCookie,
    ],
  ];
  for (const [name, path, cookie] of lists) {
    if (await exists(path, cookie)) await heavy(name, path, cookie);
    else console.log(`${name.padEnd(44)} skipped: the endpoint does not exist yet`);
  }
}

try {
  await waitForServer();
  const cookie = await signIn('admin', PASSWORD);

  console.log(
    `Karya API benchmark — ${REQUESTS} requests per scenario, ${CONCURRENCY} at a time, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
  );
  await scenario('GET /api/me (session lookup)', () =>
    fetch(`${BASE}/api/me`, { headers: { cookie } }),
  );
  await scenario('GET /api/get-admins', () =>
    fetch(`${BASE}/api/get-admins`, { headers: { cookie } }),
  );
  await scenario('GET /api/get-branches', () =>
    fetch(`${BASE}/api/get-branches`, { headers: { cookie } }),
  );
  if (process.env.DATABASE_URL && WORK_ORDERS > 0) await millionScenarios(cookie);
  else console.log('Million work-order scenarios: skipped (they need DATABASE_URL)');
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
