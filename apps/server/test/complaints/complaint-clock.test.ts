import { atRiskAtOf, dueAtOf } from '@karya/domain/complaint-clock';
import { COMPLAINT_MESSAGES, type WorkOrderSla } from '@karya/domain/complaint-schemas';
import { DEFAULT_WORKING_HOURS } from '@karya/domain/schedule';
import {
  assignOrder,
  createBranchTeam,
  createOrder,
  type SeededItem,
  type SeededOrder,
  startOrder,
} from '@karya/test-factories';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complaintClocks } from '../../src/db/complaints-schema';
import { amcContracts, serialUnits, workOrderStatusHistory } from '../../src/db/schema';
import { startComplaintClock } from '../../src/modules/complaints';
import { type Client, client } from '../helpers/http';
import { ADMIN, createTestApp, loginAs, type TestApp } from '../helpers/test-app';
import {
  activeContract,
  completedInstallation,
  dataOfResponse,
  messageOf,
  productWith,
  type Team,
} from './complaint-world';

/**
 * Issue 37's response clock on both databases: a complaint's coverage read when it opens
 * (AMC, the contract's own target, warranty, expired), its due time counted in the branch's
 * working hours across a closed Sunday, the technician's start stopping it, and `sla` in every
 * answer that shows the order.
 */

let t: TestApp;
let admin: Client;
let team: Team;
let branchId: string;
let yearWarranty: SeededItem;
let noWarranty: SeededItem;

const DAY = 24 * 60 * 60 * 1000;
const ist = (day: string, clock: string) => new Date(`${day}T${clock}:00+05:30`);

interface OrderAnswer {
  _id: string;
  orderId: string;
  customerId: string;
  projectCategory: string;
  sla: WorkOrderSla | null;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = client(t.app, await loginAs(t.app, ADMIN.username, ADMIN.password));
  const kothrud = await createBranchTeam(admin, { branch: { name: 'Kothrud Complaints' } });
  const [technician] = kothrud.technicians;
  team = { manager: kothrud.manager.api, tech: technician.api, techId: technician.id };
  branchId = kothrud.branch.id;
  yearWarranty = await productWith(admin, '1 year');
  noWarranty = await productWith(admin, 'No Warranty');
});
afterAll(() => t.close());

/** The desk's complaint on an installation: a Repair order, as Customer Details files it. */
async function deskComplaint(order: SeededOrder): Promise<OrderAnswer> {
  return dataOfResponse<OrderAnswer>(
    await team.manager.post('/api/create-work-orders', {
      customerId: order.customerId,
      projectCategory: 'Repair',
      existingProjectId: order._id,
      initialRemark: 'Camera 2 shows no picture',
    }),
  );
}

/** The technician pauses the complaint, free to start the next job. */
async function pause(order: { customerId: string; orderId: string }) {
  dataOfResponse(
    await team.tech.post('/api/update-work-status', {
      customerId: order.customerId,
      orderId: order.orderId,
      status: 'paused',
      remark: 'Waiting for a part',
    }),
  );
}

async function clockOf(workOrderId: string) {
  const [row] = await t.db
    .select()
    .from(complaintClocks)
    .where(eq(complaintClocks.workOrderId, workOrderId));
  return row;
}

async function orderDetails(order: { customerId: string; orderId: string }) {
  return dataOfResponse<OrderAnswer>(
    await team.manager.get(`/api/get-work-order-details/${order.customerId}/${order.orderId}`),
  );
}

