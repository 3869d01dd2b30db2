// Memory soak: does the server's memory settle under steady traffic, and where does it live?
// Starts the built server (npm run build first) with bench/memory-probe.mjs, sets up a branch
// with a manager and a technician, warms up, then sends SOAK_RATE requests a second (default
// 30; reads, searches, new leads, customers and orders, logins and logouts) for SOAK_SECONDS
// (default 300). It reads the memory after a full garbage collection at the start and at the
// end — the V8 heap, buffers outside it and the WebAssembly memory of PGlite — and samples the
// resident size every second for the peak.
//   node bench/soak.mjs                            # embedded PGlite in a temp folder
//   DATABASE_URL=postgres://… node bench/soak.mjs  # a PostgreSQL server (rows stay)
// SOAK_NODE_FLAGS='--flag …' passes flags to the server's node after the ones npm start uses
// (scripts/server-node-flags.mjs; the last of a flag wins), to try V8 settings.
// SOAK_SNAPSHOTS=1 also writes heap snapshots and prints the constructors whose retained
// self size grew most between them.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../scripts/server-node-flags.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const PORT = Number(process.env.SOAK_PORT ?? 3198);
const BASE = `http://127.0.0.1:${PORT}`;
const RATE = Number(process.env.SOAK_RATE ?? 30);
const SECONDS = Number(process.env.SOAK_SECONDS ?? 300);
const WARMUP_SECONDS = Number(process.env.SOAK_WARMUP_SECONDS ?? 30);
const SNAPSHOTS = process.env.SOAK_SNAPSHOTS === '1';
const PASSWORD = 'soak-admin-pass';
const PEOPLE_PASSWORD = 'soak-people-pass';

const dataDir = mkdtempSync(join(tmpdir(), 'karya-soak-'));
const probeDir = mkdtempSync(join(tmpdir(), 'karya-soak-probe-'));
const server = spawn(
  'node',
  [
    ...SERVER_NODE_FLAGS,
    ...(process.env.SOAK_NODE_FLAGS ?? '').split(' ').filter(Boolean),
    '--expose-gc',
    '--import',
    './bench/memory-probe.mjs',
    'apps/server/dist/main.js',
  ],
  {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
      WORKERS: '1',
      MEMORY_PROBE_DIR: probeDir,
      MEMORY_PROBE_SNAPSHOTS: SNAPSHOTS ? '1' : '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  },
);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

async function waitForServer() {
  for (let attempt = 0; attempt < 240; attempt += 1) {
    try {
      await fetch(`${BASE}/api/me`);
      return;
    } catch {
      await sleep(250);
    }
  }
  throw new Error('server did not start');
}

function residentKb() {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

let probes = 0;
/** Asks the probe for a reading (after garbage collection) and waits for its file. */
async function readMemory() {
  probes += 1;
  server.kill('SIGUSR2');
  const file = join(probeDir, `${probes}.json`);
  for (let attempt = 0; attempt < 600; attempt += 1) {
    try {
      return JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      await sleep(100);
    }
  }
  throw new Error('the memory probe did not answer');
}

async function call(cookie, method, path, body) {
  const response = await fetch(`${BASE}/api${path}`, {
    method,
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, answer: text ? JSON.parse(text) : null, response };
}

async function signIn(username, password) {
  const { status, response } = await call('', 'POST', '/login', { username, password });
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0];
  if (status !== 200 || !cookie) throw new Error(`login of ${username} failed: ${status}`);
  return cookie;
}

async function setUp() {
  const admin = await signIn('admin', PASSWORD);
  const branch = (await call(admin, 'POST', '/add-branches', { name: 'Soak', location: 'Pune' }))
    .answer.data;
  const person = (role) => ({
    firstName: 'Soak',
    lastName: role,
    username: `soak_${role}`,
    email: `soak_${role}@example.com`,
    password: PEOPLE_PASSWORD,
    branch: branch._id,
  });
  await call(admin, 'POST', '/add-managers', person('manager'));
  await call(admin, 'POST', '/add-technicians', person('technician'));
  return {
    admin,
    manager: await signIn('soak_manager', PEOPLE_PASSWORD),
    technician: await signIn('soak_technician', PEOPLE_PASSWORD),
  };
}

/** One request of the mix; n makes new contacts unique. */
function mix(people) {
  let n = 0;
  const phone = () => `9${String(100000000 + n).padStart(9, '0')}`;
  const operations = [
    () => call(people.admin, 'GET', '/me'),
    () => call(people.admin, 'GET', '/get-dashboard'),
    () => call(people.manager, 'GET', '/get-dashboard'),
    () => call(people.manager, 'GET', '/get-work-orders'),
    () => call(people.manager, 'GET', '/get-manager-projects'),
    () => call(people.manager, 'GET', `/get-all-customers?search=Soak%20${n % 50}`),
    () => call(people.manager, 'GET', '/get-all-leads'),
    () =>
      call(people.manager, 'POST', '/create-Lead', {
        name: `Soak lead ${n}`,
        phoneNumber: phone(),
        initialRemark: { text: 'Wants four cameras' },
      }),
    () =>
      call(people.manager, 'POST', '/create-customer', {
        name: `Soak customer ${n}`,
        phoneNumber: phone(),
        projectType: 'CCTV Camera',
        initialRemark: 'Install at the shop',
      }),
    () => call(people.technician, 'GET', '/technician-work-orders'),
    () => call(people.manager, 'GET', '/get-transfer-history'),
    async () => {
      const cookie = await signIn('soak_technician', PEOPLE_PASSWORD);
      return call(cookie, 'POST', '/logout');
    },
    () => call('', 'POST', '/login', { username: 'soak_manager', password: 'wrong password' }),
  ];
  return () => {
    n += 1;
    return operations[n % operations.length]();
  };
}

/** Open loop at a fixed rate: a slow answer does not slow the arrivals. */
async function drive(next, seconds, onSecond) {
  const statuses = new Map();
  const pending = new Set();
  const started = performance.now();
  for (let i = 0; i < seconds * RATE; i += 1) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    if (i % RATE === 0) onSecond?.();
    const request = next()
      .then(({ status }) => statuses.set(status, (statuses.get(status) ?? 0) + 1))
      .catch((error) => {
        const kind = `error: ${error.cause?.code ?? error.message}`;
        statuses.set(kind, (statuses.get(kind) ?? 0) + 1);
      })
      .finally(() => pending.delete(request));
    pending.add(request);
  }
  await Promise.all(pending);
  return statuses;
}

/** Self size per constructor name of a heap snapshot (nodes: type, name, id, self_size, …). */
function sizesByConstructor(file) {
  const snapshot = JSON.parse(readFileSync(file, 'utf8'));
  const fields = snapshot.snapshot.meta.node_fields;
  const stride = fields.length;
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const typeAt = fields.indexOf('type');
  const types = snapshot.snapshot.meta.node_types[0];
  const sizes = new Map();
  for (let i = 0; i < snapshot.nodes.length; i += stride) {
    const type = types[snapshot.nodes[i + typeAt]];
    const name = type === 'object' ? snapshot.strings[snapshot.nodes[i + nameAt]] : `(${type})`;
    sizes.set(name, (sizes.get(name) ?? 0) + snapshot.nodes[i + sizeAt]);
  }
  return sizes;
}

function printGrowth(before, after) {
  const first = sizesByConstructor(before);
  const last = sizesByConstructor(after);
  const growth = [...last]
    .map(([name, size]) => [name, size - (first.get(name) ?? 0)])
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12);
  console.log('\nLargest growth in the V8 heap by constructor (self size):');
  for (const [name, bytes] of growth) {
    console.log(`  ${name.slice(0, 50).padEnd(50)} ${(bytes / 1024).toFixed(0).padStart(8)} KB`);
  }
}

