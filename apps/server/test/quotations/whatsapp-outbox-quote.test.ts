import { createHmac } from 'node:crypto';
import { formatDate } from '@karya/domain/format';
import { formatRupees, toPaise } from '@karya/domain/money';
import { SUGGESTED_TEMPLATES } from '@karya/domain/whatsapp-templates';
import * as factory from '@karya/test-factories';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type WhatsAppCloudConfig } from '../../src/config';
import { auditEvents, whatsappOutbox } from '../../src/db/schema';
import { outboxWorkerOf } from '../../src/modules/customer-updates/outbox-plugin';
import { OutboxWorker } from '../../src/modules/customer-updates/outbox-worker';
import { FakeGraphApi } from '../helpers/fake-graph-api';
import { type Client, client } from '../helpers/http';
import { ADMIN, createTestApp, loginAs, type TestApp } from '../helpers/test-app';
import { dataOf } from './quote-world';

/**
 * Issue 35: 'Send quote on WhatsApp' as a template message where the Cloud API is configured.
 * The send queues the 'Quotation sent' template in its own transaction through the outbox
 * (decision 047), and answers sentAutomatically exactly when the worker will send it.
 */

const APP_SECRET = 'meta-app-secret';
const fake = new FakeGraphApi('test-token');
const EN = SUGGESTED_TEMPLATES.quotationSent.en;
const HINGLISH = SUGGESTED_TEMPLATES.quotationSent.hinglish;
let t: TestApp;
let cloud: WhatsAppCloudConfig;
let admin: Client;
let manager: Client;
let install: factory.SeededItem;

let seq = 0;
const newLead = (language: 'en' | 'hinglish' = 'en') => {
  seq += 1;
  const national = `97${String(30_000_000 + seq * 7919 + (Date.now() % 997)).slice(-8)}`;
  return factory
    .createLead(manager, {
      name: 'Rahul Mehta',
      phoneNumber: national,
      preferredLanguage: language,
    })
    .then((lead) => ({ lead, digits: `91${national}` }));
};

async function sendQuoteTo(leadId: string) {
  const quote = dataOf(
    await manager.post('/api/quotations', {
      leadId,
      projectType: 'CCTV Camera',
      lines: [{ itemId: install.id, quantity: 1 }],
    }),
  );
  const send = dataOf(await manager.post(`/api/quotations/${quote._id}/send`));
  return { quote, send };
}

const rowsOf = (quotationId: string) =>
  t.db.select().from(whatsappOutbox).where(eq(whatsappOutbox.quotationId, quotationId));

const auditsOf = (quotationId: string, action: string) =>
  t.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entityId, quotationId), eq(auditEvents.action, action)));

const drain = () => {
  const worker = outboxWorkerOf(t.app);
  if (!worker) throw new Error('The outbox worker should run with the Cloud API configured');
  return worker.drain();
};

/** Another process's worker, with its own clock. */
const workerAt = (offsetMs: number) =>
  new OutboxWorker(t.db, cloud, { pollMs: 0, now: () => new Date(Date.now() + offsetMs) });

const mapTemplates = async () => {
  for (const [language, template, code] of [
    ['en', EN, 'en'],
    ['hinglish', HINGLISH, 'hi'],
  ] as const) {
    const answer = await admin.put('/api/whatsapp-templates', {
      event: 'quotationSent',
      language,
      templateName: template.name,
      languageCode: code,
      parameters: template.parameters,
    });
    expect(answer.statusCode, answer.body).toBe(200);
  }
};

beforeAll(async () => {
  const apiBase = await fake.start();
  fake.approve(EN.name, 'en', EN.parameters.length);
  fake.approve(HINGLISH.name, 'hi', HINGLISH.parameters.length);
  const env = {
    WHATSAPP_TOKEN: 'test-token',
    WHATSAPP_PHONE_NUMBER_ID: '1098765',
    WHATSAPP_API_BASE: apiBase,
    WHATSAPP_APP_SECRET: APP_SECRET,
    WHATSAPP_OUTBOX_POLL_MS: '0',
    PUBLIC_URL: 'https://karya.example.in',
  };
  t = await createTestApp(env);
  cloud = loadConfig({ WEB_DIST: '/nonexistent', ...env }).whatsappCloud as WhatsAppCloudConfig;
  admin = client(t.app, await loginAs(t.app, ADMIN.username, ADMIN.password));
  await factory.saveBusinessProfile(admin, { gstRegistered: true });
  const team = await factory.createBranchTeam(admin, {
    branch: { name: 'Kothrud', gstin: '27AAPFU0939F1ZV', stateCode: '27' },
    technicians: [],
  });
  manager = team.manager.api as Client;
  install = await factory.createItem(admin, 'service', {
    name: 'Installation',
    salePrice: 1500,
    gstRate: 18,
    hsnSac: '998719',
    priceIncludesTax: false,
  });
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});

