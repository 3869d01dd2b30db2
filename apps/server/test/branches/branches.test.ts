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

describe('branch tax identity (issue 19)', () => {
  const MH = '27AAPFU0939F1ZV';
  const KA = '29ABCDE1234F1ZW';
  const taxOf = (data: { gstin: unknown; stateCode: unknown; invoicePrefix: unknown }) => ({
    gstin: data.gstin,
    stateCode: data.stateCode,
    invoicePrefix: data.invoicePrefix,
  });
  const add = (extra: object) =>
    admin.post('/api/add-branches', { name: `Tax ${Math.random()}`, location: 'Pune', ...extra });

  it('answers a branch without them as nulls', async () => {
    const response = await add({});
    expect(taxOf(response.json().data)).toEqual({
      gstin: null,
      stateCode: null,
      invoicePrefix: null,
    });
  });

  it('saves GSTIN, state and invoice series, upper-cased, and answers them everywhere', async () => {
    const response = await add({
      gstin: ` ${MH.toLowerCase()} `,
      stateCode: '27',
      invoicePrefix: 'kt1',
    });
    expect(response.statusCode).toBe(200);
    const branch = response.json().data;
    expect(taxOf(branch)).toEqual({ gstin: MH, stateCode: '27', invoicePrefix: 'KT1' });
    expect(taxOf((await admin.get(`/api/get-branch/${branch._id}`)).json().data)).toEqual(
      taxOf(branch),
    );
    const listed = (await admin.get('/api/get-branches'))
      .json()
      .data.find((b: { _id: string }) => b._id === branch._id);
    expect(taxOf(listed)).toEqual(taxOf(branch));
  });

  it('takes the state from the GSTIN when none is sent', async () => {
    const response = await add({ gstin: KA });
    expect(taxOf(response.json().data)).toMatchObject({ gstin: KA, stateCode: '29' });
  });

  it('keeps a state without a GSTIN (a branch that issues bills of supply)', async () => {
    const response = await add({ stateCode: '33', gstin: '' });
    expect(taxOf(response.json().data)).toMatchObject({ gstin: null, stateCode: '33' });
  });

  it.each([
    [{ gstin: '27AAPFU0939F1Z' }, 'GSTIN must be 15 characters'],
    [{ gstin: '27AAPFU0939F1-V' }, 'GSTIN format is not valid'],
    [{ gstin: '99AAPFU0939F1ZV' }, 'GSTIN state code is not a valid state'],
    [{ gstin: '27AAPFU0939F1ZW' }, 'GSTIN check digit does not match: please check for a typo'],
    [
      { gstin: MH, stateCode: '29' },
      "The GSTIN's first two digits must be the code of the branch's state",
    ],
    [{ stateCode: '25' }, 'Please select a state'],
    [{ stateCode: 'MH' }, 'Please select a state'],
    [{ invoicePrefix: 'KOTHR' }, 'Invoice series must be 1 to 4 letters or digits'],
    [{ invoicePrefix: 'K/1' }, 'Invoice series must be 1 to 4 letters or digits'],
  ])('refuses adding %o with %s, and adds nothing', async (payload, message) => {
    const before = (await admin.get('/api/get-branches')).json().data.length;
    const response = await add(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect((await admin.get('/api/get-branches')).json().data).toHaveLength(before);
  });

  it('refuses an invoice series another branch uses with 409', async () => {
    expect((await add({ invoicePrefix: 'SAME' })).statusCode).toBe(200);
    const taken = await add({ invoicePrefix: 'same' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Another branch already uses this invoice series');

    const other = (await add({})).json().data;
    const update = await admin.post(`/api/update-branch/${other._id}`, { invoicePrefix: 'SAME' });
    expect(update.statusCode).toBe(409);
    expect(update.json().message).toBe('Another branch already uses this invoice series');
    expect(
      taxOf((await admin.get(`/api/get-branch/${other._id}`)).json().data).invoicePrefix,
    ).toBeNull();
  });

  it('updates each field alone, checks a state against the saved GSTIN, and clears with null or blank', async () => {
    const branch = (await add({})).json().data;
    const update = (body: object) => admin.post(`/api/update-branch/${branch._id}`, body);

    const withGstin = await update({ gstin: MH });
    expect(withGstin.json()).toMatchObject({ message: 'Branch updated successfully' });
    expect(taxOf(withGstin.json().data)).toEqual({
      gstin: MH,
      stateCode: '27',
      invoicePrefix: null,
    });

    // The saved GSTIN is of Maharashtra: moving the branch to Karnataka alone is refused.
    const moved = await update({ stateCode: '29' });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe(
      "The GSTIN's first two digits must be the code of the branch's state",
    );
    // A new GSTIN sent alone brings its own state.
    expect(taxOf((await update({ gstin: KA })).json().data)).toMatchObject({
      gstin: KA,
      stateCode: '29',
    });

    expect(taxOf((await update({ invoicePrefix: 'ab12' })).json().data).invoicePrefix).toBe('AB12');
    // Fields not sent stay.
    expect(taxOf((await update({ phone: '080-1' })).json().data)).toEqual({
      gstin: KA,
      stateCode: '29',
      invoicePrefix: 'AB12',
    });
    const cleared = await update({ gstin: '', invoicePrefix: null });
    expect(taxOf(cleared.json().data)).toEqual({
      gstin: null,
      stateCode: '29',
      invoicePrefix: null,
    });
    expect(taxOf((await update({ stateCode: null })).json().data).stateCode).toBeNull();
  });

  it('refuses a manager and a technician changing them', async () => {
    const branch = await createBranch(t.db);
    for (const role of ['manager', 'technician'] as const) {
      const user = await createUser(t.db, role, { branchId: branch.id });
      const caller = client(t.app, await loginAs(t.app, user.username, user.password));
      const response = await caller.post(`/api/update-branch/${branch.id}`, {
        gstin: MH,
      });
      expect(response.statusCode).toBe(403);
    }
    expect(taxOf((await admin.get(`/api/get-branch/${branch.id}`)).json().data).gstin).toBeNull();
  });
});
