import {
  COMPLAINT_MESSAGES,
  type ComplaintSlaSettings,
  type ComplaintsReport,
} from '@karya/domain/complaint-schemas';
import type { Dashboard } from '@karya/domain/dashboard-schemas';
import { createBranchTeam, createOrder, type SeededOrder } from '@karya/test-factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complaintClocks } from '../../src/db/complaints-schema';
import { type Client, client } from '../helpers/http';
import { ADMIN, createTestApp, loginAs, type TestApp } from '../helpers/test-app';
import { dataOfResponse, messageOf } from './complaint-world';

/**
 * Issue 37's month report, dashboard cards and response targets on both databases: counts
 * worked out by hand over clocks seeded at known instants (India's month edges, the 30-day
 * repeat window), the targets' validation and who may read and set them.
 */

let t: TestApp;
let admin: Client;
let manager: Client;
let otherManager: Client;
let tech: Client;
let branch: { id: string; name: string };
let otherBranch: { id: string; name: string };

const ist = (day: string, clock: string) => new Date(`${day}T${clock}:00+05:30`);
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  admin = client(t.app, await loginAs(t.app, ADMIN.username, ADMIN.password));
  const aundh = await createBranchTeam(admin, { branch: { name: 'Aundh Report' } });
  const wakad = await createBranchTeam(admin, { branch: { name: 'Wakad Report' } });
  manager = aundh.manager.api;
  otherManager = wakad.manager.api;
  tech = aundh.technicians[0].api;
  branch = { id: aundh.branch.id, name: aundh.branch.name };
  otherBranch = { id: wakad.branch.id, name: wakad.branch.name };
});
afterAll(() => t.close());

interface Seeded {
  opened: Date;
  dueAt: Date;
  startedAt?: Date;
  serial?: string;
  installationId?: string;
  branchId?: string;
  /** 75% of the way to dueAt unless given. */
  atRiskAt?: Date;
}

/** A complaint's clock at known instants, on an order of its own. */
async function seedClock(order: SeededOrder, clock: Seeded) {
  const target = (clock.dueAt.getTime() - clock.opened.getTime()) / HOUR;
  await t.db.insert(complaintClocks).values({
    workOrderId: order._id,
    branchId: clock.branchId ?? branch.id,
    source: 'desk',
    coverage: 'chargeable',
    serialNumber: clock.serial ?? null,
    installationId: clock.installationId ?? null,
    targetHours: Math.max(1, Math.round(target)),
    counting: 'calendar',
    openedAt: clock.opened,
    atRiskAt:
      clock.atRiskAt ??
      new Date(clock.opened.getTime() + 0.75 * (clock.dueAt.getTime() - clock.opened.getTime())),
    dueAt: clock.dueAt,
    startedAt: clock.startedAt ?? null,
  });
}

