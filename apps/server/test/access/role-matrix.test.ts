import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBranch, createUser } from '../helpers/factories';
import { type Client, client } from '../helpers/http';
import { ADMIN, createTestApp, loginAs, type TestApp } from '../helpers/test-app';

/**
 * Who may call what: every endpoint of spec 1 §7.2 (plus the transfer answers) called by an
 * admin, the manager of branch A, the manager of branch B and a technician of branch A.
 * Allowed callers get the listed status; everyone else gets 403.
 */
type ActorName = 'admin' | 'managerA' | 'managerB' | 'technician';

interface World {
  branchA: string;
  techA: string;
  selfId: Record<ActorName, string>;
  managerA: string;
}

interface Row {
  call: string;
  allowed: Partial<Record<ActorName, number>>;
  send(http: Client, world: World, me: ActorName): Promise<{ statusCode: number }>;
}

let t: TestApp;
let world: World;
const http = {} as Record<ActorName, Client>;
let seq = 0;
const NOBODY = '00000000-0000-4000-8000-000000000000';

const newPerson = (extra: Record<string, unknown> = {}) => {
  seq += 1;
  return {
    firstName: 'New',
    lastName: 'Person',
    username: `matrix_${seq}`,
    email: `matrix_${seq}@example.com`,
    password: 'secret-123',
    ...extra,
  };
};
const throwaway = () => createUser(t.db, 'technician', { branchId: world.branchA });

