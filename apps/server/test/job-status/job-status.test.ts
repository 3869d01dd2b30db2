import { billSchema } from '@karya/domain/bill-schemas';
import {
  type JobStatus,
  jobStatusSchema,
  JOB_STATUS_MESSAGES as M,
  type StatusLink,
  statusLinkSchema,
} from '@karya/domain/job-status';
import {
  approveOrder,
  assignOrder,
  assignStock,
  billLine,
  completeOrder,
  confirmBill,
  createBill,
  createBranchTeam,
  createItem,
  createOrder,
  createStartedOrder,
  type SeededOrder,
  stockIn,
  uniquePhone,
  uniqueSerials,
} from '@karya/test-factories';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workOrders } from '../../src/db/schema';
import { type Client, client } from '../helpers/http';
import { ADMIN, createTestApp, loginAs, type TestApp } from '../helpers/test-app';

/**
 * The customer's job-status link (issue 21): made by staff who may see the order, the same
 * link on every ask; a public page that answers one order only for a live, unexpired token;
 * a complaint from it that makes one Repair order however often it is sent.
 */

let t: TestApp;
let admin: Client;
let managerA: Client;
let managerB: Client;
let techA: Client;
let techA2: Client;
let techAId: string;
let camera: { id: string; _id: string; name: string };

const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  admin = client(t.app, await loginAs(t.app, ADMIN.username, ADMIN.password));
  const kothrud = await createBranchTeam(admin, {
    branch: { name: 'Kothrud', phone: '+91 20 2543 0000' },
    technicians: [{ firstName: 'Suresh', lastName: 'Patil', phone: '+91 98220 12345' }, {}],
  });
  const baner = await createBranchTeam(admin, { branch: { name: 'Baner' }, technicians: [] });
  managerA = kothrud.manager.api;
  managerB = baner.manager.api;
  [{ id: techAId, api: techA }, { api: techA2 }] = kothrud.technicians;
  camera = await createItem(admin, 'serialized-product', {
    name: 'Dome Camera',
    warranty: '1 year',
    salePrice: 3000,
  });
});
afterAll(() => t.close());

const phoneOf = new Map<string, string>();

/** A new customer's order assigned to technician A; started only when asked (one at a time). */
async function assignedOrder(options: { start?: boolean } = {}): Promise<SeededOrder> {
  const phoneNumber = `+91${uniquePhone()}`;
  const customer = {
    name: 'Meera Joshi',
    phoneNumber,
    address: 'Baner Road',
    initialRemark: 'Gate code 4512, dog in the garden',
  };
  const order = options.start
    ? await createStartedOrder(managerA, { id: techAId, api: techA }, customer)
    : await createOrder(managerA, customer);
  if (!options.start) await assignOrder(managerA, order, techAId);
  phoneOf.set(order.orderId, phoneNumber);
  return order;
}

/** A camera installed, billed, paid in cash and the order approved. */
async function completedInstallation(): Promise<{ order: SeededOrder; serial: string }> {
  const [serial = ''] = uniqueSerials(1, 'JS');
  await stockIn(managerA, camera.id, { serials: [serial] });
  await assignStock(managerA, techAId, camera.id, { serials: [serial] });
  const order = await assignedOrder({ start: true });
  const bill = await createBill(techA, order, [billLine(camera, { serialNumber: serial })]);
  await confirmBill(techA, bill._id);
  await completeOrder(techA, order);
  await approveOrder(managerA, order, 'All four cameras recording well');
  return { order, serial };
}

async function linkOf(order: SeededOrder, as: Client = managerA): Promise<StatusLink> {
  const response = await as.post('/api/work-order-status-link', { orderId: order.orderId });
  expect(response.statusCode, response.body).toBe(200);
  return statusLinkSchema.parse(response.json().data);
}

const visitor = (ip = '203.0.113.7') => ({
  get: (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: ip }),
  post: (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: ip }),
});

