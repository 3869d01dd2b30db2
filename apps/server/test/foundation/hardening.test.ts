import { Writable } from 'node:stream';
import { count, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { DatabaseHandle } from '../../src/db/client';
import { leadRemarks, users } from '../../src/db/schema';
import { INPUT_MESSAGES } from '../../src/http/input-guard';
import { ensureDefaultAdmin } from '../../src/modules/system/bootstrap-admin';
import { createBranch, createUser } from '../helpers/factories';
import { type Client, client } from '../helpers/http';
import { ADMIN, loginAs, sessionCookieOf } from '../helpers/test-app';
import { openTestDatabase } from '../helpers/test-database';

/**
 * Issue 16: no input of any shape answers 5xx or leaves the envelope, nothing secret reaches
 * the log, and answers that need a session are never cached.
 */

let database: DatabaseHandle;
let app: FastifyInstance;
let admin: Client;
let manager: Client;
let cookie: string;
const logged: string[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  // The app's real logger, writing into memory.
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logged.push(String(chunk));
      done();
    },
  });
  ({ app } = await buildApp(loadConfig({ WEB_DIST: '/nonexistent' }), {
    database,
    logger: { level: 'info', stream },
  }));
  await ensureDefaultAdmin(database.db, { username: ADMIN.username, password: ADMIN.password });
  await app.ready();
  cookie = await loginAs(app, ADMIN.username, ADMIN.password);
  admin = client(app, cookie);
  const branch = await createBranch(database.db);
  const m = await createUser(database.db, 'manager', { branchId: branch.id });
  manager = client(app, await loginAs(app, m.username, m.password));
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const messageOf = (response: { body: string }) =>
  (JSON.parse(response.body) as { message: string }).message;

describe('unsafe text', () => {
  it('refuses a NUL character anywhere, before login too, with a 400 in the envelope', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'a\u0000b', password: 'x' },
    });
    expect(login.statusCode).toBe(400);
    expect(JSON.parse(login.body)).toEqual({ success: false, message: INPUT_MESSAGES.unsafeText });
    const search = await admin.get('/api/get-all-customers?search=%00');
    expect(search.statusCode).toBe(400);
    expect(messageOf(search)).toBe(INPUT_MESSAGES.unsafeText);
    const inAKey = await admin.post('/api/add-branches', { 'na\u0000me': 'x' });
    expect(inAKey.statusCode).toBe(400);
  });

  it('refuses a lone UTF-16 surrogate in free text and stores nothing', async () => {
    const created = await manager.post('/api/create-Lead', {
      name: 'Asha Rao',
      phoneNumber: '+919812345678',
      initialRemark: { text: 'Wants a quote', status: 'neutral' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const leadId = JSON.parse(created.body).data._id as string;
    const [before] = await database.db.select({ n: count() }).from(leadRemarks);
    // JSON.stringify escapes the lone surrogate; the server's parser restores it as is.
    const asManager = await manager.post(`/api/lead-remarks/${leadId}`, {
      text: 'x\ud800',
      status: 'positive',
    });
    expect(asManager.statusCode).toBe(400);
    expect(messageOf(asManager)).toBe(INPUT_MESSAGES.unsafeText);
    const [after] = await database.db.select({ n: count() }).from(leadRemarks);
    expect(after?.n).toBe(before?.n);
    // A well-formed pair (an emoji) is fine.
    const emoji = await manager.post(`/api/lead-remarks/${leadId}`, {
      text: 'Happy customer 👍',
      status: 'positive',
    });
    expect(emoji.statusCode, emoji.body).toBe(200);
  });
});

describe('filters and addresses', () => {
  it('answers an unknown status filter with a 400, not a failed query', async () => {
    for (const url of ['/api/get-all-leads?status=bogus', '/api/get-contacts?status=bogus']) {
      const response = await manager.get(url);
      expect(response.statusCode, url).toBe(400);
      expect(messageOf(response)).toMatch(/^Status must be/);
    }
    expect((await manager.get('/api/get-all-leads?status=positive')).statusCode).toBe(200);
    expect((await manager.get('/api/get-contacts?status=all')).statusCode).toBe(200);
  });

  it("keeps the router's own refusals in the envelope", async () => {
    const badEscape = await admin.get('/api/get-single-customer/%zz');
    expect(badEscape.statusCode).toBe(400);
    expect(JSON.parse(badEscape.body)).toEqual({
      success: false,
      message: INPUT_MESSAGES.badAddress,
    });
    const long = await admin.get(`/api/get-single-customer/${'a'.repeat(150)}`);
    expect(long.statusCode).toBe(414);
    expect(JSON.parse(long.body)).toEqual({
      success: false,
      message: INPUT_MESSAGES.addressTooLong,
    });
    const unknown = await admin.get('/api/no-such-thing');
    expect(JSON.parse(unknown.body)).toMatchObject({ success: false });
    const xml = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: '<a/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(xml.statusCode).toBe(415);
    expect(JSON.parse(xml.body)).toEqual({
      success: false,
      message: 'Send the request body as JSON',
    });
  });
});

describe('caching', () => {
  it('marks every answer that needs a session no-store, and leaves public ones alone', async () => {
    const me = await admin.get('/api/me');
    expect(me.headers['cache-control']).toBe('no-store');
    const list = await admin.get('/api/get-branches');
    expect(list.headers['cache-control']).toBe('no-store');
    const refused = await client(app).get('/api/me');
    expect(refused.statusCode).toBe(401);
    const docs = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.headers['cache-control']).not.toBe('no-store');
  });
});

describe('the log', () => {
  it('never holds a password hash, a password or a session token, even from a failed query', async () => {
    // Make the next user insert fail in the database, as a broken disk or a bug would.
    await database.db.execute(
      sql`alter table users add constraint test_refuses_boom check (username <> 'boom-user')`,
    );
    const failed = await admin.post('/api/add-admins', {
      firstName: 'Boom',
      lastName: 'User',
      username: 'boom-user',
      email: 'boom@example.com',
      password: 'very-secret-password',
    });
    await database.db.execute(sql`alter table users drop constraint test_refuses_boom`);
    expect(failed.statusCode).toBe(500);
    expect(JSON.parse(failed.body)).toEqual({ success: false, message: 'Server error' });

    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: ADMIN.username, password: ADMIN.password },
    });
    const token = sessionCookieOf(login).split('=')[1] ?? 'no-token';
    await app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: `karya_session=${token}` },
    });

    const text = logged.join('');
    expect(text).toContain('request failed');
    expect(text).toContain('test_refuses_boom');
    // The failed query had parameters (the hash among them): cut out, not dropped silently.
    expect(text).toContain('params: [redacted]');
    expect(text).not.toMatch(/\$argon2id\$/);
    expect(text).not.toContain('very-secret-password');
    expect(text).not.toContain(ADMIN.password);
    expect(text).not.toContain(token);
    const [stillThere] = await database.db.select({ n: count() }).from(users);
    expect(stillThere?.n).toBeGreaterThan(0);
  });
});
