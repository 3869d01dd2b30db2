import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatOrderId } from '@karya/domain/contact-schemas';
import { RESET_DELETES, RESET_MESSAGES } from '@karya/domain/system-schemas';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { type DatabaseHandle, openPglite, openPostgres } from '../../src/db/client';
import { auditEvents, bills, workOrderTallies } from '../../src/db/schema';
import { ensureDefaultAdmin } from '../../src/modules/system/bootstrap-admin';
import {
  KEPT_TABLES,
  listDatabaseTables,
  listFreeSequences,
  NOT_BACKED_UP,
  RESET_TABLES,
  RESTARTED_SEQUENCES,
} from '../../src/modules/system/reset-tables';
import { restoreBackup } from '../../src/modules/system/restore';
import { createUser } from '../helpers/factories';
import { type Client, client } from '../helpers/http';
import { ADMIN, createTestApp, loginAs, type TestApp } from '../helpers/test-app';
import { createPostgresTestDatabase, openTestDatabase } from '../helpers/test-database';
import { type Business, countTables, expectEveryTableFilled, seedBusiness } from './seed-business';

/*
 * POST /api/reset-system (spec 2 §2, §4, §5, §8; decision 012): only an admin with the
 * server's reset password; one transaction that backs up, then empties every business table
 * but the default admin; a failure changes nothing; the backup brings everything back.
 */

const RESET_PASSWORD = 'open-sesame 42';

let t: TestApp;
let admin: Client;
let business: Business;
let dataDir: string;
let before: Record<string, number>;

const messageOf = (response: { body: string }) => JSON.parse(response.body).message as string;
const counts = () => countTables(t.db, RESET_TABLES);
/** The business's rows, without the sign-ins and attempt counters refused calls leave. */
const BOOKKEEPING = ['sessions', 'login_failures', 'request_throttle'];
const businessRows = (all: Record<string, number>) =>
  Object.fromEntries(Object.entries(all).filter(([table]) => !BOOKKEEPING.includes(table)));

/** A reset request from a given address (the tests' default is 127.0.0.1). */
function resetFrom(cookie: string, password: unknown, remoteAddress = '127.0.0.1') {
  return t.app.inject({
    method: 'POST',
    url: '/api/reset-system',
    headers: { cookie },
    payload: password === undefined ? {} : { password },
    remoteAddress,
  });
}

let adminCookie: string;

