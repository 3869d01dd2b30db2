import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openPostgres } from '../../src/db/client';
import { MAX_FAILURES_PER_USERNAME } from '../../src/modules/auth/login-throttle';
import { createBranch, createUser } from '../helpers/factories';
import { type Answer, call, type ServerProcess, startServer } from '../helpers/server-process';
import { ADMIN } from '../helpers/test-app';
import { createPostgresTestDatabase, type PostgresTestDatabase } from '../helpers/test-database';

/**
 * Issue 17, "Every core": nothing may assume one process. Two servers, each its own Node
 * process on its own port, share one PostgreSQL database, and a client moving between them
 * (as a load balancer would move it) sees one system: sessions, logout, the login limit,
 * password changes, order and bill numbers. Then the cluster itself: WORKERS=2 on one port.
 * PostgreSQL only: the embedded PGlite database is opened by one process.
 */

const MIGRATIONS = JSON.parse(
  readFileSync(new URL('../../drizzle/meta/_journal.json', import.meta.url), 'utf8'),
).entries.length as number;

function ok(answer: Answer) {
  if (answer.status !== 200) {
    throw new Error(`${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return answer.body.data as Record<string, unknown>;
}

async function login(server: ServerProcess, username: string, password: string) {
  const answer = await call(server, 'POST', '/api/login', { body: { username, password } });
  ok(answer);
  if (!answer.cookie) throw new Error('no session cookie');
  return answer.cookie;
}

const meStatus = async (server: ServerProcess, cookie: string) =>
  (await call(server, 'GET', '/api/me', { cookie })).status;

describe('two API processes on one PostgreSQL database', () => {
  let database: PostgresTestDatabase;
  let handle: DatabaseHandle;
  let a: ServerProcess;
  let b: ServerProcess;
  const env = () => ({
    DATABASE_URL: database.url,
    WORKERS: '1',
    ADMIN_PASSWORD: ADMIN.password,
  });

  beforeAll(async () => {
    database = await createPostgresTestDatabase();
    // Both start at once on an empty database: both migrate, both look for the admin.
    [a, b] = await Promise.all([startServer(env()), startServer(env())]);
    handle = await openPostgres(database.url, { migrate: false });
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await handle?.close();
    await database?.drop();
  });

  it('both started at once on an empty database: migrated once, one default admin', async () => {
    const count = async (query: ReturnType<typeof sql>) =>
      ((await handle.db.execute(query)) as unknown as { rows: Array<{ n: number }> }).rows[0]?.n;
    expect(await count(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)).toBe(
      MIGRATIONS,
    );
    expect(
      await count(sql`select count(*)::int as n from users where username = ${ADMIN.username}`),
    ).toBe(1);
  });

  it('a session made on A is accepted on B, and logging out on A ends it on B', async () => {
    const cookie = await login(a, ADMIN.username, ADMIN.password);
    const onB = await call(b, 'GET', '/api/me', { cookie });
    expect(onB.status).toBe(200);
    expect(onB.body.data).toMatchObject({ username: ADMIN.username, role: 'admin' });

    ok(await call(a, 'POST', '/api/logout', { cookie }));
    expect(await meStatus(b, cookie)).toBe(401);
    expect(await meStatus(a, cookie)).toBe(401);
  });

  it('counts failed logins on A and B together', async () => {
    const user = await createUser(handle.db, 'admin');
    for (let attempt = 0; attempt < MAX_FAILURES_PER_USERNAME; attempt += 1) {
      const server = attempt % 2 === 0 ? a : b;
      const refused = await call(server, 'POST', '/api/login', {
        body: { username: user.username, password: 'wrong-password' },
      });
      expect(refused.status).toBe(401);
    }
    // Five failures on each: neither process alone reached the limit, together they did,
    // and now even the right password waits.
    for (const server of [a, b]) {
      const limited = await call(server, 'POST', '/api/login', {
        body: { username: user.username, password: user.password },
      });
      expect(limited.status).toBe(429);
      expect(limited.body.message).toMatch(/^Too many failed login attempts/);
    }
  });

  it('a password changed on A ends the other sessions on B and keeps the one that changed it', async () => {
    const user = await createUser(handle.db, 'admin');
    const phone = await login(a, user.username, user.password);
    const desk = await login(b, user.username, user.password);
    expect(await meStatus(b, desk)).toBe(200);

    ok(
      await call(a, 'POST', `/api/change-password/${user.id}`, {
        cookie: phone,
        body: { currentPassword: user.password, newPassword: 'a-new-secret' },
      }),
    );
    expect(await meStatus(b, desk)).toBe(401);
    expect(await meStatus(b, phone)).toBe(200);
    await expect(login(b, user.username, 'a-new-secret')).resolves.toMatch(/^karya_session=/);
  });

  it('numbers work orders and bills made alternately on A and B without a repeat or a gap', async () => {
    const branch = await createBranch(handle.db, { name: 'Kothrud' });
    const manager = await createUser(handle.db, 'manager', { branchId: branch.id });
    const technicians = await Promise.all(
      [0, 1, 2, 3].map(() => createUser(handle.db, 'technician', { branchId: branch.id })),
    );
    const adminCookie = await login(a, ADMIN.username, ADMIN.password);
    const service = ok(
      await call(b, 'POST', '/api/create-inventory', {
        cookie: adminCookie,
        body: {
          id: 'ITEM-INSTALL-17',
          type: 'service',
          name: 'Camera Installation',
          unit: 'Service',
          warranty: '1 year',
          mrp: 600,
          purchasePrice: 250,
          salePrice: 500,
        },
      }),
    );
    const managerOn = {
      a: await login(a, manager.username, manager.password),
      b: await login(b, manager.username, manager.password),
    };

    const orderIds: string[] = [];
    const billNumbers: string[] = [];
    for (const [index, technician] of technicians.entries()) {
      // Every step of one order alternates too: made on one process, billed on the other.
      const [here, there] = index % 2 === 0 ? [a, b] : [b, a];
      const managerHere = index % 2 === 0 ? managerOn.a : managerOn.b;
      const customer = ok(
        await call(here, 'POST', '/api/create-customer', {
          cookie: managerHere,
          body: {
            name: `Customer ${index}`,
            phoneNumber: `+91987650${String(1000 + index)}`,
            address: 'Baner Road',
            projectType: 'CCTV Camera',
            initialRemark: 'Install 2 cameras',
          },
        }),
      );
      const order = (customer.workOrders as Array<{ orderId: string }>)[0];
      if (!order) throw new Error('no work order');
      orderIds.push(order.orderId);
      const key = { customerId: customer._id, orderId: order.orderId };
      ok(
        await call(there, 'POST', '/api/assign-technician', {
          cookie: index % 2 === 0 ? managerOn.b : managerOn.a,
          body: { ...key, technicianId: technician.id, instructions: '' },
        }),
      );
      const techCookie = await login(here, technician.username, technician.password);
      ok(
        await call(there, 'POST', '/api/update-work-status', {
          cookie: techCookie,
          body: { ...key, status: 'in-progress' },
        }),
      );
      const bill = ok(
        await call(here, 'POST', '/api/create-bill', {
          cookie: techCookie,
          body: {
            ...key,
            items: [{ itemId: service.id, name: 'Camera Installation', quantity: 1 }],
          },
        }),
      );
      const paid = ok(
        await call(there, 'POST', '/api/confirm-order-bill', {
          cookie: techCookie,
          body: { billId: bill._id, paymentMethod: 'cash', transactionId: null },
        }),
      );
      billNumbers.push(paid.billNumber as string);
    }

    const serials = orderIds.map((id) => {
      const match = /^WO-\d{4}-(\d{6})$/.exec(id);
      if (!match?.[1]) throw new Error(`not an order id: ${id}`);
      return Number(match[1]);
    });
    const first = serials[0] ?? 0;
    expect(serials).toEqual([first, first + 1, first + 2, first + 3]);

    const day = billNumbers[0]?.split('-')[2];
    expect(day).toMatch(/^\d{8}$/);
    expect(billNumbers).toEqual([1, 2, 3, 4].map((n) => `BILL-KOTH-${day}-000${n}`));
  });
});

/** The API processes a cluster's primary has started (tsx's esbuild helper is not one). */
function workerPids(primary: number): number[] {
  let listing = '';
  try {
    listing = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(primary)], {
      encoding: 'utf8',
    });
  } catch {
    return []; // ps exits 1 when there is none
  }
  return listing
    .split('\n')
    .filter((line) => line.includes('main.ts'))
    .map((line) => Number.parseInt(line, 10));
}

async function until<T>(what: string, read: () => T | Promise<T>, done: (value: T) => boolean) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('WORKERS=2: one port, two API processes', () => {
  let database: PostgresTestDatabase;
  let cluster: ServerProcess;

  beforeAll(async () => {
    database = await createPostgresTestDatabase();
    cluster = await startServer({
      DATABASE_URL: database.url,
      WORKERS: '2',
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'info',
    });
  }, 120_000);

  afterAll(async () => {
    await cluster?.stop('SIGKILL');
    await database?.drop();
  });

  it('serves from two processes, replaces one that dies, and stops them all on SIGTERM', async () => {
    const primary = cluster.child.pid ?? 0;
    const [first, second] = await until(
      'two API processes',
      () => workerPids(primary),
      (pids) => pids.length === 2,
    );
    // The primary says so once both listen (the first may answer before the second is up).
    await until(
      'both listening',
      () => cluster.output(),
      (output) => output.includes('on PostgreSQL, 2 API processes'),
    );

    // A session made through the port works whichever process answers next.
    const cookie = await login(cluster, ADMIN.username, ADMIN.password);
    for (let request = 0; request < 6; request += 1) {
      expect(await meStatus(cluster, cookie)).toBe(200);
    }

    process.kill(first ?? 0, 'SIGKILL');
    const replaced = await until(
      'a replacement for the killed process',
      () => workerPids(primary),
      (pids) => pids.length === 2 && !pids.includes(first ?? 0),
    );
    expect(replaced).toContain(second);
    expect(cluster.output()).toMatch(/API process \d+ exited \(signal SIGKILL\); starting another/);
    await until(
      'the replacement listening',
      () => cluster.output().match(/Server listening/g)?.length ?? 0,
      (count) => count === 3,
    );
    for (let request = 0; request < 6; request += 1) {
      expect(await meStatus(cluster, cookie)).toBe(200);
    }

    const exitCode = await cluster.stop('SIGTERM');
    expect(exitCode).toBe(0);
    expect(cluster.output()).toContain('Every API process has stopped');
    for (const pid of replaced) {
      expect(() => process.kill(pid, 0)).toThrow();
    }
  });
});
