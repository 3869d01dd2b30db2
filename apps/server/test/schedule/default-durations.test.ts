import { indiaInstant } from '@karya/domain/schedule';
import {
  createBranchTeam,
  createOrder,
  type Member,
  type SeededOrder,
} from '@karya/test-factories';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../src/db/schema';
import { type Client, client } from '../helpers/http';
import { ADMIN, createTestApp, loginAs, type TestApp } from '../helpers/test-app';

/**
 * Default job durations (issue 34): an admin sets minutes per project type and category, the
 * desk reads them (also beside the board), nobody else sets them, and a bad row is refused by
 * its number with nothing changed. And the Assign Technician dialog's date and time: one
 * POST /api/schedule-work-order keeps the instructions where /api/assign-technician does.
 */

const DAY = '2027-03-02';

let t: TestApp;
let admin: Client;
let manager: Client;
let ravi: Member<Client>;

interface Row {
  projectType: string;
  projectCategory: string;
  minutes: number;
  isFallback: boolean;
}

async function data(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

async function table(who: Client = manager): Promise<Row[]> {
  return (await data(await who.get('/api/schedule-default-durations'))).durations;
}

const rowOf = (rows: Row[], projectType: string, projectCategory: string) =>
  rows.find((r) => r.projectType === projectType && r.projectCategory === projectCategory);

const put = (who: Client, durations: unknown) =>
  who.put('/api/schedule-default-durations', { durations });

beforeAll(async () => {
  t = await createTestApp();
  admin = client(t.app, await loginAs(t.app, ADMIN.username, ADMIN.password));
  const team = await createBranchTeam(admin, {
    branch: { name: 'Kothrud Durations' },
    technicians: [{ firstName: 'Ravi' }],
  });
  manager = team.manager.api;
  [ravi] = team.technicians;
});
afterAll(() => t.close());

describe('default job durations', () => {
  it('lists every type and category, the fallback rule where nobody set one', async () => {
    const rows = await table();
    expect(rows).toHaveLength(7 * 3);
    expect(rowOf(rows, 'CCTV Camera', 'New Installation')).toEqual({
      projectType: 'CCTV Camera',
      projectCategory: 'New Installation',
      minutes: 120,
      isFallback: true,
    });
    expect(rowOf(rows, 'CCTV Camera', 'Repair')?.minutes).toBe(60);
    expect(rowOf(rows, 'Custom', 'Maintenance')?.minutes).toBe(60);
  });

  it('an admin sets one; the manager reads it, and the board carries it', async () => {
    const saved = await put(admin, [
      { projectType: 'CCTV Camera', projectCategory: 'New Installation', minutes: 180 },
      { projectType: 'Attendance System', projectCategory: 'Repair', minutes: 45 },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe('Job durations saved');
    const rows = await table(manager);
    expect(rowOf(rows, 'CCTV Camera', 'New Installation')).toMatchObject({
      minutes: 180,
      isFallback: false,
    });
    expect(rowOf(rows, 'Attendance System', 'Repair')).toMatchObject({
      minutes: 45,
      isFallback: false,
    });
    expect(rowOf(rows, 'CCTV Camera', 'Repair')).toMatchObject({ minutes: 60, isFallback: true });
    const board = await data(await manager.get(`/api/schedule?from=${DAY}&to=${DAY}`));
    expect(rowOf(board.defaultDurations, 'CCTV Camera', 'New Installation')?.minutes).toBe(180);

    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'schedule.default-durations'));
    expect(audit?.summary).toBe(
      'Job durations changed: CCTV Camera / New Installation 180 min; Attendance System / Repair 45 min',
    );
  });

  it('refuses a manager and a technician setting them (403), and a technician reading them', async () => {
    const body = [{ projectType: 'CCTV Camera', projectCategory: 'Repair', minutes: 90 }];
    expect((await put(manager, body)).statusCode).toBe(403);
    expect((await put(ravi.api, body)).statusCode).toBe(403);
    expect((await ravi.api.get('/api/schedule-default-durations')).statusCode).toBe(403);
    expect(rowOf(await table(), 'CCTV Camera', 'Repair')).toMatchObject({
      minutes: 60,
      isFallback: true,
    });
  });

  it('refuses a bad row by its number, and changes nothing of the good ones beside it', async () => {
    const before = await table();
    const good = { projectType: 'Safe and Locks', projectCategory: 'Repair', minutes: 30 };
    const cases: [unknown, string][] = [
      [
        [good, { projectType: 'Solar', projectCategory: 'Repair', minutes: 30 }],
        "Row 2: 'Solar' is not a project type",
      ],
      [
        [good, { projectType: 'CCTV Camera', projectCategory: 'Upgrade', minutes: 30 }],
        "Row 2: 'Upgrade' is not a category",
      ],
      [
        [good, { projectType: 'CCTV Camera', projectCategory: 'Repair', minutes: 4 }],
        'Row 2 (CCTV Camera, Complaint): minutes must be a whole number from 5 to 1440',
      ],
      [
        [good, { projectType: 'CCTV Camera', projectCategory: 'Repair', minutes: 1441 }],
        'Row 2 (CCTV Camera, Complaint): minutes must be a whole number from 5 to 1440',
      ],
      [
        [good, { projectType: 'CCTV Camera', projectCategory: 'Repair', minutes: 90.5 }],
        'Row 2 (CCTV Camera, Complaint): minutes must be a whole number from 5 to 1440',
      ],
      [
        [good, { projectType: 'CCTV Camera', projectCategory: 'Repair', minutes: '90' }],
        'Row 2 (CCTV Camera, Complaint): minutes must be a whole number from 5 to 1440',
      ],
      [[good, good], 'Row 2 (Safe and Locks, Complaint) is set twice'],
      [[], 'Send durations: a list of { projectType, projectCategory, minutes }'],
      ['all of them', 'Send durations: a list of { projectType, projectCategory, minutes }'],
    ];
    for (const [durations, message] of cases) {
      const refused = await put(admin, durations);
      expect(refused.statusCode, JSON.stringify(durations)).toBe(400);
      expect(refused.json().message).toContain(message);
    }
    expect(await table()).toEqual(before);
  });
});

describe('assigning with a date and time', () => {
  it('keeps the instructions where assign-technician keeps them, and books the time', async () => {
    const order: SeededOrder = await createOrder(manager);
    const job = await data(
      await manager.post('/api/schedule-work-order', {
        orderId: order.orderId,
        technicianId: ravi.id,
        start: indiaInstant(DAY, '11:00').toISOString(),
        durationMinutes: 180,
        instructions: '  Bring the ladder  ',
      }),
    );
    expect(job).toMatchObject({
      status: 'assigned',
      technicianId: ravi.id,
      end: indiaInstant(DAY, '14:00').toISOString(),
    });
    const detail = await data(
      await manager.get(`/api/get-work-order-details/${order.customerId}/${order.orderId}`),
    );
    expect(detail.instructions).toBe('Bring the ladder');
    expect(detail.technician._id).toBe(ravi.id);
    expect(
      detail.statusHistory.map((h: { status: string; remark: string }) => [h.status, h.remark]),
    ).toEqual([
      ['pending', expect.any(String)],
      ['assigned', 'Bring the ladder'],
      ['assigned', 'Scheduled 02/03/2027 11:00–14:00'],
    ]);
  });

  it('without instructions the history names the technician, as assign-technician does', async () => {
    const order = await createOrder(manager);
    await data(
      await manager.post('/api/schedule-work-order', {
        orderId: order.orderId,
        technicianId: ravi.id,
        start: indiaInstant(DAY, '15:00').toISOString(),
        durationMinutes: 60,
      }),
    );
    const detail = await data(
      await manager.get(`/api/get-work-order-details/${order.customerId}/${order.orderId}`),
    );
    expect(detail.instructions).toBe('');
    expect(detail.statusHistory[1]).toMatchObject({
      status: 'assigned',
      remark: expect.stringMatching(/^Assigned to Ravi /),
    });
  });
});
