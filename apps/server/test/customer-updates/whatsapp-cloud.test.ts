import { createHmac } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CUSTOMER_UPDATE_MESSAGES as M } from '@karya/domain/customer-updates';
import { formatRupees, toPaise } from '@karya/domain/money';
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
import { type Client, client } from '../helpers/http';
import { ADMIN, createTestApp, loginAs, type TestApp } from '../helpers/test-app';

/**
 * The WhatsApp Business Cloud API adapter (issue 21), against a fake Graph API on this
 * machine: the request Karya sends, the message it keeps, the delivery statuses Meta's
 * webhook reports, and the refusal when WhatsApp does not take a message.
 */

interface Received {
  path: string;
  authorization: string | undefined;
  body: {
    messaging_product: string;
    to: string;
    type: string;
    text: { body: string; preview_url: boolean };
  };
}

let fake: Server;
const received: Received[] = [];
/** The next answer of the fake: a message id, or a refusal. */
let nextAnswer: { status: number; body: unknown } = { status: 200, body: {} };

async function readJson(request: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

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
  fake = createServer(async (request, response) => {
    received.push({
      path: request.url ?? '',
      authorization: request.headers.authorization,
      body: await readJson(request),
    });
    response.writeHead(nextAnswer.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(nextAnswer.body));
  });
  fake.listen(0, '127.0.0.1');
  await once(fake, 'listening');
  const { port } = fake.address() as AddressInfo;
  const apiBase = `http://127.0.0.1:${port}/v21.0`;
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
  fake.close();
});

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

  it('sends the filled message to the customer’s number with the token, and keeps it as sent', async () => {
    nextAnswer = {
      status: 200,
      body: { messaging_product: 'whatsapp', messages: [{ id: 'wamid.ONE' }] },
    };
    const answer = await send(managerA);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      message: M.updateSent,
      data: { status: 'sent', messageId: 'wamid.ONE' },
    });
    const request = received.at(-1);
    expect(request?.path).toBe('/v21.0/1098765/messages');
    expect(request?.authorization).toBe('Bearer test-token');
    expect(request?.body).toMatchObject({
      messaging_product: 'whatsapp',
      to: `91${customerDigits}`,
      type: 'text',
      text: { preview_url: true },
    });
    expect(request?.body.text.body).toContain('Suresh Patil aayenge');
    expect(request?.body.text.body).toMatch(
      /Status yahan dekhein: https:\/\/karya\.example\.in\/s\/[A-Za-z0-9_-]{32}$/,
    );
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

  it('sends in the customer’s language: English for a customer who reads English', async () => {
    nextAnswer = {
      status: 200,
      body: { messaging_product: 'whatsapp', messages: [{ id: 'wamid.ENGLISH' }] },
    };
    // No language sent: the server takes the customer's, as it reads it now.
    const answer = await managerA.post('/api/send-customer-update', {
      orderId: englishOrder.orderId,
      event: 'technicianAssigned',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const request = received.at(-1);
    expect(request?.body.to).toBe('919876504321');
    expect(request?.body.text.body).toMatch(
      /^Dear Rahul Mehta, Suresh Patil will look after your CCTV Camera \(order WO-[^)]+\)\.\nTechnician’s phone: \+91 98220 12345\nTrack it here: https:\/\/karya\.example\.in\/s\/[A-Za-z0-9_-]{32}$/,
    );
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
    nextAnswer = {
      status: 200,
      body: { messaging_product: 'whatsapp', messages: [{ id: 'wamid.DONE' }] },
    };
    expect(billed.dueAmount).toBe(275);
    const answer = await managerA.post('/api/send-customer-update', {
      orderId: billedOrder.orderId,
      event: 'workCompleted',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const text = received.at(-1)?.body.text.body ?? '';
    expect(text.split('\n')).toEqual([
      `Dear Anil Kulkarni, your ${billedOrder.projectType} (order ${billedOrder.orderId}) is complete. Thank you!`,
      expect.stringMatching(/^Invoice: https:\/\/karya\.example\.in\/s\/[A-Za-z0-9_-]{32}$/),
      `Amount: ${formatRupees(toPaise(billed.total))}`,
      'Still due: ₹275.00',
      'For help call +91 20 2543 0000.',
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
    nextAnswer = {
      status: 200,
      body: { messaging_product: 'whatsapp', messages: [{ id: 'wamid.PAID' }] },
    };
    const answer = await managerA.post('/api/send-customer-update', {
      orderId: billedOrder.orderId,
      event: 'paymentReceived',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const text = received.at(-1)?.body.text.body ?? '';
    expect(text).toContain(
      `we have received ${formatRupees(toPaise(billed.total - 275))} for order ${billedOrder.orderId}`,
    );
    expect(text).toContain('Still due: ₹275.00');
  });

  it('reminds of a due with the https status link, where the customer pays by UPI, never a upi:// link (issue 39 item 11)', async () => {
    nextAnswer = {
      status: 200,
      body: { messaging_product: 'whatsapp', messages: [{ id: 'wamid.DUE' }] },
    };
    const answer = await managerA.post('/api/send-customer-update', {
      orderId: billedOrder.orderId,
      event: 'dueReminder',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const text = received.at(-1)?.body.text.body ?? '';
    expect(text).not.toContain('upi://');
    expect(text).toMatch(
      /\nSee the invoice and pay by UPI here: https:\/\/karya\.example\.in\/s\/[A-Za-z0-9_-]{32}\n/,
    );
    expect(text).toContain('₹275.00 is due on order');
    expect(text).toContain('For help call +91 20 2543 0000.');
    // An admin's reminder saved before this still names {upiLink}: it gets the status link.
    const admin = client(t.app, await loginAs(t.app, ADMIN.username, ADMIN.password));
    const saved = await admin.put('/api/customer-update-templates', {
      event: 'dueReminder',
      language: 'en',
      body: 'Due {due}\nUPI: {upiLink}',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await managerA.post('/api/send-customer-update', {
      orderId: billedOrder.orderId,
      event: 'dueReminder',
    });
    expect(received.at(-1)?.body.text.body).toMatch(
      /^Due ₹275\.00\nUPI: https:\/\/karya\.example\.in\/s\/[A-Za-z0-9_-]{32}$/,
    );
    await admin.delete('/api/customer-update-templates', { event: 'dueReminder', language: 'en' });
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
      { id: 'wamid.ONE', status: 'delivered' },
      { id: 'wamid.SOMEONE-ELSE', status: 'read' },
    ]);
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json().data).toEqual({ updated: 1 });
    expect((await messages())[0]?.status).toBe('delivered');
    expect((await webhook([{ id: 'wamid.ONE', status: 'exploded' }])).json().data).toEqual({
      updated: 0,
    });
    expect((await messages())[0]?.status).toBe('delivered');
    await webhook([{ id: 'wamid.ONE', status: 'read' }]);
    expect((await messages())[0]?.status).toBe('read');
    // Signed but of any shape: no statuses counted, never a 500.
    for (const payload of [{ entry: 'garbage' }, { entry: [null, { changes: 7 }] }, [1, 2]]) {
      const odd = await postWebhook(JSON.stringify(payload));
      expect(odd.statusCode, JSON.stringify(payload)).toBe(200);
      expect(odd.json().data).toEqual({ updated: 0 });
    }
    expect((await postWebhook('{not json')).statusCode).toBe(400);
    expect((await messages())[0]?.status).toBe('read');
  });

  it('takes no status without Meta’s signature over exactly the bytes sent', async () => {
    const failed = statusesBody([{ id: 'wamid.ONE', status: 'failed' }]);
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
    const failed = statusesBody([{ id: 'wamid.ONE', status: 'failed' }]);
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
    const read = statusesBody([{ id: 'wamid.ONE', status: 'read' }]);
    const failed = statusesBody([{ id: 'wamid.ONE', status: 'failed' }]);
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
    nextAnswer = {
      status: 400,
      body: { error: { message: '(#131030) Recipient phone number not in allowed list' } },
    };
    const refused = await send(managerA, 'workStarted', 'en');
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toBe(
      'WhatsApp did not take the message: (#131030) Recipient phone number not in allowed list',
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