/** The number of the last work order handed out (the sequence's own state). */
async function lastOrderNumber(): Promise<number> {
  const result = await t.db.execute(sql`select last_value::int as n from work_order_number_seq`);
  return Number((result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n);
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'karya-reset-'));
  t = await createTestApp({ RESET_PASSWORD, DATA_DIR: dataDir });
  adminCookie = await loginAs(t.app, ADMIN.username, ADMIN.password);
  admin = client(t.app, adminCookie);
  business = await seedBusiness(t, admin, 'R');
  before = await counts();
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('what the reset deletes', () => {
  it('names every table and free sequence of the database, so none can be forgotten', async () => {
    const tables = await listDatabaseTables(t.db);
    expect([...tables].sort()).toEqual([...RESET_TABLES, ...KEPT_TABLES].sort());
    expect(await listFreeSequences(t.db)).toEqual([...RESTARTED_SEQUENCES].sort());
  });

  it('is listed whole on the Reset System page: every table it empties, under one line', () => {
    const listed = RESET_DELETES.flatMap((line) => line.tables);
    expect([...listed].sort()).toEqual([...RESET_TABLES].sort());
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('starts from a business with rows in every one of those tables', () => {
    expectEveryTableFilled(before);
  });
});

describe('who may reset', () => {
  it('refuses managers and technicians whatever password they send, and deletes nothing', async () => {
    for (const who of [business.manager, business.technician]) {
      for (const password of [RESET_PASSWORD, 'wrong', '']) {
        const response = await who.post('/api/reset-system', { password });
        expect(response.statusCode).toBe(403);
      }
      expect((await who.get('/api/reset-system-status')).statusCode).toBe(403);
    }
    expect(
      (await client(t.app).post('/api/reset-system', { password: RESET_PASSWORD })).statusCode,
    ).toBe(401);
    expect(businessRows(await counts())).toEqual(businessRows(before));
  });

  it('answers an empty password with "Password is required"', async () => {
    for (const password of ['', undefined]) {
      const response = await resetFrom(adminCookie, password);
      expect([response.statusCode, messageOf(response)]).toEqual([
        400,
        RESET_MESSAGES.passwordRequired,
      ]);
    }
    expect(businessRows(await counts())).toEqual(businessRows(before));
  });

  it('answers a wrong password with "Incorrect password"; case and spaces count', async () => {
    for (const password of ['open-sesame-42', 'OPEN-SESAME 42']) {
      const response = await resetFrom(adminCookie, password, '198.51.100.7');
      expect([response.statusCode, messageOf(response)]).toEqual([
        400,
        RESET_MESSAGES.incorrectPassword,
      ]);
    }
    expect(businessRows(await counts())).toEqual(businessRows(before));
  });

  it('stops guessing after 5 wrong passwords, per admin and per address', async () => {
    const other = await createUser(t.db, 'admin');
    const cookie = await loginAs(t.app, other.username, other.password);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await resetFrom(cookie, `guess-${attempt}`, '203.0.113.9')).statusCode).toBe(400);
    }
    // Even the right password waits now, from this address and from another.
    const blocked = await resetFrom(cookie, RESET_PASSWORD, '203.0.113.9');
    expect(blocked.statusCode).toBe(429);
    expect(messageOf(blocked)).toMatch(
      /^Too many incorrect passwords\. Please try again in 1\d minutes\.$/,
    );
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    expect((await resetFrom(cookie, RESET_PASSWORD, '203.0.113.10')).statusCode).toBe(429);
    // Another admin from that address is held too: the address has used its attempts.
    expect((await resetFrom(adminCookie, RESET_PASSWORD, '203.0.113.9')).statusCode).toBe(429);
    expect(businessRows(await counts())).toEqual({
      ...businessRows(before),
      users: (before.users ?? 0) + 1,
    });
    await t.db.execute(sql`delete from sessions where user_id = ${other.id}`);
    await t.db.execute(sql`delete from users where id = ${other.id}`);
  });

  it('is refused on a server without RESET_PASSWORD, and its page is told so', async () => {
    const bare = await createTestApp();
    try {
      const cookie = await loginAs(bare.app, ADMIN.username, ADMIN.password);
      const status = await client(bare.app, cookie).get('/api/reset-system-status');
      expect(status.json().data).toEqual({ enabled: false, backupKeep: 10 });
      const response = await client(bare.app, cookie).post('/api/reset-system', {
        password: 'anything',
      });
      expect([response.statusCode, messageOf(response)]).toEqual([403, RESET_MESSAGES.notEnabled]);
    } finally {
      await bare.close();
    }
    expect((await admin.get('/api/reset-system-status')).json().data).toEqual({
      enabled: true,
      backupKeep: 10,
    });
  });
});

describe('a reset that fails midway', () => {
  it('changes nothing and answers "Failed to reset system"', async () => {
    const lastNumber = await lastOrderNumber();
    const auditBefore = (await t.db.select({ id: auditEvents.id }).from(auditEvents)).length;
    // The last statement of the reset (deleting the branches) fails, after everything else ran.
    await t.db.execute(
      sql.raw(`CREATE FUNCTION karya_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'injected failure'; END $$`),
    );
    await t.db.execute(
      sql.raw(`CREATE TRIGGER karya_test_refuse BEFORE DELETE ON branches
        FOR EACH STATEMENT EXECUTE FUNCTION karya_test_refuse()`),
    );
    try {
      const response = await resetFrom(adminCookie, RESET_PASSWORD);
      expect([response.statusCode, messageOf(response)]).toEqual([500, RESET_MESSAGES.failed]);
    } finally {
      await t.db.execute(sql.raw('DROP TRIGGER karya_test_refuse ON branches'));
      await t.db.execute(sql.raw('DROP FUNCTION karya_test_refuse()'));
    }
    expect(businessRows(await counts())).toEqual(businessRows(before));
    expect((await t.db.select({ id: auditEvents.id }).from(auditEvents)).length).toBe(auditBefore);
    for (const session of [admin, ...business.sessions]) {
      expect((await session.get('/api/me')).statusCode).toBe(200);
    }
    // The numbering was not restarted: the next order follows the last one.
    const created = await business.manager.post('/api/create-customer', {
      name: 'After Failure',
      phoneNumber: '+919812300001',
      projectType: 'CCTV Camera',
    });
    const orderId = created.json().data.workOrders[0].orderId as string;
    expect(orderId).toBe(formatOrderId(new Date().getFullYear(), lastNumber + 1));
    before = await counts();
  });
});

