import { addDays } from '@karya/domain/amc';
import { indiaDate } from '@karya/domain/financial-year';
import { uniquePhone } from '@karya/test-factories';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openPostgres } from '../../src/db/client';
import { createBranch, createUser } from '../helpers/factories';
import { type Answer, call, type ServerProcess, startServer } from '../helpers/server-process';
import { ADMIN } from '../helpers/test-app';
import { createPostgresTestDatabase, type PostgresTestDatabase } from '../helpers/test-database';

/**
 * Issue 23: the maintenance scheduler runs in every API process that is alone and in each
 * cluster's primary, so two machines may run it at the same moment. Two server processes on
 * one PostgreSQL database each run it at once (their test clocks set to the same day, which
 * runs the scheduler there and then): the visit gets one order, never two. PostgreSQL only:
 * the embedded PGlite database is opened by one process.
 */

function ok(answer: Answer) {
  if (answer.status !== 200) throw new Error(`${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body.data as Record<string, unknown>;
}

describe('the AMC scheduler in two processes on one database', () => {
  let database: PostgresTestDatabase;
  let handle: DatabaseHandle;
  let a: ServerProcess;
  let b: ServerProcess;
  const env = () => ({
    DATABASE_URL: database.url,
    WORKERS: '1',
    ADMIN_PASSWORD: ADMIN.password,
    KARYA_TEST_CLOCK: '1',
    AMC_LEAD_DAYS: '7',
    AMC_SCHEDULER_MINUTES: '0',
  });

  beforeAll(async () => {
    database = await createPostgresTestDatabase();
    a = await startServer(env());
    handle = await openPostgres(database.url, { migrate: false });
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await handle?.close();
    await database?.drop();
  });

  it('opens the visit’s order once when both run at the same moment', async () => {
    const branch = await createBranch(handle.db, { name: 'Kothrud' });
    const manager = await createUser(handle.db, 'manager', { branchId: branch.id });
    const login = (server: ServerProcess, username: string, password: string) =>
      call(server, 'POST', '/api/login', { body: { username, password } });
    const managerCookie = (await login(a, manager.username, manager.password)).cookie;
    const customer = ok(
      await call(a, 'POST', '/api/create-customer', {
        cookie: managerCookie,
        body: {
          name: 'Meera Joshi',
          phoneNumber: `+91${uniquePhone()}`,
          projectType: 'CCTV Camera',
          initialRemark: 'Site visit booked',
        },
      }),
    );
    // Quarterly from about three months before today + 15: its first visit is beyond the
    // lead time today, so neither activation nor a process's start opens it.
    const today = indiaDate(new Date());
    const start = addDays(today, 15 - 91);
    const draft = ok(
      await call(a, 'POST', '/api/amc-contracts', {
        cookie: managerCookie,
        body: {
          customerId: customer._id,
          projectType: 'CCTV Camera',
          startDate: start,
          visitsPerTerm: 4,
          price: 4800,
        },
      }),
    );
    const active = ok(
      await call(a, 'POST', `/api/amc-contracts/${draft._id}/activate`, {
        cookie: managerCookie,
      }),
    ) as { visits: Array<{ dueDate: string; workOrder: unknown }> };
    const first = active.visits[0];
    if (!first) throw new Error('no visits');
    expect(first.workOrder).toBeNull();

    b = await startServer(env());
    const count = async () =>
      (
        (await handle.db.execute(
          sql`select count(*)::int as n from work_orders where project_category = 'Maintenance'`,
        )) as unknown as { rows: Array<{ n: number }> }
      ).rows[0]?.n;
    expect(await count()).toBe(0);

    const adminA = (await login(a, ADMIN.username, ADMIN.password)).cookie;
    const adminB = (await login(b, ADMIN.username, ADMIN.password)).cookie;
    const day = addDays(first.dueDate, -3);
    for (let round = 0; round < 3; round += 1) {
      const runs = await Promise.all([
        call(a, 'POST', '/api/test-clock', { cookie: adminA, body: { now: day } }),
        call(b, 'POST', '/api/test-clock', { cookie: adminB, body: { now: day } }),
      ]);
      const opened = runs.map((run) => Number(ok(run).opened));
      expect(opened.reduce((sum, n) => sum + n, 0)).toBe(round === 0 ? 1 : 0);
    }
    expect(await count()).toBe(1);
  }, 120_000);

  it('runs in a cluster’s primary: a visit within its lead time gets its order at start', async () => {
    const visits = sql`select count(*)::int as n from amc_visits where work_order_id is not null`;
    const opened = async () =>
      ((await handle.db.execute(visits)) as unknown as { rows: Array<{ n: number }> }).rows[0]?.n;
    const admin = (
      await call(a, 'POST', '/api/login', {
        body: { username: ADMIN.username, password: ADMIN.password },
      })
    ).cookie;
    // A back on the real clock.
    ok(await call(a, 'POST', '/api/test-clock', { cookie: admin, body: { now: null } }));
    const before = await opened();
    // Another contract through A: its first visit is beyond A's lead time of 7 days.
    const branch = await createBranch(handle.db, { name: 'Baner' });
    const manager = await createUser(handle.db, 'manager', { branchId: branch.id });
    const cookie = (
      await call(a, 'POST', '/api/login', {
        body: { username: manager.username, password: manager.password },
      })
    ).cookie;
    const customer = ok(
      await call(a, 'POST', '/api/create-customer', {
        cookie,
        body: {
          name: 'Arjun Rao',
          phoneNumber: `+91${uniquePhone()}`,
          projectType: 'CCTV Camera',
          initialRemark: 'Site visit booked',
        },
      }),
    );
    const draft = ok(
      await call(a, 'POST', '/api/amc-contracts', {
        cookie,
        body: {
          customerId: customer._id,
          projectType: 'CCTV Camera',
          startDate: addDays(indiaDate(new Date()), 15 - 91),
          visitsPerTerm: 4,
          price: 4800,
        },
      }),
    );
    ok(await call(a, 'POST', `/api/amc-contracts/${draft._id}/activate`, { cookie }));
    expect(await opened()).toBe(before);

    // A cluster whose lead time is 30 days: its primary's first run opens that visit.
    const cluster = await startServer({ ...env(), WORKERS: '2', AMC_LEAD_DAYS: '30' });
    try {
      const deadline = Date.now() + 20_000;
      while ((await opened()) === before && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(await opened()).toBe((before ?? 0) + 1);
    } finally {
      await cluster.stop();
    }
  }, 120_000);
});