async function pageOf(token: string): Promise<JobStatus> {
  const response = await visitor().get(`/api/job-status/${token}`);
  expect(response.statusCode, response.body).toBe(200);
  return jobStatusSchema.parse(response.json().data);
}

describe('making the link', () => {
  it('gives staff who see the order one link of 192 random bits, the same on every ask', async () => {
    const order = await assignedOrder();
    const first = await linkOf(order);
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(first.path).toBe(`/s/${first.token}`);
    expect(first.expiresAt).toBeNull();
    expect((await linkOf(order, admin)).token).toBe(first.token);
    expect((await linkOf(order, techA)).token).toBe(first.token);
    expect((await linkOf(await assignedOrder())).token).not.toBe(first.token);
  });

  it('answers 404 to staff who may not see the order, and 400 without one', async () => {
    const order = await assignedOrder();
    for (const outsider of [managerB, techA2]) {
      const response = await outsider.post('/api/work-order-status-link', {
        orderId: order.orderId,
      });
      expect(response.statusCode).toBe(404);
    }
    expect((await managerA.post('/api/work-order-status-link', {})).statusCode).toBe(400);
    const revoke = await techA.post('/api/revoke-work-order-status-link', {
      orderId: order.orderId,
    });
    expect(revoke.statusCode).toBe(403);
  });
});

