// What bench/phone.mjs and bench/lighthouse.mjs share: a built Karya on an embedded database
// of its own (or one already running), and a technician with orders of their own seeded
// through the API, as the screens would make them.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Starts `serverPath` (default the built apps/server/dist/main.js) on `port` with a fresh data
 * folder; `stop()` ends it and removes the folder.
 */
export function startServer({ serverPath, port, adminPassword, dataPrefix }) {
  const dataDir = mkdtempSync(join(tmpdir(), dataPrefix));
  const server = spawn('node', [serverPath ?? 'apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: adminPassword,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return {
    server,
    async stop() {
      if (server.exitCode === null) {
        server.kill('SIGTERM');
        await new Promise((resolve) => server.once('exit', resolve));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Waits up to a minute for Karya at `base`; a started server that exited stops the wait. */
export async function waitForServer(base, server) {
  for (let attempt = 0; attempt < 240; attempt += 1) {
    // A server of someone else's on the port would answer instead: stop at once.
    if (server && server.exitCode !== null) throw new Error('the server exited (port taken?)');
    try {
      await fetch(`${base}/api/me`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  throw new Error(`no server answers at ${base}`);
}

/** The session cookie of a login. */
export async function signIn(base, username, password) {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0];
  if (!response.ok || !cookie) throw new Error(`login of ${username} failed: ${response.status}`);
  return cookie;
}

/** One API call as `cookie`; its `data`, or an error with the server's message. */
export async function call(base, cookie, method, path, body) {
  const response = await fetch(`${base}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', cookie },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${answer.message}`);
  return answer.data;
}

/**
 * A branch, its manager and one technician with `orders` assigned orders of their own, the
 * first in progress; with `pauseEvery` n, every nth from the second is started and paused too
 * (a technician holds one active project at a time, so the first is started last).
 */
export async function seedTechnician(
  base,
  { adminPassword, peoplePassword, orders, label, pauseEvery = 0 },
) {
  const admin = await signIn(base, 'admin', adminPassword);
  const api = (cookie, method, path, body) => call(base, cookie, method, path, body);
  const stamp = Date.now().toString(36);
  const branch = await api(admin, 'POST', '/add-branches', {
    name: `${label} ${stamp}`,
    location: 'Pune',
    address: '',
    phone: '',
    status: 'active',
  });
  const person = (role) => ({
    firstName: role === 'manager' ? 'Meera' : 'Tarun',
    lastName: stamp,
    username: `${label.toLowerCase()}_${role}_${stamp}`,
    email: `${label.toLowerCase()}_${role}_${stamp}@example.com`,
    password: peoplePassword,
    phone: '9876543210',
    branch: branch._id,
    status: 'active',
  });
  const managerPerson = person('manager');
  const technicianPerson = person('technician');
  await api(admin, 'POST', '/add-managers', managerPerson);
  const technician = await api(admin, 'POST', '/add-technicians', technicianPerson);
  const manager = await signIn(base, managerPerson.username, peoplePassword);
  const tech = await signIn(base, technicianPerson.username, peoplePassword);
  const offset = Date.now() % 1_000_000;
  let firstOrder;
  for (let n = 0; n < orders; n += 1) {
    const customer = await api(manager, 'POST', '/create-customer', {
      name: `Customer ${stamp} ${n}`,
      phoneNumber: `+9197${String(10_000_000 + offset + n * 7919).slice(-8)}`,
      address: `${n} MG Road, Pune`,
      projectType: 'CCTV Camera',
      initialRemark: 'Install 4 cameras',
    });
    const order = customer.workOrders[0];
    const key = { customerId: customer._id, orderId: order.orderId };
    await api(manager, 'POST', '/assign-technician', {
      ...key,
      technicianId: technician._id,
      instructions: 'Call before visiting',
    });
    if (n === 0) firstOrder = key;
    if (pauseEvery > 0 && n % pauseEvery === 1) {
      await api(tech, 'POST', '/update-work-status', { ...key, status: 'in-progress' });
      await api(tech, 'POST', '/update-work-status', {
        ...key,
        status: 'paused',
        remark: 'Customer not at home',
      });
    }
  }
  if (firstOrder) {
    await api(tech, 'POST', '/update-work-status', { ...firstOrder, status: 'in-progress' });
  }
  return { username: technicianPerson.username, password: peoplePassword };
}
