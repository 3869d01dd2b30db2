import { createHmac } from 'node:crypto';
import { CUSTOMER_UPDATE_MESSAGES as M } from '@karya/domain/customer-updates';
import { formatRupees, toPaise } from '@karya/domain/money';
import { WHATSAPP_TEMPLATE_MESSAGES as WA } from '@karya/domain/whatsapp-templates';
import {
  assignOrder,
  billLine,
  confirmBill,
  createBill,
  createBranchTeam,
  createItem,
  createOrder,
  createStartedOrder,
  type SeededBill,
  type SeededOrder,
} from '@karya/test-factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';
import { requestThrottle } from '../../src/db/schema';
import { WEBHOOK_RULE } from '../../src/modules/customer-updates/customer-updates.routes';
import { FakeGraphApi } from '../helpers/fake-graph-api';
import { type Client, client } from '../helpers/http';
import { ADMIN, createTestApp, loginAs, type TestApp } from '../helpers/test-app';

/**
 * The WhatsApp Business Cloud API adapter (issue 21), against a fake Graph API on this
 * machine: the request Karya sends, the message it keeps, the delivery statuses Meta's
 * webhook reports, and the refusal when WhatsApp does not take a message.
 */

/** Meta's Graph API, its rules kept (issue 40): templates outside the 24-hour window. */
const fake = new FakeGraphApi('test-token');
const received = fake.requests;
/** The last accepted message's template body parameters. */
const lastParameters = () =>
  fake.accepted.at(-1)?.body.template?.components?.[0]?.parameters?.map((p) => p.text) ?? [];
/** Meta's id of the first update sent, whose delivery statuses the webhook tests report. */
let firstId = '';

let t: TestApp;
let plain: TestApp;
/** The Cloud API configured without the app's secret. */
let unsigned: TestApp;

const APP_SECRET = 'meta-app-secret';
const cloudEnv = (apiBase: string) => ({
  WHATSAPP_TOKEN: 'test-token',
  WHATSAPP_PHONE_NUMBER_ID: '1098765',
  WHATSAPP_API_BASE: apiBase,
  WHATSAPP_WEBHOOK_VERIFY_TOKEN: 'verify-me',
  PUBLIC_URL: 'https://karya.example.in/',
  // The worker never runs by itself here: these tests are of the Send button.
  WHATSAPP_OUTBOX_POLL_MS: '0',
});

/** What Meta puts in X-Hub-Signature-256 for these bytes. */
const signatureOf = (body: string, secret = APP_SECRET) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
let managerA: Client;
let managerB: Client;
let order: SeededOrder;
let customerDigits: string;
/** An order of a customer who reads English (issue 21). */
let englishOrder: SeededOrder;
/** An English customer's installation, billed and part paid: ₹275 still due (issue 39). */
let billedOrder: SeededOrder;
let billed: SeededBill;

beforeAll(async () => {
  const base = await fake.start();
  const apiBase = base;
  t = await createTestApp({ ...cloudEnv(apiBase), WHATSAPP_APP_SECRET: APP_SECRET });
  unsigned = await createTestApp(cloudEnv(apiBase));
  const admin = client(t.app, await loginAs(t.app, ADMIN.username, ADMIN.password));
  const kothrud = await createBranchTeam(admin, {
    branch: { name: 'Kothrud', phone: '+91 20 2543 0000', upiVpa: 'kothrud.shop@okaxis' },
    technicians: [{ firstName: 'Suresh', lastName: 'Patil', phone: '+91 98220 12345' }],
  });
  const baner = await createBranchTeam(admin, { branch: { name: 'Baner' }, technicians: [] });
  managerA = kothrud.manager.api;
  managerB = baner.manager.api;
  customerDigits = '9876501234';
  order = await createOrder(managerA, { name: 'Meera Joshi', phoneNumber: `0${customerDigits}` });
  await assignOrder(managerA, order, kothrud.technicians[0].id);
  englishOrder = await createOrder(managerA, {
    name: 'Rahul Mehta',
    phoneNumber: '+91 98765 04321',
    preferredLanguage: 'en',
  });
  await assignOrder(managerA, englishOrder, kothrud.technicians[0].id);
  const fitting = await createItem(admin, 'service', { name: 'Camera Fitting', salePrice: 500 });
  billedOrder = await createStartedOrder(managerA, kothrud.technicians[0], {
    name: 'Anil Kulkarni',
    phoneNumber: '+91 98765 07777',
    preferredLanguage: 'en',
  });
  const draft = await createBill(kothrud.technicians[0].api, billedOrder, [billLine(fitting)]);
  billed = await confirmBill(kothrud.technicians[0].api, draft._id, draft.total - 275);
  plain = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await plain.close();
  await unsigned.close();
  await fake.stop();
});

