import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownershipTransfers } from '../../src/db/schema';
import { createBranch } from '../helpers/factories';
import { type Client, client } from '../helpers/http';
import { ADMIN, createTestApp, loginAs, type TestApp } from '../helpers/test-app';

let t: TestApp;
let admin: Client;

beforeAll(async () => {
  t = await createTestApp();
  admin = client(t.app, await loginAs(t.app, ADMIN.username, ADMIN.password));
});
afterAll(() => t.close());

const PENDING =
  'Your account access is pending. Please wait for the current manager to transfer ownership.';
const TRANSFERRED = 'Ownership of this branch has been transferred. You can only log out.';

let seq = 0;
/** A branch with an active manager and a second, pending one, both added through the API. */
async function branchWithTwoManagers() {
  const branch = await createBranch(t.db);
  const add = async (firstName: string) => {
    seq += 1;
    const username = `mgr_${seq}`;
    const response = await admin.post('/api/add-managers', {
      firstName,
      lastName: 'Kale',
      username,
      email: `${username}@example.com`,
      password: 'secret-123',
      branch: branch.id,
    });
    const user = response.json().data;
    return { ...user, http: client(t.app, await loginAs(t.app, username, 'secret-123')) };
  };
  const oldManager = await add('Omkar');
  const newManager = await add('Nisha');
  return { branch, oldManager, newManager };
}

describe('a pending manager', () => {
  it('sees Account Access Pending and reaches only what the spec allows', async () => {
    const { oldManager, newManager } = await branchWithTwoManagers();
    expect(oldManager.activeManagerStatus).toBe('active');
    expect(newManager.activeManagerStatus).toBe('pending');

    const status = await newManager.http.get('/api/manager-status');
    expect(status.json().data).toEqual({
      activeManagerStatus: 'pending',
      transfer: null,
      completedTransfer: null,
      rejectedTransfers: [],
    });
    const refused = await newManager.http.get('/api/manager-get-technician');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(PENDING);
    expect((await newManager.http.get('/api/new-managers')).statusCode).toBe(403);
    // Own profile and password stay reachable.
    expect((await newManager.http.get('/api/me')).statusCode).toBe(200);
    expect((await newManager.http.get(`/api/get-user/${newManager._id}`)).statusCode).toBe(200);
    expect((await newManager.http.get(`/api/get-user/${oldManager._id}`)).statusCode).toBe(403);
  });
});