describe('the page', () => {
  it('shows the job, its steps and the technician, and nothing staff wrote', async () => {
    const order = await assignedOrder();
    const { token } = await linkOf(order);
    const response = await visitor().get(`/api/job-status/${token}`);
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(response.headers['cache-control']).toBe('no-store');
    const page = jobStatusSchema.parse(response.json().data);
    expect(page).toMatchObject({
      orderId: order.orderId,
      status: 'assigned',
      customerName: 'Meera Joshi',
      // No business profile yet: the page heads with the branch.
      business: { name: '', logo: null },
      branch: { name: 'Kothrud', phone: '+91 20 2543 0000' },
      technician: { name: 'Suresh Patil', phone: '+91 98220 12345' },
      invoices: [],
      units: [],
      canRaiseComplaint: false,
      expiresAt: null,
    });
    expect(page.timeline.map((step) => step.status)).toEqual(['pending', 'assigned']);
    expect(response.body).not.toContain('Gate code');
    expect(response.body).not.toContain('Baner Road');
  });

  it('heads with the business as its invoices do: trade name (else legal name) and logo (issue 39 item 12)', async () => {
    const { token } = await linkOf(await assignedOrder());
    const logo =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    const profile = {
      legalName: 'Shree Ganesh Security Systems Private Limited',
      tradeName: 'Ganesh Security',
      logo,
      address: 'FC Road, Pune',
      phone: '020 2553 1000',
      email: 'accounts@ganesh.example',
      gstRegistered: false,
    };
    const saved = await admin.put('/api/business-profile', profile);
    expect(saved.statusCode, saved.body).toBe(200);
    const business = async () =>
      jobStatusSchema.parse(
        (await visitor('203.0.113.31').get(`/api/job-status/${token}`)).json().data,
      ).business;
    expect(await business()).toEqual({ name: 'Ganesh Security', logo });
    await admin.put('/api/business-profile', { ...profile, tradeName: '', logo: null });
    expect(await business()).toEqual({
      name: 'Shree Ganesh Security Systems Private Limited',
      logo: null,
    });
  });

  it('names the customer’s update language, which the page opens in (issue 21)', async () => {
    const page = async (token: string) => {
      const response = await visitor('203.0.113.21').get(`/api/job-status/${token}`);
      expect(response.statusCode, response.body).toBe(200);
      return jobStatusSchema.parse(response.json().data);
    };
    const hinglish = await linkOf(await assignedOrder());
    expect((await page(hinglish.token)).language).toBe('hinglish');

    const order = await createOrder(managerA, {
      name: 'Rahul Mehta',
      phoneNumber: `+91${uniquePhone()}`,
      preferredLanguage: 'en',
    });
    const { token } = await linkOf(order);
    expect((await page(token)).language).toBe('en');
    // The customer's language as the shop has it now, not as it was when the link was made.
    const edited = await managerA.post(`/api/update-customer/${order.customerId}`, {
      name: 'Rahul Mehta',
      email: 'rahul@example.com',
      preferredLanguage: 'hinglish',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await page(token)).language).toBe('hinglish');
  });

  it('after completion shows the invoice, what is due, and the camera with its warranty', async () => {
    const { order, serial } = await completedInstallation();
    const page = await pageOf((await linkOf(order)).token);
    expect(page.status).toBe('completed');
    expect(page.canRaiseComplaint).toBe(true);
    expect(page.invoices).toHaveLength(1);
    expect(page.invoices[0]).toMatchObject({ total: 3000, cancelled: false });
    expect(page.invoices[0]?.number).toBeTruthy();
    expect(page.units).toEqual([
      expect.objectContaining({
        productName: 'Dome Camera',
        serialNumber: serial,
        underWarranty: true,
      }),
    ]);
    const expires = new Date(page.expiresAt ?? 0).getTime();
    expect(expires - Date.now()).toBeGreaterThan(89 * DAY);
    expect(expires - Date.now()).toBeLessThanOrEqual(90 * DAY);
  });

  it('answers the same 404 to a guessed, malformed, revoked or expired token', async () => {
    const order = await assignedOrder();
    const { token } = await linkOf(order);
    const revoke = await managerA.post('/api/revoke-work-order-status-link', {
      orderId: order.orderId,
    });
    expect(revoke.statusCode).toBe(200);
    const done = await completedInstallation();
    const old = await linkOf(done.order);
    await t.db
      .update(workOrders)
      .set({ completedAt: new Date(Date.now() - 91 * DAY) })
      .where(eq(workOrders.orderId, done.order.orderId));

    const guessed = token.replace(/^./, token.startsWith('A') ? 'B' : 'A');
    for (const attempt of [guessed, 'abc', `${token}x`, token, old.token]) {
      const response = await visitor().get(`/api/job-status/${attempt}`);
      expect(response.statusCode, attempt).toBe(404);
      expect(response.json()).toEqual({ success: false, message: M.notFound });
    }

    const renewed = await linkOf(order);
    expect(renewed.token).not.toBe(token);
    expect((await pageOf(renewed.token)).orderId).toBe(order.orderId);
  });

  it('takes a guessed and a revoked token the same time to refuse', async () => {
    const order = await assignedOrder();
    const { token: revoked } = await linkOf(order);
    await managerA.post('/api/revoke-work-order-status-link', { orderId: order.orderId });
    const guessed = `${'Z'.repeat(31)}0`;
    const times: Record<'guessed' | 'revoked', number[]> = { guessed: [], revoked: [] };
    // Interleaved, so a busy moment of the machine falls on both alike; the first rounds
    // warm the code paths and are not counted.
    const WARM_UP = 5;
    for (let round = 0; round < WARM_UP + 40; round += 1) {
      for (const [kind, token] of [
        ['guessed', guessed],
        ['revoked', revoked],
      ] as const) {
        const started = performance.now();
        const response = await visitor(`198.51.100.${round}`).get(`/api/job-status/${token}`);
        if (round >= WARM_UP) times[kind].push(performance.now() - started);
        expect(response.statusCode).toBe(404);
      }
    }
    // The lower quartile: what each refusal costs when nothing else runs. Other work on the
    // machine only ever adds time, and it can land on a few requests of one kind.
    const lowerQuartile = (values: number[]) =>
      values.sort((a, b) => a - b)[values.length >> 2] ?? 0;
    const ratio = lowerQuartile(times.revoked) / lowerQuartile(times.guessed);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });

  it('refuses an address that asks too often', async () => {
    const ip = '192.0.2.99';
    const token = `${'Q'.repeat(31)}0`;
    for (let i = 0; i < 120; i += 1) {
      expect((await visitor(ip).get(`/api/job-status/${token}`)).statusCode).toBe(404);
    }
    const refused = await visitor(ip).get(`/api/job-status/${token}`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(M.tooMany);
    expect((await visitor('192.0.2.100').get(`/api/job-status/${token}`)).statusCode).toBe(404);
  });
});

describe('an invoice from the page', () => {
  const invoiceUrl = (token: string, invoiceId: string) =>
    `/api/job-status/${token}/invoices/${invoiceId}`;

  it('answers the customer’s copy of an invoice the page lists, without who on the staff took the money', async () => {
    const { order } = await completedInstallation();
    const { token } = await linkOf(order);
    const [listed] = (await pageOf(token)).invoices;
    expect(listed?.id).toBeTruthy();
    const response = await visitor().get(invoiceUrl(token, listed?.id ?? ''));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(response.headers['cache-control']).toBe('no-store');
    const bill = billSchema.parse(response.json().data);
    expect(bill).toMatchObject({ orderId: order.orderId, total: 3000, status: 'confirmed' });
    expect(bill.invoice?.number).toBe(listed?.number);
    expect(bill.items.map((line) => line.name)).toEqual(['Dome Camera']);
    expect(bill.payments.length).toBeGreaterThan(0);
    expect(bill.payments.every((payment) => payment.receivedBy === null)).toBe(true);
    expect(response.body).not.toContain('Gate code');
  });

  it('answers the 404 of a dead link to another order’s invoice, a made-up id, and a revoked or expired link', async () => {
    const mine = await completedInstallation();
    const theirs = await completedInstallation();
    const { token } = await linkOf(mine.order);
    const { token: theirToken } = await linkOf(theirs.order);
    const [myInvoice] = (await pageOf(token)).invoices;
    const [theirInvoice] = (await pageOf(theirToken)).invoices;
    const refusals = [
      invoiceUrl(token, theirInvoice?.id ?? ''),
      invoiceUrl(token, '00000000-0000-4000-8000-000000000000'),
      invoiceUrl(token, 'not-an-id'),
      invoiceUrl(`${'Z'.repeat(31)}0`, myInvoice?.id ?? ''),
    ];
    for (const url of refusals) {
      const response = await visitor().get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ success: false, message: M.notFound });
    }

    await managerA.post('/api/revoke-work-order-status-link', { orderId: mine.order.orderId });
    const revoked = await visitor().get(invoiceUrl(token, myInvoice?.id ?? ''));
    expect(revoked.statusCode).toBe(404);
    expect(revoked.json()).toEqual({ success: false, message: M.notFound });

    await t.db
      .update(workOrders)
      .set({ completedAt: new Date(Date.now() - 91 * DAY) })
      .where(eq(workOrders.orderId, theirs.order.orderId));
    const expired = await visitor().get(invoiceUrl(theirToken, theirInvoice?.id ?? ''));
    expect(expired.statusCode).toBe(404);
  });

  it('counts against the same per-address limit as the page', async () => {
    const ip = '192.0.2.150';
    const token = `${'R'.repeat(31)}0`;
    for (let i = 0; i < 120; i += 1) {
      const url = i % 2 ? `/api/job-status/${token}` : invoiceUrl(token, 'x');
      expect((await visitor(ip).get(url)).statusCode).toBe(404);
    }
    const refused = await visitor(ip).get(invoiceUrl(token, 'x'));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(M.tooMany);
  });
});

