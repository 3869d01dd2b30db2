import { createHmac } from 'node:crypto';
import { CUSTOMER_UPDATE_EVENTS } from '@karya/domain/customer-updates';
import {
  SUGGESTED_TEMPLATES,
  WHATSAPP_TEMPLATE_MESSAGES as WA,
} from '@karya/domain/whatsapp-templates';
import {
  assignOrder,
  billLine,
  confirmBill,
  createBill,
  createBranchTeam,
  createItem,
  createOrder,
  createStartedOrder,
  type SeededOrder,
} from '@karya/test-factories';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type WhatsAppCloudConfig } from '../../src/config';
import { auditEvents, whatsappOutbox } from '../../src/db/schema';
import { outboxWorkerOf } from '../../src/modules/customer-updates/outbox-plugin';
import { OutboxWorker } from '../../src/modules/customer-updates/outbox-worker';
import { sendCloudText } from '../../src/modules/customer-updates/whatsapp-cloud';
import { FakeGraphApi } from '../helpers/fake-graph-api';
import { type Client, client } from '../helpers/http';
import { ADMIN, createTestApp, loginAs, type TestApp } from '../helpers/test-app';

/**
 * Issue 40, first half: updates sent as Meta allows them (approved templates), at the event,
 * through the durable outbox, exactly once; against a fake Graph API that keeps Meta's rules.
 */

const APP_SECRET = 'meta-app-secret';
const fake = new FakeGraphApi('test-token');
let t: TestApp;
let cloud: WhatsAppCloudConfig;
let admin: Client;
let manager: Client;
let managerCookie: string;
let technicianId: string;
let technicianApi: Client;
let technician: Awaited<ReturnType<typeof createBranchTeam<Client>>>['technicians'][0];
let second: typeof technician;
let fitting: Awaited<ReturnType<typeof createItem>>;

const HINGLISH = SUGGESTED_TEMPLATES.technicianAssigned.hinglish;
const ENGLISH = SUGGESTED_TEMPLATES.technicianAssigned.en;

const drain = () => {
  const worker = outboxWorkerOf(t.app);
  if (!worker) throw new Error('The outbox worker should run with the Cloud API configured');
  return worker.drain();
};

/** Another process's worker, with its own clock. */
const workerAt = (offsetMs: number) =>
  new OutboxWorker(t.db, cloud, { pollMs: 0, now: () => new Date(Date.now() + offsetMs) });

const remarksOf = async (order: SeededOrder) => {
  const detail = await manager.get(
    `/api/get-work-order-details/${order.customerId}/${order.orderId}`,
  );
  return (detail.json().data.statusHistory as { status: string; remark: string }[])
    .filter((entry) => entry.status === 'communication')
    .map((entry) => entry.remark);
};

const outboxRows = (orderRowId: string) =>
  t.db.select().from(whatsappOutbox).where(eq(whatsappOutbox.workOrderId, orderRowId));

const rowIdOf = async (order: SeededOrder) =>
  (await manager.get(`/api/get-work-order-details/${order.customerId}/${order.orderId}`)).json()
    .data._id as string;

const mapTemplate = (event: string, language: string, body: object = {}) =>
  admin.put('/api/whatsapp-templates', {
    event,
    language,
    templateName: language === 'en' ? ENGLISH.name : HINGLISH.name,
    languageCode: language === 'en' ? 'en' : 'hi',
    parameters: language === 'en' ? ENGLISH.parameters : HINGLISH.parameters,
    ...body,
  });