describe('a reset', () => {
  let answer: {
    deleted: Record<string, number>;
    totalDeleted: number;
    backup: { file: string; bytes: number };
    keptAdmin: { _id: string; username: string };
  };

  it('deletes everything but the default admin and says what it deleted and where the backup is', async () => {
    const response = await resetFrom(adminCookie, RESET_PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    answer = body.data;
    expect(body.message).toBe(
      `System reset successfully. Backup saved as ${answer.backup.file}. You will be redirected to login.`,
    );
    expect(answer.keptAdmin.username).toBe(ADMIN.username);
    expect(answer.deleted).toEqual({ ...before, users: (before.users ?? 0) - 1 });
    expect(answer.totalDeleted).toBe(Object.values(before).reduce((sum, n) => sum + n, 0) - 1);
    expect(answer.backup.file).toMatch(
      /\/backups\/karya-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-[0-9a-f]{8}\.sql$/,
    );
    expect(answer.backup.file.startsWith(join(dataDir, 'backups'))).toBe(true);
    expect(statSync(answer.backup.file).size).toBe(answer.backup.bytes);
    // The cookie of the ended session is cleared.
    expect(response.cookies.find((c) => c.name === 'karya_session')?.value).toBe('');

    const after = await counts();
    expect(after).toEqual(
      Object.fromEntries(RESET_TABLES.map((table) => [table, table === 'users' ? 1 : 0])),
    );
    expect(await t.db.select().from(workOrderTallies)).toEqual([]);
  });

  it('keeps an audit record of who reset, when, from where and what went', async () => {
    const [record] = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'system.reset'));
    expect(record?.actorId).toBe(answer.keptAdmin._id);
    expect(record?.summary).toMatch(/^System reset by admin from 127\.0\.0\.1: \d+ rows deleted/);
    expect(record?.changes).toMatchObject({
      ip: '127.0.0.1',
      deleted: answer.deleted,
      backup: answer.backup.file,
    });
    // Earlier audit events outlive the reset too.
    expect(
      (await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'lead.create'))).length,
    ).toBe(2);
  });

  it('ends every session; the default admin signs in again to an empty dashboard', async () => {
    for (const session of [admin, ...business.sessions]) {
      expect((await session.get('/api/me')).statusCode).toBe(401);
    }
    admin = client(t.app, await loginAs(t.app, ADMIN.username, ADMIN.password));
    const dashboard = (await admin.get('/api/get-dashboard')).json().data;
    expect(Object.values(dashboard.cards).every((n) => n === 0)).toBe(true);
    expect(dashboard.branchOverview.rows).toEqual([]);
    expect(dashboard.demoRequests).toEqual({ new: 0 });
    expect((await admin.get('/api/get-branches')).json().data).toEqual([]);
  });

  it('numbers new orders, projects, bills and invoices from the start', async () => {
    const branch = (
      await admin.post('/api/add-branches', { name: 'Kothrud', location: 'Pune', status: 'active' })
    ).json().data;
    const manager = await createUser(t.db, 'manager', { branchId: branch._id });
    const technician = await createUser(t.db, 'technician', { branchId: branch._id });
    const m = client(t.app, await loginAs(t.app, manager.username, manager.password));
    const tech = client(t.app, await loginAs(t.app, technician.username, technician.password));
    const service = (
      await admin.post('/api/create-inventory', {
        id: 'ITEM-AFTER-RESET',
        type: 'service',
        name: 'Site Survey',
        unit: 'Service',
        warranty: 'No Warranty',
        mrp: 300,
        purchasePrice: 0,
        salePrice: 300,
      })
    ).json().data;
    const customer = (
      await m.post('/api/create-customer', {
        name: 'First After Reset',
        phoneNumber: '+919812300002',
        projectType: 'CCTV Camera',
      })
    ).json().data;
    const order = customer.workOrders[0];
    const year = new Date().getFullYear();
    expect(order.orderId).toBe(`WO-${year}-000001`);
    expect(order.projectId).toBe(`PRJ-${year}-000001`);

    const key = { customerId: customer._id, orderId: order.orderId };
    await m.post('/api/assign-technician', {
      ...key,
      technicianId: technician.id,
      instructions: '',
    });
    await tech.post('/api/update-work-status', { ...key, status: 'in-progress' });
    const bill = await tech.post('/api/create-bill', {
      ...key,
      items: [{ itemId: service.id, name: 'Site Survey', quantity: 1, serialNumber: null }],
    });
    await tech.post('/api/confirm-order-bill', {
      billId: bill.json().data._id,
      paymentMethod: 'cash',
      transactionId: null,
    });
    const [numbered] = await t.db
      .select({ billNumber: bills.billNumber, invoiceNumber: bills.invoiceNumber })
      .from(bills);
    expect(numbered?.billNumber).toMatch(/^BILL-KOTH-\d{8}-0001$/);
    // The invoice series starts again too, and the new branch may take the series name back.
    expect(numbered?.invoiceNumber).toMatch(/^KOTH\/\d{2}-\d{2}\/00001$/);
  });

  it('wrote a backup that restores the seeded rows into a fresh database', async () => {
    const text = readFileSync(answer.backup.file, 'utf8');
    expect(text.startsWith('-- Karya backup')).toBe(true);
    expect(text).not.toContain('karya_session');

    const fresh = await openTestDatabase();
    try {
      await restoreBackup(fresh.db, answer.backup.file);
      const restored = await countTables(fresh.db, RESET_TABLES);
      const expected = Object.fromEntries(
        RESET_TABLES.map((table) => [table, NOT_BACKED_UP.includes(table) ? 0 : before[table]]),
      );
      // The tallies are not in the file: the restored orders counted themselves again.
      expected.work_order_tallies = restored.work_order_tallies ?? 0;
      expected.work_order_pending_days = restored.work_order_pending_days ?? 0;
      expect(restored).toEqual(expected);
      const tallied = await fresh.db.execute(
        sql`select coalesce(sum(total), 0)::int as n from work_order_tallies`,
      );
      expect((tallied as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(
        before.work_orders,
      );
      // Money and links come back exactly.
      const [paid] = await fresh.db.select().from(bills).where(sql`${bills.paidAt} is not null`);
      expect(paid).toMatchObject({ paymentStatus: 'paid', paymentMethod: 'cash' });
      expect(paid?.totalPaise).toBe(12000_00 + 4 * 40_00);
      const linked = await fresh.db.execute(
        sql`select count(*)::int as n from work_orders where existing_project_id is not null`,
      );
      expect((linked as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(1);
    } finally {
      await fresh.close();
    }
  });

  it('restores over the reset database too: the business and its people are back', async () => {
    await restoreBackup(t.db, answer.backup.file);
    const restored = await countTables(t.db, RESET_TABLES);
    for (const table of RESET_TABLES.filter((name) => !NOT_BACKED_UP.includes(name))) {
      expect([table, restored[table]]).toEqual([table, before[table]]);
    }
    // Every session ended; the people sign in with the passwords they had.
    expect((await admin.get('/api/me')).statusCode).toBe(401);
    admin = client(t.app, await loginAs(t.app, ADMIN.username, ADMIN.password));
    const dashboard = (await admin.get('/api/get-dashboard')).json().data;
    expect(dashboard.cards.totalBranches).toBe(2);
    expect(dashboard.demoRequests).toEqual({ new: 1 });
    // The reset's own audit record keeps its actor.
    const [record] = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'system.reset'));
    expect(record?.actorId).toBe(answer.keptAdmin._id);
    expect(existsSync(answer.backup.file)).toBe(true);
  });
});

