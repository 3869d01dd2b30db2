import { PAYMENT_HISTORY_STATUS } from '@karya/domain/bill-schemas';
import { WORK_ORDER_STATUSES } from '@karya/domain/contact-schemas';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bills,
  branches,
  customers,
  users,
  workOrderStatusHistory,
  workOrders,
} from '../../src/db/schema';
import { createBranch, createPaidBill, createUser } from '../helpers/factories';
import { type Client, client } from '../helpers/http';
import { ADMIN, createTestApp, loginAs, type TestApp } from '../helpers/test-app';

/**
 * The work-order answers are built by PostgreSQL as one json per order (issue 17). Here they
 * are checked field by field against the answer built in JavaScript from the rows, as the
 * service did before, for orders in every status: history, rejections, pauses, bills, a
 * payment entry, a transfer and its reassignment, a complaint on a completed project.
 */

let t: TestApp;
let admin: Client;
let manager: Client;
const techs: Client[] = [];
const techIds: string[] = [];
let branch: { id: string; name: string };
const FIVE_WORDS = 'All work checked and done';

beforeAll(async () => {
  t = await createTestApp();
  admin = client(t.app, await loginAs(t.app, ADMIN.username, ADMIN.password));
  branch = await createBranch(t.db, { name: 'Aundh' });
  const m = await createUser(t.db, 'manager', { branchId: branch.id, lastName: 'Kulkarni' });
  manager = client(t.app, await loginAs(t.app, m.username, m.password));
  for (const firstName of ['Ravi', 'Sunil', 'Ajay', 'Vijay', 'Nitin', 'Ganesh']) {
    const tech = await createUser(t.db, 'technician', {
      branchId: branch.id,
      firstName,
      phone: '+91 98220 55555',
    });
    techIds.push(tech.id);
    techs.push(client(t.app, await loginAs(t.app, tech.username, tech.password)));
  }
});
afterAll(() => t.close());

interface Order {
  _id: string;
  orderId: string;
  customerId: string;
}
const key = (order: Order) => ({ customerId: order.customerId, orderId: order.orderId });

