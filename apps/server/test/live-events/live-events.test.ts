import { indiaInstant } from '@karya/domain/schedule';
import {
  createBranchTeam,
  createOrder,
  type Member,
  type SeededOrder,
} from '@karya/test-factories';
import { desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { liveEvents } from '../../src/db/schema';
import { type Client, client } from '../helpers/http';
import { ADMIN, createTestApp, loginAs, type TestApp } from '../helpers/test-app';
import { type OpenedStream, openEvents, type ReceivedEvent, serveOnTestPort } from './sse-client';

/**
 * Live events (issue 34): a change committed by one desk reaches the open streams of its
 * branch (and an admin's) within 2 s, never another branch's; a browser that reconnects with
 * Last-Event-ID is sent what it missed; a refused change tells nobody.
 */

const DAY = '2027-04-05';
let t: TestApp;
let url: string;
let admin: Client;
let manager: Client;
let managerCookie: string;
let otherCookie: string;
let adminCookie: string;
let other: Client;
let ravi: Member<Client>;
let branchId: string;
let otherBranchId: string;
let oldEventId: number;
const opened: OpenedStream[] = [];

async function open(options: Parameters<typeof openEvents>[1]) {
  const stream = await openEvents(url, options);
  opened.push(stream);
  return stream;
}

const about = (order: SeededOrder) => (event: ReceivedEvent) =>
  event.data.orderId === order.orderId;

async function scheduleAt(order: SeededOrder, clock: string, override = false) {
  return manager.post('/api/schedule-work-order', {
    orderId: order.orderId,
    technicianId: ravi.id,
    start: indiaInstant(DAY, clock).toISOString(),
    durationMinutes: 60,
    override,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await loginAs(t.app, ADMIN.username, ADMIN.password);
  admin = client(t.app, adminCookie);
  const team = await createBranchTeam(admin, { branch: { name: 'Kothrud Live' } });
  const away = await createBranchTeam(admin, { branch: { name: 'Hadapsar Live' } });
  manager = team.manager.api;
  managerCookie = await loginAs(t.app, team.manager.username, team.manager.password);
  other = away.manager.api;
  otherCookie = await loginAs(t.app, away.manager.username, away.manager.password);
  [ravi] = team.technicians;
  branchId = team.branch.id;
  otherBranchId = away.branch.id;
  // A day-old event, before any is raised: the first one raised prunes it.
  const [old] = await t.db
    .insert(liveEvents)
    .values({
      branchId,
      type: 'work-order',
      data: { type: 'work-order' },
      at: new Date(Date.now() - 25 * 3600_000),
    })
    .returning({ id: liveEvents.id });
  oldEventId = old?.id ?? 0;
  url = await serveOnTestPort(t.app);
});
afterEach(() => {
  for (const stream of opened.splice(0)) stream.close();
});
afterAll(() => t.close());

describe('GET /api/events', () => {
  it('refuses a caller without a session (401) and opens a text/event-stream, uncompressed, for one', async () => {
    const refused = await t.app.inject({ method: 'GET', url: '/api/events' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ success: false });
    // A technician sees only their own jobs: the branch's stream is the desk's (403).
    const technician = await loginAs(t.app, ravi.username, ravi.password);
    const forbidden = await t.app.inject({
      method: 'GET',
      url: '/api/events',
      headers: { cookie: technician },
    });
    expect(forbidden.statusCode).toBe(403);

    const stream = await open({ cookie: managerCookie });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('content-encoding')).toBeNull();
    expect(stream.headers.get('cache-control')).toBe('no-store');
  });

  it('a schedule move reaches another desk of the branch and an admin within 2 s; another branch hears nothing of it', async () => {
    const desk = await open({ cookie: managerCookie });
    const boss = await open({ cookie: adminCookie });
    const away = await open({ cookie: otherCookie });
    const order = await createOrder(manager);
    const created = await desk.next(about(order));
    const moved = await scheduleAt(order, '10:00');
    expect(moved.statusCode, moved.body).toBe(200);

    const heard = await desk.next((event) => about(order)(event) && event.id > created.id);
    expect(heard.data).toMatchObject({ type: 'work-order', orderId: order.orderId, branchId });
    expect(Number.isNaN(Date.parse(String(heard.data.at)))).toBe(false);
    await boss.next((event) => about(order)(event) && event.id > created.id);

    // The other branch's own change comes after: had the first reached it, it came earlier.
    const theirs = await createOrder(other);
    await away.next(about(theirs));
    expect(away.events.filter((event) => event.data.branchId !== otherBranchId)).toEqual([]);
    expect(away.events.some(about(order))).toBe(false);
    expect((await boss.next(about(theirs))).data.branchId).toBe(otherBranchId);
  });

  it('working hours and leave are told as schedule events of the branch', async () => {
    const desk = await open({ cookie: managerCookie });
    const saved = await manager.post('/api/technician-leave', {
      technicianId: ravi.id,
      start: indiaInstant('2027-04-06', '09:00').toISOString(),
      end: indiaInstant('2027-04-06', '13:00').toISOString(),
      reason: 'Clinic',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const heard = await desk.next((event) => event.data.type === 'schedule');
    expect(heard.data).toMatchObject({ type: 'schedule', branchId, technicianId: ravi.id });
  });

  it('a refused move tells nobody: only the change after it is heard', async () => {
    const desk = await open({ cookie: managerCookie });
    const booked = await createOrder(manager);
    expect((await scheduleAt(booked, '15:00')).statusCode).toBe(200);
    await desk.next(about(booked));
    const clash = await createOrder(manager);
    await desk.next(about(clash));
    const before = desk.events.length;

    const refused = await scheduleAt(clash, '15:30');
    expect(refused.statusCode).toBe(409);
    const marker = await createOrder(manager);
    await desk.next(about(marker));
    expect(desk.events.slice(before).map((event) => event.data.orderId)).toEqual([marker.orderId]);
  });

  it('a reconnect with Last-Event-ID is sent what it missed, in order, and only its branch', async () => {
    const first = await open({ cookie: managerCookie });
    const seen = await createOrder(manager);
    const last = await first.next(about(seen));
    first.close();

    const missed = [await createOrder(manager), await createOrder(manager)];
    await createOrder(other);
    const again = await open({ cookie: managerCookie, lastEventId: String(last.id) });
    await again.next(about(missed[1] as SeededOrder));
    const replayed = again.events.filter((event) => event.id > last.id);
    expect(replayed.map((event) => event.data.orderId)).toEqual(missed.map((o) => o.orderId));
    expect(replayed.every((event) => event.data.branchId === branchId)).toBe(true);
    expect(replayed.map((event) => event.id)).toEqual([...replayed.map((e) => e.id)].sort());

    // A page that opened a new EventSource says where it was in the query string.
    const reopened = await open({ cookie: managerCookie, query: `?lastEventId=${last.id}` });
    await reopened.next(about(missed[1] as SeededOrder));
  });

  it('ignores a Last-Event-ID that is not an event id: the stream starts from now', async () => {
    for (const garbage of ['abc', '-1', '1e99', '99999999999999999999', '12abc', '0x10']) {
      const stream = await open({ cookie: managerCookie, lastEventId: garbage });
      expect(stream.status, garbage).toBe(200);
    }
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/events?lastEventId=%00',
      headers: { cookie: managerCookie },
    });
    expect(bad.statusCode).toBe(400);
  });

  it("raises nothing for a 'communication' history line (an update sent, delivered, read); a remark still does", async () => {
    const order = await createOrder(manager);
    const newest = async () => {
      const [row] = await t.db
        .select({ id: liveEvents.id })
        .from(liveEvents)
        .orderBy(desc(liveEvents.id))
        .limit(1);
      return row?.id ?? 0;
    };
    const add = (activityType: string) =>
      manager.post('/api/remark-add', {
        customerId: order.customerId,
        orderId: order.orderId,
        remark: 'Called the customer',
        activityType,
      });
    const before = await newest();
    expect((await add('communication')).statusCode).toBe(200);
    expect(await newest()).toBe(before);
    expect((await add('remark')).statusCode).toBe(200);
    expect(await newest()).toBeGreaterThan(before);
  });

  it('prunes events older than a day as new ones are raised', async () => {
    expect(oldEventId).toBeGreaterThan(0);
    const left = await t.db
      .select({ id: liveEvents.id })
      .from(liveEvents)
      .where(eq(liveEvents.id, oldEventId));
    expect(left).toEqual([]);
  });
});
