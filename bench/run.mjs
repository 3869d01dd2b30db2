// Measures the API's request cost against the built server (npm run build first).
// Bounded: a fixed number of requests to 127.0.0.1, then it stops the server it started.
//   npm run bench                         # embedded PGlite in a temp folder
//   DATABASE_URL=postgres://… npm run bench
// Options (env): BENCH_REQUESTS (default 5000), BENCH_CONCURRENCY (default 20).
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

const dataDir = mkdtempSync(join(tmpdir(), 'karya-bench-'));
const server = spawn('node', ['apps/server/dist/main.js'], {
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

async function scenario(name, request) {
  const latencies = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
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
    `${name.padEnd(28)} ${String(latencies.length).padStart(6)} req  ${(latencies.length / seconds).toFixed(0).padStart(6)} req/s  p50 ${ms(percentile(latencies, 50))}  p95 ${ms(percentile(latencies, 95))}  p99 ${ms(percentile(latencies, 99))}  failures ${failures}`,
  );
}

try {
  await waitForServer();
  const login = await fetch(`${BASE}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  if (!login.ok || !cookie) throw new Error(`login failed: ${login.status}`);

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
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