const rows: Row[] = [
  { call: 'GET /get-admins', allowed: { admin: 200 }, send: (h) => h.get('/api/get-admins') },
  {
    call: 'POST /add-admins',
    allowed: { admin: 200 },
    send: (h) => h.post('/api/add-admins', newPerson()),
  },
  { call: 'GET /get-managers', allowed: { admin: 200 }, send: (h) => h.get('/api/get-managers') },
  {
    call: 'POST /add-managers',
    allowed: { admin: 200 },
    send: (h, w) => h.post('/api/add-managers', newPerson({ branch: w.branchA })),
  },
  {
    call: 'GET /get-technicians',
    allowed: { admin: 200 },
    send: (h, w) => h.get(`/api/get-technicians?branch=${w.branchA}`),
  },
  {
    call: 'POST /add-technicians',
    allowed: { admin: 200 },
    send: (h, w) => h.post('/api/add-technicians', newPerson({ branch: w.branchA })),
  },
  {
    call: 'GET /manager-get-technician',
    allowed: { managerA: 200, managerB: 200 },
    send: (h) => h.get('/api/manager-get-technician'),
  },
  {
    call: 'POST /manager-add-technician',
    allowed: { managerA: 200, managerB: 200 },
    send: (h) => h.post('/api/manager-add-technician', newPerson()),
  },
  { call: 'GET /get-branches', allowed: { admin: 200 }, send: (h) => h.get('/api/get-branches') },
  {
    call: 'POST /add-branches',
    allowed: { admin: 200 },
    send: (h) => h.post('/api/add-branches', { name: `B${++seq}`, location: 'Pune' }),
  },
  {
    call: 'GET /get-branch/{branch A}',
    allowed: { admin: 200, managerA: 200 },
    send: (h, w) => h.get(`/api/get-branch/${w.branchA}`),
  },
  {
    call: 'POST /user-status',
    allowed: { admin: 200 },
    send: async (h) =>
      h.post('/api/user-status', { userId: (await throwaway()).id, status: 'active' }),
  },
  {
    call: 'GET /get-user/{self}',
    allowed: { admin: 200, managerA: 200, managerB: 200, technician: 200 },
    send: (h, w, me) => h.get(`/api/get-user/${w.selfId[me]}`),
  },
  {
    call: 'GET /get-user/{technician of A}',
    allowed: { admin: 200, managerA: 200 },
    send: (h, w) => h.get(`/api/get-user/${w.techA}`),
  },
  {
    call: 'GET /get-user/{manager of A}',
    allowed: { admin: 200, managerA: 200 },
    send: (h, w) => h.get(`/api/get-user/${w.managerA}`),
  },
  {
    call: 'POST /update-user/{self}',
    allowed: { admin: 200, managerA: 200, managerB: 200, technician: 200 },
    send: (h, w, me) =>
      h.post(`/api/update-user/${w.selfId[me]}`, {
        firstName: 'Same',
        lastName: me,
        email: `${me}@example.com`,
      }),
  },
  {
    call: 'POST /update-user/{technician of A}',
    allowed: { admin: 200, managerA: 200 },
    send: (h, w) =>
      h.post(`/api/update-user/${w.techA}`, {
        firstName: 'Tech',
        lastName: 'A',
        email: 'techa@example.com',
      }),
  },
  {
    call: 'DELETE /delete-user',
    allowed: { admin: 200 },
    send: async (h) => h.delete('/api/delete-user', { userId: (await throwaway()).id }),
  },
  {
    call: 'POST /change-password/{self}',
    allowed: { admin: 200, managerA: 200, managerB: 200, technician: 200 },
    send: (h, w, me) =>
      h.post(`/api/change-password/${w.selfId[me]}`, {
        currentPassword: me === 'admin' ? ADMIN.password : 'secret-123',
        newPassword: me === 'admin' ? ADMIN.password : 'secret-123',
      }),
  },
  {
    call: 'POST /change-password/{someone else}',
    allowed: {},
    send: (h, w) =>
      h.post(`/api/change-password/${w.techA}`, {
        currentPassword: 'secret-123',
        newPassword: 'secret-456',
      }),
  },
  {
    call: 'POST /admin-change-password/{user}',
    allowed: { admin: 200 },
    send: async (h) =>
      h.post(`/api/admin-change-password/${(await throwaway()).id}`, { newPassword: 'reset-123' }),
  },
  {
    call: 'GET /get-manager-detail/{manager of A}',
    allowed: { admin: 200 },
    send: (h, w) => h.get(`/api/get-manager-detail/${w.managerA}`),
  },
  {
    call: 'GET /manager-status',
    allowed: { managerA: 200, managerB: 200 },
    send: (h) => h.get('/api/manager-status'),
  },
  {
    call: 'GET /new-managers',
    allowed: { managerA: 200, managerB: 200 },
    send: (h) => h.get('/api/new-managers'),
  },
  {
    call: 'GET /get-rejected-transfers',
    allowed: { managerA: 200, managerB: 200 },
    send: (h) => h.get('/api/get-rejected-transfers'),
  },
  {
    // Past the guard a manager is told the candidate is not theirs (no pending managers here).
    call: 'POST /initiate-transfer',
    allowed: { managerA: 400, managerB: 400 },
    send: (h) => h.post('/api/initiate-transfer', { newManagerId: NOBODY }),
  },
  {
    call: 'POST /accept-transfer/{id}',
    allowed: { managerA: 404, managerB: 404 },
    send: (h) => h.post(`/api/accept-transfer/${NOBODY}`, { responseMessage: 'ok' }),
  },
  {
    call: 'POST /reject-transfer/{id}',
    allowed: { managerA: 404, managerB: 404 },
    send: (h) => h.post(`/api/reject-transfer/${NOBODY}`, { rejectReason: 'no' }),
  },
  {
    call: 'POST /acknowledge-rejection/{id}',
    allowed: { managerA: 404, managerB: 404 },
    send: (h) => h.post(`/api/acknowledge-rejection/${NOBODY}`),
  },
  {
    call: 'POST /update-branch/{branch A}',
    allowed: { admin: 200 },
    send: (h, w) => h.post(`/api/update-branch/${w.branchA}`, { phone: '020 1234 5678' }),
  },
  // Bills (spec 2 §7): past the guard, nothing to bill or read here answers 404.
  {
    call: 'POST /create-bill',
    allowed: { technician: 404 },
    send: (h) =>
      h.post('/api/create-bill', {
        customerId: NOBODY,
        orderId: 'WO-2026-999999',
        items: [{ itemId: 'ITEM-1', name: 'x', quantity: 1, serialNumber: null }],
      }),
  },
  {
    call: 'POST /confirm-order-bill',
    allowed: { technician: 404 },
    send: (h) =>
      h.post('/api/confirm-order-bill', {
        billId: NOBODY,
        paymentMethod: 'cash',
        transactionId: null,
        paidAmount: 0,
      }),
  },
  {
    call: 'POST /reject-bill',
    allowed: { technician: 404 },
    send: (h) => h.post('/api/reject-bill', { billId: NOBODY, rejectionReason: 'wrong items' }),
  },
  {
    call: 'GET /get-bill-details/{id}',
    allowed: { admin: 404, managerA: 404, managerB: 404, technician: 404 },
    send: (h) => h.get(`/api/get-bill-details/${NOBODY}`),
  },
  {
    call: 'GET /history',
    allowed: { admin: 200, managerA: 200, managerB: 200, technician: 200 },
    send: (h) => h.get('/api/history'),
  },
  {
    call: 'GET /workorder',
    allowed: { admin: 404, managerA: 404, managerB: 404, technician: 404 },
    send: (h) => h.get('/api/workorder?orderId=WO-2026-999999'),
  },
  {
    call: 'POST /update-serial-status',
    allowed: { admin: 404, managerA: 404, managerB: 404, technician: 404 },
    send: (h) =>
      h.post('/api/update-serial-status', {
        serialNumbers: ['SN-NONE'],
        workOrderId: 'WO-2026-999999',
      }),
  },
  // Issue 19: the business profile, GST rates, receipts, cancellation, dues and reports.
  {
    call: 'GET /business-profile',
    allowed: { admin: 200, managerA: 200, managerB: 200, technician: 200 },
    send: (h) => h.get('/api/business-profile'),
  },
  {
    call: 'PUT /business-profile',
    allowed: { admin: 200 },
    send: (h) => h.put('/api/business-profile', { legalName: 'Matrix Security Pvt Ltd' }),
  },
  {
    call: 'GET /gst-rates',
    allowed: { admin: 200, managerA: 200, managerB: 200, technician: 200 },
    send: (h) => h.get('/api/gst-rates'),
  },
  {
    call: 'POST /record-bill-payment',
    allowed: { admin: 404, managerA: 404, managerB: 404, technician: 404 },
    send: (h) =>
      h.post('/api/record-bill-payment', { billId: NOBODY, amount: 100, paymentMethod: 'cash' }),
  },
  {
    // A maintenance contract's invoice (decision 037): the desk only.
    call: 'POST /record-amc-invoice-payment',
    allowed: { admin: 404, managerA: 404, managerB: 404 },
    send: (h) =>
      h.post('/api/record-amc-invoice-payment', {
        invoiceId: NOBODY,
        amount: 100,
        paymentMethod: 'cash',
      }),
  },
  {
    call: 'POST /cancel-invoice',
    allowed: { admin: 404, managerA: 404, managerB: 404 },
    send: (h) => h.post('/api/cancel-invoice', { billId: NOBODY, reason: 'typed the wrong item' }),
  },
  {
    call: 'POST /issue-corrected-invoice',
    allowed: { admin: 404, managerA: 404, managerB: 404 },
    send: (h) =>
      h.post('/api/issue-corrected-invoice', {
        billId: NOBODY,
        lines: [{ lineId: NOBODY, name: 'Camera Installation', price: 500 }],
      }),
  },
  {
    call: 'GET /outstanding-dues',
    allowed: { admin: 200, managerA: 200, managerB: 200 },
    send: (h) => h.get('/api/outstanding-dues'),
  },
  {
    call: 'GET /outstanding-dues-totals',
    allowed: { admin: 200, managerA: 200, managerB: 200 },
    send: (h) => h.get('/api/outstanding-dues-totals'),
  },
  {
    call: 'GET /visit-dues',
    allowed: { technician: 200 },
    send: (h) => h.get('/api/visit-dues?orderId=WO-2026-999999'),
  },
  {
    call: 'GET /gst-sales-register',
    allowed: { admin: 200, managerA: 200, managerB: 200 },
    send: (h) => h.get('/api/gst-sales-register?from=2026-04-01&to=2026-04-30'),
  },
  {
    call: 'GET /gst-hsn-summary',
    allowed: { admin: 200, managerA: 200, managerB: 200 },
    send: (h) => h.get('/api/gst-hsn-summary?from=2026-04-01&to=2026-04-30'),
  },
];

