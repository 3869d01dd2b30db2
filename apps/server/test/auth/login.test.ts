import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBranch, createUser } from '../helpers/factories';
import { ADMIN, createTestApp, loginAs, sessionCookieOf, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: payload as object, headers });

describe('POST /api/login', () => {
  it('signs the admin in with an HttpOnly session cookie and no password in the answer', async () => {
    const response = await login(ADMIN);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      message: 'Login successful',
      data: { username: 'admin', role: 'admin', firstName: 'System', lastName: 'Admin' },
    });
    expect(JSON.stringify(body)).not.toMatch(/password/i);
    const cookie = response.cookies.find((c) => c.name === 'karya_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.value.length).toBeGreaterThan(30);
  });

  it('accepts the username in any letter case', async () => {
    const response = await login({ username: 'ADMIN', password: ADMIN.password });
    expect(response.statusCode).toBe(200);
  });

  it('gives the same 401 for a wrong password and for an unknown username', async () => {
    const wrongPassword = await login(
      { username: 'admin', password: 'not-it' },
      {
        'x-forwarded-for': '10.0.0.1',
      },
    );
    const unknownUser = await login({ username: 'nobody', password: 'not-it' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownUser.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({
      success: false,
      message: 'Invalid username or password',
    });
    expect(unknownUser.json()).toEqual(wrongPassword.json());
    expect(wrongPassword.cookies).toHaveLength(0);
  });

  it('refuses an inactive user even with the right password', async () => {
    const user = await createUser(t.db, 'admin', { status: 'inactive' });
    const response = await login({ username: user.username, password: user.password });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(
      'Your account is inactive. Please contact your administrator.',
    );
    expect(response.cookies).toHaveLength(0);
  });

  it('answers 400 with a message for missing fields and for malformed JSON, never 500', async () => {
    const missing = await login({ username: 'admin' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      success: false,
      message: 'Password is required',
      errors: [{ field: 'password', message: 'Password is required' }],
    });

    const blank = await login({ username: '   ', password: 'x' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Username is required');

    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "admin",',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      success: false,
      message: 'The request body is not valid JSON',
    });
  });

  it('refuses the 11th rapid wrong login for one username with 429 and when to retry', async () => {
    const victim = await createUser(t.db, 'technician');
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const response = await login({ username: victim.username, password: 'wrong' });
      expect(response.statusCode).toBe(401);
    }
    const eleventh = await login({ username: victim.username, password: 'wrong' });
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().message).toMatch(
      /^Too many failed login attempts\. Please try again in 1[45] minutes\.$/,
    );
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(800);

    // Even the right password waits out the limit: guessing cannot continue.
    const right = await login({ username: victim.username, password: victim.password });
    expect(right.statusCode).toBe(429);
    // Other users from the same address are not locked out by it.
    const admin = await login(ADMIN);
    expect(admin.statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('refuses a protected route without a cookie, and with a made-up one', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/me' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ success: false, message: 'Please log in' });

    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: 'karya_session=forged-token' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('returns the signed-in user from /api/me, with the branch as { _id, name }', async () => {
    const branch = await createBranch(t.db, { name: 'Kothrud' });
    const manager = await createUser(t.db, 'manager', { branchId: branch.id });
    const cookie = await loginAs(t.app, manager.username, manager.password);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({
      _id: manager.id,
      role: 'manager',
      branch: { _id: branch.id, name: 'Kothrud' },
    });
    expect(me.body).not.toMatch(/password/i);
  });

  it('refuses the old cookie after logout', async () => {
    const response = await login(ADMIN);
    const cookie = sessionCookieOf(response);
    const logout = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toMatchObject({ success: true, message: 'Logged out successfully' });
    expect(logout.cookies.find((c) => c.name === 'karya_session')?.value).toBe('');

    const after = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(after.statusCode).toBe(401);
  });

  it('refuses an existing session once the user is made inactive', async () => {
    const user = await createUser(t.db, 'technician');
    const cookie = await loginAs(t.app, user.username, user.password);
    const { users } = await import('../../src/db/schema');
    const { eq } = await import('drizzle-orm');
    await t.db.update(users).set({ status: 'inactive' }).where(eq(users.id, user.id));
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.statusCode).toBe(401);
  });
});

describe('roles', () => {
  it('gives a technician 403 on an admin-only route and the admin 200', async () => {
    const technician = await createUser(t.db, 'technician');
    const techCookie = await loginAs(t.app, technician.username, technician.password);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/get-admins',
      headers: { cookie: techCookie },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      success: false,
      message: 'You do not have permission to do this',
    });

    const adminCookie = await loginAs(t.app, ADMIN.username, ADMIN.password);
    const allowed = await t.app.inject({
      method: 'GET',
      url: '/api/get-admins',
      headers: { cookie: adminCookie },
    });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().data.map((u: { username: string }) => u.username)).toContain('admin');
  });

  it('answers an unknown API path with a 404 envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false });
  });
});