let phoneSeq = 0;
const newOrder = (language: 'en' | 'hinglish' = 'hinglish') => {
  phoneSeq += 1;
  return createOrder(manager, {
    name: language === 'en' ? 'Rahul Mehta' : 'Meera Joshi',
    phoneNumber: `98765${String(10000 + phoneSeq).slice(-5)}`,
    preferredLanguage: language,
  });
};
beforeAll(async () => {
  const apiBase = await fake.start();
  fake.approve(HINGLISH.name, 'hi', HINGLISH.parameters.length);
  fake.approve(ENGLISH.name, 'en', ENGLISH.parameters.length);
  const env = {
    WHATSAPP_TOKEN: 'test-token',
    WHATSAPP_PHONE_NUMBER_ID: '1098765',
    WHATSAPP_API_BASE: apiBase,
    WHATSAPP_APP_SECRET: APP_SECRET,
    // The tests run the worker themselves (drain), never a timer.
    WHATSAPP_OUTBOX_POLL_MS: '0',
    PUBLIC_URL: 'https://karya.example.in',
  };
  t = await createTestApp(env);
  cloud = loadConfig({ WEB_DIST: '/nonexistent', ...env }).whatsappCloud as WhatsAppCloudConfig;
  admin = client(t.app, await loginAs(t.app, ADMIN.username, ADMIN.password));
  const team = await createBranchTeam(admin, {
    branch: { name: 'Kothrud', phone: '+91 20 2543 0000' },
    technicians: [
      { firstName: 'Suresh', lastName: 'Patil', phone: '+91 98220 12345' },
      { firstName: 'Ravi', lastName: 'Kale', phone: '+91 98220 54321' },
    ],
  });
  second = team.technicians[1];
  managerCookie = await loginAs(t.app, team.manager.username, team.manager.password);
  manager = client(t.app, managerCookie);
  technicianId = team.technicians[0].id;
  technician = team.technicians[0];
  technicianApi = technician.api;
  fitting = await createItem(admin, 'service', { name: 'Camera Fitting', salePrice: 500 });
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});

describe('WhatsApp templates (admin)', () => {
  it('lists every event in both languages with the suggested wording, a preview and the auto-send defaults', async () => {
    const answer = await admin.get('/api/whatsapp-templates');
    expect(answer.statusCode, answer.body).toBe(200);
    const rows = answer.json().data as {
      event: string;
      language: string;
      templateName: string | null;
      autoSend: boolean;
      preview: string;
      suggested: { body: string };
    }[];
    expect(rows).toHaveLength(CUSTOMER_UPDATE_EVENTS.length * 2);
    const auto = Object.fromEntries(rows.map((row) => [row.event, row.autoSend]));
    expect(auto).toMatchObject({
      technicianAssigned: true,
      visitRescheduled: true,
      workCompleted: true,
      paymentReceived: true,
      dueReminder: false,
      amcRenewalReminder: false,
    });
    const assigned = rows.find(
      (row) => row.event === 'technicianAssigned' && row.language === 'hinglish',
    );
    expect(assigned).toMatchObject({ templateName: null, suggested: { body: HINGLISH.body } });
    expect(assigned?.preview).toBe(
      'Namaste Meera Joshi ji, aapke CCTV Camera (order WO-2026-000123) ke liye Suresh Patil aayenge. Status yahan dekhein: https://karya.example.in/s/Ab3dE',
    );
  });

  it('refuses bad templates with 400 and the reason, and changes nothing', async () => {
    const before = (await admin.get('/api/whatsapp-templates')).body;
    const audits = (await t.db.select().from(auditEvents)).length;
    const bad: [object, string][] = [
      [{ templateName: 'Technician Assigned' }, WA.templateNameInvalid],
      [{ templateName: '' }, WA.templateNameInvalid],
      [{ templateName: 'a'.repeat(513) }, WA.templateNameInvalid],
      [{ languageCode: 'english' }, WA.languageCodeInvalid],
      [{ languageCode: 'en-US' }, WA.languageCodeInvalid],
      [{ parameters: ['customerName', 'favouriteColour'] }, WA.parameterUnknown],
      [{ parameters: 'customerName' }, WA.parameterUnknown],
      [
        { body: 'Hello {{1}}, order {{2}}', parameters: ['customerName'] },
        WA.parametersMismatch(2),
      ],
      [{ event: 'birthday' }, WA.eventInvalid],
      [{ language: 'hindi' }, "Update language must be 'hinglish' (Hinglish) or 'en' (English)"],
    ];
    for (const [change, message] of bad) {
      const refused = await mapTemplate('technicianAssigned', 'hinglish', change);
      expect(refused.statusCode, JSON.stringify(change)).toBe(400);
      expect(refused.body, JSON.stringify(change)).toContain(message.slice(0, 40));
    }
    for (const body of [
      { event: 'technicianAssigned', enabled: 'yes' },
      { event: 'x', enabled: true },
      {},
    ]) {
      expect((await admin.put('/api/whatsapp-auto-send', body)).statusCode).toBe(400);
    }
    expect((await admin.get('/api/whatsapp-templates')).body).toBe(before);
    expect((await t.db.select().from(auditEvents)).length).toBe(audits);
  });

  it('takes templates and switches only from admins', async () => {
    expect((await manager.get('/api/whatsapp-templates')).statusCode).toBe(403);
    expect((await mapTemplate('technicianAssigned', 'hinglish')).statusCode).toBe(200);
    const asManager = await manager.put('/api/whatsapp-templates', {
      event: 'technicianAssigned',
      language: 'hinglish',
      templateName: 'x',
      languageCode: 'hi',
      parameters: [],
    });
    expect(asManager.statusCode).toBe(403);
    expect(
      (await manager.put('/api/whatsapp-auto-send', { event: 'dueReminder', enabled: true }))
        .statusCode,
    ).toBe(403);
    expect(
      (await technicianApi.put('/api/whatsapp-auto-send', { event: 'dueReminder', enabled: true }))
        .statusCode,
    ).toBe(403);
  });

  it('saves a template with its approved wording, audited, and previews it', async () => {
    const saved = await mapTemplate('technicianAssigned', 'en', {
      body: 'Hi {{1}}, {{2}} comes for your {{3}}, order {{4}}: {{5}}',
      parameters: ENGLISH.parameters,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe(WA.templateSaved);
    const row = (saved.json().data as { event: string; language: string }[]).find(
      (entry) => entry.event === 'technicianAssigned' && entry.language === 'en',
    );
    expect(row).toMatchObject({
      templateName: ENGLISH.name,
      languageCode: 'en',
      preview:
        'Hi Meera Joshi, Suresh Patil comes for your CCTV Camera, order WO-2026-000123: https://karya.example.in/s/Ab3dE',
    });
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'customer-update.whatsapp-template-save'));
    expect(audit.length).toBeGreaterThan(0);
    // Back to Karya's suggestion for the sends below.
    expect((await mapTemplate('technicianAssigned', 'en', { body: undefined })).statusCode).toBe(
      200,
    );
  });
});

