import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import { createBranch, createUser } from '../helpers/factories';
import { type Client, client } from '../helpers/http';
import { ADMIN, createTestApp, loginAs, type TestApp } from '../helpers/test-app';

let t: TestApp;
let admin: Client;
let branchA: { id: string; name: string };
let branchB: { id: string; name: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = client(t.app, await loginAs(t.app, ADMIN.username, ADMIN.password));
  branchA = await createBranch(t.db, { name: 'Kothrud' });
  branchB = await createBranch(t.db, { name: 'Baner' });
});
afterAll(() => t.close());

let seq = 0;
const person = (overrides: Record<string, unknown> = {}) => {
  seq += 1;
  return {
    firstName: 'Asha',
    lastName: `Patil${seq}`,
    username: `person${seq}`,
    email: `person${seq}@example.com`,
    password: 'secret-123',
    phone: '9876543210',
    status: 'active',
    ...overrides,
  };
};
const as = async (username: string, password: string) =>
  client(t.app, await loginAs(t.app, username, password));

describe('admins', () => {
  it('adds an admin and lists it, never returning a password', async () => {
    const response = await admin.post(
      '/api/add-admins',
      person({ location: 'Pune', username: 'Riya' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: 'Admin added successfully',
      data: { username: 'Riya', role: 'admin', location: 'Pune', status: 'active', branch: null },
    });
    expect(response.body).not.toMatch(/password/i);

    const list = await admin.get('/api/get-admins');
    expect(list.json().data.map((u: { username: string }) => u.username)).toContain('Riya');
  });

  it('refuses a username that exists in another letter case with 409', async () => {
    const response = await admin.post('/api/add-admins', person({ username: 'RIYA' }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ success: false, message: 'Username already exists' });
  });

  it('lets only one of two simultaneous requests take a username', async () => {
    const answers = await Promise.all([
      admin.post('/api/add-admins', person({ username: 'twin' })),
      admin.post('/api/add-admins', person({ username: 'TWIN' })),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });

  it.each([
    [{ firstName: '' }, 'Please fill in all required fields'],
    [{ lastName: undefined }, 'Please fill in all required fields'],
    [{ username: '  ' }, 'Please fill in all required fields'],
    [{ email: '' }, 'Please fill in all required fields'],
    [{ password: '' }, 'Please fill in all required fields'],
    [{ email: 'not-an-address' }, 'Please enter a valid email address'],
    [{ password: '12345' }, 'Password must be at least 6 characters long'],
  ])('validates %o with the spec message', async (change, message) => {
    const response = await admin.post('/api/add-admins', person(change));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message });
  });
});

describe('managers', () => {
  it('makes the first manager of a branch active and a second one pending', async () => {
    const first = await admin.post('/api/add-managers', person({ branch: branchA.id }));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      message: 'Manager added successfully',
      data: {
        role: 'manager',
        branch: { _id: branchA.id, name: 'Kothrud' },
        activeManagerStatus: 'active',
      },
    });
    const second = await admin.post('/api/add-managers', person({ branch: branchA.id }));
    expect(second.json().data.activeManagerStatus).toBe('pending');

    const list = await admin.get('/api/get-managers');
    const ids = list.json().data.map((u: { _id: string }) => u._id);
    expect(ids).toEqual(expect.arrayContaining([first.json().data._id, second.json().data._id]));
  });

  it("requires a branch: 'Please select a branch'", async () => {
    const missing = await admin.post('/api/add-managers', person());
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Please select a branch');
    const unknown = await admin.post(
      '/api/add-managers',
      person({ branch: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Please select a branch');
  });

  it('shows a manager with branch, performance and team', async () => {
    const manager = await createUser(t.db, 'manager', { branchId: branchB.id });
    await createUser(t.db, 'technician', { branchId: branchB.id, firstName: 'Tej' });
    const response = await admin.get(`/api/get-manager-detail/${manager.id}`);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.manager._id).toBe(manager.id);
    expect(data.branch).toEqual({ _id: branchB.id, name: 'Baner' });
    expect(data.performance).toMatchObject({ teamSize: 1, workOrders: 0, completed: 0 });
    expect(data.team[0]).toMatchObject({ firstName: 'Tej', assigned: 0, transferred: 0 });

    const notManager = await admin.get(`/api/get-manager-detail/${data.team[0]._id}`);
    expect(notManager.statusCode).toBe(404);
    expect(notManager.json().message).toBe('Manager not found');
  });
});

describe('technicians', () => {
  it('lets an admin add a technician to any branch and filter the list by branch', async () => {
    const response = await admin.post('/api/add-technicians', person({ branch: branchB.id }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Technician added successfully',
      data: { role: 'technician', branch: { _id: branchB.id } },
    });
    const missing = await admin.post('/api/add-technicians', person());
    expect(missing.json().message).toBe('Please select a branch');

    const inB = await admin.get(`/api/get-technicians?branch=${branchB.id}`);
    const branchesSeen = new Set(
      inB.json().data.map((u: { branch: { _id: string } }) => u.branch._id),
    );
    expect([...branchesSeen]).toEqual([branchB.id]);
    const all = await admin.get('/api/get-technicians');
    expect(all.json().data.length).toBeGreaterThan(inB.json().data.length - 1);
  });

  it("puts a manager's technician in the manager's own branch, whatever branch is sent", async () => {
    const manager = await createUser(t.db, 'manager', {
      branchId: (await createBranch(t.db)).id,
    });
    const managerClient = await as(manager.username, manager.password);
    const added = await managerClient.post(
      '/api/manager-add-technician',
      person({ branch: branchB.id }),
    );
    expect(added.statusCode).toBe(200);
    expect(added.json().data.branch._id).toBe(manager.branchId);

    const list = await managerClient.get(`/api/manager-get-technician?branch=${branchB.id}`);
    expect(list.json().data.map((u: { _id: string }) => u._id)).toEqual([added.json().data._id]);
  });
});

describe('list filters', () => {
  it('filters managers by branch and searches names, emails and usernames in any case', async () => {
    const branch = await createBranch(t.db);
    const manager = await createUser(t.db, 'manager', {
      branchId: branch.id,
      firstName: 'Zubin',
      email: 'zubin_100%@example.com',
    });
    const byBranch = await admin.get(`/api/get-managers?branch=${branch.id}`);
    expect(byBranch.json().data.map((u: { _id: string }) => u._id)).toEqual([manager.id]);
    const byName = await admin.get('/api/get-managers?search=zUB');
    expect(byName.json().data.map((u: { _id: string }) => u._id)).toEqual([manager.id]);
    // % and _ are searched for literally, not as wildcards.
    const literal = await admin.get(`/api/get-managers?search=${encodeURIComponent('100%')}`);
    expect(literal.json().data).toHaveLength(1);
    const wildcard = await admin.get(`/api/get-managers?search=${encodeURIComponent('z%n')}`);
    expect(wildcard.json().data).toHaveLength(0);
    const all = await admin.get('/api/get-managers?branch=all');
    expect(all.json().data.length).toBeGreaterThan(1);
    const bad = await admin.get('/api/get-technicians?branch=nope');
    expect(bad.statusCode).toBe(400);
  });
});

describe('get-user and update-user', () => {
  it('returns the fields the screens read', async () => {
    const tech = await createUser(t.db, 'technician', { branchId: branchA.id });
    const response = await admin.get(`/api/get-user/${tech.id}`);
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().data)).toEqual(
      expect.arrayContaining([
        'firstName',
        'lastName',
        'username',
        'email',
        'phone',
        'branch',
        'status',
        'createdAt',
      ]),
    );
    const missing = await admin.get('/api/get-user/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
  });

  it('lets an admin edit a manager: branch, status and password', async () => {
    const manager = await createUser(t.db, 'manager', { branchId: (await createBranch(t.db)).id });
    const target = await createBranch(t.db);
    const response = await admin.post(`/api/update-user/${manager.id}`, {
      firstName: 'Mohan',
      lastName: 'Rao',
      email: 'mohan@example.com',
      phone: '',
      username: manager.username,
      branch: target.id,
      status: 'active',
      password: 'fresh-pass',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Manager updated successfully',
      data: { firstName: 'Mohan', branch: { _id: target.id }, activeManagerStatus: 'active' },
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: manager.username, password: 'fresh-pass' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('drops an empty password and accepts PUT as well as POST', async () => {
    const tech = await createUser(t.db, 'technician', { branchId: branchA.id });
    const response = await admin.put(`/api/update-user/${tech.id}`, {
      firstName: 'Tara',
      lastName: 'K',
      email: 'tara@example.com',
      password: '',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Technician updated successfully');
    const still = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: tech.username, password: tech.password },
    });
    expect(still.statusCode).toBe(200);
  });

  it('validates an edit with the spec messages', async () => {
    const tech = await createUser(t.db, 'technician', { branchId: branchA.id });
    const blank = await admin.post(`/api/update-user/${tech.id}`, {
      firstName: '',
      lastName: 'K',
      email: 'x@example.com',
    });
    expect(blank.json().message).toBe('Please fill in all required fields');
    const email = await admin.post(`/api/update-user/${tech.id}`, {
      firstName: 'A',
      lastName: 'K',
      email: 'nope',
    });
    expect(email.json().message).toBe('Please enter a valid email address');
  });

  it('lets a technician edit their own profile but not role, status or username', async () => {
    const tech = await createUser(t.db, 'technician', { branchId: branchA.id });
    const me = await as(tech.username, tech.password);
    const base = { firstName: 'Self', lastName: 'Edited', email: 'self@example.com' };

    const ok = await me.post(`/api/update-user/${tech.id}`, { ...base, username: tech.username });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      message: 'Profile updated successfully',
      data: { firstName: 'Self' },
    });

    const role = await me.post(`/api/update-user/${tech.id}`, { ...base, role: 'admin' });
    const status = await me.post(`/api/update-user/${tech.id}`, { ...base, status: 'inactive' });
    const username = await me.post(`/api/update-user/${tech.id}`, { ...base, username: 'boss' });
    const branch = await me.post(`/api/update-user/${tech.id}`, { ...base, branch: branchB.id });
    expect([role.statusCode, status.statusCode, username.statusCode, branch.statusCode]).toEqual([
      403, 403, 400, 403,
    ]);
    expect(username.json().message).toBe('Username cannot be changed');

    const [row] = await t.db.select().from(users).where(eq(users.id, tech.id));
    expect(row).toMatchObject({
      role: 'technician',
      status: 'active',
      username: tech.username,
      branchId: branchA.id,
    });
  });
});

describe('passwords', () => {
  it('changes one’s own password only with the right current one', async () => {
    const tech = await createUser(t.db, 'technician', { branchId: branchA.id });
    const me = await as(tech.username, tech.password);
    const wrong = await me.post(`/api/change-password/${tech.id}`, {
      currentPassword: 'nope',
      newPassword: 'new-secret',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Current password is incorrect');
    const missing = await me.post(`/api/change-password/${tech.id}`, { newPassword: 'x' });
    expect(missing.json().message).toBe('All password fields are required');
    const short = await me.post(`/api/change-password/${tech.id}`, {
      currentPassword: tech.password,
      newPassword: '123',
    });
    expect(short.json().message).toBe('Password must be at least 6 characters long');

    const done = await me.post(`/api/change-password/${tech.id}`, {
      currentPassword: tech.password,
      newPassword: 'new-secret',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ success: true, message: 'Password changed successfully' });
    await expect(loginAs(t.app, tech.username, 'new-secret')).resolves.toMatch(/karya_session=/);

    const other = await createUser(t.db, 'technician');
    const someoneElse = await me.post(`/api/change-password/${other.id}`, {
      currentPassword: other.password,
      newPassword: 'hijacked',
    });
    expect(someoneElse.statusCode).toBe(403);
  });

  it('ends every other session of the account, and keeps the one that changed it', async () => {
    const tech = await createUser(t.db, 'technician', { branchId: branchA.id });
    const phone = await as(tech.username, tech.password);
    const shopComputer = await as(tech.username, tech.password);
    expect((await shopComputer.get('/api/me')).statusCode).toBe(200);
    const done = await phone.post(`/api/change-password/${tech.id}`, {
      currentPassword: tech.password,
      newPassword: 'new-secret',
    });
    expect(done.statusCode).toBe(200);
    expect((await phone.get('/api/me')).statusCode).toBe(200);
    const refused = await shopComputer.get('/api/me');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('Please log in');
  });

  it('lets an admin set a password, ending the user’s sessions', async () => {
    const manager = await createUser(t.db, 'manager', { branchId: (await createBranch(t.db)).id });
    const cookie = await loginAs(t.app, manager.username, manager.password);
    const short = await admin.post(`/api/admin-change-password/${manager.id}`, {
      newPassword: '1',
    });
    expect(short.json().message).toBe('Password must be at least 6 characters long');
    const done = await admin.post(`/api/admin-change-password/${manager.id}`, {
      newPassword: 'reset-123',
    });
    expect(done.json()).toMatchObject({ success: true, message: 'Password updated successfully' });
    expect((await client(t.app, cookie).get('/api/me')).statusCode).toBe(401);
    await expect(loginAs(t.app, manager.username, 'reset-123')).resolves.toMatch(/karya_session=/);
  });
});

describe('user-status and delete-user', () => {
  it('deactivating a user refuses their existing session at once; reactivating lets them in', async () => {
    const tech = await createUser(t.db, 'technician', { branchId: branchA.id });
    const session = await as(tech.username, tech.password);
    expect((await session.get('/api/me')).statusCode).toBe(200);

    const off = await admin.post('/api/user-status', { userId: tech.id, status: 'inactive' });
    expect(off.json()).toMatchObject({
      message: 'User deactivated successfully',
      data: { status: 'inactive' },
    });
    expect((await session.get('/api/me')).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: tech.username, password: tech.password },
    });
    expect(login.statusCode).toBe(403);

    const on = await admin.post('/api/user-status', { userId: tech.id, status: 'active' });
    expect(on.json().message).toBe('User activated successfully');
    await expect(loginAs(t.app, tech.username, tech.password)).resolves.toMatch(/karya_session=/);
  });

  it('refuses an admin deactivating themselves and a bad status', async () => {
    const me = (await admin.get('/api/me')).json().data._id;
    const self = await admin.post('/api/user-status', { userId: me, status: 'inactive' });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot deactivate your own account');
    const bad = await admin.post('/api/user-status', { userId: me, status: 'asleep' });
    expect(bad.json().message).toBe('Status must be active or inactive');
  });

  it('deletes an account without history and keeps one with history', async () => {
    const fresh = await createUser(t.db, 'technician', { branchId: branchA.id });
    const deleted = await admin.delete('/api/delete-user', { userId: fresh.id });
    expect(deleted.json()).toMatchObject({ success: true, message: 'User deleted successfully' });
    expect((await admin.get(`/api/get-user/${fresh.id}`)).statusCode).toBe(404);

    const used = await createUser(t.db, 'technician', { branchId: branchA.id });
    await loginAs(t.app, used.username, used.password);
    const kept = await admin.delete('/api/delete-user', { userId: used.id });
    expect(kept.statusCode).toBe(409);
    expect(kept.json().message).toMatch(/Deactivate the account instead/);

    const me = (await admin.get('/api/me')).json().data._id;
    expect((await admin.delete('/api/delete-user', { userId: me })).statusCode).toBe(400);
  });
});