describe('ownership transfer', () => {
  it('is accepted end to end: the old manager is transferred and refused afterwards', async () => {
    const { branch, oldManager, newManager } = await branchWithTwoManagers();

    const candidates = await oldManager.http.get('/api/new-managers');
    expect(candidates.json().data).toEqual([
      {
        _id: newManager._id,
        firstName: 'Nisha',
        lastName: 'Kale',
        email: newManager.email,
      },
    ]);

    const initiated = await oldManager.http.post('/api/initiate-transfer', {
      newManagerId: newManager._id,
      message: 'Please take over',
    });
    expect(initiated.statusCode).toBe(200);
    expect(initiated.json()).toMatchObject({
      message: 'Transfer request sent to Nisha Kale',
      data: { status: 'pending', message: 'Please take over', branch: { _id: branch.id } },
    });
    const transferId = initiated.json().data._id;

    // While handing over, the old manager is blocked like a transferred one.
    const meanwhile = await oldManager.http.get('/api/manager-get-technician');
    expect(meanwhile.statusCode).toBe(403);
    expect(meanwhile.json().message).toBe(TRANSFERRED);

    const status = await newManager.http.get('/api/manager-status');
    expect(status.json().data.transfer).toMatchObject({
      _id: transferId,
      oldManager: { _id: oldManager._id, firstName: 'Omkar', lastName: 'Kale' },
      message: 'Please take over',
    });

    const blank = await newManager.http.post(`/api/accept-transfer/${transferId}`, {
      responseMessage: '  ',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Please add a response message for the current manager.');

    const accepted = await newManager.http.post(`/api/accept-transfer/${transferId}`, {
      responseMessage: 'Thank you',
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      message: 'Ownership transfer accepted',
      data: { status: 'accepted', responseMessage: 'Thank you' },
    });
    const again = await newManager.http.post(`/api/accept-transfer/${transferId}`, {
      responseMessage: 'Twice',
    });
    expect(again.statusCode).toBe(409);

    // The new manager now has the branch; the old one can only log out.
    expect((await newManager.http.get('/api/manager-get-technician')).statusCode).toBe(200);
    const oldStatus = await oldManager.http.get('/api/manager-status');
    expect(oldStatus.json().data).toMatchObject({
      activeManagerStatus: 'transferred',
      completedTransfer: { _id: transferId, newManager: { _id: newManager._id } },
    });
    for (const url of ['/api/manager-get-technician', `/api/get-user/${oldManager._id}`]) {
      const refused = await oldManager.http.get(url);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(TRANSFERRED);
    }
    const password = await oldManager.http.post(`/api/change-password/${oldManager._id}`, {
      currentPassword: 'secret-123',
      newPassword: 'another-1',
    });
    expect(password.statusCode).toBe(403);
    expect((await oldManager.http.get('/api/me')).statusCode).toBe(200);

    const branches = await admin.get('/api/get-branches');
    const row = branches.json().data.find((b: { _id: string }) => b._id === branch.id);
    expect(row.manager).toBe('Nisha Kale');
  });

  it('is rejected end to end: the reason reaches the old manager until acknowledged', async () => {
    const { oldManager, newManager } = await branchWithTwoManagers();
    const initiated = await oldManager.http.post('/api/initiate-transfer', {
      newManagerId: newManager._id,
      message: '',
    });
    const transferId = initiated.json().data._id;

    // Only the candidate answers.
    const notMine = await oldManager.http.post(`/api/reject-transfer/${transferId}`, {
      rejectReason: 'x',
    });
    expect(notMine.statusCode).toBe(403);

    const noReason = await newManager.http.post(`/api/reject-transfer/${transferId}`, {});
    expect(noReason.json().message).toBe('Please provide a reason for rejecting the transfer.');

    const rejected = await newManager.http.post(`/api/reject-transfer/${transferId}`, {
      rejectReason: 'Not ready yet',
    });
    expect(rejected.json()).toMatchObject({
      message: 'Ownership transfer rejected',
      data: { status: 'rejected', rejectReason: 'Not ready yet' },
    });
    expect(rejected.json().data.rejectedAt).toEqual(expect.any(String));

    const status = await oldManager.http.get('/api/manager-status');
    expect(status.json().data.activeManagerStatus).toBe('active');
    expect(status.json().data.rejectedTransfers).toHaveLength(1);
    expect((await oldManager.http.get('/api/manager-get-technician')).statusCode).toBe(200);
    expect((await newManager.http.get('/api/manager-status')).json().data.transfer).toBeNull();

    // No new request until the rejection is acknowledged ('Understood').
    const tooSoon = await oldManager.http.post('/api/initiate-transfer', {
      newManagerId: newManager._id,
    });
    expect(tooSoon.statusCode).toBe(409);

    const understood = await oldManager.http.post(`/api/acknowledge-rejection/${transferId}`);
    expect(understood.json().data.acknowledgedAt).toEqual(expect.any(String));
    const after = await oldManager.http.get('/api/manager-status');
    expect(after.json().data.rejectedTransfers).toEqual([]);
    const history = await oldManager.http.get('/api/get-rejected-transfers');
    expect(history.json().data).toMatchObject([
      { _id: transferId, rejectReason: 'Not ready yet', newManager: { firstName: 'Nisha' } },
    ]);

    const retry = await oldManager.http.post('/api/initiate-transfer', {
      newManagerId: newManager._id,
    });
    expect(retry.statusCode).toBe(200);
  });

  it('keeps one open transfer per branch even when two requests race', async () => {
    const { branch, oldManager, newManager } = await branchWithTwoManagers();
    const payload = { newManagerId: newManager._id, message: 'race' };
    const answers = await Promise.all([
      oldManager.http.post('/api/initiate-transfer', payload),
      oldManager.http.post('/api/initiate-transfer', payload),
    ]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const rows = await t.db
      .select()
      .from(ownershipTransfers)
      .where(eq(ownershipTransfers.branchId, branch.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses a candidate who is not a pending manager of the same branch', async () => {
    const first = await branchWithTwoManagers();
    const second = await branchWithTwoManagers();
    const otherBranch = await first.oldManager.http.post('/api/initiate-transfer', {
      newManagerId: second.newManager._id,
    });
    expect(otherBranch.statusCode).toBe(400);
    const missing = await first.oldManager.http.post('/api/initiate-transfer', {});
    expect(missing.json().message).toBe('Please select a new manager');
  });
});
