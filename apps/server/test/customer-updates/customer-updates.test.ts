import {
  CUSTOMER_UPDATE_EVENTS,
  type CustomerUpdateTemplate,
  DEFAULT_UPDATE_TEMPLATES,
  CUSTOMER_UPDATE_MESSAGES as M,
} from '@karya/domain/customer-updates';
import { jobStatusSchema } from '@karya/domain/job-status';
import {
  assignOrder,
  createBranchTeam,
  createOrder,
  type SeededOrder,
} from '@karya/test-factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, client } from '../helpers/http';
import { ADMIN, createTestApp, loginAs, type TestApp } from '../helpers/test-app';

/**
 * Customer updates (issue 21): the wording of each update in Hinglish and English, an
 * admin's to change, and a sent update kept in the order's history as a communication.
 */

let t: TestApp;
let admin: Client;
let managerA: Client;
let managerB: Client;
let techA: Client;
let techAId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = client(t.app, await loginAs(t.app, ADMIN.username, ADMIN.password));
  const kothrud = await createBranchTeam(admin, { branch: { name: 'Kothrud' } });
  const baner = await createBranchTeam(admin, { branch: { name: 'Baner' }, technicians: [] });
  managerA = kothrud.manager.api;
  managerB = baner.manager.api;
  [{ id: techAId, api: techA }] = kothrud.technicians;
});
afterAll(() => t.close());

const templatesOf = async (as: Client): Promise<CustomerUpdateTemplate[]> => {
  const response = await as.get('/api/customer-update-templates');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};
const find = (list: CustomerUpdateTemplate[], event: string, language: string) =>
  list.find((entry) => entry.event === event && entry.language === language);

describe('templates', () => {
  it('answers every event in both languages, the defaults until an admin changes one', async () => {
    const list = await templatesOf(techA);
    expect(list).toHaveLength(CUSTOMER_UPDATE_EVENTS.length * 2);
    expect(find(list, 'technicianAssigned', 'hinglish')).toEqual({
      event: 'technicianAssigned',
      language: 'hinglish',
      body: DEFAULT_UPDATE_TEMPLATES.technicianAssigned.hinglish,
      isDefault: true,
      updatedAt: null,
    });
  });

  it('lets an admin change a wording and set it back; others may not', async () => {
    const body = '  Namaste {customerName} ji, {technicianName} aa rahe hain. Order {orderId}.  ';
    const saved = await admin.put('/api/customer-update-templates', {
      event: 'technicianOnTheWay',
      language: 'hinglish',
      body,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe(M.templateSaved);
    const changed = find(await templatesOf(managerA), 'technicianOnTheWay', 'hinglish');
    expect(changed).toMatchObject({ body: body.trim(), isDefault: false });
    expect(changed?.updatedAt).toBeTruthy();
    // The English one is untouched.
    expect(find(await templatesOf(managerA), 'technicianOnTheWay', 'en')?.isDefault).toBe(true);

    for (const outsider of [managerA, techA]) {
      const refused = await outsider.put('/api/customer-update-templates', {
        event: 'technicianOnTheWay',
        language: 'hinglish',
        body: 'Hi',
      });
      expect(refused.statusCode).toBe(403);
    }

    const reset = await admin.delete('/api/customer-update-templates', {
      event: 'technicianOnTheWay',
      language: 'hinglish',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().message).toBe(M.templateReset);
    expect(find(await templatesOf(managerA), 'technicianOnTheWay', 'hinglish')).toMatchObject({
      body: DEFAULT_UPDATE_TEMPLATES.technicianOnTheWay.hinglish,
      isDefault: true,
    });
  });

  it('refuses an unknown placeholder, an empty message and an unknown event, saving nothing', async () => {
    const unknown = await admin.put('/api/customer-update-templates', {
      event: 'workStarted',
      language: 'en',
      body: 'Hi {custName}',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/^Unknown placeholder \{custName\}/);
    const empty = await admin.put('/api/customer-update-templates', {
      event: 'workStarted',
      language: 'en',
      body: '  ',
    });
    expect(empty.statusCode).toBe(400);
    const event = await admin.put('/api/customer-update-templates', {
      event: 'sent',
      language: 'en',
      body: 'Hi',
    });
    expect(event.statusCode).toBe(400);
    expect(find(await templatesOf(admin), 'workStarted', 'en')?.isDefault).toBe(true);
  });
});

describe('a sent update', () => {
  let order: SeededOrder;
  beforeAll(async () => {
    order = await createOrder(managerA, { name: 'Meera Joshi' });
    await assignOrder(managerA, order, techAId);
  });

  const historyOf = async () => {
    const response = await managerA.get(
      `/api/get-work-order-details/${order.customerId}/${order.orderId}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.statusHistory as { status: string; remark: string }[];
  };

  it('goes into the order’s history as a communication, from the desk and the technician', async () => {
    const byManager = await managerA.post('/api/record-customer-update', {
      orderId: order.orderId,
      event: 'technicianAssigned',
      language: 'hinglish',
    });
    expect(byManager.statusCode, byManager.body).toBe(200);
    expect(byManager.json().message).toBe(M.updateRecorded);
    const byTechnician = await techA.post('/api/record-customer-update', {
      orderId: order.orderId,
      event: 'technicianOnTheWay',
      language: 'en',
    });
    expect(byTechnician.statusCode, byTechnician.body).toBe(200);
    const communications = (await historyOf()).filter((entry) => entry.status === 'communication');
    expect(communications.map((entry) => entry.remark)).toEqual([
      'WhatsApp update sent: Technician assigned (Hinglish)',
      'WhatsApp update sent: Technician on the way (English)',
    ]);
  });

  it('records an update sent without a language in the customer’s (issue 21)', async () => {
    const english = await createOrder(managerA, { name: 'Rahul Mehta', preferredLanguage: 'en' });
    const recorded = await managerA.post('/api/record-customer-update', {
      orderId: english.orderId,
      event: 'workOrderCreated',
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    const detail = await managerA.get(
      `/api/get-work-order-details/${english.customerId}/${english.orderId}`,
    );
    const remarks = (detail.json().data.statusHistory as { status: string; remark: string }[])
      .filter((entry) => entry.status === 'communication')
      .map((entry) => entry.remark);
    expect(remarks).toEqual(['WhatsApp update sent: Work order created (English)']);
  });

  it('is not one of the steps the customer’s page shows', async () => {
    const link = await managerA.post('/api/work-order-status-link', { orderId: order.orderId });
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/job-status/${link.json().data.token}`,
    });
    const job = jobStatusSchema.parse(page.json().data);
    expect(job.timeline.map((step) => step.status)).toEqual(['pending', 'assigned']);
  });

  it('answers 404 for another branch’s order and 400 for an unknown event, recording nothing', async () => {
    const before = (await historyOf()).length;
    const other = await managerB.post('/api/record-customer-update', {
      orderId: order.orderId,
      event: 'technicianAssigned',
      language: 'en',
    });
    expect(other.statusCode).toBe(404);
    const unknown = await managerA.post('/api/record-customer-update', {
      orderId: order.orderId,
      event: 'gossip',
      language: 'en',
    });
    expect(unknown.statusCode).toBe(400);
    expect((await historyOf()).length).toBe(before);
  });
});
