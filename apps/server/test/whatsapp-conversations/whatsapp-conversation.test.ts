import { createHmac } from 'node:crypto';
import { CONVERSATION_MESSAGES as M } from '@karya/domain/whatsapp-conversations';
import { SUGGESTED_TEMPLATES } from '@karya/domain/whatsapp-templates';
import { assignOrder, createBranchTeam, createLead, createOrder } from '@karya/test-factories';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  branches,
  leads,
  whatsappMessages,
  whatsappNumbers,
  whatsappOutbox,
} from '../../src/db/schema';
import { outboxWorkerOf } from '../../src/modules/customer-updates/outbox-plugin';
import { FakeGraphApi } from '../helpers/fake-graph-api';
import { type Client, client } from '../helpers/http';
import { ADMIN, createTestApp, loginAs, type TestApp } from '../helpers/test-app';

/**
 * Issue 40, second half: what customers write arrives on the signed webhook, lands on its
 * contact (or makes one lead), opens the 24-hour window that free-form replies need, and STOP
 * stops automatic updates; against the fake Graph API, whose window follows what the test has
 * the customer write, so Meta's 131047 is what refuses a reply outside it.
 */

const APP_SECRET = 'meta-app-secret';
const fake = new FakeGraphApi('test-token');
let t: TestApp;
let admin: Client;
let manager: Client;
let otherManager: Client;
let technician: Client;
let branchId: string;

const HINGLISH = SUGGESTED_TEMPLATES.technicianAssigned.hinglish;

let seq = 0;
const nextId = () => {
  seq += 1;
  return `wamid.in${Date.now()}${seq}`;
};

/** Meta's inbound webhook body, without the customer's window (an unsigned post writes nothing). */
const inboundBody = (from: string, text: string) => {
  const quiet = new FakeGraphApi();
  return quiet.customerMessage(from, text);
};

const sign = (body: string, secret = APP_SECRET) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/** Meta posts what the customer wrote; the fake's window opens as WhatsApp's would. */
async function customerWrites(
  from: string,
  text: string,
  options: { id?: string; name?: string; at?: Date; type?: string } = {},
) {
  const { at, ...rest } = options;
  const body = fake.customerMessage(from, text, { ...rest, at: (at ?? new Date()).getTime() });
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/whatsapp-webhook',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(body) },
    payload: body,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data as { received: number };
}