/** The admin records a template approved in WhatsApp Manager for an event (issue 40). */
const mapTemplate = async (
  event: string,
  language: string,
  templateName: string,
  languageCode: string,
  parameters: string[],
) =>
  client(t.app, await loginAs(t.app, ADMIN.username, ADMIN.password)).put(
    '/api/whatsapp-templates',
    { event, language, templateName, languageCode, parameters },
  );

const send = (as: Client, event = 'technicianAssigned', language = 'hinglish') =>
  as.post('/api/send-customer-update', { orderId: order.orderId, event, language });
const messages = async () =>
  (await managerA.get(`/api/customer-update-messages?orderId=${order.orderId}`)).json().data as {
    status: string;
    to: string;
    event: string;
    error: string | null;
  }[];

describe('the Cloud API adapter', () => {
  it('says the server sends when configured, and a link when not', async () => {
    expect((await managerA.get('/api/customer-update-settings')).json().data).toEqual({
      sendsBy: 'server',
    });
    const admin = client(plain.app, await loginAs(plain.app, ADMIN.username, ADMIN.password));
    expect((await admin.get('/api/customer-update-settings')).json().data).toEqual({
      sendsBy: 'link',
    });
    const refused = await admin.post('/api/send-customer-update', {
      orderId: 'WO-2026-000001',
      event: 'technicianAssigned',
      language: 'en',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(M.notConfigured);
  });

  it('sends the event’s approved template, filled from the order, to the customer’s number with the token, and keeps it as sent (issue 40)', async () => {
    fake.approve('technician_assigned_hinglish', 'hi', 3);
    expect(
      (
        await mapTemplate('technicianAssigned', 'hinglish', 'technician_assigned_hinglish', 'hi', [
          'customerName',
          'technicianName',
          'statusLink',
        ])
      ).statusCode,
    ).toBe(200);
    const answer = await send(managerA);
    expect(answer.statusCode, answer.body).toBe(200);
    firstId = fake.accepted.at(-1)?.messageId ?? '';
    expect(answer.json()).toMatchObject({
      message: M.updateSent,
      data: { status: 'sent', messageId: firstId },
    });
    const request = received.at(-1);
    expect(request?.path).toBe('/v21.0/1098765/messages');
    expect(request?.authorization).toBe('Bearer test-token');
    expect(request?.body).toMatchObject({
      messaging_product: 'whatsapp',
      to: `91${customerDigits}`,
      type: 'template',
      template: { name: 'technician_assigned_hinglish', language: { code: 'hi' } },
    });
    const [name, technician, link] = lastParameters();
    expect([name, technician]).toEqual(['Meera Joshi', 'Suresh Patil']);
    expect(link).toMatch(/^https:\/\/karya\.example\.in\/s\/[A-Za-z0-9_-]{32}$/);
    expect(await messages()).toEqual([
      expect.objectContaining({
        event: 'technicianAssigned',
        to: `91${customerDigits}`,
        status: 'sent',
      }),
    ]);
    const detail = await managerA.get(
      `/api/get-work-order-details/${order.customerId}/${order.orderId}`,
    );
    const remarks = (detail.json().data.statusHistory as { status: string; remark: string }[])
      .filter((entry) => entry.status === 'communication')
      .map((entry) => entry.remark);
    expect(remarks).toEqual(['WhatsApp update sent: Technician assigned (Hinglish) by Karya']);
  });

  it('sends in the customer’s language: the English template for a customer who reads English', async () => {
    fake.approve('technician_assigned', 'en_US', 4);
    await mapTemplate('technicianAssigned', 'en', 'technician_assigned', 'en_US', [
      'customerName',
      'technicianName',
      'projectType',
      'technicianPhone',
    ]);
    // No language sent: the server takes the customer's, as it reads it now.
    const answer = await managerA.post('/api/send-customer-update', {
      orderId: englishOrder.orderId,
      event: 'technicianAssigned',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const request = received.at(-1);
    expect(request?.body.to).toBe('919876504321');
    expect(request?.body.template?.language?.code).toBe('en_US');
    expect(lastParameters()).toEqual([
      'Rahul Mehta',
      'Suresh Patil',
      'CCTV Camera',
      '+91 98220 12345',
    ]);
    const sent = await managerA.get(
      `/api/customer-update-messages?orderId=${englishOrder.orderId}`,
    );
    expect(sent.json().data).toEqual([
      expect.objectContaining({ event: 'technicianAssigned', language: 'en', status: 'sent' }),
    ]);
    const detail = await managerA.get(
      `/api/get-work-order-details/${englishOrder.customerId}/${englishOrder.orderId}`,
    );
    expect(detail.json().data.customerLanguage).toBe('en');
    const remarks = (detail.json().data.statusHistory as { status: string; remark: string }[])
      .filter((entry) => entry.status === 'communication')
      .map((entry) => entry.remark);
    expect(remarks).toEqual(['WhatsApp update sent: Technician assigned (English) by Karya']);
  });

  it('sends the work completed with the invoice’s amount, what is still due and the branch’s phone (issue 39 item 10)', async () => {
    fake.approve('job_completed_invoice_due', 'en', 6);
    await mapTemplate('workCompleted', 'en', 'job_completed_invoice_due', 'en', [
      'customerName',
      'orderId',
      'amount',
      'due',
      'branchPhone',
      'invoiceLink',
    ]);
    expect(billed.dueAmount).toBe(275);
    const answer = await managerA.post('/api/send-customer-update', {
      orderId: billedOrder.orderId,
      event: 'workCompleted',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(lastParameters()).toEqual([
      'Anil Kulkarni',
      billedOrder.orderId,
      formatRupees(toPaise(billed.total)),
      '₹275.00',
      '+91 20 2543 0000',
      expect.stringMatching(/^https:\/\/karya\.example\.in\/s\/[A-Za-z0-9_-]{32}$/),
    ]);
    // The screens fill the same template from the same facts.
    const facts = await managerA.get(`/api/customer-update-facts?orderId=${billedOrder.orderId}`);
    expect(facts.statusCode, facts.body).toBe(200);
    expect(facts.json().data).toMatchObject({
      branchPhone: '+91 20 2543 0000',
      customerLanguage: 'en',
      money: { billed: billed.total, due: 275, lastPayment: billed.total - 275 },
    });
    expect(
      (await managerB.get(`/api/customer-update-facts?orderId=${billedOrder.orderId}`)).statusCode,
    ).toBe(404);
  });

  it('sends a payment’s receipt with the amount received and what is still due', async () => {
    fake.approve('payment_received_due', 'en', 3);
    await mapTemplate('paymentReceived', 'en', 'payment_received_due', 'en', [
      'amount',
      'orderId',
      'due',
    ]);
    const answer = await managerA.post('/api/send-customer-update', {
      orderId: billedOrder.orderId,
      event: 'paymentReceived',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(lastParameters()).toEqual([
      formatRupees(toPaise(billed.total - 275)),
      billedOrder.orderId,
      '₹275.00',
    ]);
  });

  it('reminds of a due with the https status link, where the customer pays by UPI, never a upi:// link (issue 39 item 11)', async () => {
    fake.approve('payment_due_reminder', 'en', 4);
    // {upiLink}, which old reminders name, is the status link too.
    await mapTemplate('dueReminder', 'en', 'payment_due_reminder', 'en', [
      'due',
      'orderId',
      'statusLink',
      'upiLink',
    ]);
    const answer = await managerA.post('/api/send-customer-update', {
      orderId: billedOrder.orderId,
      event: 'dueReminder',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const [due, orderId, link, upi] = lastParameters();
    expect([due, orderId]).toEqual(['₹275.00', billedOrder.orderId]);
    expect(link).toMatch(/^https:\/\/karya\.example\.in\/s\/[A-Za-z0-9_-]{32}$/);
    expect(upi).toBe(link);
  });

  it('never sends a free-form text outside the customer’s window: without a template, 409 and nothing sent', async () => {
    const before = received.length;
    const refused = await send(managerA, 'workPaused', 'en');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(WA.windowClosed);
    expect(received.length).toBe(before);
  });

  it('refuses an unknown language and sends nothing', async () => {
    const before = received.length;
    const refused = await managerA.post('/api/send-customer-update', {
      orderId: englishOrder.orderId,
      event: 'technicianAssigned',
      language: 'hindi',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      "Update language must be 'hinglish' (Hinglish) or 'en' (English)",
    );
    expect(received.length).toBe(before);
  });

  /** A webhook POST of these bytes, signed as Meta would unless a signature is given. */
  const postWebhook = (
    body: string,
    signature: string | null = signatureOf(body),
    app: TestApp = t,
  ) =>
    app.app.inject({
      method: 'POST',
      url: '/api/whatsapp-webhook',
      headers: {
        'content-type': 'application/json',
        ...(signature === null ? {} : { 'x-hub-signature-256': signature }),
      },
      payload: body,
    });
  const statusesBody = (statuses: { id: string; status: string }[]) =>
    // Meta's own spacing: the signature is over these bytes, not over a re-serialised object.
    JSON.stringify(
      { object: 'whatsapp_business_account', entry: [{ changes: [{ value: { statuses } }] }] },
      null,
      1,
    );

  it('records the delivery statuses Meta’s webhook reports, and ignores unknown ones', async () => {
    const webhook = (statuses: { id: string; status: string }[]) =>
      postWebhook(statusesBody(statuses));
    const delivered = await webhook([
      { id: firstId, status: 'delivered' },
      { id: 'wamid.SOMEONE-ELSE', status: 'read' },
    ]);
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json().data).toEqual({ updated: 1, received: 0 });
    expect((await messages())[0]?.status).toBe('delivered');
    expect((await webhook([{ id: firstId, status: 'exploded' }])).json().data).toEqual({
      updated: 0,
      received: 0,
    });
    expect((await messages())[0]?.status).toBe('delivered');
    await webhook([{ id: firstId, status: 'read' }]);
    expect((await messages())[0]?.status).toBe('read');
    // Signed but of any shape: no statuses counted, never a 500.
    for (const payload of [{ entry: 'garbage' }, { entry: [null, { changes: 7 }] }, [1, 2]]) {
      const odd = await postWebhook(JSON.stringify(payload));
      expect(odd.statusCode, JSON.stringify(payload)).toBe(200);
      expect(odd.json().data).toEqual({ updated: 0, received: 0 });
    }
    expect((await postWebhook('{not json')).statusCode).toBe(400);
    expect((await messages())[0]?.status).toBe('read');
  });

  it('takes no status without Meta’s signature over exactly the bytes sent', async () => {
    const failed = statusesBody([{ id: firstId, status: 'failed' }]);
    const refusals = [
      await postWebhook(failed, null),
      await postWebhook(failed, signatureOf(failed, 'someone-elses-secret')),
      await postWebhook(failed, signatureOf(`${failed} `)),
      await postWebhook(failed, signatureOf(failed).replace('sha256=', 'sha1=')),
      await postWebhook(failed, 'sha256=zz'),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode, refused.body).toBe(401);
      expect(refused.json().message).toBe(M.webhookRefused);
    }
    expect((await messages())[0]?.status).toBe('read');
  });

  it('takes no status at all when the app’s secret is not configured', async () => {
    const failed = statusesBody([{ id: firstId, status: 'failed' }]);
    for (const app of [unsigned, plain]) {
      const refused = await postWebhook(failed, signatureOf(failed), app);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().message).toBe(M.webhookRefused);
    }
    expect((await messages())[0]?.status).toBe('read');
  });

  it('refuses an address past its limit with 429 and Retry-After, badly signed POSTs counted (issue 33 item 7)', async () => {
    const ip = '192.0.2.230';
    const post = (body: string, signature: string, from = ip) =>
      t.app.inject({
        method: 'POST',
        url: '/api/whatsapp-webhook',
        remoteAddress: from,
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
        payload: body,
      });
    const read = statusesBody([{ id: firstId, status: 'read' }]);
    const failed = statusesBody([{ id: firstId, status: 'failed' }]);
    // The address's earlier POSTs this minute, all but ten of its allowance, written straight
    // into the throttle: sending them one by one would only take longer.
    await t.db.insert(requestThrottle).values(
      Array.from({ length: WEBHOOK_RULE.max - 10 }, () => ({
        bucket: WEBHOOK_RULE.bucket,
        key: `ip:${ip}`,
      })),
    );
    for (let i = 0; i < 5; i += 1) {
      expect((await post(read, signatureOf(read))).statusCode).toBe(200);
      expect((await post(failed, 'sha256=zz')).statusCode).toBe(401);
    }
    for (const signature of [signatureOf(failed), 'sha256=zz']) {
      const refused = await post(failed, signature);
      expect(refused.statusCode, refused.body).toBe(429);
      expect(refused.json().message).toBe(M.webhookTooMany);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
    expect((await messages())[0]?.status).toBe('read');
    // Another address, Meta's next server, is answered.
    expect((await post(read, signatureOf(read), '192.0.2.231')).statusCode).toBe(200);
    // Generous enough for Meta's bursts: 20 a second kept up for a minute.
    expect(WEBHOOK_RULE.max / (WEBHOOK_RULE.windowMs / 1000)).toBeGreaterThanOrEqual(20);
  });

  it('answers Meta’s verification only with the configured token', async () => {
    const verify = (token: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/whatsapp-webhook?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=42`,
      });
    const ok = await verify('verify-me');
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('42');
    expect((await verify('guess')).statusCode).toBe(403);
  });

  it('keeps a message WhatsApp refuses as failed and answers 502 with WhatsApp’s words', async () => {
    // Recorded in Karya but never approved in WhatsApp Manager: Meta refuses it (132001).
    await mapTemplate('workStarted', 'en', 'work_started_unapproved', 'en', ['customerName']);
    const refused = await send(managerA, 'workStarted', 'en');
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toBe(
      'WhatsApp did not take the message: Template name does not exist in the translation (template name (work_started_unapproved) does not exist in en)',
    );
    expect((await messages()).at(-1)).toMatchObject({ event: 'workStarted', status: 'failed' });
  });

  it('sends nothing about another branch’s order', async () => {
    const before = received.length;
    expect((await send(managerB)).statusCode).toBe(404);
    expect(received.length).toBe(before);
  });

  it('refuses to start with a token but no number id or public address', () => {
    expect(() => loadConfig({ WHATSAPP_TOKEN: 'x' })).toThrow(ConfigError);
    expect(() => loadConfig({ WHATSAPP_TOKEN: 'x', WHATSAPP_PHONE_NUMBER_ID: '1' })).toThrow(
      /PUBLIC_URL/,
    );
    expect(loadConfig({}).whatsappCloud).toBeNull();
    const cloud = {
      WHATSAPP_TOKEN: 'x',
      WHATSAPP_PHONE_NUMBER_ID: '1',
      PUBLIC_URL: 'https://k.in',
    };
    expect(loadConfig(cloud).whatsappCloud?.appSecret).toBeUndefined();
    expect(loadConfig({ ...cloud, WHATSAPP_APP_SECRET: ' s3cret ' }).whatsappCloud?.appSecret).toBe(
      's3cret',
    );
  });
});