async function ok(response: { statusCode: number; body: string; json: () => unknown }) {
  if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body}`);
  return response.json() as { data: Record<string, unknown> };
}

let phoneSeq = 0;
async function newOrder(name: string): Promise<Order> {
  phoneSeq += 1;
  const answer = await ok(
    await manager.post('/api/create-customer', {
      name,
      phoneNumber: `+9196${String(10_000_000 + phoneSeq * 7919).slice(-8)}`,
      address: `${phoneSeq} Aundh Road`,
      projectType: 'CCTV Camera',
      initialRemark: 'Roof install',
    }),
  );
  const customer = answer.data as { _id: string; workOrders: Order[] };
  const first = customer.workOrders[0];
  if (!first) throw new Error('no order');
  return { _id: first._id, orderId: first.orderId, customerId: customer._id };
}

const assign = (order: Order, tech: number) =>
  manager
    .post('/api/assign-technician', {
      ...key(order),
      technicianId: techIds[tech],
      instructions: 'Bring the ladder',
    })
    .then(ok);
const move = (tech: number, order: Order, status: string, remark?: string) =>
  (techs[tech] as Client)
    .post('/api/update-work-status', { ...key(order), status, remark })
    .then(ok);

/** The answer as toWorkOrderDetail built it from the rows, before the SQL did (issue 17). */
async function expectedAnswer(id: string) {
  const [w] = await t.db.select().from(workOrders).where(eq(workOrders.id, id));
  if (!w) throw new Error('no order');
  const [c] = await t.db.select().from(customers).where(eq(customers.id, w.customerId));
  const [b] = await t.db.select().from(branches).where(eq(branches.id, w.branchId));
  const personOf = async (userId: string | null) => {
    if (!userId) return null;
    const [u] = await t.db.select().from(users).where(eq(users.id, userId));
    return u ?? null;
  };
  const orderOf = async (orderId: string | null) => {
    if (!orderId) return null;
    const [o] = await t.db.select().from(workOrders).where(eq(workOrders.id, orderId));
    return o ?? null;
  };
  const [tech, original, approver, project, from] = await Promise.all([
    personOf(w.technicianId),
    personOf(w.originalTechnicianId),
    personOf(w.approvedBy),
    orderOf(w.existingProjectId),
    orderOf(w.transferredFromId),
  ]);
  const historyRows = await t.db
    .select()
    .from(workOrderStatusHistory)
    .where(eq(workOrderStatusHistory.workOrderId, id))
    .orderBy(asc(workOrderStatusHistory.updatedAt), asc(workOrderStatusHistory.id));
  const statusHistory = [];
  for (const row of historyRows) {
    const by = await personOf(row.updatedBy);
    statusHistory.push({
      status: row.status,
      remark: row.remark,
      updatedAt: row.updatedAt.toISOString(),
      updatedBy: by ? { _id: by.id, firstName: by.firstName, lastName: by.lastName } : null,
    });
  }
  const billRows = await t.db
    .select()
    .from(bills)
    .where(and(eq(bills.workOrderId, id), isNotNull(bills.paidAt)))
    .orderBy(asc(bills.paidAt), asc(bills.id));
  const rejections = statusHistory.filter((entry) => entry.status === 'rejected');
  const lastPause = statusHistory.filter((entry) => entry.status === 'paused').at(-1);
  const paused = w.status === 'paused' && lastPause !== undefined;
  const iso = (date: Date | null) => (date ? date.toISOString() : null);
  return {
    _id: w.id,
    orderId: w.orderId,
    projectId: w.projectId,
    projectType: w.projectType,
    projectCategory: w.projectCategory,
    status: w.status,
    customerId: w.customerId,
    customerName: c?.name,
    customerPhone: c?.phoneNumber,
    customerWhatsapp: c?.whatsappNumber,
    customerAddress: c?.address,
    location: c?.address,
    branch: { _id: b?.id, name: b?.name },
    branchName: b?.name,
    technician: tech && {
      _id: tech.id,
      firstName: tech.firstName,
      lastName: tech.lastName,
      phoneNumber: tech.phone,
      username: tech.username,
    },
    originalTechnician: original && {
      _id: original.id,
      firstName: original.firstName,
      lastName: original.lastName,
      phoneNumber: original.phone,
    },
    approvedBy: approver && {
      _id: approver.id,
      firstName: approver.firstName,
      lastName: approver.lastName,
    },
    existingProjectId: w.existingProjectId,
    projectCreatedAt: iso(project?.createdAt ?? w.createdAt),
    projectCompletedAt: iso(project?.completedAt ?? null),
    transferredFromOrderId: from?.orderId ?? null,
    initialRemark: w.initialRemark,
    instructions: w.instructions,
    assignedAt: iso(w.assignedAt),
    completedAt: iso(w.completedAt),
    createdAt: iso(w.createdAt),
    updatedAt: iso(w.updatedAt),
    statusHistory,
    billingInfo: billRows.map((bill) => ({
      billId: bill.id,
      billNumber: bill.billNumber ?? '',
      amount: bill.totalPaise / 100,
      paidAmount: bill.paidPaise / 100,
      paymentStatus: bill.paymentStatus,
      paymentMethod: bill.paymentMethod,
      transactionId: bill.transactionId,
      paidAt: iso(bill.paidAt),
    })),
    paymentDone:
      billRows.length > 0 || statusHistory.some((entry) => entry.status === PAYMENT_HISTORY_STATUS),
    rejectReason: rejections.at(-1)?.remark ?? null,
    rejectDate: rejections.at(-1)?.updatedAt ?? null,
    rejectHistory: rejections.map((entry) => ({
      reason: entry.remark,
      rejectedAt: entry.updatedAt,
      rejectedBy: entry.updatedBy,
    })),
    pauseReason: paused ? lastPause.remark : null,
    pausedAt: paused ? lastPause.updatedAt : null,
  };
}

describe('work-order answers built by PostgreSQL', () => {
  it('equal, field by field, the answer built from the rows, in lists and in the detail', async () => {
    const pending = await newOrder('Plain Pending');
    const assigned = await newOrder('Only Assigned');
    await assign(assigned, 0);

    const paused = await newOrder('Paused Twice');
    await assign(paused, 1);
    await move(1, paused, 'in-progress');
    await move(1, paused, 'paused', 'Waiting for the inverter');
    await move(1, paused, 'in-progress');
    await move(1, paused, 'paused', 'Waiting for the panels');

    const resumed = await newOrder('Resumed Work');
    await assign(resumed, 2);
    await move(2, resumed, 'in-progress');
    await move(2, resumed, 'paused', 'Rain');
    await move(2, resumed, 'in-progress');

    const rejected = await newOrder('Rejected Twice');
    await assign(rejected, 3);
    await move(3, rejected, 'in-progress');
    await move(3, rejected, 'transferring', 'Need help');
    await ok(
      await manager.post('/api/reject-technician-project-transfer', {
        ...key(rejected),
        rejectReason: 'Finish it please',
      }),
    );
    await move(3, rejected, 'in-progress');
    await move(3, rejected, 'transferring', 'Still need help');
    await ok(
      await manager.post('/api/reject-technician-project-transfer', {
        ...key(rejected),
        rejectReason: 'No one else is free',
      }),
    );

    const transferring = await newOrder('Asks Transfer');
    await assign(transferring, 4);
    await move(4, transferring, 'in-progress');
    await move(4, transferring, 'transferring', 'Going on leave');

    const transferred = await newOrder('Moved On');
    await assign(transferred, 5);
    await move(5, transferred, 'in-progress');
    await move(5, transferred, 'transferring', 'Wrong skills');
    const accepted = await ok(
      await manager.post('/api/accept-technician-project-transfer', {
        ...key(transferred),
        remark: 'Moving it to Ravi',
      }),
    );
    const next = accepted.data.newWorkOrder as { _id: string; orderId: string };
    const reassigned = { ...next, customerId: transferred.customerId };
    await assign(reassigned, 5);
    await move(5, reassigned, 'in-progress');
    await createPaidBill(t.db, reassigned._id, {
      amount: 2499.5,
      paymentMethod: 'online',
      transactionId: 'UPI123456789012',
    });
    await createPaidBill(t.db, reassigned._id, { amount: 0.07 });
    await ok(
      await (techs[5] as Client).post('/api/complete-work-order', {
        ...key(reassigned),
        remark: 'Done',
      }),
    );

    const completed = await newOrder('Fully Done');
    await assign(completed, 0);
    await move(0, completed, 'in-progress');
    await createPaidBill(t.db, completed._id, { amount: 1200 });
    await ok(await (techs[0] as Client).post('/api/complete-work-order', key(completed)));
    await ok(await manager.post('/api/approve-order', { ...key(completed), remark: FIVE_WORDS }));
    const complaint = await ok(
      await manager.post('/api/create-work-orders', {
        customerId: completed.customerId,
        projectCategory: 'Repair',
        existingProjectId: completed._id,
        initialRemark: 'Panel 2 is cracked',
      }),
    );
    const repair = {
      _id: complaint.data._id as string,
      orderId: complaint.data.orderId as string,
      customerId: completed.customerId,
    };

    // A payment entry without a bill, and an entry whose author is gone.
    await t.db.insert(workOrderStatusHistory).values([
      { workOrderId: pending._id, status: PAYMENT_HISTORY_STATUS, remark: 'Advance in cash' },
      { workOrderId: assigned._id, status: 'communication', remark: 'Called', updatedBy: null },
    ]);

    const ids = [
      pending,
      assigned,
      paused,
      resumed,
      rejected,
      transferring,
      transferred,
      reassigned,
      completed,
      repair,
    ].map((order) => order._id);
    const rows = await t.db
      .select({ id: workOrders.id, status: workOrders.status })
      .from(workOrders)
      .where(inArray(workOrders.id, ids));
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(WORK_ORDER_STATUSES));

    const everyStatus = WORK_ORDER_STATUSES.join(',');
    const lists = [
      `/api/get-work-orders?status=${everyStatus}&limit=500`,
      `/api/get-manager-projects?limit=500`,
      ...techIds.map((id) => `/api/get-technician-projects/${id}?limit=500`),
    ];
    const listed = new Map<string, unknown[]>();
    for (const path of lists) {
      const response = await manager.get(path);
      expect(response.statusCode, path).toBe(200);
      for (const item of response.json().data as Array<{ _id: string }>) {
        listed.set(item._id, [...(listed.get(item._id) ?? []), item]);
      }
    }
    for (const tech of techs) {
      const response = await tech.get(`/api/technician-work-orders?limit=500`);
      expect(response.statusCode).toBe(200);
      for (const item of response.json().data as Array<{ _id: string }>) {
        listed.set(item._id, [...(listed.get(item._id) ?? []), item]);
      }
    }

    for (const order of [pending, assigned, paused, resumed, rejected, transferring].concat([
      transferred,
      reassigned,
      completed,
      repair,
    ])) {
      const expected = await expectedAnswer(order._id);
      const items = listed.get(order._id) ?? [];
      expect(items.length, order.orderId).toBeGreaterThanOrEqual(1);
      for (const item of items) expect(item).toStrictEqual(expected);
      const detail = await admin.get(
        `/api/get-work-order-details/${order.customerId}/${order.orderId}`,
      );
      expect(detail.statusCode).toBe(200);
      const { upiPayee: _payee, ...answer } = detail.json().data;
      expect(answer).toStrictEqual(expected);
    }

    // What the fields say, beyond agreeing: the derived ones.
    const answerOf = (order: Order) => (listed.get(order._id) ?? [])[0];
    expect(answerOf(paused)).toMatchObject({
      pauseReason: 'Waiting for the panels',
      paymentDone: false,
    });
    expect(answerOf(resumed)).toMatchObject({ pauseReason: null, pausedAt: null });
    expect(answerOf(rejected)).toMatchObject({
      rejectReason: 'No one else is free',
      rejectHistory: [{ reason: 'Finish it please' }, { reason: 'No one else is free' }],
    });
    expect(answerOf(pending)).toMatchObject({ paymentDone: true, billingInfo: [] });
    expect(answerOf(reassigned)).toMatchObject({
      transferredFromOrderId: transferred.orderId,
      billingInfo: [{ amount: 2499.5 }, { amount: 0.07 }],
    });
    const completedAnswer = answerOf(completed) as { completedAt: string };
    expect(answerOf(repair)).toMatchObject({
      existingProjectId: completed._id,
      projectCompletedAt: completedAnswer.completedAt,
      originalTechnician: { _id: techIds[0] },
    });
  });
});
