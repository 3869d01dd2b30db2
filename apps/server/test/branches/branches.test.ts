import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBranch, createUser } from '../helpers/factories';
import { type Client, client } from '../helpers/http';
import { ADMIN, createTestApp, loginAs, type TestApp } from '../helpers/test-app';

let t: TestApp;
let admin: Client;

beforeAll(async () => {
  t = await createTestApp();
  admin = client(t.app, await loginAs(t.app, ADMIN.username, ADMIN.password));
});
afterAll(() => t.close());

describe('branches', () => {
  it('adds a branch with its creator and no manager yet', async () => {
    const response = await admin.post('/api/add-branches', {
      name: 'Kothrud',
      location: 'Pune',
      address: 'Paud Road',
      phone: '020-1234',
      status: 'active',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: 'Branch added successfully',
      data: {
        name: 'Kothrud',
        location: 'Pune',
        address: 'Paud Road',
        phone: '020-1234',
        status: 'active',
        createdBy: { firstName: 'System', lastName: 'Admin' },
        manager: 'None',
        managerInfo: null,
        technicians: 0,
        customers: 0,
        projects: 0,
      },
    });
  });

  it.each([[{ location: 'Pune' }], [{ name: 'Aundh' }], [{ name: '  ', location: 'Pune' }]])(
    "refuses %o with 'Branch name and location are required'",
    async (payload) => {
      const response = await admin.post('/api/add-branches', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Branch name and location are required');
    },
  );

  it('derives the manager name and counts only active technicians', async () => {
    const branch = await createBranch(t.db, { name: 'Wakad' });
    await createUser(t.db, 'manager', {
      branchId: branch.id,
      firstName: 'Meera',
      lastName: 'Joshi',
    });
    await createUser(t.db, 'manager', { branchId: branch.id, activeManagerStatus: 'pending' });
    await createUser(t.db, 'technician', { branchId: branch.id });
    await createUser(t.db, 'technician', { branchId: branch.id });
    await createUser(t.db, 'technician', { branchId: branch.id, status: 'inactive' });

    const list = await admin.get('/api/get-branches');
    expect(list.statusCode).toBe(200);
    const wakad = list.json().data.find((b: { name: string }) => b.name === 'Wakad');
    expect(wakad).toMatchObject({
      _id: branch.id,
      manager: 'Meera Joshi',
      managerInfo: { firstName: 'Meera', lastName: 'Joshi' },
      technicians: 2,
      customers: 0,
      projects: 0,
    });

    const one = await admin.get(`/api/get-branch/${branch.id}`);
    // The detail adds the Technicians Overview (every technician, counts in test/dashboard).
    const { techniciansOverview, ...detail } = one.json().data;
    expect(detail).toEqual(wakad);
    expect(techniciansOverview.rows).toHaveLength(3);
  });

  it('answers one branch to its own manager only, and 404 for an unknown one', async () => {
    const own = await createBranch(t.db);
    const other = await createBranch(t.db);
    const manager = await createUser(t.db, 'manager', { branchId: own.id });
    const m = client(t.app, await loginAs(t.app, manager.username, manager.password));
    expect((await m.get(`/api/get-branch/${own.id}`)).statusCode).toBe(200);
    expect((await m.get(`/api/get-branch/${other.id}`)).statusCode).toBe(403);
    const unknown = await admin.get('/api/get-branch/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Branch not found');
  });
});