describe('updates sent at the event, through the outbox', () => {
  it('sends one template with the right parameters in the customer’s language when an order is assigned', async () => {
    const order = await newOrder('hinglish');
    const english = await newOrder('en');
    const before = fake.accepted.length;
    await assignOrder(manager, order, technicianId);
    await assignOrder(manager, english, technicianId);
    expect(fake.accepted.length).toBe(before);
    expect(await drain()).toBe(2);
    const sent = fake.accepted.slice(before);
    expect(sent).toHaveLength(2);
    const hinglish = sent.find((message) => message.body.template?.name === HINGLISH.name);
    expect(hinglish?.body).toMatchObject({
      type: 'template',
      template: { name: HINGLISH.name, language: { code: 'hi' } },
    });
    const texts = hinglish?.body.template?.components?.[0]?.parameters?.map((p) => p.text);
    expect(texts?.slice(0, 4)).toEqual([
      'Meera Joshi',
      order.projectType,
      order.orderId,
      'Suresh Patil',
    ]);
    expect(texts?.[4]).toMatch(/^https:\/\/karya\.example\.in\/s\/[A-Za-z0-9_-]{32}$/);
    const inEnglish = sent.find((message) => message.body.template?.name === ENGLISH.name);
    expect(inEnglish?.body.template?.language?.code).toBe('en');
    expect(inEnglish?.body.template?.components?.[0]?.parameters?.[0]?.text).toBe('Rahul Mehta');
    // Karya never sends free-form text outside a window it knows to be open.
    expect(fake.requests.every((request) => request.body.type === 'template')).toBe(true);
    expect(await remarksOf(order)).toEqual([
      'WhatsApp update sent: Technician assigned (Hinglish) by Karya',
    ]);
    expect(await drain()).toBe(0);
    expect(fake.accepted.length).toBe(before + 2);
  });

  it('a replayed assignment (same Idempotency-Key) sends one message', async () => {
    const order = await newOrder();
    const before = fake.accepted.length;
    const assign = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/assign-technician',
        headers: { cookie: managerCookie, 'idempotency-key': `assign-${order.orderId}` },
        payload: { customerId: order.customerId, orderId: order.orderId, technicianId },
      });
    expect((await assign()).statusCode).toBe(200);
    expect((await assign()).statusCode).toBe(200);
    // Without the key, the order is assigned already: refused, nothing queued.
    const again = await manager.post('/api/assign-technician', {
      customerId: order.customerId,
      orderId: order.orderId,
      technicianId,
    });
    expect(again.statusCode).toBe(409);
    await drain();
    expect(fake.accepted.length).toBe(before + 1);
    expect(await outboxRows(await rowIdOf(order))).toHaveLength(1);
  });

  it('retries after WhatsApp answers 500, and sends it once', async () => {
    const order = await newOrder();
    const before = fake.accepted.length;
    fake.failNext(1, 500);
    await assignOrder(manager, order, technicianId);
    await drain();
    expect(fake.accepted.length).toBe(before);
    const [row] = await outboxRows(await rowIdOf(order));
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row?.lastError).toContain('Something went wrong');
    expect(row?.nextAt.getTime()).toBeGreaterThan(Date.now());
    // Not due yet: nothing sent by a drain now.
    await drain();
    expect(fake.accepted.length).toBe(before);
    // Its backoff over (a worker whose clock is an hour on):
    expect(await workerAt(60 * 60 * 1000).drain()).toBe(1);
    expect(fake.accepted.length).toBe(before + 1);
    expect((await outboxRows(await rowIdOf(order)))[0]).toMatchObject({
      status: 'sent',
      attempts: 2,
    });
    expect(await workerAt(2 * 60 * 60 * 1000).drain()).toBe(0);
    expect(fake.accepted.length).toBe(before + 1);
  });

  it('a worker killed between claim and send: another claims the row after its lease, and it is sent once', async () => {
    const order = await newOrder();
    const before = fake.accepted.length;
    await assignOrder(manager, order, technicianId);
    const dying = workerAt(0);
    expect(await dying.claimOnly()).not.toBeNull();
    // Leased: the app's own worker leaves it alone.
    expect(await drain()).toBe(0);
    expect(fake.accepted.length).toBe(before);
    expect(await workerAt(10 * 60 * 1000).drain()).toBe(1);
    expect(fake.accepted.length).toBe(before + 1);
    expect(await workerAt(20 * 60 * 1000).drain()).toBe(0);
    expect(fake.accepted.length).toBe(before + 1);
  });

  it('a stopping worker finishes the row in hand and leaves the rest of the queue pending', async () => {
    const orders = [await newOrder(), await newOrder(), await newOrder()];
    for (const order of orders) await assignOrder(manager, order, technicianId);
    let stopping: Promise<void> | null = null;
    // The server closes while the worker is on its first row.
    const closing: OutboxWorker = new OutboxWorker(t.db, cloud, {
      pollMs: 0,
      now: () => {
        stopping ??= closing.stop();
        return new Date();
      },
    });
    expect(await closing.drain()).toBe(1);
    await stopping;
    expect(await drain()).toBe(2);
  });

  it('three workers draining at once (three processes) send each queued update once', async () => {
    const orders = [await newOrder(), await newOrder(), await newOrder(), await newOrder()];
    const before = fake.accepted.length;
    for (const order of orders) await assignOrder(manager, order, technicianId);
    const handled = await Promise.all([workerAt(0).drain(), workerAt(0).drain(), drain()]);
    expect(handled.reduce((sum, count) => sum + count, 0)).toBe(4);
    const sent = fake.accepted.slice(before);
    expect(sent).toHaveLength(4);
    expect(new Set(sent.map((message) => message.body.to)).size).toBe(4);
  });

  it('a reclaimed row whose message was recorded is not sent again', async () => {
    const order = await newOrder();
    await assignOrder(manager, order, technicianId);
    await drain();
    const before = fake.accepted.length;
    const orderRowId = await rowIdOf(order);
    // As if the process had recorded the message and died before marking the row.
    await t.db
      .update(whatsappOutbox)
      .set({ status: 'sending', leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(whatsappOutbox.workOrderId, orderRowId));
    expect(await drain()).toBe(1);
    expect(fake.accepted.length).toBe(before);
    expect((await outboxRows(orderRowId))[0]?.status).toBe('sent');
  });

  it('gives up after the attempts with WhatsApp’s reason in the history', async () => {
    const order = await newOrder();
    fake.failNext(6, 503);
    await assignOrder(manager, order, technicianId);
    for (let hour = 0; hour < 8; hour += 1) await workerAt(hour * 60 * 60 * 1000).drain();
    const [row] = await outboxRows(await rowIdOf(order));
    expect(row).toMatchObject({ status: 'failed', attempts: 6 });
    const remarks = await remarksOf(order);
    expect(remarks).toEqual([
      'WhatsApp update failed: Technician assigned (Hinglish): WhatsApp did not take the message: Something went wrong (Message failed to send)',
    ]);
  });

  it('sends nothing without a mapped template, and says so in the history once', async () => {
    const requests = fake.requests.length;
    // Assigned (its template is mapped: sent), then billed: workCompleted has none.
    const started = await createStartedOrder(manager, technician, {
      name: 'Anil Kulkarni',
      phoneNumber: '9876507777',
    });
    await drain();
    const draft = await createBill(technicianApi, started, [billLine(fitting)]);
    await confirmBill(technicianApi, draft._id, draft.total);
    await drain();
    await drain();
    const remarks = await remarksOf(started);
    expect(remarks.filter((remark) => remark.startsWith('WhatsApp update not sent'))).toEqual([
      WA.noTemplate('workCompleted', 'hinglish'),
    ]);
    expect(remarks).toContain('WhatsApp update sent: Technician assigned (Hinglish) by Karya');
    expect(fake.requests.length).toBe(requests + 1);
  });

  it('queues nothing for an event whose automatic sending is off', async () => {
    const off = await admin.put('/api/whatsapp-auto-send', {
      event: 'technicianAssigned',
      enabled: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().message).toBe(WA.autoSendSaved('technicianAssigned', false));
    const order = await newOrder();
    await assignOrder(manager, order, technicianId);
    expect(await outboxRows(await rowIdOf(order))).toHaveLength(0);
    await admin.put('/api/whatsapp-auto-send', { event: 'technicianAssigned', enabled: true });
  });

  it('sends the payment’s receipt when a payment is recorded', async () => {
    await mapTemplate('paymentReceived', 'hinglish', {
      templateName: 'payment_received_hinglish',
      parameters: SUGGESTED_TEMPLATES.paymentReceived.hinglish.parameters,
    });
    fake.approve('payment_received_hinglish', 'hi', 4);
    const started = await createStartedOrder(manager, second, {
      name: 'Kavita Rao',
      phoneNumber: '9876508888',
    });
    const draft = await createBill(second.api, started, [billLine(fitting)]);
    const bill = await confirmBill(second.api, draft._id, draft.total - 200);
    await drain();
    const before = fake.accepted.length;
    const pay = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/record-bill-payment',
        headers: { cookie: managerCookie, 'idempotency-key': `pay-${bill._id}` },
        payload: { billId: bill._id, amount: 200, paymentMethod: 'cash' },
      });
    expect((await pay()).statusCode).toBe(200);
    expect((await pay()).statusCode).toBe(200);
    await drain();
    const sent = fake.accepted.slice(before);
    expect(sent).toHaveLength(1);
    expect(
      sent[0]?.body.template?.components?.[0]?.parameters?.map((p) => p.text).slice(0, 3),
    ).toEqual(['Kavita Rao', '₹200.00', started.orderId]);
  });

  it('sends the new time when a booked visit moves on the board (visitRescheduled), once per move', async () => {
    await mapTemplate('visitRescheduled', 'hinglish', {
      templateName: 'visit_rescheduled_hinglish',
      parameters: SUGGESTED_TEMPLATES.visitRescheduled.hinglish.parameters,
    });
    fake.approve('visit_rescheduled_hinglish', 'hi', 4);
    const order = await newOrder();
    const day = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000);
    day.setUTCHours(5, 0, 0, 0);
    const schedule = (start: Date) =>
      manager.post('/api/schedule-work-order', {
        orderId: order.orderId,
        technicianId: second.id,
        start: start.toISOString(),
        durationMinutes: 60,
        override: true,
      });
    expect((await schedule(day)).statusCode).toBe(200);
    await drain();
    const before = fake.accepted.length;
    const later = new Date(day.getTime() + 2 * 60 * 60 * 1000);
    const moved = await schedule(later);
    expect(moved.statusCode, moved.body).toBe(200);
    // The board is told the update goes by itself, so it offers no second send.
    expect(moved.json().data).toMatchObject({
      rescheduledFrom: day.toISOString(),
      sentAutomatically: true,
    });
    // The same time again is no move: nothing more to tell.
    expect((await schedule(later)).statusCode).toBe(200);
    await drain();
    const sent = fake.accepted.slice(before);
    expect(sent.map((message) => message.body.template?.name)).toEqual([
      'visit_rescheduled_hinglish',
    ]);
    expect(sent[0]?.body.template?.components?.[0]?.parameters?.[2]?.text).toMatch(/\d/);
  });

  it('does not promise the move goes by itself when no template is mapped for the customer’s language', async () => {
    // visitRescheduled is mapped for Hinglish only (above): an English customer's update is
    // queued, but the worker skips it, so the board must offer the desk's send.
    const order = await newOrder('en');
    const day = new Date(Date.now() + 4 * 24 * 60 * 60 * 1000);
    day.setUTCHours(5, 0, 0, 0);
    const schedule = (start: Date) =>
      manager.post('/api/schedule-work-order', {
        orderId: order.orderId,
        technicianId: second.id,
        start: start.toISOString(),
        durationMinutes: 60,
        override: true,
      });
    expect((await schedule(day)).statusCode).toBe(200);
    const moved = await schedule(new Date(day.getTime() + 2 * 60 * 60 * 1000));
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({
      rescheduledFrom: day.toISOString(),
      sentAutomatically: false,
    });
    await drain();
  });
});