/** The complete backups of a data folder, oldest first. */
const backupsIn = (folder: string) =>
  existsSync(join(folder, 'backups'))
    ? readdirSync(join(folder, 'backups'))
        .filter((name) => /^karya-backup-.*\.sql$/.test(name))
        .sort()
    : [];

const resetEntries = async () =>
  (await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'system.reset'))).length;

describe('resets asked for at once (issue 33)', () => {
  it('twenty at once: one resets, nineteen are told one is running and write nothing', async () => {
    // The restored business is back: the winner has rows to delete.
    expect((await counts()).branches).toBe(2);
    const cookie = await loginAs(t.app, ADMIN.username, ADMIN.password);
    const files = backupsIn(dataDir);
    const entries = await resetEntries();

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => resetFrom(cookie, RESET_PASSWORD)),
    );
    const statuses = answers.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    // The others are told one is running; on a loaded machine one that is read only after the
    // reset has finished finds every session gone with the data (401), and writes nothing
    // either: one backup and one audit entry below say so.
    expect(statuses.filter((status) => status !== 200 && status !== 409 && status !== 401)).toEqual(
      [],
    );
    for (const response of answers.filter((r) => r.statusCode === 409)) {
      expect(messageOf(response)).toBe(RESET_MESSAGES.alreadyRunning);
    }
    const winner = answers.find((response) => response.statusCode === 200)?.json().data;

    const added = backupsIn(dataDir).filter((name) => !files.includes(name));
    expect(added.map((name) => join(dataDir, 'backups', name))).toEqual([winner.backup.file]);
    expect(readFileSync(winner.backup.file, 'utf8')).toContain('"Kothrud"');
    expect(await resetEntries()).toBe(entries + 1);
    expect((await counts()).branches).toBe(0);
  });

  it('a reset asked for after that one has finished is a reset of its own, with its own backup', async () => {
    const files = backupsIn(dataDir);
    const entries = await resetEntries();
    const cookie = await loginAs(t.app, ADMIN.username, ADMIN.password);
    const response = await resetFrom(cookie, RESET_PASSWORD);
    expect(response.statusCode).toBe(200);
    const file = response.json().data.backup.file as string;
    expect(files.map((name) => join(dataDir, 'backups', name))).not.toContain(file);
    expect(backupsIn(dataDir)).toHaveLength(files.length + 1);
    expect(await resetEntries()).toBe(entries + 1);
  });
});