describe('the month report', () => {
  beforeAll(async () => {
    const orders: SeededOrder[] = [];
    for (let i = 0; i < 6; i += 1) orders.push(await createOrder(manager));
    const [c1, c2, c3, c4, c5, c6] = orders as [
      SeededOrder,
      SeededOrder,
      SeededOrder,
      SeededOrder,
      SeededOrder,
      SeededOrder,
    ];
    // The unit without a serial is an installation: the first order of the branch.
    const installationX = c1._id;
    // c5 (1 September): 34 days before c1 on the same serial, too early to make c1 a repeat.
    await seedClock(c5, {
      opened: ist('2026-09-01', '10:00'),
      dueAt: ist('2026-09-02', '10:00'),
      startedAt: ist('2026-09-01', '12:00'),
      serial: 'R-1',
    });
    // c1: met, started 2 h (120 min) after opening.
    await seedClock(c1, {
      opened: ist('2026-10-05', '10:00'),
      dueAt: ist('2026-10-06', '10:00'),
      startedAt: ist('2026-10-05', '12:00'),
      serial: 'R-1',
    });
    // c2: 15 days after c1 on R-1 (a repeat); started 30 h (1800 min) later, after its due time.
    await seedClock(c2, {
      opened: ist('2026-10-20', '10:00'),
      dueAt: ist('2026-10-21', '10:00'),
      startedAt: ist('2026-10-21', '16:00'),
      serial: 'R-1',
    });
    // c6: on installation X, never started and long past due: breached.
    await seedClock(c6, {
      opened: ist('2026-10-10', '10:00'),
      dueAt: ist('2026-10-11', '10:00'),
      installationId: installationX,
    });
    // c3: 23:00 on 31 October in India, 21 days after c6 on X (a repeat); due far ahead: open.
    await seedClock(c3, {
      opened: ist('2026-10-31', '23:00'),
      dueAt: ist('2099-01-01', '10:00'),
      installationId: installationX,
    });
    // c4: 00:30 on 1 November in India, still 31 October in UTC: November's.
    await seedClock(c4, {
      opened: ist('2026-11-01', '00:30'),
      dueAt: ist('2099-01-01', '10:00'),
      installationId: installationX,
    });
    // Another branch's October complaint, for the admin's total and the scope.
    const elsewhere = await createOrder(otherManager);
    await seedClock(elsewhere, {
      opened: ist('2026-10-15', '10:00'),
      dueAt: ist('2026-10-16', '10:00'),
      startedAt: ist('2026-10-15', '11:00'),
      branchId: otherBranch.id,
    });
  });

  const october = {
    count: 4,
    met: 1,
    breached: 2,
    open: 1,
    // The middle of 120 and 1800 minutes.
    medianMinutesToStart: 960,
    repeats: 2,
  };

  it("counts a manager's branch in India's October, by hand", async () => {
    const report = dataOfResponse<ComplaintsReport>(
      await manager.get('/api/complaints-report?month=2026-10'),
    );
    expect(report).toEqual({
      month: '2026-10',
      rows: [{ branch: { _id: branch.id, name: branch.name }, ...october }],
      total: october,
    });
  });

  it("reads India's November from its first minute, and a month without complaints as zeros", async () => {
    const november = dataOfResponse<ComplaintsReport>(
      await manager.get('/api/complaints-report?month=2026-11'),
    );
    expect(november.total).toMatchObject({ count: 1, open: 1, repeats: 1 });
    const september = dataOfResponse<ComplaintsReport>(
      await manager.get('/api/complaints-report?month=2026-09'),
    );
    expect(september.total).toEqual({
      count: 1,
      met: 1,
      breached: 0,
      open: 0,
      medianMinutesToStart: 120,
      repeats: 0,
    });
    const empty = dataOfResponse<ComplaintsReport>(
      await manager.get('/api/complaints-report?month=2025-01'),
    );
    expect(empty.total).toEqual({
      count: 0,
      met: 0,
      breached: 0,
      open: 0,
      medianMinutesToStart: null,
      repeats: 0,
    });
  });

  it('gives an admin every branch and the total, or the branch asked', async () => {
    const all = dataOfResponse<ComplaintsReport>(
      await admin.get('/api/complaints-report?month=2026-10'),
    );
    const ours = all.rows.find((row) => row.branch._id === branch.id);
    const theirs = all.rows.find((row) => row.branch._id === otherBranch.id);
    expect(ours).toMatchObject(october);
    expect(theirs).toMatchObject({ count: 1, met: 1, medianMinutesToStart: 60 });
    expect(all.total).toEqual({
      count: 5,
      met: 2,
      breached: 2,
      open: 1,
      medianMinutesToStart: 120,
      repeats: 2,
    });
    const one = dataOfResponse<ComplaintsReport>(
      await admin.get(`/api/complaints-report?month=2026-10&branch=${otherBranch.id}`),
    );
    expect(one.rows.map((row) => row.branch._id)).toEqual([otherBranch.id]);
    expect(one.total.count).toBe(1);
  });

  it('keeps a manager to their own branch whatever they ask, and refuses technicians', async () => {
    const asked = dataOfResponse<ComplaintsReport>(
      await otherManager.get(`/api/complaints-report?month=2026-10&branch=${branch.id}`),
    );
    expect(asked.rows.map((row) => row.branch._id)).toEqual([otherBranch.id]);
    expect((await tech.get('/api/complaints-report?month=2026-10')).statusCode).toBe(403);
  });

  it.each(['2026-13', '2026-1', 'October', '', '2026-10-01'])(
    'refuses the month %j with its message',
    async (month) => {
      const response = await manager.get(
        `/api/complaints-report?month=${encodeURIComponent(month)}`,
      );
      expect(response.statusCode).toBe(400);
      expect(messageOf(response)).toBe(COMPLAINT_MESSAGES.monthInvalid);
    },
  );

  it('refuses a report without a month', async () => {
    const response = await manager.get('/api/complaints-report');
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe(COMPLAINT_MESSAGES.monthInvalid);
  });
});