function row(label, figures) {
  const outside = figures.rss - figures.heapTotal - figures.external;
  console.log(
    `${label.padEnd(22)} rss ${mb(figures.rss).padStart(7)}  V8 heap used ${mb(figures.heapUsed).padStart(7)} (of ${mb(figures.heapTotal)})  external ${mb(figures.external).padStart(6)}  of which WebAssembly ${mb(figures.wasm).padStart(6)}  native other ${mb(outside).padStart(6)}`,
  );
}

try {
  await waitForServer();
  const people = await setUp();
  const next = mix(people);
  console.log(
    `Karya memory soak — ${RATE} requests/s for ${SECONDS} s after ${WARMUP_SECONDS} s of warm-up, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
  );
  row('at start', await readMemory());
  await drive(next, WARMUP_SECONDS);
  const warm = await readMemory();
  row('after warm-up', warm);
  let peakKb = 0;
  const samples = [];
  const statuses = await drive(next, SECONDS, () => {
    const kb = residentKb();
    peakKb = Math.max(peakKb, kb);
    samples.push(kb);
  });
  const end = await readMemory();
  row(`after ${SECONDS} s`, end);
  const minute = Math.max(1, Math.floor(samples.length / 5));
  console.log(
    `resident size every ${minute} s: ${samples
      .filter((_, i) => i % minute === 0)
      .map((kb) => mb(kb * 1024))
      .join(' → ')}; peak ${mb(peakKb * 1024)}`,
  );
  console.log(
    `growth after warm-up: heap used ${mb(end.heapUsed - warm.heapUsed)}, WebAssembly ${mb(end.wasm - warm.wasm)}, rss ${mb(end.rss - warm.rss)}`,
  );
  console.log(`answers: ${[...statuses].map(([status, count]) => `${status}×${count}`).join(' ')}`);
  if (SNAPSHOTS) printGrowth(join(probeDir, '2.heapsnapshot'), join(probeDir, '3.heapsnapshot'));
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(probeDir, { recursive: true, force: true });
}
