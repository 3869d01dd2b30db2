import { indiaInstant, weekdayOf } from '@karya/domain/schedule';
import {
  assignOrder,
  createBranchTeam,
  createOrder,
  type Member,
  type SeededOrder,
} from '@karya/test-factories';
import { count } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { technicianLeave, workOrderSchedules } from '../../src/db/schema';
import { type Client, client } from '../helpers/http';
import { ADMIN, createTestApp, loginAs, type TestApp } from '../helpers/test-app';

/**
 * A job's time (issue 34): scheduling assigns a pending order in the same move, the server
 * finds each kind of conflict and takes an override only when asked (the history keeps it),
 * a stale move is refused, and only the desk of the order's branch may plan it.
 */

const MONDAY = '2027-03-01';
const SUNDAY = '2027-03-07';
const at = (clock: string, day = MONDAY) => indiaInstant(day, clock).toISOString();

let t: TestApp;
let admin: Client;
let manager: Client;
let otherManager: Client;
let branchId: string;
let ravi: Member<Client>;
let sita: Member<Client>;

async function data(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

const schedule = (who: Client, body: object) => who.post('/api/schedule-work-order', body);

async function board(from = MONDAY, to = SUNDAY) {
  return data(await manager.get(`/api/schedule?from=${from}&to=${to}`));
}

async function historyOf(order: SeededOrder): Promise<{ status: string; remark: string }[]> {
  return (
    await data(
      await manager.get(`/api/get-work-order-details/${order.customerId}/${order.orderId}`),
    )
  ).statusHistory;
}

async function rows() {
  const [jobs] = await t.db.select({ n: count() }).from(workOrderSchedules);
  const [leave] = await t.db.select({ n: count() }).from(technicianLeave);
  return { jobs: jobs?.n, leave: leave?.n };
}

beforeAll(async () => {
  // The phone's day is read from the app's clock, which POST /api/test-clock sets here.
  t = await createTestApp({ KARYA_TEST_CLOCK: '1' });
  admin = client(t.app, await loginAs(t.app, ADMIN.username, ADMIN.password));
  const team = await createBranchTeam(admin, {
    branch: { name: 'Baner Schedule' },
    technicians: [{ firstName: 'Ravi' }, { firstName: 'Sita' }],
  });
  const other = await createBranchTeam(admin, { branch: { name: 'Wakad Schedule' } });
  manager = team.manager.api;
  otherManager = other.manager.api;
  branchId = team.branch.id;
  [ravi, sita] = team.technicians;
  expect(weekdayOf(MONDAY)).toBe('mon');
  expect(weekdayOf(SUNDAY)).toBe('sun');
});
afterAll(() => t.close());

describe('scheduling a pending order', () => {
  it('assigns and schedules it in one move; the board and the history show it', async () => {
    const order = await createOrder(manager);
    const job = await data(
      await schedule(manager, {
        orderId: order.orderId,
        technicianId: ravi.id,
        start: at('11:00'),
        durationMinutes: 120,
        window: { start: '10:00', end: '12:00' },
      }),
    );
    expect(job).toMatchObject({
      orderId: order.orderId,
      technicianId: ravi.id,
      status: 'assigned',
      start: at('11:00'),
      end: at('13:00'),
      window: { start: '10:00', end: '12:00' },
      version: 1,
    });
    const week = await board();
    expect(week.jobs.map((j: { orderId: string }) => j.orderId)).toContain(order.orderId);
    expect(week.unscheduled.map((j: { orderId: string }) => j.orderId)).not.toContain(
      order.orderId,
    );
    const day = week.technicians.find((x: { _id: string }) => x._id === ravi.id).utilisation[0];
    expect(day).toEqual({ date: MONDAY, bookedMinutes: 120, workingMinutes: 570 });
    const history = await historyOf(order);
    expect(history.map((h) => h.status)).toEqual(['pending', 'assigned', 'assigned']);
    expect(history.at(-1)?.remark).toBe(
      'Scheduled 01/03/2027 11:00–13:00, arrival window 10:00–12:00',
    );
  });

  it('lists pending and assigned orders without a time in the lane, oldest first', async () => {
    const first = await createOrder(manager);
    const second = await createOrder(manager);
    await assignOrder(manager, second, sita.id);
    const lane = (await board()).unscheduled.map((j: { orderId: string }) => j.orderId);
    expect(lane.indexOf(first.orderId)).toBeGreaterThanOrEqual(0);
    expect(lane.indexOf(second.orderId)).toBeGreaterThan(lane.indexOf(first.orderId));
  });
});

describe('conflicts', () => {
  it("refuses another job over the technician's booked time and changes nothing; override books it and the history says so", async () => {
    const booked = await createOrder(manager);
    await data(
      await schedule(manager, {
        orderId: booked.orderId,
        technicianId: sita.id,
        start: at('11:00', '2027-03-02'),
        durationMinutes: 90,
      }),
    );
    const clash = await createOrder(manager);
    const before = await rows();
    const refused = await schedule(manager, {
      orderId: clash.orderId,
      technicianId: sita.id,
      start: at('12:00', '2027-03-02'),
      durationMinutes: 60,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      success: false,
      message: 'This time clashes with the technician’s day. Schedule anyway?',
      conflicts: [
        {
          kind: 'overlap',
          orderId: booked.orderId,
          message: `Overlaps ${booked.orderId} (11:00–12:30)`,
        },
      ],
    });
    expect(await rows()).toEqual(before);
    expect((await historyOf(clash)).map((h) => h.status)).toEqual(['pending']);

    const anyway = await data(
      await schedule(manager, {
        orderId: clash.orderId,
        technicianId: sita.id,
        start: at('12:00', '2027-03-02'),
        durationMinutes: 60,
        override: true,
      }),
    );
    expect(anyway).toMatchObject({ status: 'assigned', version: 1 });
    expect((await historyOf(clash)).at(-1)?.remark).toBe(
      `Scheduled 02/03/2027 12:00–13:00; scheduled anyway: Overlaps ${booked.orderId} (11:00–12:30)`,
    );
  });

  it('refuses time outside working hours and a closed day, until the branch opens then', async () => {
    const order = await createOrder(manager);
    const early = await schedule(manager, {
      orderId: order.orderId,
      technicianId: ravi.id,
      start: at('08:00', '2027-03-03'),
      durationMinutes: 60,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().conflicts).toEqual([
      {
        kind: 'outside-working-hours',
        day: '2027-03-03',
        message: 'Outside working hours on 2027-03-03 (09:30–19:00)',
      },
    ]);
    const sunday = {
      orderId: order.orderId,
      technicianId: ravi.id,
      start: at('10:00', SUNDAY),
      durationMinutes: 60,
    };
    const closed = await schedule(manager, sunday);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().conflicts[0].message).toBe(`The branch is closed on ${SUNDAY}`);

    const week = (await board()).workingHours;
    const hours = await data(
      await manager.put('/api/branch-working-hours', {
        hours: { ...week, sun: { open: '10:00', close: '14:00' } },
      }),
    );
    expect(hours.sun).toEqual({ open: '10:00', close: '14:00' });
    expect(await data(await schedule(manager, sunday))).toMatchObject({
      start: at('10:00', SUNDAY),
    });
    // Put the week back for the tests after.
    await data(await manager.put('/api/branch-working-hours', { hours: week }));
  });

  it('refuses a technician on leave, a part of a day too, until the leave is removed', async () => {
    const leave = await data(
      await manager.post('/api/technician-leave', {
        technicianId: ravi.id,
        start: at('14:00', '2027-03-04'),
        end: at('19:00', '2027-03-04'),
        reason: 'Doctor',
      }),
    );
    expect(leave).toMatchObject({ technicianId: ravi.id, reason: 'Doctor' });
    const week = await board();
    const raviWeek = week.technicians.find((x: { _id: string }) => x._id === ravi.id);
    expect(raviWeek.leave).toEqual([
      {
        _id: leave._id,
        start: at('14:00', '2027-03-04'),
        end: at('19:00', '2027-03-04'),
        reason: 'Doctor',
      },
    ]);
    // 09:30–19:00 less 14:00–19:00.
    expect(raviWeek.utilisation[3]).toMatchObject({ date: '2027-03-04', workingMinutes: 270 });

    const order = await createOrder(manager);
    const body = {
      orderId: order.orderId,
      technicianId: ravi.id,
      start: at('13:30', '2027-03-04'),
      durationMinutes: 60,
    };
    const refused = await schedule(manager, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().conflicts).toMatchObject([
      { kind: 'on-leave', leaveId: leave._id, message: 'On leave: Doctor' },
    ]);
    expect((await otherManager.delete(`/api/technician-leave/${leave._id}`)).statusCode).toBe(404);
    expect((await manager.delete('/api/technician-leave/not-a-leave')).statusCode).toBe(404);
    await data(await manager.delete(`/api/technician-leave/${leave._id}`));
    expect(await data(await schedule(manager, body))).toMatchObject({ status: 'assigned' });
  });
});

describe('moving a scheduled job', () => {
  it('moves an assigned job in time with its own technician, never to another', async () => {
    const order = await createOrder(manager);
    const first = await data(
      await schedule(manager, {
        orderId: order.orderId,
        technicianId: ravi.id,
        start: at('09:30', '2027-03-05'),
        durationMinutes: 60,
      }),
    );
    const moved = await data(
      await schedule(manager, {
        orderId: order.orderId,
        technicianId: ravi.id,
        start: at('15:00', '2027-03-05'),
        durationMinutes: 45,
        version: first.version,
      }),
    );
    expect(moved).toMatchObject({
      start: at('15:00', '2027-03-05'),
      end: at('15:45', '2027-03-05'),
      version: 2,
    });
    const elsewhere = await schedule(manager, {
      orderId: order.orderId,
      technicianId: sita.id,
      start: at('15:00', '2027-03-05'),
      durationMinutes: 45,
    });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().message).toBe(
      `${order.orderId} is assigned to Ravi ${ravi.lastName}: it can be moved in time, not to another technician`,
    );
  });

  it('of ten moves made at the same version exactly one lands; the others get the job as it is', async () => {
    const order = await createOrder(manager);
    const start = await data(
      await schedule(manager, {
        orderId: order.orderId,
        technicianId: sita.id,
        start: at('10:00', '2027-03-06'),
        durationMinutes: 30,
      }),
    );
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        schedule(manager, {
          orderId: order.orderId,
          technicianId: sita.id,
          start: at(`1${i}:00`, '2027-03-06'),
          durationMinutes: 30,
          version: start.version,
          override: true,
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, ...Array(9).fill(409)]);
    const winner = answers.find((a) => a.statusCode === 200)?.json().data;
    for (const refused of answers.filter((a) => a.statusCode === 409))
      expect(refused.json()).toMatchObject({
        message: `${order.orderId} was moved by someone else meanwhile; the board now shows where it is`,
        job: { orderId: order.orderId, version: 2, start: winner.start },
      });
  });

  it('takes a job back to the lane, still assigned, once', async () => {
    const order = await createOrder(manager);
    const job = await data(
      await schedule(manager, {
        orderId: order.orderId,
        technicianId: ravi.id,
        start: at('11:00', '2027-03-08'),
        durationMinutes: 60,
      }),
    );
    const back = await data(
      await manager.post('/api/unschedule-work-order', {
        orderId: order.orderId,
        version: job.version,
      }),
    );
    expect(back).toMatchObject({ status: 'assigned', start: null, end: null, version: 2 });
    expect(
      (await board(MONDAY, '2027-03-08')).unscheduled.map((j: { orderId: string }) => j.orderId),
    ).toContain(order.orderId);
    const again = await manager.post('/api/unschedule-work-order', { orderId: order.orderId });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`${order.orderId} is not scheduled`);
  });
});

