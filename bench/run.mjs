// Measures the API's request cost against the built server (npm run build first), each
// endpoint beside the server's own ceilings in the same run (issue 17).
//   npm run bench                                      # embedded PGlite in a temp folder
//   DATABASE_URL=postgres://…/bench npm run bench      # one PostgreSQL database
//   BENCH_REUSE_SEED=1 BENCH_DATABASES=postgres://…/bench_10k,postgres://…/bench_1m npm run bench
//                                                      # two sizes, one after the other
//
// The ceilings: the server is started with BENCH_CEILINGS=1, which adds three routes on the
// same database and pool, taking no session: `SELECT 1` (GET /api/bench/select-1), the best
// hand-written SQL for one page of 25 pending/in-progress orders of a branch with the
// customer's and technician's names, newest first (GET /api/bench/hand-written-page), and
// the same as a named prepared statement (&prepared=1). Each scenario runs in BENCH_ROUNDS
// rounds (default 3); a round runs the three ceilings for BENCH_CEILING_SECONDS each (default
// 0.5) and the endpoint for BENCH_SECONDS (default 1.5), in an order that rotates from round
// to round, BENCH_CONCURRENCY requests at a time (default 20). So whatever else loads the
// machine loads the endpoint and its ceilings alike. A window stops sending at its end and
// counts the requests still under way (a slow endpoint's window lasts at least one request).
// Each line prints the endpoint's req/s, p50 and p95 (answer read in full), the CPU a request
// costs the server's processes (Node) and, when PostgreSQL runs on this machine, the backends
// of its pool (user + system time from /proc) and the bench's own HTTP client, how busy the
// machine's cores were meanwhile (100% = every core, from /proc/stat: what a second API
// process could still use), and its req/s as a share of each ceiling measured in the same
// rounds. At the end of a database: the ceilings over the
// whole run and the server's peak memory (VmHWM of each of its processes, and the peak of
// their summed VmRSS, sampled every 200 ms); after two or more databases, a table of each
// scenario's req/s at every size.
//
// Options (env):
//   BENCH_DATABASES   comma-separated PostgreSQL URLs, measured in turn (default DATABASE_URL;
//                     neither: PGlite, the small scenarios only).
//   BENCH_WORK_ORDERS work orders to seed in each database without BENCH_REUSE_SEED (default
//                     1 000 000; a comma list gives one per database, e.g. 10000,1000000). The
//                     seed (one INSERT … SELECT generate_series over 5 branches, 10 technicians
//                     each, then VACUUM ANALYZE) stays in the database: use databases made for it.
//   BENCH_REUSE_SEED=1 measures the orders an earlier run seeded (their count is read back).
//   BENCH_ONLY=text   runs only the scenarios whose name contains it (e.g. 'search=';
//                     'export' runs the whole-business export of bench/export.mjs alone;
//                     'import' the customer imports of bench/import.mjs).
//   BENCH_FROM_SOURCE=1 runs the server from src through tsx instead of dist (no build).
//   BENCH_SERVER_BUNDLE  the bundle to run instead of apps/server/dist/main.js (a private
//                     build, e.g. apps/server/.dist-<you>/main.mjs, so the shared dist is left
//                     alone while others use it).
//   BENCH_WORKERS=n   passed to the server as WORKERS (API processes; default 1, so figures
//                     compare one process unless asked).
//   BENCH_PORT        the server's port (default 3199).
//   BENCH_NODE_FLAGS  flags for the server's node, space-separated, after the ones npm start
//                     uses (scripts/server-node-flags.mjs) (e.g. '--cpu-prof
//                     --cpu-prof-dir=/tmp/prof': the profile is written when the bench stops it;
//                     '--max-semi-space-size=16' to measure V8's default young generation).
//   BENCH_ACCEPT_ENCODING  sent with every request (default 'gzip, deflate, br', as a browser;
//                     'identity' for plain answers).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../scripts/server-node-flags.mjs';
import { exportScenarios } from './export.mjs';
import { importScenarios } from './import.mjs';
import { reportScenarios, seedReportRollups } from './reports.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const PORT = Number(process.env.BENCH_PORT ?? 3199);
const BASE = `http://127.0.0.1:${PORT}`;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 1.5);
const CEILING_SECONDS = Number(process.env.BENCH_CEILING_SECONDS ?? 0.5);
const WARMUP_SECONDS = 0.3;
const PASSWORD = 'bench-admin-pass';
const FROM_SOURCE = process.env.BENCH_FROM_SOURCE === '1';
const SERVER_BUNDLE = process.env.BENCH_SERVER_BUNDLE ?? 'apps/server/dist/main.js';
const REUSE_SEED = process.env.BENCH_REUSE_SEED === '1';
const ONLY = process.env.BENCH_ONLY ?? '';
const WORKERS = process.env.BENCH_WORKERS ?? '1';
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br';
const DATABASES = (process.env.BENCH_DATABASES ?? process.env.DATABASE_URL ?? '')
  .split(',')
  .map((url) => url.trim())
  .filter(Boolean);