const conversation = async (who: Client, contactId: string) => {
  const answer = await who.get(`/api/contact-conversation?contactId=${contactId}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data as {
    windowOpenUntil: string | null;
    optedOut: boolean;
    messages: { direction: string; kind: string; body: string; status: string; at: string }[];
  };
};

const leadsOfNumber = (national: string) =>
  t.db.select().from(leads).where(eq(leads.phoneNational, national));

let phoneSeq = 0;
const newCustomer = (language: 'hinglish' | 'en' = 'hinglish') => {
  phoneSeq += 1;
  const national = `98111${String(10000 + phoneSeq).slice(-5)}`;
  return createOrder(manager, {
    name: 'Meera Joshi',
    phoneNumber: national,
    preferredLanguage: language,
  }).then((order) => ({ order, national, from: `91${national}` }));
};

beforeAll(async () => {
  const apiBase = await fake.start();
  fake.approve(HINGLISH.name, 'hi', HINGLISH.parameters.length);
  t = await createTestApp({
    WHATSAPP_TOKEN: 'test-token',
    WHATSAPP_PHONE_NUMBER_ID: '1098765',
    WHATSAPP_API_BASE: apiBase,
    WHATSAPP_APP_SECRET: APP_SECRET,
    WHATSAPP_OUTBOX_POLL_MS: '0',
    PUBLIC_URL: 'https://karya.example.in',
  });
  admin = client(t.app, await loginAs(t.app, ADMIN.username, ADMIN.password));
  const team = await createBranchTeam(admin, { branch: { name: 'Kothrud' } });
  branchId = team.branch.id;
  manager = client(t.app, await loginAs(t.app, team.manager.username, team.manager.password));
  const tech = team.technicians[0];
  technician = client(t.app, await loginAs(t.app, tech.username, tech.password));
  const other = await createBranchTeam(admin, { branch: { name: 'Baner' } });
  otherManager = client(
    t.app,
    await loginAs(t.app, other.manager.username, other.manager.password),
  );
  const chosen = await admin.put('/api/whatsapp-settings', { inboundBranchId: branchId });
  expect(chosen.statusCode, chosen.body).toBe(200);
  expect(chosen.json().data).toMatchObject({
    inboundBranchId: branchId,
    effectiveBranchId: branchId,
  });
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});

describe('inbound messages', () => {
  it('lands on the contact whose number matches, opens the window and counts as unread', async () => {
    const { order, from } = await newCustomer();
    const before = (await manager.get('/api/whatsapp-unread')).json().data.unread as number;
    expect(await conversation(manager, order.customerId)).toMatchObject({
      windowOpenUntil: null,
      optedOut: false,
    });
    const at = new Date(Date.now() - 60_000);
    expect(await customerWrites(from, 'camera band ho gaya', { at })).toEqual({
      updated: 0,
      received: 1,
    });
    const thread = await conversation(manager, order.customerId);
    expect(thread.messages).toEqual([
      expect.objectContaining({
        direction: 'in',
        kind: 'text',
        body: 'camera band ho gaya',
        status: 'received',
      }),
    ]);
    const until = new Date(thread.windowOpenUntil ?? 0).getTime();
    expect(Math.abs(until - (Math.floor(at.getTime() / 1000) * 1000 + 24 * 3600_000))).toBe(0);
    expect((await manager.get('/api/whatsapp-unread')).json().data.unread).toBe(before + 1);
    expect((await admin.get('/api/whatsapp-unread')).json().data.unread).toBeGreaterThan(0);
    expect((await otherManager.get('/api/whatsapp-unread')).json().data.unread).toBe(0);
    const read = await manager.post('/api/whatsapp-thread-read', { contactId: order.customerId });
    expect(read.json().data).toEqual({ read: 1 });
    expect((await manager.get('/api/whatsapp-unread')).json().data.unread).toBe(before);
  });

  it('stores a redelivered message once, and a photo as a placeholder', async () => {
    const { order, from } = await newCustomer();
    const id = nextId();
    // Meta's timestamps are whole seconds: two in the same second have no order of their own.
    const at = new Date(Date.now() - 5000);
    expect((await customerWrites(from, 'kab aaoge?', { id, at })).received).toBe(1);
    expect((await customerWrites(from, 'kab aaoge?', { id, at })).received).toBe(0);
    await customerWrites(from, '', { type: 'image' });
    const bodies = (await conversation(manager, order.customerId)).messages.map((m) => m.body);
    expect(bodies).toEqual(['kab aaoge?', '[image]']);
  });

  it('an unsigned or wrongly signed webhook changes nothing', async () => {
    const { order, from } = await newCustomer();
    const body = inboundBody(from, 'STOP');
    for (const headers of [
      { 'content-type': 'application/json' },
      { 'content-type': 'application/json', 'x-hub-signature-256': sign(body, 'wrong-secret') },
      { 'content-type': 'application/json', 'x-hub-signature-256': 'sha256=00' },
    ]) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/whatsapp-webhook',
        headers,
        payload: body,
      });
      expect(answer.statusCode).toBe(401);
    }
    expect(await conversation(manager, order.customerId)).toMatchObject({
      windowOpenUntil: null,
      optedOut: false,
      messages: [],
    });
  });

  it('ignores whatever else a signed body carries, never a 500', async () => {
    for (const body of [
      '{}',
      '[]',
      'null',
      JSON.stringify({ entry: [{ changes: [{ value: { messages: [null, 7, { id: 5 }] } }] }] }),
      JSON.stringify({
        entry: [{ changes: [{ value: { messages: [{ id: 'x', from: 'abc', type: 'text' }] } }] }],
      }),
    ]) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/whatsapp-webhook',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(body) },
        payload: body,
      });
      expect(answer.statusCode, body).toBe(200);
      expect(answer.json().data).toEqual({ updated: 0, received: 0 });
    }
  });
});

describe('timestamps', () => {
  it('a timestamp past any date, or far ahead, is taken as now: never a 500', async () => {
    const { order, from } = await newCustomer();
    for (const [timestamp, text] of [
      ['100000000000000', 'bahut aage'],
      [String(Math.floor(Date.now() / 1000) + 3 * 24 * 3600), 'teen din aage'],
    ]) {
      const body = JSON.stringify({
        entry: [
          {
            changes: [
              {
                value: {
                  messages: [{ id: nextId(), from, timestamp, type: 'text', text: { body: text } }],
                },
              },
            ],
          },
        ],
      });
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/whatsapp-webhook',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(body) },
        payload: body,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().data).toMatchObject({ received: 1 });
    }
    const thread = await conversation(manager, order.customerId);
    expect(thread.messages.map((m) => m.body)).toEqual(['bahut aage', 'teen din aage']);
    for (const message of thread.messages)
      expect(Math.abs(new Date(message.at).getTime() - Date.now())).toBeLessThan(60_000);
    // The window runs 24 hours from our now, not from the customer's clock.
    const until = new Date(thread.windowOpenUntil ?? 0).getTime();
    expect(until).toBeLessThanOrEqual(Date.now() + 24 * 3600_000);
  });
});

describe('new numbers become leads', () => {
  it('makes one lead with the profile name and the message as its first remark; a second message joins it', async () => {
    const from = '919822011111';
    await customerWrites(from, 'CCTV lagwana hai, rate batao', { name: 'Anil Shinde' });
    const [lead, ...more] = await leadsOfNumber('9822011111');
    expect(more).toHaveLength(0);
    expect(lead).toMatchObject({
      name: 'Anil Shinde',
      source: 'WhatsApp',
      initialRemark: 'CCTV lagwana hai, rate batao',
      branchId,
    });
    // At the top of the manager's contact book.
    const book = await manager.get('/api/get-contacts?limit=5');
    expect(book.json().data[0]).toMatchObject({ _id: lead?.id, contactType: 'lead' });
    await customerWrites(from, 'kitna lagega?');
    expect(await leadsOfNumber('9822011111')).toHaveLength(1);
    const thread = await conversation(manager, lead?.id ?? '');
    expect(thread.messages.map((m) => m.body)).toEqual([
      'CCTV lagwana hai, rate batao',
      'kitna lagega?',
    ]);
  });

  it('names the lead by its number without a profile name, and makes one lead from two deliveries at once', async () => {
    const from = '919822022222';
    const results = await Promise.all([
      customerWrites(from, 'hello'),
      customerWrites(from, 'koi hai?'),
      customerWrites(from, 'reply karo'),
    ]);
    expect(results.map((r) => r.received)).toEqual([1, 1, 1]);
    const found = await leadsOfNumber('9822022222');
    expect(found).toHaveLength(1);
    expect(found[0]?.name).toBe('+919822022222');
    const stored = await t.db
      .select()
      .from(whatsappMessages)
      .where(eq(whatsappMessages.national, '9822022222'));
    expect(stored).toHaveLength(3);
    expect(stored.every((m) => m.leadId === found[0]?.id)).toBe(true);
  });
});

describe('replies', () => {
  it('sends free-form text inside the window; outside it 409 and nothing is sent', async () => {
    const { order, from } = await newCustomer();
    const closed = await manager.post('/api/whatsapp-reply', {
      contactId: order.customerId,
      text: 'Namaste',
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(M.windowClosed);
    expect(fake.requests.filter((r) => r.body.to === from)).toHaveLength(0);

    // Written 25 hours ago: the window closed an hour ago, as Meta counts it too.
    await customerWrites(from, 'purana message', { at: new Date(Date.now() - 25 * 3600_000) });
    const late = await manager.post('/api/whatsapp-reply', {
      contactId: order.customerId,
      text: 'Namaste',
    });
    expect(late.statusCode).toBe(409);
    expect(fake.requests.filter((r) => r.body.to === from)).toHaveLength(0);

    await customerWrites(from, 'kab aaoge?');
    const sent = await manager.post('/api/whatsapp-reply', {
      contactId: order.customerId,
      text: 'Kal 11 baje aayenge',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const accepted = fake.acceptedTo(from);
    expect(accepted).toHaveLength(1);
    expect(accepted[0]?.body).toMatchObject({
      type: 'text',
      text: { body: 'Kal 11 baje aayenge' },
    });
    const thread = await conversation(manager, order.customerId);
    expect(thread.messages.at(-1)).toMatchObject({
      direction: 'out',
      kind: 'text',
      body: 'Kal 11 baje aayenge',
      status: 'sent',
    });
  });

  it("a reply's delivery statuses reach the thread, forward only", async () => {
    const { order, from } = await newCustomer();
    await customerWrites(from, 'aaj aa sakte ho?');
    const sent = await manager.post('/api/whatsapp-reply', {
      contactId: order.customerId,
      text: 'Haan, 4 baje',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const id = sent.json().data.messageId as string;
    const status = async (value: string) => {
      const body = JSON.stringify({
        entry: [{ changes: [{ value: { statuses: [{ id, status: value }] } }] }],
      });
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/whatsapp-webhook',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(body) },
        payload: body,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().data as { updated: number };
    };
    const last = async () => (await conversation(manager, order.customerId)).messages.at(-1);
    expect((await status('delivered')).updated).toBe(1);
    expect(await last()).toMatchObject({ body: 'Haan, 4 baje', status: 'delivered' });
    await status('read');
    // A late 'delivered' does not undo 'read'.
    await status('delivered');
    expect(await last()).toMatchObject({ body: 'Haan, 4 baje', status: 'read' });
  });

  it('keeps scope and roles: another branch 404, a technician 403, bad bodies 400', async () => {
    const { order, from } = await newCustomer();
    await customerWrites(from, 'hello');
    for (const [path, body] of [
      ['/api/whatsapp-reply', { contactId: order.customerId, text: 'hi' }],
      ['/api/whatsapp-opt-in', { contactId: order.customerId }],
      ['/api/whatsapp-thread-read', { contactId: order.customerId }],
    ] as const) {
      expect((await otherManager.post(path, body)).statusCode, path).toBe(404);
      expect((await technician.post(path, body)).statusCode, path).toBe(403);
    }
    expect(
      (await otherManager.get(`/api/contact-conversation?contactId=${order.customerId}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await technician.get(`/api/contact-conversation?contactId=${order.customerId}`)).statusCode,
    ).toBe(403);
    expect((await technician.get('/api/whatsapp-unread')).statusCode).toBe(403);
    expect(
      (await manager.put('/api/whatsapp-settings', { inboundBranchId: null })).statusCode,
    ).toBe(403);
    for (const body of [
      {},
      { contactId: 'nope', text: 'hi' },
      { contactId: order.customerId },
      { contactId: order.customerId, text: '   ' },
      { contactId: order.customerId, text: 'x'.repeat(4097) },
      { contactId: order.customerId, text: 5 },
    ]) {
      const answer = await manager.post('/api/whatsapp-reply', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await manager.get('/api/contact-conversation?contactId=')).statusCode).toBe(400);
    expect((await manager.get('/api/contact-conversation')).statusCode).toBe(400);
    expect(
      (await admin.put('/api/whatsapp-settings', { inboundBranchId: 'Kothrud' })).statusCode,
    ).toBe(400);
    expect(
      (
        await admin.put('/api/whatsapp-settings', {
          inboundBranchId: '00000000-0000-4000-8000-000000000000',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await manager.post('/api/whatsapp-reply', {
          contactId: '00000000-0000-4000-8000-000000000000',
          text: 'hi',
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('opt-out', () => {
  it('STOP stops automatic updates, noted once in the history; a manager turns them back on', async () => {
    const mapped = await admin.put('/api/whatsapp-templates', {
      event: 'technicianAssigned',
      language: 'hinglish',
      templateName: HINGLISH.name,
      languageCode: 'hi',
      parameters: HINGLISH.parameters,
    });
    expect(mapped.statusCode, mapped.body).toBe(200);
    const team = await createBranchTeam(admin, { branch: { name: 'Aundh' } });
    const localManager = client(
      t.app,
      await loginAs(t.app, team.manager.username, team.manager.password),
    );
    const order = await createOrder(localManager, {
      name: 'Rahul Mehta',
      phoneNumber: '9811199999',
    });
    const from = '919811199999';
    await customerWrites(from, '  Band Karo ');
    expect((await conversation(localManager, order.customerId)).optedOut).toBe(true);

    await assignOrder(localManager, order, team.technicians[0].id);
    const worker = outboxWorkerOf(t.app);
    await worker?.drain();
    expect(fake.acceptedTo(from).filter((m) => m.body.type === 'template')).toHaveLength(0);
    const rows = await t.db
      .select()
      .from(whatsappOutbox)
      .where(eq(whatsappOutbox.workOrderId, order._id));
    expect(rows.map((row) => row.status)).toEqual(['skipped']);
    expect(rows[0]?.lastError).toBe('Opted out');
    const history = async () =>
      (
        (
          await localManager.get(`/api/get-work-order-details/${order.customerId}/${order.orderId}`)
        ).json().data.statusHistory as { remark: string }[]
      )
        .map((entry) => entry.remark)
        .filter((remark) => remark.includes('STOP'));
    expect(await history()).toHaveLength(1);
    // A second update of the same order held back: said once, not again.
    await t.db.insert(whatsappOutbox).values({
      dedupeKey: `technicianAssigned:${order._id}:again`,
      workOrderId: order._id,
      event: 'technicianAssigned',
      // Due by the worker's clock: the database's now() has microseconds, Date has none, so a
      // row made in the drain's own millisecond would otherwise wait for the next drain.
      nextAt: new Date(Date.now() - 1000),
    });
    await worker?.drain();
    expect(fake.acceptedTo(from).filter((m) => m.body.type === 'template')).toHaveLength(0);
    expect(await history()).toHaveLength(1);
    // The Send button is refused too, and nothing reaches WhatsApp.
    const button = await localManager.post('/api/send-customer-update', {
      orderId: order.orderId,
      event: 'technicianAssigned',
    });
    expect(button.statusCode).toBe(409);
    expect(button.json().message).toBe(M.optedOut);
    expect(fake.acceptedTo(from)).toHaveLength(0);
    // The thread shows the update held back.
    expect((await conversation(localManager, order.customerId)).messages.at(-1)).toMatchObject({
      direction: 'out',
      kind: 'template',
      status: 'not sent',
    });

    const on = await localManager.post('/api/whatsapp-opt-in', { contactId: order.customerId });
    expect(on.statusCode, on.body).toBe(200);
    expect((await conversation(localManager, order.customerId)).optedOut).toBe(false);
    // Back on: the next update goes as its template again.
    await t.db.insert(whatsappOutbox).values({
      dedupeKey: `technicianAssigned:${order._id}:after-opt-in`,
      workOrderId: order._id,
      event: 'technicianAssigned',
      // Due by the worker's clock: the database's now() has microseconds, Date has none, so a
      // row made in the drain's own millisecond would otherwise wait for the next drain.
      nextAt: new Date(Date.now() - 1000),
    });
    await worker?.drain();
    expect(fake.acceptedTo(from).filter((m) => m.body.type === 'template')).toHaveLength(1);
  });
});

describe('branches', () => {
  it("a lead typed with another branch's customer's number does not open, read or opt in that customer's thread", async () => {
    const national = '9811177777';
    const from = `91${national}`;
    const theirs = await createOrder(otherManager, {
      name: 'Baner Customer',
      phoneNumber: national,
    });
    await customerWrites(from, 'mera camera kab theek hoga?');
    await customerWrites(from, 'STOP');
    expect((await conversation(otherManager, theirs.customerId)).messages).toHaveLength(2);

    // The phone check refuses B's customer's phone, but not the WhatsApp number typed.
    const lead = await createLead(manager, { whatsappNumber: `+${from}` });
    expect((await conversation(manager, lead._id)).messages).toEqual([]);
    const read = await manager.post('/api/whatsapp-thread-read', { contactId: lead._id });
    expect(read.json().data).toEqual({ read: 0 });
    const on = await manager.post('/api/whatsapp-opt-in', { contactId: lead._id });
    expect(on.statusCode).toBe(409);
    expect(on.json().message).toBe(M.optInElsewhere);

    const thread = await conversation(otherManager, theirs.customerId);
    expect(thread.optedOut).toBe(true);
    expect(thread.messages.map((m) => m.status)).toEqual(['received', 'received']);
  });
});

describe('long threads', () => {
  it('shows the newest 500 messages, oldest of them first', async () => {
    const { order, national } = await newCustomer();
    const start = Date.now() - 1000 * 60_000;
    await t.db.insert(whatsappMessages).values(
      Array.from({ length: 501 }, (_, i) => ({
        national,
        customerId: order.customerId,
        branchId,
        direction: 'in',
        body: `message ${i}`,
        status: 'received',
        at: new Date(start + i * 60_000),
      })),
    );
    const bodies = (await conversation(manager, order.customerId)).messages.map((m) => m.body);
    expect(bodies).toHaveLength(500);
    expect(bodies[0]).toBe('message 1');
    expect(bodies.at(-1)).toBe('message 500');
  });
});

describe('no active branch', () => {
  it('keeps a STOP and the window of a number though the message has nowhere to be shown', async () => {
    const bare = await createTestApp({
      WHATSAPP_TOKEN: 'test-token',
      WHATSAPP_PHONE_NUMBER_ID: '1098765',
      WHATSAPP_API_BASE: 'http://127.0.0.1:9',
      WHATSAPP_APP_SECRET: APP_SECRET,
      WHATSAPP_OUTBOX_POLL_MS: '0',
      PUBLIC_URL: 'https://karya.example.in',
    });
    try {
      expect(await bare.db.select().from(branches)).toEqual([]);
      const body = inboundBody('919822033333', 'STOP');
      const answer = await bare.app.inject({
        method: 'POST',
        url: '/api/whatsapp-webhook',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(body) },
        payload: body,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().data).toMatchObject({ received: 0 });
      const [number] = await bare.db
        .select()
        .from(whatsappNumbers)
        .where(eq(whatsappNumbers.national, '9822033333'));
      expect(number?.optedOutAt).toBeInstanceOf(Date);
      expect(number?.lastInboundAt).toBeInstanceOf(Date);
      expect(await bare.db.select().from(whatsappMessages)).toEqual([]);
    } finally {
      await bare.close();
    }
  });
});