describe('a free-form text and the window', () => {
  it('the fake refuses text to a number that has not written within 24 hours (131047), and takes it after they write', async () => {
    const to = '919800000001';
    await expect(sendCloudText(cloud, to, 'Hello')).rejects.toMatchObject({
      code: 131047,
      retryable: false,
      message:
        'WhatsApp did not take the message: Re-engagement message (Message failed to send because more than 24 hours have passed since the customer last replied to this number.)',
    });
    fake.customerWrote(to);
    await expect(sendCloudText(cloud, to, 'Hello')).resolves.toMatchObject({
      messageId: expect.stringMatching(/^wamid\./),
    });
  });

  it('the Send button without a template sends nothing and answers 409', async () => {
    const order = await newOrder();
    const requests = fake.requests.length;
    const refused = await manager.post('/api/send-customer-update', {
      orderId: order.orderId,
      event: 'workStarted',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(WA.windowClosed);
    expect(fake.requests.length).toBe(requests);
  });
});

describe('delivery statuses in the history', () => {
  const signed = (body: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/whatsapp-webhook',
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': `sha256=${createHmac('sha256', APP_SECRET).update(body).digest('hex')}`,
      },
      payload: body,
    });
  const statuses = (items: object[]) =>
    JSON.stringify({ entry: [{ changes: [{ value: { statuses: items } }] }] });

  it('writes delivered, read and failed with Meta’s reason into the order’s history, each once', async () => {
    const order = await newOrder();
    const before = fake.accepted.length;
    await assignOrder(manager, order, technicianId);
    await drain();
    const id = fake.accepted[before]?.messageId ?? '';
    const first = await signed(statuses([{ id, status: 'sent' }]));
    expect(first.statusCode, first.body).toBe(200);
    await signed(statuses([{ id, status: 'delivered' }]));
    await signed(statuses([{ id, status: 'delivered' }]));
    await signed(statuses([{ id, status: 'read' }]));
    // Late and out of order: no step back.
    await signed(statuses([{ id, status: 'delivered' }]));
    expect(await remarksOf(order)).toEqual([
      'WhatsApp update sent: Technician assigned (Hinglish) by Karya',
      'WhatsApp update delivered: Technician assigned (Hinglish)',
      'WhatsApp update read: Technician assigned (Hinglish)',
    ]);
    const other = await newOrder();
    await assignOrder(manager, other, technicianId);
    await drain();
    const failedId = fake.accepted.at(-1)?.messageId ?? '';
    await signed(
      statuses([
        {
          id: failedId,
          status: 'failed',
          errors: [
            {
              code: 131026,
              title: 'Message undeliverable',
              error_data: { details: 'The number is not on WhatsApp' },
            },
          ],
        },
      ]),
    );
    expect((await remarksOf(other)).at(-1)).toBe(
      'WhatsApp update failed: Technician assigned (Hinglish): Message undeliverable: The number is not on WhatsApp (131026)',
    );
    const messages = await manager.get(`/api/customer-update-messages?orderId=${other.orderId}`);
    expect(messages.json().data[0]).toMatchObject({
      status: 'failed',
      error: 'Message undeliverable: The number is not on WhatsApp (131026)',
    });
  });
});