const SEED_SIZES = (process.env.BENCH_WORK_ORDERS ?? '1000000')
  .split(',')
  .map((size) => Number(size.trim().replaceAll('_', '')));
/** Linux reports process times in clock ticks of 1/100 s (USER_HZ). */
const TICK_MS = 10;

// ---------------------------------------------------------------------------------------
// The server and its memory

function startServer(databaseUrl) {
  const dataDir = mkdtempSync(join(tmpdir(), 'karya-bench-'));
  // The flags npm start gives the server, then the run's own (the last of a flag wins).
  const nodeFlags = [
    ...SERVER_NODE_FLAGS,
    ...(process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean),
  ];
  const serverArgs = [
    ...nodeFlags,
    ...(FROM_SOURCE ? ['--import', 'tsx', 'apps/server/src/main.ts'] : [SERVER_BUNDLE]),
  ];
  const env = {
    ...process.env,
    PORT: String(PORT),
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: PASSWORD,
    LOG_LEVEL: 'warn',
    BENCH_CEILINGS: '1',
    WORKERS,
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn('node', serverArgs, {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const memory = new MemorySampler(child.pid);
  const local =
    databaseUrl && ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(databaseUrl).hostname);
  return {
    child,
    memory,
    /** The database's port when PostgreSQL runs here: its backends' CPU is measured too. */
    databasePort: local ? Number(new URL(databaseUrl).port || 5432) : undefined,
    async stop() {
      memory.stop();
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The server's process and every process under it (cluster workers), from /proc. */
function processTree(pid) {
  const pids = [];
  const visit = (id) => {
    pids.push(id);
    let tasks = [];
    try {
      tasks = readdirSync(`/proc/${id}/task`);
    } catch {
      return;
    }
    for (const task of tasks) {
      let children = '';
      try {
        children = readFileSync(`/proc/${id}/task/${task}/children`, 'utf8');
      } catch {}
      for (const child of children.split(' ').filter(Boolean)) visit(Number(child));
    }
  };
  visit(pid);
  return pids;
}

const statusKb = (status, field) =>
  Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0);

/** user + system clock ticks the processes have used so far. */
function cpuTicks(pids) {
  let ticks = 0;
  for (const id of pids) {
    try {
      // Fields after the ")" closing the command name: utime and stime are the 12th and 13th.
      const fields = readFileSync(`/proc/${id}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {}
  }
  return ticks;
}

/** The machine's busy and total clock ticks so far, over every core (/proc/stat). */
function machineTicks() {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = fields.map(Number);
  const busy = user + nice + system + irq + softirq + steal;
  return { busy, all: busy + idle + iowait };
}

/**
 * The PostgreSQL backends serving the server's pool, when PostgreSQL runs on this machine:
 * the server's TCP sockets to the database port, matched to the client port each backend
 * shows in its process title ("postgres: … 127.0.0.1(45026) idle").
 */
function postgresBackends(serverPids, databasePort) {
  if (!databasePort) return [];
  const inodes = new Set();
  for (const id of serverPids) {
    let fds = [];
    try {
      fds = readdirSync(`/proc/${id}/fd`);
    } catch {}
    for (const fd of fds) {
      try {
        const socket = readlinkSync(`/proc/${id}/fd/${fd}`).match(/^socket:\[(\d+)\]$/);
        if (socket) inodes.add(socket[1]);
      } catch {}
    }
  }
  const remote = `:${databasePort.toString(16).toUpperCase().padStart(4, '0')}`;
  const ports = new Set();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let lines = [];
    try {
      lines = readFileSync(table, 'utf8').split('\n').slice(1);
    } catch {}
    for (const line of lines) {
      const fields = line.trim().split(/\s+/);
      if (fields[2]?.endsWith(remote) && inodes.has(fields[9])) {
        ports.add(Number.parseInt(fields[1].split(':')[1], 16));
      }
    }
  }
  if (ports.size === 0) return [];
  const backends = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      const port = title.startsWith('postgres:') && title.match(/\((\d+)\)/);
      if (port && ports.has(Number(port[1]))) backends.push(Number(entry));
    } catch {}
  }
  return backends;
}

class MemorySampler {
  constructor(pid) {
    this.pid = pid;
    this.available = existsSync(`/proc/${pid}/status`);
    /** pid → largest VmHWM seen (kB). */
    this.peakOf = new Map();
    this.peakSum = 0;
    this.timer = this.available ? setInterval(() => this.sample(), 200) : null;
    this.timer?.unref();
  }

  sample() {
    let sum = 0;
    for (const id of processTree(this.pid)) {
      try {
        const status = readFileSync(`/proc/${id}/status`, 'utf8');
        sum += statusKb(status, 'VmRSS');
        this.peakOf.set(id, Math.max(this.peakOf.get(id) ?? 0, statusKb(status, 'VmHWM')));
      } catch {}
    }
    this.peakSum = Math.max(this.peakSum, sum);
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
  }

  report() {
    if (!this.available) return 'server peak memory: not available (no /proc)';
    this.sample();
    const mb = (kb) => `${(kb / 1024).toFixed(0)} MB`;
    const peaks = [...this.peakOf.entries()];
    const [, largest] = peaks.reduce((a, b) => (b[1] > a[1] ? b : a), [0, 0]);
    if (peaks.length <= 1) return `server peak memory: VmHWM ${mb(largest)} (1 process)`;
    return `server peak memory: ${peaks.length} processes, largest VmHWM ${mb(largest)} (${peaks
      .map(([id, kb]) => `${id === this.pid ? 'primary' : id} ${mb(kb)}`)
      .join(', ')}); peak of their summed RSS ${mb(this.peakSum)}`;
  }
}

async function waitForCeilings(server) {
  for (let attempt = 0; attempt < 240; attempt += 1) {
    if (server.child.exitCode !== null) throw new Error('the server exited on start');
    try {
      const response = await fetch(`${BASE}/api/bench/select-1`);
      await response.arrayBuffer();
      if (response.status === 404) {
        throw new Error(
          'the server has no /api/bench ceiling routes: rebuild it (npm run build) or use BENCH_FROM_SOURCE=1',
        );
      }
      if (response.ok) return;
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('the server')) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not start');
}

// ---------------------------------------------------------------------------------------
// Measuring

function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** The totals of one kind of request over the rounds of a scenario. */
const tally = () => ({
  requests: 0,
  seconds: 0,
  failures: 0,
  latencies: [],
  ticks: 0,
  dbTicks: 0,
  /** The bench's own CPU (its HTTP client), in microseconds. */
  clientMicros: 0,
  busyTicks: 0,
  allTicks: 0,
});
const rate = (t) => (t.seconds > 0 ? t.requests / t.seconds : 0);
const cpuPerRequest = (ticks, t) => (t.requests ? (ticks * TICK_MS) / t.requests : Number.NaN);

/**
 * CONCURRENCY requests at a time until `seconds` have passed; the requests under way then
 * finish and count, so the window lasts at least one request.
 */
async function timedWindow(request, seconds, into, server) {
  const serverPids = server ? processTree(server.child.pid) : [];
  const backends = server ? postgresBackends(serverPids, server.databasePort) : [];
  const ticksBefore = cpuTicks(serverPids);
  const dbTicksBefore = cpuTicks(backends);
  const clientBefore = process.cpuUsage();
  const machineBefore = machineTicks();
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        try {
          const response = await request();
          await response.arrayBuffer();
          if (!response.ok) into.failures += 1;
        } catch {
          into.failures += 1;
        }
        into.latencies.push(performance.now() - t0);
        into.requests += 1;
      }
    }),
  );
  into.seconds += (performance.now() - started) / 1000;
  into.ticks += cpuTicks(serverPids) - ticksBefore;
  into.dbTicks += cpuTicks(backends) - dbTicksBefore;
  const client = process.cpuUsage(clientBefore);
  into.clientMicros += client.user + client.system;
  const machine = machineTicks();
  into.busyTicks += machine.busy - machineBefore.busy;
  into.allTicks += machine.all - machineBefore.all;
  if (backends.length > 0) into.dbSeen = true;
}

const headersOf = (cookie) => ({
  'accept-encoding': ACCEPT_ENCODING,
  ...(cookie ? { cookie } : {}),
});
const getter = (path, cookie) => () => fetch(`${BASE}/api${path}`, { headers: headersOf(cookie) });

const ms = (value) =>
  Number.isNaN(value) ? '—' : `${value < 10 ? value.toFixed(1) : value.toFixed(0)} ms`;
const share = (part, whole) => {
  if (!whole) return '—';
  const percent = (100 * part) / whole;
  return `${percent < 10 ? percent.toFixed(1) : percent.toFixed(0)}%`;
};
const perSecond = (value) => value.toFixed(0).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

const COLUMNS = [
  ['scenario', 64],
  ['req/s', 7],
  ['p50', 8],
  ['p95', 8],
  ['Node CPU/req', 12],
  ['PG CPU/req', 10],
  ['bench CPU/req', 13],
  ['cores busy', 10],
  ['% SELECT 1', 10],
  ['% page', 7],
  ['% prepared', 10],
  ['ceilings req/s: SELECT 1 / page / prepared', 42],
  ['failures', 8],
];
const row = (cells) =>
  `| ${cells.map((cell, i) => String(cell).padEnd(COLUMNS[i][1])).join(' | ')} |`;

function printHeader() {
  console.log(row(COLUMNS.map(([title]) => title)));
  console.log(`|${COLUMNS.map(([, width]) => '-'.repeat(width + 2)).join('|')}|`);
}

/** One database's run: its ceilings, the scenarios' results and the ceilings over the run. */
class Run {
  constructor(label, server, branchId) {
    this.label = label;
    this.server = server;
    this.results = new Map();
    this.ceilings = { select1: tally(), page: tally(), prepared: tally() };
    this.requests = {
      select1: getter('/bench/select-1'),
      page: getter(`/bench/hand-written-page?branch=${branchId}`),
      prepared: getter(`/bench/hand-written-page?branch=${branchId}&prepared=1`),
    };
  }

  async warmUp() {
    for (const request of Object.values(this.requests)) await timedWindow(request, 1, tally());
  }

  /**
   * `own`, when given, is a ceiling of the scenario's own ({ name, request }: the same rows in
   * hand-written SQL), run in the same rotation as the others.
   */
  async scenario(name, request, own) {
    if (!name.includes(ONLY)) return;
    const here = {
      select1: tally(),
      page: tally(),
      prepared: tally(),
      own: tally(),
      endpoint: tally(),
    };
    await timedWindow(request, WARMUP_SECONDS, tally());
    if (own) await timedWindow(own.request, WARMUP_SECONDS, tally());
    const steps = [
      ['select1', this.requests.select1, CEILING_SECONDS],
      ['page', this.requests.page, CEILING_SECONDS],
      ['prepared', this.requests.prepared, CEILING_SECONDS],
      ...(own ? [['own', own.request, CEILING_SECONDS]] : []),
      ['endpoint', request, SECONDS],
    ];
    for (let round = 0; round < ROUNDS; round += 1) {
      for (let i = 0; i < steps.length; i += 1) {
        const [kind, send, seconds] = steps[(i + round) % steps.length];
        await timedWindow(send, seconds, here[kind], this.server);
      }
    }
    for (const kind of ['select1', 'page', 'prepared']) {
      const whole = this.ceilings[kind];
      whole.requests += here[kind].requests;
      whole.seconds += here[kind].seconds;
      whole.failures += here[kind].failures;
      whole.latencies.push(...here[kind].latencies);
      whole.ticks += here[kind].ticks;
      whole.dbTicks += here[kind].dbTicks;
      whole.dbSeen ||= here[kind].dbSeen;
    }
    const endpoint = here.endpoint;
    endpoint.latencies.sort((a, b) => a - b);
    const result = {
      rate: rate(endpoint),
      p50: percentile(endpoint.latencies, 50),
      p95: percentile(endpoint.latencies, 95),
      cpu: cpuPerRequest(endpoint.ticks, endpoint),
      db: endpoint.dbSeen ? cpuPerRequest(endpoint.dbTicks, endpoint) : Number.NaN,
      client: endpoint.requests ? endpoint.clientMicros / 1000 / endpoint.requests : Number.NaN,
      busy: endpoint.allTicks ? endpoint.busyTicks / endpoint.allTicks : Number.NaN,
      select1: rate(here.select1),
      page: rate(here.page),
      prepared: rate(here.prepared),
      own: own ? rate(here.own) : undefined,
      failures:
        endpoint.failures +
        here.select1.failures +
        here.page.failures +
        here.prepared.failures +
        here.own.failures,
    };
    this.results.set(name, result);
    console.log(
      row([
        name,
        perSecond(result.rate),
        ms(result.p50),
        ms(result.p95),
        ms(result.cpu),
        ms(result.db),
        ms(result.client),
        share(result.busy, 1),
        share(result.rate, result.select1),
        share(result.rate, result.page),
        share(result.rate, result.prepared),
        `${perSecond(result.select1)} / ${perSecond(result.page)} / ${perSecond(result.prepared)}`,
        result.failures,
      ]),
    );
    if (own) {
      here.own.latencies.sort((a, b) => a - b);
      console.log(
        `|   └ beside its own ceiling, ${own.name}: ${perSecond(result.own)} req/s (p50 ${ms(percentile(here.own.latencies, 50))}, Node ${ms(cpuPerRequest(here.own.ticks, here.own))}${here.own.dbSeen ? `, PostgreSQL ${ms(cpuPerRequest(here.own.dbTicks, here.own))}` : ''} a request): the endpoint reads ${share(result.rate, result.own)} of it`,
      );
    }
  }

  summary() {
    const line = (title, t) => {
      t.latencies.sort((a, b) => a - b);
      const perScenario = [...this.results.values()].map((result) => result[title]);
      const range = perScenario.length
        ? `, ${perSecond(Math.min(...perScenario))}–${perSecond(Math.max(...perScenario))} per scenario`
        : '';
      const db = t.dbSeen ? `, PostgreSQL ${ms(cpuPerRequest(t.dbTicks, t))}` : '';
      return `${perSecond(rate(t))} req/s (p50 ${ms(percentile(t.latencies, 50))}; CPU a request: Node ${ms(cpuPerRequest(t.ticks, t))}${db}${range})`;
    };
    console.log(`\nCeilings over the run (${this.label}):`);
    console.log(`  SELECT 1                     ${line('select1', this.ceilings.select1)}`);
    console.log(`  hand-written page            ${line('page', this.ceilings.page)}`);
    console.log(`  hand-written page, prepared  ${line('prepared', this.ceilings.prepared)}`);
  }
}

// ---------------------------------------------------------------------------------------
// Data: sign-ins, the seed

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

async function withPg(databaseUrl, work) {
  const { default: pg } = await import('pg');
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

/**
 * Branches, managers and technicians through the API (the server hashes the passwords),
 * then customers and the work orders in bulk SQL, then VACUUM ANALYZE so the planner and
 * the index-only scans see the table as it would be in production.
 */
async function seed(databaseUrl, adminCookie, workOrders) {
  return withPg(databaseUrl, async (db) => {
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
      [ids, workOrders, BENCH_BRANCHES, mix],
    );
    // A technician holds one in-progress project at a time: one each.
    await db.query(
      `update work_orders set status = 'in-progress' where id in (
         select distinct on (technician_id) id from work_orders
         where status = 'assigned' and branch_id = any($1::uuid[]) order by technician_id, id)`,
      [ids],
    );
    console.log(
      `Seeded ${workOrders} work orders over ${BENCH_BRANCHES} branches in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    await seedSchedules(db, ids, workOrders);
    // Issue 38: the reports' daily rollups, as the business's own transactions would keep them.
    await seedReportRollups(db, ids);
    // Fresh statistics, as autovacuum would leave them: without them the planner guesses
    // hundreds of branches and pays for JIT compilation on every correlated count.
    await db.query(
      'vacuum analyze work_orders, customers, branches, users, work_order_schedules, technician_leave',
    );
    return branches;
  });
}

/** India is UTC+05:30 all year. */
const IST_MS = 330 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Jobs a technician is booked for a working day in the seed, Monday to Saturday. */
const JOBS_PER_TECHNICIAN_DAY = 5;
const JOBS_PER_BRANCH_WEEK = TECHNICIANS_PER_BRANCH * JOBS_PER_TECHNICIAN_DAY * 6;

/** The India Monday 'YYYY-MM-DD' of the week an instant falls in. */
function indiaMondayOf(instant) {
  const india = new Date(instant.getTime() + IST_MS);
  const sinceMonday = (india.getUTCDay() + 6) % 7;
  return new Date(india.getTime() - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Issue 34's schedule, as a branch that planned every job would have it: each branch's
 * orders, newest first, fill its weeks back from this one, 5 jobs a technician a day from
 * 10:00 (90 minutes each, 105 apart), Monday to Saturday, on the technician the order
 * already names. Pending orders have no time (scheduling assigns), and about half the
 * assigned ones (a hash of the order id decides) have none either: with the pending ones they
 * are the unscheduled lane, about 25,000 orders of a branch at a million. Each technician is on a day's leave every fourth
 * week. The bench's week is this one (weekOfSeed reads it back).
 */
async function seedSchedules(db, ids, workOrders) {
  const started = performance.now();
  const monday = `${indiaMondayOf(new Date())}T00:00:00+05:30`;
  // An order's place in its branch: the seed's g is 'WO-BENCH-<g>' and g % branches its branch.
  await db.query(
    `insert into work_order_schedules (work_order_id, branch_id, technician_id, starts_at,
                                       ends_at, window_start, window_end)
     select w.id, w.branch_id, w.technician_id, s.starts_at, s.starts_at + interval '90 minutes',
            to_char(s.starts_at at time zone 'Asia/Kolkata', 'HH24:MI'),
            to_char((s.starts_at + interval '2 hours') at time zone 'Asia/Kolkata', 'HH24:MI')
     from work_orders w
     cross join lateral (select substr(w.order_id, 10)::int / $3::int as k) o
     cross join lateral (
       select $2::timestamptz - make_interval(days => 7 * (o.k / $4::int))
              + make_interval(days => (o.k / $5::int) % 6,
                              mins => 600 + 105 * ((o.k / $6::int) % $7::int)) as starts_at
     ) s
     where w.branch_id = any($1::uuid[]) and w.order_id like 'WO-BENCH-%'
       and w.technician_id is not null and w.status <> 'pending'
       and not (w.status = 'assigned' and hashtext(w.order_id) & 1 = 0)`,
    [
      ids,
      monday,
      BENCH_BRANCHES,
      JOBS_PER_BRANCH_WEEK,
      TECHNICIANS_PER_BRANCH * JOBS_PER_TECHNICIAN_DAY,
      TECHNICIANS_PER_BRANCH,
      JOBS_PER_TECHNICIAN_DAY,
    ],
  );
  const weeks = Math.ceil(workOrders / BENCH_BRANCHES / JOBS_PER_BRANCH_WEEK);
  await db.query(
    `insert into technician_leave (technician_id, branch_id, starts_at, ends_at, reason)
     select t.id, t.branch_id, l.starts_at, l.starts_at + interval '1 day', 'Bench leave'
     from (select id, branch_id, row_number() over (partition by branch_id order by id) as n
           from users where role = 'technician' and branch_id = any($1::uuid[])) t
     cross join generate_series(0, $3::int, 4) week
     cross join lateral (
       select $2::timestamptz - make_interval(days => 7 * week) + make_interval(days => t.n::int % 6)
         as starts_at
     ) l`,
    [ids, monday, weeks],
  );
  const { rows } = await db.query(
    'select count(*)::int as n from work_order_schedules where branch_id = any($1::uuid[])',
    [ids],
  );
  console.log(
    `Seeded ${rows[0].n} scheduled jobs over ${weeks} weeks in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

/** The India week (Monday to Sunday) of the branch's newest booked job: the seed's own week. */
const weekOfSeed = (databaseUrl, branchId) =>
  withPg(databaseUrl, async (db) => {
    const { rows } = await db.query(
      'select max(starts_at) as at from work_order_schedules where branch_id = $1',
      [branchId],
    );
    if (!rows[0].at) return null;
    const from = indiaMondayOf(rows[0].at);
    const to = new Date(Date.parse(from) + 6 * DAY_MS).toISOString().slice(0, 10);
    return { from, to };
  });

/** The branches, managers and technicians an earlier run seeded. */
function seededBefore(databaseUrl) {
  return withPg(databaseUrl, async (db) => {
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
  });
}

const countWorkOrders = (databaseUrl) =>
  withPg(databaseUrl, async (db) => {
    const { rows } = await db.query('select count(*)::int as n from work_orders');
    return rows[0].n;
  });

/** A list endpoint of the work-orders area, if that area is there yet. */
async function exists(path, cookie) {
  const response = await getter(path, cookie)();
  await response.arrayBuffer();
  return response.status !== 404;
}

// ---------------------------------------------------------------------------------------
// Scenarios

/** The people and branch of the scenarios: seeded on PostgreSQL, one empty branch on PGlite. */
async function peopleOf(databaseUrl, adminCookie, index) {
  if (!databaseUrl) {
    const branch = await post(adminCookie, '/add-branches', { name: 'Bench', location: 'Pune' });
    return { branchId: branch._id, workOrders: 0 };
  }
  const size = SEED_SIZES[Math.min(index, SEED_SIZES.length - 1)];
  const branches = REUSE_SEED
    ? await seededBefore(databaseUrl)
    : await seed(databaseUrl, adminCookie, size);
  const [first] = branches;
  return {
    branchId: first.id,
    manager: first.manager,
    technician: first.technicians[0],
    workOrders: await countWorkOrders(databaseUrl),
    week: await weekOfSeed(databaseUrl, first.id),
  };
}

/** Issue 17's table and the lists and searches of the screens, as [name, path, who]. */
function listScenarios(people) {
  const { branchId, workOrders } = people;
  // An order id of the seed's range (its own and 10 longer ones match): WO-BENCH-99999 at
  // 1M, WO-BENCH-999 at 10k.
  const orderId = `WO-BENCH-${Math.max(1, Math.floor(workOrders / 10) - 1)}`;
  return [
    ['GET /api/get-dashboard (admin)', '/get-dashboard', 'admin'],
    ['GET /api/get-dashboard?branch= (admin)', `/get-dashboard?branch=${branchId}`, 'admin'],
    ['GET /api/get-dashboard (manager)', '/get-dashboard', 'manager'],
    ['GET /api/get-branches', '/get-branches', 'admin'],
    ['GET /api/get-branch/{id}', `/get-branch/${branchId}`, 'admin'],
    // 25 a page: the targets' size.
    ['GET /api/get-work-orders?pageSize=25 (manager)', '/get-work-orders?pageSize=25', 'manager'],
    [
      'GET /api/get-work-orders?status=pending,in-progress&pageSize=25',
      '/get-work-orders?status=pending,in-progress&pageSize=25',
      'manager',
    ],
    [
      'GET /api/get-work-orders?category=Repair&pageSize=25',
      '/get-work-orders?category=Repair&pageSize=25',
      'manager',
    ],
    [
      'GET /api/get-manager-projects?pageSize=25 (manager)',
      '/get-manager-projects?pageSize=25',
      'manager',
    ],
    [
      'GET /api/technician-work-orders?pageSize=25',
      '/technician-work-orders?pageSize=25',
      'technician',
    ],
    // 100 a page: the lists' default.
    ['GET /api/get-work-orders (manager, 100)', '/get-work-orders', 'manager'],
    [
      'GET /api/get-work-orders?branch= (admin, 100)',
      `/get-work-orders?branch=${branchId}`,
      'admin',
    ],
    ['GET /api/get-manager-projects (manager, 100)', '/get-manager-projects', 'manager'],
    [
      'GET /api/get-manager-projects?status=transferring',
      '/get-manager-projects?status=transferring',
      'manager',
    ],
    ['GET /api/technician-work-orders (100)', '/technician-work-orders', 'technician'],
    [
      'GET /api/technician-work-orders?pageSize=500',
      '/technician-work-orders?pageSize=500',
      'technician',
    ],
    ['GET /api/get-work-orders (admin, all branches)', '/get-work-orders', 'admin'],
    ['GET /api/get-manager-projects (admin, all branches)', '/get-manager-projects', 'admin'],
    ['GET /api/get-manager-projects?offset=5000', '/get-manager-projects?offset=5000', 'manager'],
    // The screens' free-text search, 25 a page (the targets' size): a customer's name, an
    // order id, a phone number, and a word every order carries (the worst case: the whole
    // scope matches, counted to the cap).
    [
      'GET /api/get-manager-projects?search=name&pageSize=25',
      `/get-manager-projects?search=${encodeURIComponent('Bench customer 1234')}&pageSize=25`,
      'manager',
    ],
    [
      'GET /api/get-manager-projects?search=<order id>&pageSize=25',
      `/get-manager-projects?search=${orderId}&pageSize=25`,
      'manager',
    ],
    [
      'GET /api/get-work-orders?search=phone&pageSize=25 (admin)',
      '/get-work-orders?search=9000001234&pageSize=25',
      'admin',
    ],
    [
      'GET /api/get-manager-projects?search=cctv&pageSize=25',
      '/get-manager-projects?search=cctv&pageSize=25',
      'manager',
    ],
    // Issue 38: the owner's reports over a month and a year of the branch.
    ...reportScenarios(),
  ];
}

/**
 * Issue 34: the manager's board of the seed's week (10 technicians, about 300 jobs, the lane
 * of 200) beside the same rows in one hand-written statement.
 */
async function scheduleScenario(run, people, managerCookie) {
  const name = 'GET /api/schedule (manager, a week)';
  if (!name.includes(ONLY)) return;
  if (!people.week) {
    console.log(
      `${name.padEnd(44)} skipped: the seed has no scheduled jobs (seeded before issue 34?)`,
    );
    return;
  }
  const { from, to } = people.week;
  const path = `/schedule?from=${from}&to=${to}`;
  if (!(await exists(path, managerCookie))) {
    console.log(`${name.padEnd(44)} skipped: the endpoint does not exist yet`);
    return;
  }
  await run.scenario(name, getter(path, managerCookie), {
    name: 'the hand-written week',
    request: getter(`/bench/hand-written-schedule?branch=${people.branchId}&from=${from}&to=${to}`),
  });
}

async function measureDatabase(databaseUrl, index) {
  const server = startServer(databaseUrl);
  try {
    await waitForCeilings(server);
    const adminCookie = await signIn('admin', PASSWORD);
    const people = await peopleOf(databaseUrl, adminCookie, index);
    const name = databaseUrl ? new URL(databaseUrl).pathname.slice(1) : 'PGlite';
    const label = databaseUrl
      ? `${people.workOrders.toLocaleString('en')} work orders (${name})`
      : 'PGlite, empty';
    const run = new Run(label, server, people.branchId);
    const startLoad = loadAverage();

    console.log(
      `\n## ${label}: ${ROUNDS} rounds of ${SECONDS} s per endpoint, each beside ${CEILING_SECONDS} s of each ceiling; ${CONCURRENCY} at a time; WORKERS=${WORKERS}\n`,
    );
    await run.warmUp();
    printHeader();
    await run.scenario('GET /api/me (session lookup)', getter('/me', adminCookie));
    await run.scenario('GET /api/get-admins', getter('/get-admins', adminCookie));
    if (databaseUrl) {
      const cookies = {
        admin: adminCookie,
        manager: await signIn(people.manager, PEOPLE_PASSWORD),
        technician: await signIn(people.technician, PEOPLE_PASSWORD),
      };
      await run.scenario('GET /api/me (manager)', getter('/me', cookies.manager));
      for (const [scenarioName, path, who] of listScenarios(people)) {
        if (!scenarioName.includes(ONLY)) continue;
        if (await exists(path, cookies[who])) {
          await run.scenario(scenarioName, getter(path, cookies[who]));
        } else console.log(`${scenarioName.padEnd(44)} skipped: the endpoint does not exist yet`);
      }
      await scheduleScenario(run, people, cookies.manager);
      // Issue 36: the whole business as one file, streamed; its own lines (time, peak RSS).
      if ('GET /api/export?kind=all'.includes(ONLY)) {
        await exportScenarios({
          base: BASE,
          cookie: adminCookie,
          pids: () => processTree(server.child.pid),
          workOrders: people.workOrders,
        });
      }
      // Issue 36: customer files of 10,000 and 50,000 rows checked and committed.
      if ('POST /api/imports'.includes(ONLY)) {
        await importScenarios({
          base: BASE,
          cookie: adminCookie,
          pids: () => processTree(server.child.pid),
          branchId: people.branchId,
        });
      }
    } else {
      await run.scenario('GET /api/get-branches', getter('/get-branches', adminCookie));
      console.log('\nThe work-order scenarios need PostgreSQL (BENCH_DATABASES or DATABASE_URL).');
    }
    run.summary();
    console.log(`\n${server.memory.report()}`);
    console.log(`load average at the end: ${loadAverage()} (at the start: ${startLoad})`);
    return run;
  } finally {
    await server.stop();
  }
}

/** The machine's 1-, 5- and 15-minute load averages: what else ran beside the bench. */
const loadAverage = () =>
  loadavg()
    .map((load) => load.toFixed(1))
    .join(' / ');

/** Each scenario's req/s and share of the hand-written page at every size, side by side. */
function compare(runs) {
  const names = [...new Set(runs.flatMap((run) => [...run.results.keys()]))];
  console.log('\n## Sizes side by side: req/s (% of the hand-written page in the same run)\n');
  const labels = runs.map((run) => run.label.split(' (')[0]);
  // first ÷ last: how much slower the last size is, in req/s and in share of the page ceiling
  // (the share takes out what the machine's load did between the runs).
  console.log(
    `| ${'scenario'.padEnd(64)} | ${labels.map((l) => l.padEnd(24)).join(' | ')} | first ÷ last: req/s, share |`,
  );
  console.log(
    `|${'-'.repeat(66)}|${labels.map(() => '-'.repeat(26)).join('|')}|${'-'.repeat(29)}|`,
  );
  for (const name of names) {
    const results = runs.map((run) => run.results.get(name));
    const cells = results.map((result) =>
      (result
        ? `${perSecond(result.rate)} (${share(result.rate, result.page)}${result.own ? `; own ${share(result.rate, result.own)}` : ''})`
        : '—'
      ).padEnd(24),
    );
    const first = results[0];
    const last = results.at(-1);
    const change =
      first && last && last.rate > 0
        ? `${(first.rate / last.rate).toFixed(1)}×, ${(first.rate / first.page / (last.rate / last.page)).toFixed(1)}×`
        : '—';
    console.log(`| ${name.padEnd(64)} | ${cells.join(' | ')} | ${change.padEnd(27)} |`);
  }
}

const runs = [];
const targets = DATABASES.length > 0 ? DATABASES : [undefined];
console.log(
  `Karya API benchmark — ${targets.length} database${targets.length > 1 ? 's' : ''}, server from ${FROM_SOURCE ? 'src (tsx)' : SERVER_BUNDLE}, accept-encoding '${ACCEPT_ENCODING}'`,
);
for (const [index, databaseUrl] of targets.entries()) {
  runs.push(await measureDatabase(databaseUrl, index));
}
if (runs.length > 1) compare(runs);