/**
 * Two API processes on one database (WORKERS=2): on PostgreSQL two pools of one database; on
 * PGlite, which one process alone may open, one database under both.
 */
async function twoProcesses(folder: string) {
  const handles: DatabaseHandle[] = [];
  let drop = async () => {};
  if (process.env.TEST_DB === 'postgres') {
    const database = await createPostgresTestDatabase();
    handles.push(await openPostgres(database.url));
    handles.push(await openPostgres(database.url, { migrate: false }));
    drop = database.drop;
  } else {
    handles.push(await openPglite());
  }
  const config = loadConfig({ WEB_DIST: '/nonexistent', RESET_PASSWORD, DATA_DIR: folder });
  const apps: FastifyInstance[] = [];
  for (const handle of [handles[0], handles[1] ?? handles[0]]) {
    if (!handle) throw new Error('no database');
    const { app } = await buildApp(config, { database: handle, logger: false, answers: 'checked' });
    await app.ready();
    apps.push(app);
  }
  const first = handles[0];
  if (!first) throw new Error('no database');
  await ensureDefaultAdmin(first.db, { username: ADMIN.username, password: ADMIN.password });
  return {
    apps,
    db: first.db,
    async close() {
      for (const app of apps) await app.close();
      for (const handle of handles) await handle.close();
      await drop();
    },
  };
}