describe('a visit the customer was told of', () => {
  it('says a move changed its time and whether the customer had been sent it', async () => {
    const order = await createOrder(manager);
    const first = await data(
      await schedule(manager, {
        orderId: order.orderId,
        technicianId: ravi.id,
        start: at('10:00', '2027-03-10'),
        durationMinutes: 60,
      }),
    );
    // Booked for the first time: nothing moved.
    expect(first).toMatchObject({ rescheduledFrom: null, customerTold: false });
    const untold = await data(
      await schedule(manager, {
        orderId: order.orderId,
        technicianId: ravi.id,
        start: at('11:00', '2027-03-10'),
        durationMinutes: 60,
        version: first.version,
      }),
    );
    expect(untold).toMatchObject({
      rescheduledFrom: at('10:00', '2027-03-10'),
      customerTold: false,
    });

    const told = await manager.post('/api/record-customer-update', {
      orderId: order.orderId,
      event: 'technicianAssigned',
    });
    expect(told.statusCode, told.body).toBe(200);
    // A longer job at the same start is not a new time for the customer.
    const longer = await data(
      await schedule(manager, {
        orderId: order.orderId,
        technicianId: ravi.id,
        start: at('11:00', '2027-03-10'),
        durationMinutes: 90,
        version: untold.version,
      }),
    );
    expect(longer).toMatchObject({ rescheduledFrom: null, customerTold: false });
    const moved = await data(
      await schedule(manager, {
        orderId: order.orderId,
        technicianId: ravi.id,
        start: at('15:00', '2027-03-10'),
        durationMinutes: 90,
        window: { start: '15:00', end: '17:00' },
        version: longer.version,
      }),
    );
    expect(moved).toMatchObject({
      rescheduledFrom: at('11:00', '2027-03-10'),
      customerTold: true,
      // No WhatsApp Cloud API here: the desk sends it with a tap.
      sentAutomatically: false,
    });

    // The 'Visit rescheduled' update tells the new window.
    const facts = await data(
      await manager.get(`/api/customer-update-facts?orderId=${order.orderId}`),
    );
    expect(facts.visit).toEqual({
      start: at('15:00', '2027-03-10'),
      end: at('16:30', '2027-03-10'),
      window: { start: '15:00', end: '17:00' },
    });
  });

  it('gives the board the time work first started, which it marks late after the window', async () => {
    const order = await createOrder(manager);
    await data(
      await schedule(manager, {
        orderId: order.orderId,
        technicianId: sita.id,
        start: at('10:00', '2027-03-11'),
        durationMinutes: 60,
        window: { start: '10:00', end: '11:00' },
      }),
    );
    const jobOf = async () =>
      (await board('2027-03-11', '2027-03-11')).jobs.find(
        (j: { orderId: string }) => j.orderId === order.orderId,
      );
    expect((await jobOf()).startedAt).toBeNull();
    const before = Date.now();
    const started = await sita.api.post('/api/update-work-status', {
      customerId: order.customerId,
      orderId: order.orderId,
      status: 'in-progress',
    });
    expect(started.statusCode, started.body).toBe(200);
    const startedAt = Date.parse((await jobOf()).startedAt);
    expect(startedAt).toBeGreaterThanOrEqual(before - 5_000);
    expect(startedAt).toBeLessThanOrEqual(Date.now() + 5_000);
    // Paused, so the technician may start the next test's job.
    const paused = await sita.api.post('/api/update-work-status', {
      customerId: order.customerId,
      orderId: order.orderId,
      status: 'paused',
      remark: 'Waiting for a part',
    });
    expect(paused.statusCode, paused.body).toBe(200);
    expect((await jobOf()).startedAt).toBe(new Date(startedAt).toISOString());
  });
});