describe('Send quote on WhatsApp as a template (issue 35)', () => {
  it('lists Quotation sent among the events an admin maps, sent automatically by default', async () => {
    const rows = dataOf<{ event: string; language: string; autoSend: boolean }[]>(
      await admin.get('/api/whatsapp-templates'),
    ).filter((row) => row.event === 'quotationSent');
    expect(rows.map((row) => row.language).sort()).toEqual(['en', 'hinglish']);
    expect(rows.every((row) => row.autoSend)).toBe(true);
  });

  it('without a mapped template: sentAutomatically false and nothing queued', async () => {
    const { lead, digits } = await newLead();
    const { quote, send } = await sendQuoteTo(lead._id);
    expect(send.sentAutomatically).toBe(false);
    expect(await rowsOf(quote._id)).toHaveLength(0);
    await drain();
    expect(fake.acceptedTo(digits)).toHaveLength(0);
  });

  it('with the template mapped: queued once, sent by the worker with the quote’s values and link', async () => {
    await mapTemplates();
    const { lead, digits } = await newLead('en');
    const { quote, send } = await sendQuoteTo(lead._id);
    expect(send.sentAutomatically).toBe(true);
    expect(send.url).toMatch(/\/q\//);
    // A second tap answers the same link and queues nothing more.
    const again = dataOf(await manager.post(`/api/quotations/${quote._id}/send`));
    expect(again).toMatchObject({ url: send.url, sentAutomatically: false });
    const rows = await rowsOf(quote._id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'pending', workOrderId: null, event: 'quotationSent' });

    expect(await drain()).toBe(1);
    const accepted = fake.acceptedTo(digits);
    expect(accepted).toHaveLength(1);
    const shown = dataOf(await manager.get(`/api/quotations/${quote._id}`));
    expect(accepted[0]?.body.template).toMatchObject({
      name: EN.name,
      language: { code: 'en' },
    });
    const texts = accepted[0]?.body.template?.components?.[0]?.parameters?.map((p) => p.text);
    expect(texts).toEqual([
      'Rahul Mehta',
      shown.displayNumber,
      formatRupees(toPaise(shown.total)),
      formatDate(shown.validUntil),
      send.url,
    ]);
    expect((await rowsOf(quote._id))[0]?.status).toBe('sent');
    expect(await auditsOf(quote._id, 'quotation.whatsapp-sent')).toHaveLength(1);
    // Nothing is left to send.
    expect(await drain()).toBe(0);
    expect(fake.acceptedTo(digits)).toHaveLength(1);
  });

  it('in Hinglish for a Hinglish contact', async () => {
    const { lead, digits } = await newLead('hinglish');
    const { send } = await sendQuoteTo(lead._id);
    expect(send.sentAutomatically).toBe(true);
    await drain();
    expect(fake.acceptedTo(digits).map((m) => m.body.template?.name)).toEqual([HINGLISH.name]);
  });

  it('a contact who replied STOP gets nothing automatic: false, nothing queued', async () => {
    const { lead, digits } = await newLead('en');
    const body = fake.customerMessage(digits, 'STOP', { at: Date.now() });
    const signature = `sha256=${createHmac('sha256', APP_SECRET).update(body).digest('hex')}`;
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/whatsapp-webhook',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
      payload: body,
    });
    expect(posted.statusCode, posted.body).toBe(200);
    const { quote, send } = await sendQuoteTo(lead._id);
    expect(send.sentAutomatically).toBe(false);
    expect(await rowsOf(quote._id)).toHaveLength(0);
    await drain();
    expect(fake.acceptedTo(digits).filter((m) => m.body.type === 'template')).toHaveLength(0);
  });

  it('a worker killed between claim and send: the row is claimed again after its lease and sent once', async () => {
    const { lead, digits } = await newLead('en');
    const { quote, send } = await sendQuoteTo(lead._id);
    expect(send.sentAutomatically).toBe(true);
    expect(await workerAt(0).claimOnly()).not.toBeNull();
    // Leased: the app's own worker leaves it alone.
    expect(await drain()).toBe(0);
    expect(fake.acceptedTo(digits)).toHaveLength(0);
    expect(await workerAt(10 * 60 * 1000).drain()).toBe(1);
    expect(fake.acceptedTo(digits)).toHaveLength(1);
    expect(await workerAt(20 * 60 * 1000).drain()).toBe(0);
    expect(fake.acceptedTo(digits)).toHaveLength(1);
    expect((await rowsOf(quote._id))[0]?.status).toBe('sent');
    expect(await auditsOf(quote._id, 'quotation.whatsapp-sent')).toHaveLength(1);
  });

  it('WhatsApp refusing for good is recorded as failed in the quote’s audit trail', async () => {
    const { lead } = await newLead('en');
    fake.failNext(1, 400);
    const { quote, send } = await sendQuoteTo(lead._id);
    expect(send.sentAutomatically).toBe(true);
    await drain();
    expect((await rowsOf(quote._id))[0]?.status).toBe('failed');
    expect(await auditsOf(quote._id, 'quotation.whatsapp-failed')).toHaveLength(1);
  });
});