describe('resets asked for at once of two API processes (issue 33)', () => {
  it('one resets; every other is told one is running, or finds its session ended by it', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'karya-workers-'));
    const cluster = await twoProcesses(folder);
    try {
      const cookies: string[] = [];
      for (const app of cluster.apps)
        cookies.push(await loginAs(app, ADMIN.username, ADMIN.password));
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          cluster.apps[i % 2]?.inject({
            method: 'POST',
            url: '/api/reset-system',
            headers: { cookie: cookies[i % 2] ?? '' },
            payload: { password: RESET_PASSWORD },
          }),
        ),
      );
      const statuses = answers.map((response) => response?.statusCode);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      // 401: its session was read only after the winner had ended every session.
      expect(
        statuses.filter((status) => status !== 200 && status !== 409 && status !== 401),
      ).toEqual([]);
      for (const response of answers.filter((r) => r?.statusCode === 409)) {
        expect(messageOf(response ?? { body: '{}' })).toBe(RESET_MESSAGES.alreadyRunning);
      }
      expect(backupsIn(folder)).toHaveLength(1);
      const entries = await cluster.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.action, 'system.reset'));
      expect(entries).toHaveLength(1);
    } finally {
      await cluster.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('backups kept (BACKUP_KEEP, issue 39 item 29)', () => {
  it('keeps 10 unless told, and refuses a number that would not keep the backup just taken', () => {
    expect(loadConfig({}).backupKeep).toBe(10);
    expect(loadConfig({ BACKUP_KEEP: '3' }).backupKeep).toBe(3);
    for (const value of ['0', '-1', '2.5', 'ten']) {
      expect(() => loadConfig({ BACKUP_KEEP: value })).toThrow(
        `BACKUP_KEEP must be a whole number of backups from 1 to 10000, got "${value}"`,
      );
    }
  });

  it('keeps the newest BACKUP_KEEP backups after each reset, and no other file is touched', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'karya-prune-'));
    const kept = await createTestApp({ RESET_PASSWORD, DATA_DIR: folder, BACKUP_KEEP: '2' });
    try {
      mkdirSync(join(folder, 'backups'));
      // Two older backups (one named before the random suffix), a crashed write and a note.
      const others = ['karya-backup-2026-01-01T00-00-00-000Z.sql.partial', 'notes.txt'];
      for (const name of [
        'karya-backup-2025-01-01T00-00-00-000Z.sql',
        'karya-backup-2025-06-01T00-00-00-000Z-0a1b2c3d.sql',
        ...others,
      ]) {
        writeFileSync(join(folder, 'backups', name), '-- an older backup\n');
      }
      const resetAgain = async () => {
        const cookie = await loginAs(kept.app, ADMIN.username, ADMIN.password);
        const response = await client(kept.app, cookie).post('/api/reset-system', {
          password: RESET_PASSWORD,
        });
        expect(response.statusCode).toBe(200);
        return (response.json().data.backup.file as string).split('/').pop() ?? '';
      };
      const cookie = await loginAs(kept.app, ADMIN.username, ADMIN.password);
      expect((await client(kept.app, cookie).get('/api/reset-system-status')).json().data).toEqual({
        enabled: true,
        backupKeep: 2,
      });

      const first = await resetAgain();
      expect(backupsIn(folder)).toEqual([
        'karya-backup-2025-06-01T00-00-00-000Z-0a1b2c3d.sql',
        first,
      ]);
      const second = await resetAgain();
      expect(backupsIn(folder)).toEqual([first, second]);
      const third = await resetAgain();
      expect(backupsIn(folder)).toEqual([second, third]);
      for (const name of others) expect(existsSync(join(folder, 'backups', name))).toBe(true);
    } finally {
      await kept.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