describe("the customer's status page", () => {
  it('shows the booked visit and its window until the work starts, as the updates tell it', async () => {
    const order = await createOrder(manager);
    const link = await data(
      await manager.post('/api/work-order-status-link', { orderId: order.orderId }),
    );
    const page = async () =>
      data(await t.app.inject({ method: 'GET', url: `/api/job-status/${link.token}` }));
    const visitOf = async () => (await page()).visit;
    expect(await visitOf()).toBeNull();
    await data(
      await schedule(manager, {
        orderId: order.orderId,
        technicianId: sita.id,
        start: at('10:30', '2027-03-09'),
        durationMinutes: 90,
        window: { start: '10:00', end: '12:00' },
      }),
    );
    expect(await visitOf()).toEqual({
      start: at('10:30', '2027-03-09'),
      end: at('12:00', '2027-03-09'),
      window: { start: '10:00', end: '12:00' },
    });
    // The 'technician assigned' update tells the same visit (the phone and desk fill it).
    const facts = await data(
      await manager.get(`/api/customer-update-facts?orderId=${order.orderId}`),
    );
    expect(facts.visit).toEqual(await visitOf());
    // The schedule's history line changes no status: the customer sees 'assigned' once.
    expect((await page()).timeline.map((step: { status: string }) => step.status)).toEqual([
      'pending',
      'assigned',
    ]);
    const started = await sita.api.post('/api/update-work-status', {
      customerId: order.customerId,
      orderId: order.orderId,
      status: 'in-progress',
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(await visitOf()).toBeNull();
  });
});

describe("the technician's week on the phone", () => {
  it("lists today's booked jobs and the next six days' in time order, with their windows", async () => {
    const team = await createBranchTeam(admin, { branch: { name: 'Aundh Phone Day' } });
    const [tech] = team.technicians;
    const book = async (day: string, clock: string, window?: { start: string; end: string }) => {
      const order = await createOrder(team.manager.api);
      await data(
        await schedule(team.manager.api, {
          orderId: order.orderId,
          technicianId: tech.id,
          start: at(clock, day),
          durationMinutes: 60,
          override: true,
          ...(window ? { window } : {}),
        }),
      );
      return order.orderId;
    };
    // Thursday 4 March 2027 is today; jobs booked out of order.
    const afternoon = await book('2027-03-04', '15:00');
    const morning = await book('2027-03-04', '10:00', { start: '09:30', end: '11:00' });
    const nextWeek = await book('2027-03-10', '11:00');
    await book('2027-03-03', '11:00');
    await book('2027-03-11', '11:00');
    expect(
      (await admin.post('/api/test-clock', { now: '2027-03-04T02:30:00.000Z' })).statusCode,
    ).toBe(200);
    try {
      const week = await data(await tech.api.get('/api/my-schedule'));
      expect(week.today).toBe('2027-03-04');
      expect(week.jobs.map((job: { orderId: string }) => job.orderId)).toEqual([
        morning,
        afternoon,
        nextWeek,
      ]);
      expect(week.jobs[0].window).toEqual({ start: '09:30', end: '11:00' });
      expect((await team.manager.api.get('/api/my-schedule')).statusCode).toBe(403);
    } finally {
      await admin.post('/api/test-clock', { now: null });
    }
  });
});

describe('who may plan', () => {
  it("answers another branch's order and technician as absent, and refuses technicians", async () => {
    const order = await createOrder(manager);
    const body = {
      orderId: order.orderId,
      technicianId: ravi.id,
      start: at('11:00', '2027-03-09'),
      durationMinutes: 60,
    };
    const before = await rows();
    expect((await schedule(otherManager, body)).statusCode).toBe(404);
    expect((await schedule(ravi.api, body)).statusCode).toBe(403);
    expect((await ravi.api.get(`/api/schedule?from=${MONDAY}&to=${MONDAY}`)).statusCode).toBe(403);
    expect(
      (
        await otherManager.post('/api/technician-leave', {
          technicianId: ravi.id,
          start: at('10:00'),
          end: at('11:00'),
        })
      ).statusCode,
    ).toBe(404);
    expect(await rows()).toEqual(before);
  });

  it('lets an admin plan a branch they name, and asks for one', async () => {
    const none = await admin.get(`/api/schedule?from=${MONDAY}&to=${MONDAY}`);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Please select a branch');
    const named = await data(
      await admin.get(`/api/schedule?from=${MONDAY}&to=${MONDAY}&branch=${branchId}`),
    );
    expect(named.branchId).toBe(branchId);
    expect(named.technicians.map((x: { name: string }) => x.name.split(' ')[0])).toEqual([
      'Ravi',
      'Sita',
    ]);
  });
});

describe('bad input', () => {
  it('answers 400 with what to fix and changes nothing', async () => {
    const order = await createOrder(manager);
    const good = {
      orderId: order.orderId,
      technicianId: ravi.id,
      start: at('11:00', '2027-03-10'),
      durationMinutes: 60,
    };
    const before = await rows();
    const bad: [object, string][] = [
      [{ ...good, durationMinutes: 0 }, 'Duration must be 1 to 1440 minutes'],
      [{ ...good, durationMinutes: 1441 }, 'Please enter a number no larger than 1,440'],
      [{ ...good, durationMinutes: '60' }, 'Duration must be 1 to 1440 minutes'],
      [{ ...good, start: '2027-03-10' }, 'Please enter a valid start date and time'],
      [{ ...good, start: '2027-02-30T10:00:00Z' }, 'Please enter a valid start date and time'],
      [
        { ...good, window: { start: '12:00', end: '10:00' } },
        'The arrival window must end after it starts',
      ],
      [{ ...good, window: { start: '25:00', end: '26:00' } }, 'Please enter a time as HH:MM'],
      [{ ...good, technicianId: 'ravi' }, 'Please select a technician'],
      [{ ...good, orderId: undefined }, 'Please choose a work order'],
      [{ ...good, orderId: ' ' }, 'Please choose a work order'],
    ];
    for (const [body, message] of bad) {
      const answer = await schedule(manager, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(
        answer.json().errors?.map((e: { message: string }) => e.message) ?? [answer.json().message],
      ).toContain(message);
    }
    for (const query of [
      `from=${MONDAY}&to=2027-04-01`,
      `from=${MONDAY}&to=2027-02-28`,
      'from=2027-02-30&to=2027-03-01',
      `from=${MONDAY}`,
    ])
      expect((await manager.get(`/api/schedule?${query}`)).statusCode, query).toBe(400);
    const badHours = await manager.put('/api/branch-working-hours', {
      hours: {
        sun: null,
        mon: { open: '19:00', close: '09:30' },
        tue: null,
        wed: null,
        thu: null,
        fri: null,
        sat: null,
      },
    });
    expect(badHours.statusCode).toBe(400);
    const noSunday = await manager.put('/api/branch-working-hours', {
      hours: { mon: null, tue: null, wed: null, thu: null, fri: null, sat: null },
    });
    expect(noSunday.statusCode).toBe(400);
    expect(noSunday.json().errors).toEqual([
      {
        field: 'hours.sun',
        message: 'Give each weekday its opening and closing time, or null when closed',
      },
    ]);
    const badLeave = await manager.post('/api/technician-leave', {
      technicianId: ravi.id,
      start: at('12:00'),
      end: at('11:00'),
    });
    expect(badLeave.statusCode).toBe(400);
    expect(await rows()).toEqual(before);
    expect((await board()).workingHours.mon).toEqual({ open: '09:30', close: '19:00' });
  });
});