const ACTORS: ActorName[] = ['admin', 'managerA', 'managerB', 'technician'];

beforeAll(async () => {
  t = await createTestApp();
  const branchA = await createBranch(t.db);
  const branchB = await createBranch(t.db);
  const managerA = await createUser(t.db, 'manager', { branchId: branchA.id });
  const managerB = await createUser(t.db, 'manager', { branchId: branchB.id });
  const technician = await createUser(t.db, 'technician', { branchId: branchA.id });
  const techA = await createUser(t.db, 'technician', { branchId: branchA.id });
  http.admin = client(t.app, await loginAs(t.app, ADMIN.username, ADMIN.password));
  http.managerA = client(t.app, await loginAs(t.app, managerA.username, managerA.password));
  http.managerB = client(t.app, await loginAs(t.app, managerB.username, managerB.password));
  http.technician = client(t.app, await loginAs(t.app, technician.username, technician.password));
  const adminId = (await http.admin.get('/api/me')).json().data._id;
  world = {
    branchA: branchA.id,
    techA: techA.id,
    managerA: managerA.id,
    selfId: {
      admin: adminId,
      managerA: managerA.id,
      managerB: managerB.id,
      technician: technician.id,
    },
  };
});
afterAll(() => t.close());

describe('role and branch matrix', () => {
  const cases = rows.flatMap((row) =>
    ACTORS.map((actor) => ({ row, actor, expected: row.allowed[actor] ?? 403 })),
  );
  it.each(cases)('$row.call as $actor → $expected', async ({ row, actor, expected }) => {
    const response = await row.send(http[actor], world, actor);
    expect(response.statusCode).toBe(expected);
  });

  it('refuses every endpoint without a session', async () => {
    const anonymous = client(t.app);
    for (const row of rows) {
      const response = await row.send(anonymous, world, 'technician');
      expect(response.statusCode, row.call).toBe(401);
    }
  });
});