describe('a complaint from the page', () => {
  const complaintsAbout = async (orderId: string) => {
    const [installation] = await t.db
      .select({ id: workOrders.id })
      .from(workOrders)
      .where(eq(workOrders.orderId, orderId));
    return t.db
      .select({ orderId: workOrders.orderId, status: workOrders.status })
      .from(workOrders)
      .where(
        and(
          eq(workOrders.existingProjectId, installation?.id ?? ''),
          eq(workOrders.projectCategory, 'Repair'),
        ),
      );
  };

  it('makes one Repair order in the branch’s pending list even when sent twice at once', async () => {
    const { order } = await completedInstallation();
    const { token } = await linkOf(order);
    const phone = phoneOf.get(order.orderId) ?? '';
    const body = {
      description: 'Camera 2 shows no picture at night',
      phone: `0${phone.slice(-10)}`,
    };
    const answers = await Promise.all([
      visitor().post(`/api/job-status/${token}/complaint`, body),
      visitor().post(`/api/job-status/${token}/complaint`, body),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().message).toBe(M.complaintRaised);
    }
    const [first, second] = answers.map((answer) => answer.json().data.orderId);
    expect(second).toBe(first);
    expect(await complaintsAbout(order.orderId)).toEqual([{ orderId: first, status: 'pending' }]);

    const pending = await managerA.get(`/api/get-work-orders?status=pending&search=${first}`);
    const listed = pending.json().data as {
      orderId: string;
      projectCategory: string;
      initialRemark: string;
    }[];
    expect(listed).toEqual([
      expect.objectContaining({
        orderId: first,
        projectCategory: 'Repair',
        initialRemark: 'Camera 2 shows no picture at night',
      }),
    ]);
  });

  it('refuses another phone number, an open job and a blank description, making nothing', async () => {
    const { order } = await completedInstallation();
    const { token } = await linkOf(order);
    const wrong = await visitor().post(`/api/job-status/${token}/complaint`, {
      description: 'No picture',
      phone: '9000000001',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(M.phoneMismatch);
    const blank = await visitor().post(`/api/job-status/${token}/complaint`, {
      description: '   ',
      phone: phoneOf.get(order.orderId),
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(M.descriptionRequired);
    expect(await complaintsAbout(order.orderId)).toEqual([]);

    const open = await assignedOrder();
    const openLink = await linkOf(open);
    const early = await visitor().post(`/api/job-status/${openLink.token}/complaint`, {
      description: 'Not working',
      phone: phoneOf.get(open.orderId),
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(M.notComplainable);
  });
});

describe('the limit on guessing (issue 33 item 7)', () => {
  /** A well-formed token no link has, different for each guess. */
  const guess = (i: number) => `${String(i).padStart(6, '0')}${'G'.repeat(26)}`;

  it('answers a live link, its invoice and its report from an address that has guessed 200 times', async () => {
    // A carrier's NAT: one address for the guesser and the customer alike.
    const ip = '192.0.2.210';
    const { order } = await completedInstallation();
    const { token } = await linkOf(order);
    const [invoice] = (await pageOf(token)).invoices;
    const statuses: number[] = [];
    for (let i = 0; i < 200; i += 1) {
      const url =
        i % 3 === 0
          ? `/api/job-status/${guess(i)}`
          : i % 3 === 1
            ? `/api/job-status/${guess(i)}/invoices/${invoice?.id}`
            : `/api/job-status/${guess(i)}/service-report`;
      statuses.push((await visitor(ip).get(url)).statusCode);
    }
    expect(statuses.slice(0, 120).every((status) => status === 404)).toBe(true);
    expect(statuses.slice(120).every((status) => status === 429)).toBe(true);

    for (const url of [
      `/api/job-status/${token}`,
      `/api/job-status/${token}/invoices/${invoice?.id}`,
      `/api/job-status/${token}/service-report`,
    ]) {
      const response = await visitor(ip).get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
    }
    expect(
      jobStatusSchema.parse((await visitor(ip).get(`/api/job-status/${token}`)).json().data),
    ).toMatchObject({ orderId: order.orderId });

    // The guesser is still refused, with the time to wait.
    const refused = await visitor(ip).get(`/api/job-status/${guess(999)}`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(M.tooMany);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(600);
  });

  it('never counts a live link’s reads: after 300 of them an address still has 120 guesses', async () => {
    const ip = '192.0.2.211';
    const { order } = await completedInstallation();
    const { token } = await linkOf(order);
    const [invoice] = (await pageOf(token)).invoices;
    for (let i = 0; i < 300; i += 1) {
      const url =
        i % 3 === 0
          ? `/api/job-status/${token}`
          : i % 3 === 1
            ? `/api/job-status/${token}/invoices/${invoice?.id}`
            : `/api/job-status/${token}/service-report`;
      const response = await visitor(ip).get(url);
      expect(response.statusCode, `${i}: ${url}`).toBe(200);
    }
    for (let i = 0; i < 120; i += 1) {
      expect((await visitor(ip).get(`/api/job-status/${guess(i)}`)).statusCode, `${i}`).toBe(404);
    }
    expect((await visitor(ip).get(`/api/job-status/${guess(120)}`)).statusCode).toBe(429);
  }, 120_000);

  it('counts a revoked link and an invoice not of the order as guesses', async () => {
    const ip = '192.0.2.212';
    const { order } = await completedInstallation();
    const { token: revoked } = await linkOf(order);
    await managerA.post('/api/revoke-work-order-status-link', { orderId: order.orderId });
    const { token } = await linkOf(order);
    for (let i = 0; i < 60; i += 1) {
      expect((await visitor(ip).get(`/api/job-status/${revoked}`)).statusCode).toBe(404);
      const foreign = await visitor(ip).get(`/api/job-status/${token}/invoices/not-an-id`);
      expect(foreign.statusCode).toBe(404);
    }
    expect((await visitor(ip).get(`/api/job-status/${revoked}`)).statusCode).toBe(429);
    expect((await visitor(ip).get(`/api/job-status/${token}`)).statusCode).toBe(200);
  });

  it('takes the customer’s complaint from an address that has used up its guesses', async () => {
    const ip = '192.0.2.213';
    const { order } = await completedInstallation();
    const { token } = await linkOf(order);
    const phone = phoneOf.get(order.orderId) ?? '';
    const complaint = { description: 'Camera 3 keeps rebooting', phone };
    for (let i = 0; i < 10; i += 1) {
      const guessed = await visitor(ip).post(`/api/job-status/${guess(i)}/complaint`, complaint);
      expect(guessed.statusCode).toBe(404);
    }
    const refused = await visitor(ip).post(`/api/job-status/${guess(10)}/complaint`, complaint);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeTruthy();
    // A wrong phone number is a guess too: refused while the address is over its limit.
    const wrongPhone = await visitor(ip).post(`/api/job-status/${token}/complaint`, {
      ...complaint,
      phone: '9000000001',
    });
    expect(wrongPhone.statusCode).toBe(429);

    const taken = await visitor(ip).post(`/api/job-status/${token}/complaint`, complaint);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().message).toBe(M.complaintRaised);
  });

  it('never counts a complaint that is taken', async () => {
    const ip = '192.0.2.214';
    const { order } = await completedInstallation();
    const { token } = await linkOf(order);
    const complaint = { description: 'No picture at night', phone: phoneOf.get(order.orderId) };
    for (let i = 0; i < 12; i += 1) {
      const again = await visitor(ip).post(`/api/job-status/${token}/complaint`, complaint);
      expect(again.statusCode, again.body).toBe(200);
    }
    for (let i = 0; i < 10; i += 1) {
      const guessed = await visitor(ip).post(`/api/job-status/${guess(i)}/complaint`, complaint);
      expect(guessed.statusCode, `${i}`).toBe(404);
    }
    const refused = await visitor(ip).post(`/api/job-status/${guess(10)}/complaint`, complaint);
    expect(refused.statusCode).toBe(429);
  });
});