describe("the dashboard's complaint cards", () => {
  it('counts running clocks of orders not started that are amber or red, and this month breached ones', async () => {
    const before = dataOfResponse<Dashboard>(
      await admin.get(`/api/get-dashboard?branch=${branch.id}`),
    );
    // From the report's seed: c6 (pending, never started, long past due) is at risk; the
    // month's cards are the real month's, which those October clocks are not part of.
    expect(before.complaints.atRisk).toBe(1);
    const now = Date.now();
    await seedClock(await createOrder(manager), {
      opened: new Date(now - 60_000),
      dueAt: new Date(now - 1000),
    });
    // Amber but not due: at risk, not breached.
    await seedClock(await createOrder(manager), {
      opened: new Date(now - 60_000),
      atRiskAt: new Date(now - 1000),
      dueAt: new Date(now + 60 * 60_000),
    });
    // Not yet amber: neither.
    await seedClock(await createOrder(manager), {
      opened: new Date(now - 60_000),
      dueAt: new Date(now + 60 * 60_000),
    });
    const after = dataOfResponse<Dashboard>(
      await admin.get(`/api/get-dashboard?branch=${branch.id}`),
    );
    expect(after.complaints).toEqual({
      atRisk: before.complaints.atRisk + 2,
      breachedThisMonth: before.complaints.breachedThisMonth + 1,
    });
    const mine = dataOfResponse<Dashboard>(await manager.get('/api/get-dashboard'));
    expect(mine.complaints).toEqual(after.complaints);
    const theirs = dataOfResponse<Dashboard>(await otherManager.get('/api/get-dashboard'));
    expect(theirs.complaints).toEqual({ atRisk: 0, breachedThisMonth: 0 });
  });
});

describe('response targets', () => {
  const targets = { amcHours: 12, warrantyHours: 36, chargeableHours: 60, counting: 'calendar' };

  it('answers the defaults until the branch saves its own, then its own', async () => {
    const defaults = dataOfResponse<ComplaintSlaSettings>(
      await manager.get('/api/complaint-sla-settings'),
    );
    expect(defaults).toEqual({
      branch: { _id: branch.id, name: branch.name },
      amcHours: 24,
      warrantyHours: 48,
      chargeableHours: 72,
      counting: 'working',
      saved: false,
      updatedAt: null,
    });
    const response = await manager.put('/api/complaint-sla-settings', targets);
    expect(messageOf(response)).toBe(COMPLAINT_MESSAGES.settingsSaved);
    const saved = dataOfResponse<ComplaintSlaSettings>(response);
    expect(saved).toMatchObject({ ...targets, saved: true });
    expect(
      dataOfResponse<ComplaintSlaSettings>(
        await admin.get(`/api/complaint-sla-settings?branch=${branch.id}`),
      ),
    ).toEqual(saved);
  });

  it.each([
    ['zero hours', { amcHours: 0 }],
    ['more than 720 hours', { warrantyHours: 721 }],
    ['part of an hour', { chargeableHours: 1.5 }],
    ['hours as text', { amcHours: '24' }],
    ['no hours', { amcHours: null }],
  ])('refuses %s and changes nothing', async (_what, change) => {
    const response = await manager.put('/api/complaint-sla-settings', { ...targets, ...change });
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe(COMPLAINT_MESSAGES.hoursRange);
    expect(
      dataOfResponse<ComplaintSlaSettings>(await manager.get('/api/complaint-sla-settings')),
    ).toMatchObject(targets);
  });

  it('answers a body that is no object with what to send', async () => {
    const response = await manager.put('/api/complaint-sla-settings', [1, 2]);
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toMatch(/^Send \{ amcHours/);
  });

  it('refuses a way of counting it does not know', async () => {
    const response = await manager.put('/api/complaint-sla-settings', {
      ...targets,
      counting: 'weekdays',
    });
    expect(response.statusCode).toBe(400);
  });

  it('lets an admin set a branch it names, and asks it to name one', async () => {
    const unnamed = await admin.put('/api/complaint-sla-settings', targets);
    expect(unnamed.statusCode).toBe(400);
    expect((await admin.get('/api/complaint-sla-settings')).statusCode).toBe(400);
    const set = dataOfResponse<ComplaintSlaSettings>(
      await admin.put('/api/complaint-sla-settings', {
        ...targets,
        amcHours: 8,
        branchId: otherBranch.id,
      }),
    );
    expect(set).toMatchObject({ branch: { _id: otherBranch.id }, amcHours: 8, saved: true });
    for (const branchId of ['not-a-branch', '00000000-0000-4000-8000-000000000000']) {
      const response = await admin.put('/api/complaint-sla-settings', { ...targets, branchId });
      expect(response.statusCode).toBe(404);
    }
  });

  it("keeps a manager off another branch's targets and technicians off all", async () => {
    const response = await manager.put('/api/complaint-sla-settings', {
      ...targets,
      amcHours: 1,
      branchId: otherBranch.id,
    });
    expect(response.statusCode).toBe(404);
    expect(
      dataOfResponse<ComplaintSlaSettings>(
        await admin.get(`/api/complaint-sla-settings?branch=${otherBranch.id}`),
      ).amcHours,
    ).toBe(8);
    // Named in the query too, another branch's targets read as absent to a manager.
    expect(
      (await manager.get(`/api/complaint-sla-settings?branch=${otherBranch.id}`)).statusCode,
    ).toBe(404);
    expect((await tech.get('/api/complaint-sla-settings')).statusCode).toBe(403);
    expect((await tech.put('/api/complaint-sla-settings', targets)).statusCode).toBe(403);
  });
});
