import { REPLAYED_HEADER } from '@karya/domain/idempotency';
import { indiaDateTimeText } from '@karya/domain/occurred-at';
import type { StatusHistoryEntry } from '@karya/domain/work-order-schemas';
import {
  assignOrder,
  billLine,
  createBranchTeam,
  createItem,
  createOrder,
  type SeededItem,
  type SeededOrder,
  SIGNATURE_PNG,
} from '@karya/test-factories';
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { SettableClock } from '../../src/clock';
import { loadConfig } from '../../src/config';
import { billPayments, bills, workOrderStatusHistory } from '../../src/db/schema';
import { ensureDefaultAdmin } from '../../src/modules/system/bootstrap-admin';
import { type Client, client } from '../helpers/http';
import { ADMIN, loginAs } from '../helpers/test-app';
import { openTestDatabase } from '../helpers/test-database';

/**
 * A queued action's occurredAt (issue 39 item 3, decision 043): the phone's time dates the
 * history entry, the bill, its payment and the invoice when it is in the past, at most 7 days
 * old and not before the order's previous event; otherwise the server's time, and a remark
 * says why. The app's clock stands an hour ahead of the database's own now, which dates the
 * manager's entries (order opened, assigned), so that a phone time a few minutes before the
 * clock is after them; it moves to 1 April 2027 for the financial-year case.
 */

const clock = new SettableClock();
let close: () => Promise<void>;
let app: Awaited<ReturnType<typeof buildApp>>['app'];
let db: Awaited<ReturnType<typeof openTestDatabase>>['db'];
let manager: Client;
const technicians: { id: string; cookie: string; api: Client }[] = [];
let service: SeededItem;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const ago = (ms: number) => new Date(clock.now().getTime() - ms).toISOString();

interface Job {
  order: SeededOrder;
  tech: (typeof technicians)[number];
}

let nextTech = 0;
/** A new order assigned to a technician with no other job in progress. */
async function assignedJob(): Promise<Job> {
  const tech = technicians[nextTech];
  nextTech += 1;
  if (!tech) throw new Error('out of technicians');
  const order = await createOrder(manager);
  await assignOrder(manager, order, tech.id);
  return { order, tech };
}

const keyOf = (order: SeededOrder) => ({ customerId: order.customerId, orderId: order.orderId });

function post(
  job: Job,
  url: string,
  payload: object,
  idempotencyKey?: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    payload,
    headers: {
      cookie: job.tech.cookie,
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    },
  });
}

