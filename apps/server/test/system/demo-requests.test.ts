import { CONTACT_MESSAGES } from '@karya/domain/contact-schemas';
import { DEMO_REQUEST_MESSAGES } from '@karya/domain/system-schemas';
import { USER_MESSAGES } from '@karya/domain/user-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoRequests } from '../../src/db/schema';
import { createBranch, createUser } from '../helpers/factories';
import { type Client, client } from '../helpers/http';
import { ADMIN, createTestApp, loginAs, type TestApp } from '../helpers/test-app';

/*
 * The landing page's demo booking (spec 2 §2 Public marketing landing page): a public
 * POST /api/demo-requests, and the admin's Demo Requests (count, list, Mark contacted,
 * Convert to Lead into a chosen branch).
 */

let t: TestApp;
let admin: Client;
let manager: Client;
let branch: { id: string; name: string };

interface DemoRequest {
  _id: string;
  phoneNumber: string;
  name: string;
  city: string;
  language: string;
  status: string;
  requestCount: number;
  contactedBy: { firstName: string } | null;
  lead: { _id: string; name: string; branch: { _id: string; name: string } } | null;
}

let address = 0;
/** Each test books from its own address, so the per-address limit is its own to test. */
function visitor() {
  address += 1;
  const remoteAddress = `198.51.100.${address}`;
  return (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/demo-requests', payload, remoteAddress });
}

const messageOf = (response: { body: string }) => JSON.parse(response.body).message as string;

async function listed(status = 'all'): Promise<DemoRequest[]> {
  const response = await admin.get(`/api/get-demo-requests?status=${status}`);
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

const byPhone = async (digits: string) =>
  (await listed()).find((request) => request.phoneNumber.replace(/\D/g, '').endsWith(digits));

beforeAll(async () => {
  t = await createTestApp();
  admin = client(t.app, await loginAs(t.app, ADMIN.username, ADMIN.password));
  branch = await createBranch(t.db, { name: 'Hadapsar' });
  const m = await createUser(t.db, 'manager', { branchId: branch.id });
  manager = client(t.app, await loginAs(t.app, m.username, m.password));
});
afterAll(() => t.close());

describe('POST /api/demo-requests (public)', () => {
  it('stores a request with a valid mobile number and thanks the visitor', async () => {
    const book = visitor();
    const response = await book({
      phone: '98765 43210',
      name: 'Sunil Traders',
      city: 'Nashik',
      language: 'en',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: null,
      message: DEMO_REQUEST_MESSAGES.received,
    });
    expect(await byPhone('9876543210')).toMatchObject({
      phoneNumber: '98765 43210',
      name: 'Sunil Traders',
      city: 'Nashik',
      language: 'en',
      status: 'new',
      requestCount: 1,
      lead: null,
    });
  });

  it('refuses a number that fails the phone rule and stores nothing', async () => {
    const book = visitor();
    const count = (await t.db.select().from(demoRequests)).length;
    for (const phone of ['12345', '98765432', '+9198765', 'call me', '', '987654321012']) {
      const response = await book({ phone });
      expect([phone, response.statusCode, messageOf(response)]).toEqual([
        phone,
        400,
        DEMO_REQUEST_MESSAGES.invalidPhone,
      ]);
    }
    expect((await book({})).statusCode).toBe(400);
    expect((await t.db.select().from(demoRequests)).length).toBe(count);
  });

  it('answers a bot that fills the hidden field like a person, and keeps nothing', async () => {
    const book = visitor();
    const count = (await t.db.select().from(demoRequests)).length;
    const response = await book({ phone: '9123456780', website: 'http://spam.example' });
    expect(response.statusCode).toBe(200);
    expect(messageOf(response)).toBe(DEMO_REQUEST_MESSAGES.received);
    expect((await t.db.select().from(demoRequests)).length).toBe(count);
    expect(await byPhone('9123456780')).toBeUndefined();
  });

  it('merges the same number within a day into one request, filling in what was missing', async () => {
    const book = visitor();
    await book({ phone: '9000000011' });
    await book({ phone: '+91 90000 00011', name: 'Asha Locks', city: 'Pune' });
    await book({ phone: '+919000000011' });
    const request = await byPhone('9000000011');
    expect(request).toMatchObject({ requestCount: 3, name: 'Asha Locks', city: 'Pune' });
    expect((await listed()).filter((r) => r.phoneNumber.endsWith('0011'))).toHaveLength(1);
  });

  it('merges two requests of one number sent at the same moment', async () => {
    const book = visitor();
    const answers = await Promise.all([
      book({ phone: '9000000022' }),
      book({ phone: '9000000022' }),
      book({ phone: '9000000022' }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(await byPhone('9000000022')).toMatchObject({ requestCount: 3 });
  });

  it('limits an address to 10 requests an hour; other addresses go on', async () => {
    const book = visitor();
    for (let n = 0; n < 10; n += 1) {
      expect((await book({ phone: `91000000${String(n).padStart(2, '0')}` })).statusCode).toBe(200);
    }
    const refused = await book({ phone: '9100000099' });
    expect([refused.statusCode, messageOf(refused)]).toEqual([429, DEMO_REQUEST_MESSAGES.tooMany]);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect(await byPhone('9100000099')).toBeUndefined();
    // Bots filling the honeypot use up the address's attempts too.
    const bot = visitor();
    for (let n = 0; n < 10; n += 1) await bot({ phone: '9100000098', website: 'x' });
    expect((await bot({ phone: '9100000098' })).statusCode).toBe(429);
    expect((await visitor()({ phone: '9100000099' })).statusCode).toBe(200);
  });
});

describe("the admin's Demo Requests", () => {
  it('are for admins only', async () => {
    const request = await byPhone('9876543210');
    expect((await manager.get('/api/get-demo-requests')).statusCode).toBe(403);
    expect((await client(t.app).get('/api/get-demo-requests')).statusCode).toBe(401);
    expect((await manager.post(`/api/demo-request-contacted/${request?._id}`)).statusCode).toBe(
      403,
    );
    expect(
      (
        await manager.post(`/api/demo-request-convert/${request?._id}`, {
          branchId: branch.id,
          name: 'x',
        })
      ).statusCode,
    ).toBe(403);
  });

  it('are counted on the dashboard until someone calls them', async () => {
    const newOnes = (await listed('new')).length;
    const dashboard = (await admin.get('/api/get-dashboard')).json().data;
    expect(dashboard.demoRequests).toEqual({ new: newOnes });
    // The manager's dashboard has no such figure.
    expect((await manager.get('/api/get-dashboard')).json().data.demoRequests).toBeUndefined();

    const request = await byPhone('9000000011');
    const marked = await admin.post(`/api/demo-request-contacted/${request?._id}`);
    expect(marked.json()).toMatchObject({
      message: DEMO_REQUEST_MESSAGES.markedContacted,
      data: { status: 'contacted', contactedBy: { firstName: 'System' } },
    });
    expect((await admin.post(`/api/demo-request-contacted/${request?._id}`)).statusCode).toBe(200);
    expect((await admin.get('/api/get-dashboard')).json().data.demoRequests).toEqual({
      new: newOnes - 1,
    });
    expect((await listed('contacted')).map((r) => r._id)).toEqual([request?._id]);
    expect(
      (await admin.post('/api/demo-request-contacted/00000000-0000-4000-8000-000000000000'))
        .statusCode,
    ).toBe(404);
  });

  it('convert to a lead of the chosen branch, which its manager then sees', async () => {
    const request = await byPhone('9876543210');
    const id = request?._id;
    const refused = async (body: object, status: number, message: string) => {
      const response = await admin.post(`/api/demo-request-convert/${id}`, body);
      expect([response.statusCode, messageOf(response)]).toEqual([status, message]);
    };
    await refused({ name: 'Sunil Traders' }, 400, DEMO_REQUEST_MESSAGES.selectBranch);
    await refused({ branchId: branch.id, name: ' ' }, 400, DEMO_REQUEST_MESSAGES.nameRequired);
    await refused(
      { branchId: '00000000-0000-4000-8000-000000000000', name: 'Sunil Traders' },
      404,
      USER_MESSAGES.branchNotFound,
    );

    const converted = await admin.post(`/api/demo-request-convert/${id}`, {
      branchId: branch.id,
      name: 'Sunil Traders',
    });
    expect(converted.statusCode).toBe(200);
    const data = converted.json().data as DemoRequest;
    expect(data).toMatchObject({
      status: 'converted',
      lead: { name: 'Sunil Traders', branch: { _id: branch.id, name: 'Hadapsar' } },
    });
    await refused(
      { branchId: branch.id, name: 'Again' },
      409,
      DEMO_REQUEST_MESSAGES.alreadyConverted,
    );
    expect((await admin.post(`/api/demo-request-contacted/${id}`)).statusCode).toBe(409);

    const leads = (await manager.get('/api/get-all-leads')).json().data as Array<{
      _id: string;
      name: string;
      phoneNumber: string;
      status: string;
      address: string;
    }>;
    expect(leads.filter((lead) => lead._id === data.lead?._id)).toEqual([
      expect.objectContaining({
        name: 'Sunil Traders',
        phoneNumber: '98765 43210',
        status: 'positive',
        address: 'Nashik',
      }),
    ]);
    const lead = (await manager.get(`/api/get-single-lead/${data.lead?._id}`)).json().data;
    expect(lead.remarks[0]).toMatchObject({
      text: 'Booked a demo on the website (city: Nashik)',
      status: 'positive',
    });
  });

  it('are not converted when the number already belongs to a customer', async () => {
    await manager.post('/api/create-customer', {
      name: 'Existing Customer',
      phoneNumber: '+919000000022',
      projectType: 'CCTV Camera',
    });
    const request = await byPhone('9000000022');
    const response = await admin.post(`/api/demo-request-convert/${request?._id}`, {
      branchId: branch.id,
      name: 'Existing Customer',
    });
    expect([response.statusCode, messageOf(response)]).toEqual([
      409,
      CONTACT_MESSAGES.phoneBelongsToCustomer,
    ]);
    expect(await byPhone('9000000022')).toMatchObject({ status: 'new', lead: null });
  });

  it('lists newest first, by status, in pages', async () => {
    const all = await listed();
    const response = await admin.get('/api/get-demo-requests?status=all&limit=2&offset=1');
    expect(response.headers['x-total-count']).toBe(String(all.length));
    expect(response.json().data.map((r: DemoRequest) => r._id)).toEqual(
      all.slice(1, 3).map((r) => r._id),
    );
    expect((await listed('converted')).map((r) => r.status)).toEqual(['converted']);
    expect((await admin.get('/api/get-demo-requests?status=lost')).statusCode).toBe(400);
  });
});
