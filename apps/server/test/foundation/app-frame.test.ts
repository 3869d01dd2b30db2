import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { ROLES } from '../../src/auth/guard';
import { hashPassword } from '../../src/auth/password';
import { loadConfig } from '../../src/config';
import type { DatabaseHandle } from '../../src/db/client';
import { auditEvents, users } from '../../src/db/schema';
import { ensureDefaultAdmin } from '../../src/modules/system/bootstrap-admin';
import { ADMIN, sessionCookieOf } from '../helpers/test-app';
import { openTestDatabase } from '../helpers/test-database';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

function fakeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'karya-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Karya SPA</title>');
  writeFileSync(join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
  return dir;
}

async function appWith(env: Record<string, string>) {
  const { app } = await buildApp(loadConfig(env), { database, logger: false });
  return app;
}

describe('first start', () => {
  it('creates the default admin once, however often the server starts', async () => {
    const first = await ensureDefaultAdmin(database.db, { username: 'admin', password: undefined });
    expect(first.created).toBe(true);
    expect(first.generatedPassword).toMatch(/^[\w-]{16}$/);
    const again = await ensureDefaultAdmin(database.db, { username: 'admin', password: 'x' });
    expect(again).toEqual({ created: false, username: 'admin' });
    const [admins] = await database.db
      .select({ total: count() })
      .from(users)
      .where(eq(users.role, 'admin'));
    expect(admins?.total).toBe(1);

    // The generated password is the one that works.
    const app = await appWith({ WEB_DIST: '/nonexistent' });
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'admin', password: first.generatedPassword },
    });
    expect(login.statusCode).toBe(200);
    await app.close();
  });
});

describe('audit trail', () => {
  it('records a login and a logout with who and when', async () => {
    const app = await appWith({ WEB_DIST: '/nonexistent' });
    const [admin] = await database.db.select().from(users).where(eq(users.username, 'admin'));
    // The first test left the admin with a generated password; give it a known one.
    await database.db
      .update(users)
      .set({ passwordHash: await hashPassword(ADMIN.password) })
      .where(eq(users.username, 'admin'));

    const login = await app.inject({ method: 'POST', url: '/api/login', payload: ADMIN });
    const cookie = sessionCookieOf(login);
    await app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });

    const events = await database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, admin?.id ?? ''), eq(auditEvents.entityType, 'user')));
    const actions = events.map((event) => event.action);
    expect(actions).toContain('auth.login');
    expect(actions).toContain('auth.logout');
    expect(events.every((event) => event.createdAt instanceof Date)).toBe(true);
    await app.close();
  });
});

describe('errors', () => {
  it('answers an unexpected failure with 500 "Server error" and no stack trace', async () => {
    const app = await appWith({ WEB_DIST: '/nonexistent' });
    app.get('/api/test-explodes', { config: { access: 'public' } }, async () => {
      throw new Error('database exploded at secret.ts:42');
    });
    const response = await app.inject({ method: 'GET', url: '/api/test-explodes' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ success: false, message: 'Server error' });
    expect(response.body).not.toContain('secret.ts');
    await app.close();
  });

  it('refuses to start when an API route does not declare who may call it', async () => {
    const app = await appWith({ WEB_DIST: '/nonexistent' });
    expect(() => app.get('/api/forgot-its-guard', async () => 'oops')).toThrow(
      /does not declare config.access/,
    );
    await app.close();
  });

  it("refuses a route whose roles are its own list rather than one of the guard's ROLES", async () => {
    const app = await appWith({ WEB_DIST: '/nonexistent' });
    expect(() =>
      app.get('/api/own-roles', { config: { access: ['admin'] } }, async () => 'oops'),
    ).toThrow(/must name its roles from ROLES/);
    expect(() =>
      app.get('/api/table-roles', { config: { access: ROLES.admins } }, async () => 'ok'),
    ).not.toThrow();
    await app.close();
  });
});

describe('OpenAPI', () => {
  it('documents the routes at /api/docs', async () => {
    const app = await appWith({ WEB_DIST: '/nonexistent' });
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/login', '/api/logout', '/api/me']),
    );
    expect(document.paths['/api/login'].post.requestBody).toBeDefined();
    await app.close();
  });
});

describe('serving the SPA', () => {
  it('serves index.html for client routes and caches hashed assets for a year', async () => {
    const app = await appWith({ WEB_DIST: fakeWebDist() });
    const page = await app.inject({ method: 'GET', url: '/users/managers?branch=1' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Karya SPA');
    expect(page.headers['cache-control']).toBe('no-cache');

    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');

    const missingAsset = await app.inject({ method: 'GET', url: '/assets/gone-123.js' });
    expect(missingAsset.statusCode).toBe(404);

    const api = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json().success).toBe(false);
    await app.close();
  });
});

describe('CORS', () => {
  it('allows exactly the configured origins, with credentials', async () => {
    const app = await appWith({
      WEB_DIST: '/nonexistent',
      CORS_ORIGINS: 'https://desk.example.com',
    });
    const allowed = await app.inject({
      method: 'OPTIONS',
      url: '/api/login',
      headers: { origin: 'https://desk.example.com', 'access-control-request-method': 'POST' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://desk.example.com');
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');

    const other = await app.inject({
      method: 'OPTIONS',
      url: '/api/login',
      headers: { origin: 'https://evil.example.com', 'access-control-request-method': 'POST' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    await app.close();
  });

  it('sends no CORS headers without CORS_ORIGINS', async () => {
    const app = await appWith({ WEB_DIST: '/nonexistent' });
    const response = await app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { origin: 'https://desk.example.com' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    await app.close();
  });
});