async function ok(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

/** The order's history as the manager's Project Details reads it. */
async function historyOf(order: SeededOrder): Promise<StatusHistoryEntry[]> {
  const response = await manager.get(
    `/api/get-work-order-details/${order.customerId}/${order.orderId}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.statusHistory;
}

async function historyCount(order: SeededOrder): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(workOrderStatusHistory)
    .where(eq(workOrderStatusHistory.workOrderId, order._id));
  return row?.n ?? 0;
}

const lastOf = (history: StatusHistoryEntry[], status: string) =>
  history.filter((entry) => entry.status === status).at(-1);

/** The server's own time: its clock's. */
function expectServerTime(at: string | undefined) {
  expect(at).toBe(clock.now().toISOString());
}

beforeAll(async () => {
  const database = await openTestDatabase();
  db = database.db;
  const built = await buildApp(loadConfig({ WEB_DIST: '/nonexistent' }), {
    database,
    logger: false,
    answers: 'checked',
    clock,
  });
  app = built.app;
  await ensureDefaultAdmin(db, { username: ADMIN.username, password: ADMIN.password });
  await app.ready();
  close = async () => {
    await app.close();
    await database.close();
  };
  const admin = client(app, await loginAs(app, ADMIN.username, ADMIN.password));
  const team = await createBranchTeam(admin, {
    branch: { name: 'Aundh Stamp' },
    technicians: Array.from({ length: 16 }, () => ({})),
  });
  manager = team.manager.api;
  for (const tech of team.technicians) {
    const cookie = await loginAs(app, tech.username, tech.password);
    technicians.push({ id: tech.id, cookie, api: client(app, cookie) });
  }
  service = await createItem(admin, 'service', { name: 'Camera installation', salePrice: 1180 });
});
afterAll(() => close());
beforeEach(() => clock.set(new Date(Date.now() + 60 * MINUTE)));
afterEach(() => clock.set(null));

describe('the status history takes the phone’s time', () => {
  it('dates a start, a pause and a remark when they happened, with no note', async () => {
    const job = await assignedJob();
    const startedAt = ago(6 * MINUTE);
    const pausedAt = ago(4 * MINUTE);
    const remarkAt = ago(2 * MINUTE);
    await ok(
      await post(job, '/api/update-work-status', {
        ...keyOf(job.order),
        status: 'in-progress',
        occurredAt: startedAt,
      }),
    );
    await ok(
      await post(job, '/api/remark-add', {
        ...keyOf(job.order),
        remark: 'Customer asked for the camera above the gate',
        occurredAt: pausedAt,
      }),
    );
    const paused = await ok(
      await post(job, '/api/update-work-status', {
        ...keyOf(job.order),
        status: 'paused',
        remark: 'Waiting for the ladder',
        occurredAt: remarkAt,
      }),
    );
    const history = await historyOf(job.order);
    expect(lastOf(history, 'in-progress')?.updatedAt).toBe(startedAt);
    expect(lastOf(history, 'communication')?.updatedAt).toBe(pausedAt);
    expect(lastOf(history, 'paused')?.updatedAt).toBe(remarkAt);
    expect(paused.pausedAt).toBe(remarkAt);
    expect(history.filter((entry) => entry.status === 'remark')).toEqual([]);
    // In the order they happened, after the manager's assignment.
    expect(history.map((entry) => entry.status).slice(-3)).toEqual([
      'in-progress',
      'communication',
      'paused',
    ]);
  });

  it('reads a phone up to 2 minutes ahead as the server’s now, without a note', async () => {
    const job = await assignedJob();
    await ok(
      await post(job, '/api/update-work-status', {
        ...keyOf(job.order),
        status: 'in-progress',
        occurredAt: ago(-90_000),
      }),
    );
    const history = await historyOf(job.order);
    expectServerTime(lastOf(history, 'in-progress')?.updatedAt);
    expect(history.filter((entry) => entry.status === 'remark')).toEqual([]);
  });
});

describe('a phone time not used: the server’s time, and the history says why', () => {
  async function startWith(occurredAt: string) {
    const job = await assignedJob();
    await ok(
      await post(job, '/api/update-work-status', {
        ...keyOf(job.order),
        status: 'in-progress',
        occurredAt,
      }),
    );
    const history = await historyOf(job.order);
    const started = lastOf(history, 'in-progress');
    expectServerTime(started?.updatedAt);
    // The note follows the entry it is about, at the same time.
    const note = history.at(-1);
    expect(history.at(-2)).toEqual(started);
    expect(note).toMatchObject({ status: 'remark', updatedAt: started?.updatedAt });
    return note?.remark;
  }

  it('more than 7 days old', async () => {
    const occurredAt = ago(8 * DAY);
    expect(await startWith(occurredAt)).toBe(
      `Phone time ${indiaDateTimeText(new Date(occurredAt))} not used: more than 7 days old`,
    );
  });

  it('in the future', async () => {
    const occurredAt = ago(-10 * MINUTE);
    expect(await startWith(occurredAt)).toBe(
      `Phone time ${indiaDateTimeText(new Date(occurredAt))} not used: later than the server’s time`,
    );
  });

  it('earlier than the order’s previous event', async () => {
    const job = await assignedJob();
    const startedAt = ago(10 * MINUTE);
    await ok(
      await post(job, '/api/update-work-status', {
        ...keyOf(job.order),
        status: 'in-progress',
        occurredAt: startedAt,
      }),
    );
    const pausedAt = ago(20 * MINUTE);
    await ok(
      await post(job, '/api/update-work-status', {
        ...keyOf(job.order),
        status: 'paused',
        remark: 'Customer away',
        occurredAt: pausedAt,
      }),
    );
    const history = await historyOf(job.order);
    const paused = lastOf(history, 'paused');
    expectServerTime(paused?.updatedAt);
    expect(paused?.remark).toBe('Customer away');
    expect(history.at(-1)).toMatchObject({
      status: 'remark',
      remark: `Phone time ${indiaDateTimeText(new Date(pausedAt))} not used: earlier than the order’s previous entry (${indiaDateTimeText(new Date(startedAt))})`,
    });
  });
});

describe('a malformed occurredAt is a 400 and changes nothing', () => {
  it('on every action that takes it', async () => {
    const job = await assignedJob();
    const bad = ['yesterday', '2027-03-31', '2027-02-30T10:00:00Z', '2027-03-31T23:50', 17, ''];
    for (const occurredAt of bad) {
      const before = await historyCount(job.order);
      for (const [url, body] of [
        ['/api/update-work-status', { ...keyOf(job.order), status: 'in-progress' }],
        ['/api/remark-add', { ...keyOf(job.order), remark: 'Reached the site' }],
        ['/api/complete-work-order', keyOf(job.order)],
      ] as const) {
        const response = await post(job, url, { ...body, occurredAt });
        expect(response.statusCode, `${url} ${String(occurredAt)}`).toBe(400);
        expect(response.json().success).toBe(false);
      }
      expect(await historyCount(job.order)).toBe(before);
    }
    const details = await historyOf(job.order);
    expect(details.at(-1)?.status).toBe('assigned');

    await ok(
      await post(job, '/api/update-work-status', { ...keyOf(job.order), status: 'in-progress' }),
    );
    const refusedBill = await post(job, '/api/create-bill', {
      ...keyOf(job.order),
      items: [billLine(service)],
      occurredAt: 'soon',
    });
    expect(refusedBill.statusCode).toBe(400);
    const [drafts] = await db
      .select({ n: count() })
      .from(bills)
      .where(eq(bills.workOrderId, job.order._id));
    expect(drafts?.n).toBe(0);
    const bill = await ok(
      await post(job, '/api/create-bill', { ...keyOf(job.order), items: [billLine(service)] }),
    );
    const refusedPay = await post(job, '/api/confirm-order-bill', {
      billId: bill._id,
      paymentMethod: 'cash',
      transactionId: null,
      occurredAt: '31/03/2027 23:50',
    });
    expect(refusedPay.statusCode).toBe(400);
    const [row] = await db.select().from(bills).where(eq(bills.id, bill._id));
    expect(row).toMatchObject({ paidAt: null, invoiceNumber: null, billNumber: null });
  });
});

describe('the other queued actions carry occurredAt too', () => {
  it('a signature (a multipart form) with occurredAt is taken as before', async () => {
    const job = await assignedJob();
    await ok(
      await post(job, '/api/update-work-status', { ...keyOf(job.order), status: 'in-progress' }),
    );
    // As the phone's queue sends it: occurredAt first, then the form's own fields and file.
    const signed = await job.tech.api.sendForm(
      '/api/work-order-signature',
      { occurredAt: ago(MINUTE), orderId: job.order.orderId, signerName: 'Asha Customer' },
      { name: 'signature.png', type: 'image/png', bytes: SIGNATURE_PNG },
    );
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
  });
});

describe('a replay under the same key answers as the first did', () => {
  it('lands a start once, whatever occurredAt the copies carry', async () => {
    const job = await assignedJob();
    const occurredAt = ago(3 * MINUTE);
    const body = { ...keyOf(job.order), status: 'in-progress', occurredAt };
    const first = await post(job, '/api/update-work-status', body, 'stamp-start-1');
    expect(first.statusCode).toBe(200);
    for (const copy of [
      body,
      { ...body, occurredAt: ago(MINUTE) },
      { ...body, occurredAt: undefined },
    ]) {
      const replay = await post(job, '/api/update-work-status', copy, 'stamp-start-1');
      expect(replay.statusCode).toBe(200);
      expect(replay.headers[REPLAYED_HEADER]).toBe('true');
      expect(replay.body).toBe(first.body);
    }
    const history = await historyOf(job.order);
    expect(history.filter((entry) => entry.status === 'in-progress')).toHaveLength(1);
    expect(lastOf(history, 'in-progress')?.updatedAt).toBe(occurredAt);
    // Another action under the key is still refused.
    const other = await post(
      job,
      '/api/update-work-status',
      { ...body, status: 'paused', remark: 'x' },
      'stamp-start-1',
    );
    expect(other.statusCode).toBe(422);
  });
});

describe('a bill taken offline at 23:50 on 31 March and synced on 1 April', () => {
  const LAST_EVENING = '2027-03-31T23:50:00+05:30';

  /** The phone's queue: start, bill and cash, each with the time the technician did it. */
  async function offlineJob(startedAt: string, paidAt: string) {
    const job = await assignedJob();
    await ok(
      await post(job, '/api/update-work-status', {
        ...keyOf(job.order),
        status: 'in-progress',
        occurredAt: startedAt,
      }),
    );
    const draft = await ok(
      await post(job, '/api/create-bill', {
        ...keyOf(job.order),
        items: [billLine(service)],
        occurredAt: paidAt,
      }),
    );
    const paid = await ok(
      await post(job, '/api/confirm-order-bill', {
        billId: draft._id,
        paymentMethod: 'cash',
        transactionId: null,
        occurredAt: paidAt,
      }),
    );
    return { job, draft, paid };
  }

  it('is dated 31 March and numbered in the old year’s series, without a gap', async () => {
    clock.set('2027-04-01T00:10:00+05:30');
    try {
      const { job, draft, paid } = await offlineJob('2027-03-31T23:20:00+05:30', LAST_EVENING);
      const at = new Date(LAST_EVENING).toISOString();
      expect(draft.createdAt).toBe(at);
      expect(paid.paidAt).toBe(at);
      expect(paid.invoice).toMatchObject({ date: '2027-03-31', financialYear: 2026 });
      expect(paid.invoice.number).toMatch(/\/26-27\/\d{5}$/);
      expect(paid.billNumber).toContain('-20270331-');
      expect(paid.payments).toHaveLength(1);
      expect(paid.payments[0]).toMatchObject({ receivedAt: at, amount: 1180 });
      expect(paid.payments[0].receiptNumber).toMatch(/\/26-27\/\d{4}$/);
      const [payment] = await db
        .select({ receivedAt: billPayments.receivedAt })
        .from(billPayments)
        .where(eq(billPayments.billId, draft._id));
      expect(payment?.receivedAt.toISOString()).toBe(at);
      const history = await historyOf(job.order);
      expect(lastOf(history, 'payment')?.updatedAt).toBe(at);
      expect(history.filter((entry) => entry.status === 'remark')).toEqual([]);

      // Online on 1 April: the new year's series starts.
      const online = await assignedJob();
      await ok(
        await post(online, '/api/update-work-status', {
          ...keyOf(online.order),
          status: 'in-progress',
        }),
      );
      const onlineDraft = await ok(
        await post(online, '/api/create-bill', {
          ...keyOf(online.order),
          items: [billLine(service)],
        }),
      );
      const onlinePaid = await ok(
        await post(online, '/api/confirm-order-bill', {
          billId: onlineDraft._id,
          paymentMethod: 'cash',
          transactionId: null,
        }),
      );
      expect(onlinePaid.invoice).toMatchObject({ date: '2027-04-01', financialYear: 2027 });
      expect(onlinePaid.invoice.number).toMatch(/\/27-28\/00001$/);

      // Another phone's 23:55 bill synced after it: the old series' next number.
      const later = await offlineJob('2027-03-31T23:30:00+05:30', '2027-03-31T23:55:00+05:30');
      const serial = (number: string) => Number(number.slice(-5));
      expect(later.paid.invoice.number).toMatch(/\/26-27\/\d{5}$/);
      expect(serial(later.paid.invoice.number)).toBe(serial(paid.invoice.number) + 1);
      expect(later.paid.invoice.date).toBe('2027-03-31');
    } finally {
      clock.set(null);
    }
  });

  it('more than 7 days after it happened: dated at the sync, in the new year, and said so', async () => {
    clock.set('2027-04-09T10:00:00+05:30');
    try {
      const job = await assignedJob();
      await ok(
        await post(job, '/api/update-work-status', { ...keyOf(job.order), status: 'in-progress' }),
      );
      const draft = await ok(
        await post(job, '/api/create-bill', {
          ...keyOf(job.order),
          items: [billLine(service)],
          occurredAt: LAST_EVENING,
        }),
      );
      const paid = await ok(
        await post(job, '/api/confirm-order-bill', {
          billId: draft._id,
          paymentMethod: 'cash',
          transactionId: null,
          occurredAt: LAST_EVENING,
        }),
      );
      const now = clock.now().toISOString();
      expect(draft.createdAt).toBe(now);
      expect(paid.paidAt).toBe(now);
      expect(paid.invoice).toMatchObject({ date: '2027-04-09', financialYear: 2027 });
      expect(paid.invoice.number).toMatch(/\/27-28\/\d{5}$/);
      const history = await historyOf(job.order);
      expect(lastOf(history, 'payment')?.updatedAt).toBe(now);
      expect(history.at(-1)).toMatchObject({
        status: 'remark',
        remark: 'Phone time 31/03/2027 23:50 not used: more than 7 days old',
        updatedAt: now,
      });
    } finally {
      clock.set(null);
    }
  });

  it('replays a queued bill and its cash once, dated when they happened', async () => {
    clock.set('2027-04-01T00:20:00+05:30');
    try {
      const job = await assignedJob();
      await ok(
        await post(job, '/api/update-work-status', {
          ...keyOf(job.order),
          status: 'in-progress',
          occurredAt: '2027-03-31T23:40:00+05:30',
        }),
      );
      const billBody = {
        ...keyOf(job.order),
        items: [billLine(service)],
        occurredAt: LAST_EVENING,
      };
      const draft = await ok(await post(job, '/api/create-bill', billBody, 'stamp-bill.0'));
      const payBody = {
        billId: draft._id,
        paymentMethod: 'cash',
        transactionId: null,
        occurredAt: LAST_EVENING,
      };
      const first = await post(job, '/api/confirm-order-bill', payBody, 'stamp-bill.1');
      expect(first.statusCode).toBe(200);
      for (let i = 0; i < 3; i += 1) {
        expect(
          (await post(job, '/api/create-bill', billBody, 'stamp-bill.0')).headers[REPLAYED_HEADER],
        ).toBe('true');
        const again = await post(job, '/api/confirm-order-bill', payBody, 'stamp-bill.1');
        expect(again.body).toBe(first.body);
      }
      const [payments] = await db
        .select({ n: count() })
        .from(billPayments)
        .where(eq(billPayments.billId, draft._id));
      expect(payments?.n).toBe(1);
      expect(first.json().data.invoice.date).toBe('2027-03-31');
    } finally {
      clock.set(null);
    }
  });
});