describe('coverage read when a complaint opens', () => {
  it('is the warranty for a unit installed within its warranty, on the branch default of 48 working hours', async () => {
    const { order } = await completedInstallation(team, yearWarranty);
    const before = Date.now();
    const complaint = await deskComplaint(order);
    expect(complaint.projectCategory).toBe('Repair');
    expect(complaint.sla).toMatchObject({ coverage: 'warranty', startedAt: null, state: 'ok' });
    const clock = await clockOf(complaint._id);
    expect(clock).toMatchObject({
      source: 'desk',
      coverage: 'warranty',
      targetHours: 48,
      counting: 'working',
      installationId: order._id,
      branchId,
    });
    expect(clock?.openedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const opened = clock?.openedAt ?? new Date();
    expect(complaint.sla?.dueAt).toBe(
      dueAtOf(opened, 48, 'working', DEFAULT_WORKING_HOURS).toISOString(),
    );
    expect(complaint.sla?.atRiskAt).toBe(
      atRiskAtOf(opened, 48, 'working', DEFAULT_WORKING_HOURS).toISOString(),
    );
  });

  it('is chargeable once the warranty has run out, and for a product sold without one', async () => {
    const { order, serial } = await completedInstallation(team, yearWarranty);
    await t.db
      .update(serialUnits)
      .set({ installedAt: new Date(Date.now() - 400 * DAY) })
      .where(eq(serialUnits.serialNumber, serial));
    const expired = await deskComplaint(order);
    expect(expired.sla?.coverage).toBe('chargeable');
    expect((await clockOf(expired._id))?.targetHours).toBe(72);

    const bare = await completedInstallation(team, noWarranty);
    expect((await deskComplaint(bare.order)).sla?.coverage).toBe('chargeable');
  });

  it("is the AMC for an installation under an active contract, on the branch's AMC hours", async () => {
    const { order } = await completedInstallation(team, noWarranty);
    const contract = await activeContract(team.manager, order);
    expect(contract.slaHours).toBeNull();
    const complaint = await deskComplaint(order);
    expect(complaint.sla?.coverage).toBe('amc');
    expect(await clockOf(complaint._id)).toMatchObject({
      coverage: 'amc',
      targetHours: 24,
      amcContractId: contract._id,
    });
  });

  it("takes the contract's own target over the branch's", async () => {
    const { order } = await completedInstallation(team, yearWarranty);
    const contract = await activeContract(team.manager, order, { slaHours: 6 });
    expect(contract.slaHours).toBe(6);
    const complaint = await deskComplaint(order);
    const clock = await clockOf(complaint._id);
    expect(clock).toMatchObject({ coverage: 'amc', targetHours: 6 });
    expect(complaint.sla?.dueAt).toBe(
      dueAtOf(clock?.openedAt ?? new Date(), 6, 'working', DEFAULT_WORKING_HOURS).toISOString(),
    );
  });

  it("refuses a contract's target outside whole hours 1–720, and takes null as the branch's", async () => {
    const { order } = await completedInstallation(team, noWarranty);
    const terms = {
      customerId: order.customerId,
      fromOrderId: order._id,
      startDate: new Date().toISOString().slice(0, 10),
      visitsPerTerm: 2,
      price: 2400,
    };
    for (const slaHours of [0, 721, 2.5, '6']) {
      const refused = await team.manager.post('/api/amc-contracts', { ...terms, slaHours });
      expect(refused.statusCode, String(slaHours)).toBe(400);
      expect(messageOf(refused)).toBe(COMPLAINT_MESSAGES.hoursRange);
    }
    const draft = dataOfResponse<{ _id: string; slaHours: number | null }>(
      await team.manager.post('/api/amc-contracts', { ...terms, slaHours: 720 }),
    );
    expect(draft.slaHours).toBe(720);
    const cleared = dataOfResponse<{ slaHours: number | null }>(
      await team.manager.patch(`/api/amc-contracts/${draft._id}`, { slaHours: null }),
    );
    expect(cleared.slaHours).toBeNull();
  });

  it('covers a unit a contract names only by its serial', async () => {
    const { order, serial } = await completedInstallation(team, noWarranty);
    const draft = dataOfResponse<{ _id: string }>(
      await team.manager.post('/api/amc-contracts', {
        customerId: order.customerId,
        projectType: 'CCTV Camera',
        serialNumbers: [serial],
        startDate: new Date().toISOString().slice(0, 10),
        visitsPerTerm: 2,
        price: 2400,
      }),
    );
    dataOfResponse(await team.manager.post(`/api/amc-contracts/${draft._id}/activate`));
    const opened = await t.db.transaction((tx) =>
      startComplaintClock(tx, {
        workOrderId: order._id,
        branchId,
        source: 'unit-page',
        serialNumber: serial,
        installationId: order._id,
        customerId: order.customerId,
        openedAt: new Date(),
      }),
    );
    expect(opened).toMatchObject({ coverage: 'amc', amcContractId: draft._id, targetHours: 24 });
    await t.db.delete(complaintClocks).where(eq(complaintClocks.workOrderId, order._id));
  });

  it('is no longer the AMC once the contract has ended: the warranty, or chargeable', async () => {
    const underWarranty = await completedInstallation(team, yearWarranty);
    const ended = await activeContract(team.manager, underWarranty.order);
    await t.db
      .update(amcContracts)
      .set({ endDate: new Date(Date.now() - 2 * DAY).toISOString().slice(0, 10) })
      .where(eq(amcContracts.id, ended._id));
    expect((await deskComplaint(underWarranty.order)).sla?.coverage).toBe('warranty');

    const bare = await completedInstallation(team, noWarranty);
    const expired = await activeContract(team.manager, bare.order);
    await t.db
      .update(amcContracts)
      .set({ status: 'expired' })
      .where(eq(amcContracts.id, expired._id));
    expect((await deskComplaint(bare.order)).sla?.coverage).toBe('chargeable');
  });
});

describe('every way a complaint comes in runs the clock', () => {
  it("starts one for a complaint from the customer's status page", async () => {
    const { order } = await completedInstallation(team, yearWarranty);
    const link = dataOfResponse<{ token: string }>(
      await team.manager.post('/api/work-order-status-link', { orderId: order.orderId }),
    );
    const { customerPhone } = dataOfResponse<{ customerPhone: string }>(
      await team.manager.get(`/api/get-work-order-details/${order.customerId}/${order.orderId}`),
    );
    const raised = dataOfResponse<{ orderId: string }>(
      await client(t.app).post(`/api/job-status/${link.token}/complaint`, {
        description: 'No picture since the storm',
        phone: customerPhone,
      }),
    );
    const complaint = await orderDetails({ customerId: order.customerId, orderId: raised.orderId });
    expect(complaint.sla).toMatchObject({ coverage: 'warranty', state: 'ok', startedAt: null });
    expect(await clockOf(complaint._id)).toMatchObject({
      source: 'status-page',
      installationId: order._id,
      targetHours: 48,
    });
  });
});

describe('the due time in working hours', () => {
  let installation: SeededOrder;

  beforeAll(async () => {
    installation = (await completedInstallation(team, noWarranty)).order;
  });

  /** A complaint order whose clock opened at a given instant (the desk's, moved back). */
  async function complaintOpenedAt(openedAt: Date) {
    const complaint = await deskComplaint(installation);
    await t.db.delete(complaintClocks).where(eq(complaintClocks.workOrderId, complaint._id));
    await t.db.transaction((tx) =>
      startComplaintClock(tx, {
        workOrderId: complaint._id,
        branchId,
        source: 'desk',
        installationId: installation._id,
        customerId: installation.customerId,
        openedAt,
      }),
    );
    return orderDetails(complaint);
  }

  it('crosses the closed Sunday: Saturday 18:00 with 2 h is due Monday 10:30, amber at Monday 10:00', async () => {
    dataOfResponse(
      await team.manager.put('/api/complaint-sla-settings', {
        amcHours: 24,
        warrantyHours: 48,
        chargeableHours: 2,
        counting: 'working',
      }),
    );
    // 2026-11-21 is a Saturday; the branch works Monday to Saturday 09:30–19:00 (the default).
    const complaint = await complaintOpenedAt(ist('2026-11-21', '18:00'));
    expect(complaint.sla).toMatchObject({
      coverage: 'chargeable',
      atRiskAt: '2026-11-23T04:30:00.000Z',
      dueAt: '2026-11-23T05:00:00.000Z',
      // Long past, and never started.
      state: 'breached',
      startedAt: null,
    });
  });

  it('starts counting at the next opening when raised on a Sunday, in the hours the branch set', async () => {
    dataOfResponse(
      await team.manager.put('/api/branch-working-hours', {
        hours: {
          ...DEFAULT_WORKING_HOURS,
          mon: { open: '11:00', close: '12:00' },
          tue: { open: '09:00', close: '18:00' },
        },
      }),
    );
    // Sunday 2026-11-22 10:00: Monday counts 11:00–12:00, the other hour is Tuesday 09:00–10:00.
    const complaint = await complaintOpenedAt(ist('2026-11-22', '10:00'));
    expect(complaint.sla?.dueAt).toBe(ist('2026-11-24', '10:00').toISOString());
    // 90 minutes: Monday's hour and Tuesday's first half hour.
    expect(complaint.sla?.atRiskAt).toBe(ist('2026-11-24', '09:30').toISOString());
    dataOfResponse(
      await team.manager.put('/api/branch-working-hours', { hours: DEFAULT_WORKING_HOURS }),
    );
  });

  it('counts every hour when the branch counts calendar hours', async () => {
    dataOfResponse(
      await team.manager.put('/api/complaint-sla-settings', {
        amcHours: 24,
        warrantyHours: 48,
        chargeableHours: 2,
        counting: 'calendar',
      }),
    );
    const complaint = await complaintOpenedAt(ist('2026-11-21', '18:00'));
    expect(complaint.sla?.dueAt).toBe(ist('2026-11-21', '20:00').toISOString());
    expect(complaint.sla?.atRiskAt).toBe(ist('2026-11-21', '19:30').toISOString());
    expect(await clockOf(complaint._id)).toMatchObject({ targetHours: 2, counting: 'calendar' });
    // Back to the defaults for the tests that follow.
    dataOfResponse(
      await team.manager.put('/api/complaint-sla-settings', {
        amcHours: 24,
        warrantyHours: 48,
        chargeableHours: 72,
        counting: 'working',
      }),
    );
  });
});

describe("the technician's start stops the clock", () => {
  it('is met when started in time; the due time stays, and a pause and resume keep the first start', async () => {
    const { order } = await completedInstallation(team, yearWarranty);
    const complaint = await deskComplaint(order);
    const dueAt = complaint.sla?.dueAt;
    await assignOrder(team.manager, complaint, team.techId);
    const before = Date.now();
    await startOrder(team.tech, complaint);
    const started = await orderDetails(complaint);
    expect(started.sla).toMatchObject({ state: 'met', dueAt });
    const startedAt = started.sla?.startedAt ?? '';
    expect(Date.parse(startedAt)).toBeGreaterThanOrEqual(before - 1000);

    await pause(complaint);
    await startOrder(team.tech, complaint);
    expect((await orderDetails(complaint)).sla).toMatchObject({ state: 'met', startedAt, dueAt });
    await pause(complaint);
  });

  it("takes the phone's time of a start queued offline", async () => {
    const { order } = await completedInstallation(team, yearWarranty);
    const complaint = await deskComplaint(order);
    await assignOrder(team.manager, complaint, team.techId);
    // The order was opened and assigned two hours ago; the technician started it offline an
    // hour ago and the phone sends it now.
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await t.db
      .update(workOrderStatusHistory)
      .set({ updatedAt: twoHoursAgo })
      .where(eq(workOrderStatusHistory.workOrderId, complaint._id));
    await t.db
      .update(complaintClocks)
      .set({ openedAt: twoHoursAgo })
      .where(eq(complaintClocks.workOrderId, complaint._id));
    const occurredAt = new Date(Date.now() - 60 * 60 * 1000).toISOString();
    dataOfResponse(
      await team.tech.post('/api/update-work-status', {
        customerId: complaint.customerId,
        orderId: complaint.orderId,
        status: 'in-progress',
        occurredAt,
      }),
    );
    expect((await orderDetails(complaint)).sla).toMatchObject({
      state: 'met',
      startedAt: occurredAt,
    });
    await pause(complaint);
  });

  it('stays breached when the start comes after the due time', async () => {
    const { order } = await completedInstallation(team, yearWarranty);
    const complaint = await deskComplaint(order);
    await t.db
      .update(complaintClocks)
      .set({ dueAt: new Date(Date.now() - 60_000), atRiskAt: new Date(Date.now() - 120_000) })
      .where(eq(complaintClocks.workOrderId, complaint._id));
    await assignOrder(team.manager, complaint, team.techId);
    await startOrder(team.tech, complaint);
    const late = await orderDetails(complaint);
    expect(late.sla?.state).toBe('breached');
    expect(late.sla?.startedAt).not.toBeNull();
    await pause(complaint);
  });
});

describe('sla in the answers that show an order', () => {
  let complaint: OrderAnswer;
  let installation: OrderAnswer;

  beforeAll(async () => {
    const { order } = await completedInstallation(team, yearWarranty);
    complaint = await deskComplaint(order);
    installation = dataOfResponse<OrderAnswer>(
      await team.manager.get(`/api/get-work-order-details/${order.customerId}/${order.orderId}`),
    );
  });

  it('is null for an installation and the clock for a complaint, in the pending list, its search and the customer', async () => {
    expect(installation.sla).toBeNull();
    const pending = dataOfResponse<OrderAnswer[]>(
      await team.manager.get('/api/get-work-orders?status=pending&pageSize=100'),
    );
    const listed = pending.find((row) => row._id === complaint._id);
    expect(listed?.sla).toEqual(complaint.sla);
    expect(pending.filter((row) => row.projectCategory !== 'Repair').every((r) => !r.sla)).toBe(
      true,
    );

    // A search's page comes through work_order_answer_rows (migration 0038).
    const found = dataOfResponse<OrderAnswer[]>(
      await team.manager.get(`/api/get-work-orders?status=pending&search=${complaint.orderId}`),
    );
    expect(found.map((row) => [row._id, row.sla])).toEqual([[complaint._id, complaint.sla]]);

    const customer = dataOfResponse<{ workOrders: OrderAnswer[] }>(
      await team.manager.get(`/api/get-single-customer/${complaint.customerId}`),
    );
    const ofCustomer = new Map(customer.workOrders.map((row) => [row._id, row.sla]));
    expect(ofCustomer.get(complaint._id)).toEqual(complaint.sla);
    expect(ofCustomer.get(installation._id)).toBeNull();
  });

  it("is on the schedule board's unscheduled lane", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const board = dataOfResponse<{ unscheduled: Array<{ _id: string; sla: unknown }> }>(
      await team.manager.get(`/api/schedule?from=${today}&to=${today}`),
    );
    expect(board.unscheduled.find((job) => job._id === complaint._id)?.sla).toEqual(complaint.sla);
  });

  it('is null for an order that is not a complaint', async () => {
    const order = await createOrder(team.manager);
    const details = await orderDetails(order);
    expect(details.sla).toBeNull();
  });
});
