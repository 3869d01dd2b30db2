import { QUOTE_MESSAGES } from '@karya/domain/quotation-schemas';
import * as factory from '@karya/test-factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataDigest } from '../helpers/data-digest';
import {
  dataOf,
  messageOf,
  newCustomer,
  newLead,
  openQuoteWorld,
  type QuoteWorld,
} from './quote-world';

/**
 * Issue 35: quotations through the API, on PGlite and PostgreSQL alike — numbering and
 * revisions, scope, the customer's page, acceptance (once, under ten taps), refusals, and the
 * bill of the order acceptance opened.
 */

let w: QuoteWorld;
beforeAll(async () => {
  w = await openQuoteWorld();
});
afterAll(() => w.t.close());

const quoteBody = (contact: { leadId?: string; customerId?: string }, extra = {}) => ({
  ...contact,
  projectType: 'CCTV Camera',
  lines: [
    { itemId: w.install.id, quantity: 1 },
    { itemId: w.cable.id, quantity: 90, discount: 100 },
  ],
  ...extra,
});

async function draftFor(contact: { leadId?: string; customerId?: string }, extra = {}) {
  return dataOf(await w.branchA.manager.post('/api/quotations', quoteBody(contact, extra)));
}

async function sent(contact: { leadId?: string; customerId?: string }, extra = {}) {
  const quote = await draftFor(contact, extra);
  const send = dataOf(await w.branchA.manager.post(`/api/quotations/${quote._id}/send`));
  return { quote, send };
}

const setClock = (now: string | null) => w.admin.post('/api/test-clock', { now });

describe('drafts, numbers and revisions', () => {
  it('saves a draft with no number, priced and taxed from the catalogue', async () => {
    const lead = await newLead(w.branchA.manager);
    const quote = await draftFor({ leadId: lead._id });
    expect(quote).toMatchObject({ number: null, displayNumber: null, status: 'draft', version: 1 });
    expect(quote.lead).toMatchObject({ _id: lead._id });
    // ₹1,500 + 90 m × ₹20 − ₹100 = ₹3,200 before tax; intra-state (no state given: the branch's).
    expect(quote.tax).toMatchObject({ intraState: true, taxable: 3200, cgst: 288, sgst: 288 });
    expect(quote.total).toBe(3776);
    expect(quote.lines[1]).toMatchObject({ name: 'CCTV cable', unit: 'Meter', amount: 1700 });
    expect(JSON.stringify(quote)).not.toMatch(/purchase|777\.77/i);
  });

  it('numbers on send, gapless among sent quotes; a draft stays unnumbered', async () => {
    const lead = await newLead(w.branchA.manager);
    const first = await draftFor({ leadId: lead._id });
    const second = await draftFor({ leadId: lead._id });
    const unsent = await draftFor({ leadId: lead._id });
    const m = w.branchA.manager;
    const a = dataOf(await m.post(`/api/quotations/${second._id}/send`));
    const b = dataOf(await m.post(`/api/quotations/${first._id}/send`));
    const na = Number(a.number.split('/').pop());
    expect(a.number).toMatch(/^Q[A-Z0-9]{1,4}\/\d{2}-\d{2}\/\d{4}$/);
    expect(b.number).toBe(a.number.replace(/\d{4}$/, String(na + 1).padStart(4, '0')));
    expect(a.url).toBe(`https://karya.example.in/q/${a.token}`);
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // A second tap on Send answers the same link and takes no number.
    expect(dataOf(await m.post(`/api/quotations/${first._id}/send`))).toMatchObject({
      number: b.number,
      token: b.token,
    });
    expect(dataOf(await m.get(`/api/quotations/${unsent._id}`)).number).toBeNull();
    const c = dataOf(await m.post(`/api/quotations/${unsent._id}/send`));
    expect(Number(c.number.split('/').pop())).toBe(na + 2);
  });

  it('a draft edits; a sent quote does not', async () => {
    const lead = await newLead(w.branchA.manager);
    const { quote } = await sent({ leadId: lead._id });
    const refused = await w.branchA.manager.patch(`/api/quotations/${quote._id}`, { notes: 'x' });
    expect(refused.statusCode).toBe(409);
    expect(messageOf(refused)).toBe(QUOTE_MESSAGES.notDraft);
  });

  it('revises under the same number, R2, the link opening the latest sent, v1 still readable', async () => {
    const lead = await newLead(w.branchA.manager);
    const m = w.branchA.manager;
    const { quote, send } = await sent({ leadId: lead._id });
    const revised = dataOf(await m.post(`/api/quotations/${quote._id}/revise`));
    expect(revised).toMatchObject({
      version: 2,
      status: 'draft',
      number: send.number,
      displayNumber: `${send.number}-R2`,
      sentVersion: 1,
    });
    const edited = dataOf(
      await m.patch(`/api/quotations/${quote._id}`, {
        lines: [{ itemId: w.install.id, quantity: 2 }],
      }),
    );
    expect(edited.total).toBe(3540);
    // Until the revision is sent the customer still sees version 1.
    expect(dataOf(await w.t.app.inject({ url: `/api/quote/${send.token}` })).version).toBe(1);
    const again = dataOf(await m.post(`/api/quotations/${quote._id}/send`));
    expect(again).toMatchObject({ number: send.number, version: 2, token: send.token });
    const page = dataOf(await w.t.app.inject({ url: `/api/quote/${send.token}` }));
    expect(page).toMatchObject({ number: `${send.number}-R2`, version: 2 });
    const v1 = dataOf(await m.get(`/api/quotations/${quote._id}?version=1`));
    expect(v1).toMatchObject({ version: 1, displayNumber: send.number, total: 3776 });
    expect(v1.lines).toHaveLength(2);
    const latest = dataOf(await m.get(`/api/quotations/${quote._id}`));
    expect(latest.versions.map((v: { version: number }) => v.version)).toEqual([1, 2]);
    expect((await m.get(`/api/quotations/${quote._id}?version=3`)).statusCode).toBe(404);
  });

  it('lists by status and finds by number, name and phone', async () => {
    const lead = await newLead(w.branchA.manager);
    const { send } = await sent({ leadId: lead._id });
    const m = w.branchA.manager;
    const byNumber = await m.get(`/api/quotations?search=${encodeURIComponent(send.number)}`);
    expect(dataOf(byNumber).map((q: { number: string }) => q.number)).toEqual([send.number]);
    expect(byNumber.headers['x-total-count']).toBe('1');
    const byName = dataOf(await m.get(`/api/quotations?search=${encodeURIComponent(lead.name)}`));
    expect(byName[0]).toMatchObject({ contactName: lead.name, contactKind: 'lead' });
    const digits = lead.phoneNumber.slice(-10);
    const byPhone = dataOf(await m.get(`/api/quotations?search=${digits}`));
    expect(byPhone.some((q: { number: string }) => q.number === send.number)).toBe(true);
    const drafts = dataOf(await m.get('/api/quotations?status=draft&limit=100'));
    expect(drafts.every((q: { status: string }) => q.status === 'draft')).toBe(true);
  });
});

describe("the business's quotation terms", () => {
  it('start a new quote; a profile saved without them keeps them', async () => {
    const profile = dataOf(await w.admin.get('/api/business-profile'));
    const { updatedAt: _, ...fields } = profile;
    const terms = '50% advance, balance on installation. Warranty as per the maker.';
    dataOf(await w.admin.put('/api/business-profile', { ...fields, quoteTerms: terms }));
    const { quoteTerms: _old, ...withoutTerms } = fields;
    expect(dataOf(await w.admin.put('/api/business-profile', withoutTerms)).quoteTerms).toBe(terms);
    const lead = await newLead(w.branchA.manager);
    expect((await draftFor({ leadId: lead._id })).terms).toBe(terms);
    expect((await draftFor({ leadId: lead._id }, { terms: 'Own terms' })).terms).toBe('Own terms');
  });
});

describe('scope', () => {
  it("answers another branch's quote as absent and refuses technicians everywhere", async () => {
    const lead = await newLead(w.branchA.manager);
    const { quote } = await sent({ leadId: lead._id });
    const other = w.branchB.manager;
    for (const response of [
      await other.get(`/api/quotations/${quote._id}`),
      await other.patch(`/api/quotations/${quote._id}`, { notes: 'x' }),
      await other.post(`/api/quotations/${quote._id}/send`),
      await other.post(`/api/quotations/${quote._id}/revise`),
      await other.post('/api/quotations', quoteBody({ leadId: lead._id })),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    const listed = dataOf(await other.get('/api/quotations?limit=100'));
    expect(listed.some((q: { _id: string }) => q._id === quote._id)).toBe(false);
    const tech = w.technician.http;
    for (const response of [
      await tech.get('/api/quotations'),
      await tech.get(`/api/quotations/${quote._id}`),
      await tech.post('/api/quotations', quoteBody({ leadId: lead._id })),
      await tech.patch(`/api/quotations/${quote._id}`, { notes: 'x' }),
      await tech.post(`/api/quotations/${quote._id}/send`),
      await tech.post(`/api/quotations/${quote._id}/revise`),
      await tech.get('/api/quotation-summary'),
    ]) {
      expect(response.statusCode).toBe(403);
    }
    // The admin sees every branch, or the one asked ('all' or blank: every one).
    expect((await w.admin.get(`/api/quotations/${quote._id}`)).statusCode).toBe(200);
    for (const branch of ['all', '', w.branchA.id]) {
      const listedForAdmin = dataOf(
        await w.admin.get(`/api/quotations?limit=100&branchId=${branch}`),
      );
      expect(listedForAdmin.some((q: { _id: string }) => q._id === quote._id)).toBe(true);
    }
    const ofB = dataOf(await w.admin.get(`/api/quotations?limit=100&branchId=${w.branchB.id}`));
    expect(ofB.some((q: { _id: string }) => q._id === quote._id)).toBe(false);
    expect((await w.admin.get('/api/quotations?branchId=nope')).statusCode).toBe(400);
  });
});

describe("the customer's page", () => {
  it('answers its own token only, never a purchase price, and marks the quote viewed', async () => {
    const lead = await newLead(w.branchA.manager);
    const { quote, send } = await sent({ leadId: lead._id });
    const other = await sent({ leadId: (await newLead(w.branchA.manager))._id });
    const response = await w.t.app.inject({ url: `/api/quote/${send.token}` });
    const page = dataOf(response);
    expect(page).toMatchObject({ number: send.number, customerName: lead.name, status: 'viewed' });
    expect(response.body).not.toMatch(/purchase/i);
    expect(response.body).not.toMatch(/777\.77|77777/);
    expect(response.body).not.toContain(w.camera._id);
    expect(response.headers['cache-control']).toBe('no-store');
    const otherPage = dataOf(await w.t.app.inject({ url: `/api/quote/${other.send.token}` }));
    expect(otherPage.number).toBe(other.send.number);
    expect(otherPage.customerName).not.toBe(lead.name);
    for (const token of ['x'.repeat(32), `${send.token.slice(0, 31)}A`, 'short']) {
      if (token === send.token) continue;
      expect((await w.t.app.inject({ url: `/api/quote/${token}` })).statusCode).toBe(404);
    }
    const desk = dataOf(await w.branchA.manager.get(`/api/quotations/${quote._id}`));
    expect(desk.status).toBe('viewed');
    expect(desk.viewedAt).not.toBeNull();
  });
});

describe('acceptance', () => {
  it('converts the lead and opens exactly one work order under ten concurrent accepts', async () => {
    const lead = await newLead(w.branchA.manager);
    const { quote, send } = await sent(
      { leadId: lead._id },
      {
        options: [
          { option: 1, name: 'Good' },
          { option: 2, name: 'Better' },
        ],
        lines: [
          { itemId: w.install.id, quantity: 1 },
          { itemId: w.camera.id, quantity: 2, option: 1 },
          { itemId: w.camera.id, quantity: 4, option: 2 },
          { itemId: w.cable.id, quantity: 30, optional: true, _id: 'extra-cable' },
          { name: 'Wall bracket', quantity: 2, price: 250, gstRate: 18, priceIncludesTax: false },
        ],
        discount: 500,
      },
    );
    const accept = (n: number) =>
      w.t.app.inject({
        method: 'POST',
        url: `/api/quote/${send.token}/accept`,
        payload: {
          name: `Meera ${n}`,
          option: 2,
          optionalLineIds: ['extra-cable'],
          signature: 'data:image/png;base64,iVBORw0KGgo=',
        },
      });
    const answers = await Promise.all(Array.from({ length: 10 }, (_, n) => accept(n)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const acceptances = answers.map((a) => dataOf(a).acceptance);
    expect(new Set(acceptances.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(acceptances[0]).toMatchObject({
      option: 2,
      optionalLineIds: ['extra-cable'],
      signature: 'data:image/png;base64,iVBORw0KGgo=',
    });
    expect(acceptances[0]).not.toHaveProperty('ip');

    const desk = dataOf(await w.branchA.manager.get(`/api/quotations/${quote._id}`));
    expect(desk.status).toBe('accepted');
    expect(desk.customer).not.toBeNull();
    expect(desk.workOrder).not.toBeNull();
    // 1500 + 4 × 2500 + 30 × 20 + 2 × 250 − 500 = 12,100 before tax, 18 %.
    expect(desk.acceptance.total).toBe(14278);
    // Who, when and from which address.
    expect(desk.acceptance).toMatchObject({ ip: '127.0.0.1', version: 1 });
    expect(desk.acceptance.name).toMatch(/^Meera \d$/);
    const customer = dataOf(
      await w.branchA.manager.get(`/api/get-single-customer/${desk.customer._id}`),
    );
    expect(customer.workOrders).toHaveLength(1);
    expect(customer.workOrders[0]).toMatchObject({
      _id: desk.workOrder._id,
      projectType: 'CCTV Camera',
    });
    const pending = dataOf(
      await w.branchA.manager.get(
        `/api/get-work-orders?limit=100&search=${encodeURIComponent(desk.workOrder.orderId)}`,
      ),
    ) as Array<{ _id: string }>;
    expect(pending.some((o) => o._id === desk.workOrder._id)).toBe(true);

    const planned = dataOf(
      await w.branchA.manager.get(`/api/work-order-planned-items?orderId=${desk.workOrder._id}`),
    );
    expect(planned.quotation).toMatchObject({ _id: quote._id, number: send.number });
    expect(
      planned.items.map((i: { name: string; quantity: number }) => [i.name, i.quantity]),
    ).toEqual([
      ['Installation', 1],
      ['Dome camera', 4],
      ['CCTV cable', 30],
      ['Wall bracket', 2],
    ]);
    // A lead already converted: the conversion refuses; a second quote of it is for the customer.
    const again = await w.branchA.manager.post('/api/quotations', quoteBody({ leadId: lead._id }));
    expect(again.statusCode).toBe(409);
    expect(messageOf(again)).toBe(QUOTE_MESSAGES.leadConverted);
    // Accepted: no revision.
    const revise = await w.branchA.manager.post(`/api/quotations/${quote._id}/revise`);
    expect(revise.statusCode).toBe(409);
    expect(messageOf(revise)).toBe(QUOTE_MESSAGES.alreadyAccepted);
  });

  it('refuses a choice that does not fit, and changes nothing', async () => {
    const customer = await newCustomer(w.branchA.manager);
    const { send } = await sent(
      { customerId: customer._id },
      {
        options: [
          { option: 1, name: 'Good' },
          { option: 2, name: 'Best' },
        ],
        lines: [
          { itemId: w.install.id, quantity: 1 },
          { itemId: w.camera.id, quantity: 2, option: 1, _id: 'cams-good' },
          { itemId: w.camera.id, quantity: 4, option: 2 },
          { itemId: w.cable.id, quantity: 30, optional: true, option: 2, _id: 'cable-best' },
        ],
      },
    );
    const before = await dataDigest(w.t.db);
    const url = `/api/quote/${send.token}/accept`;
    const post = (payload: object) => w.t.app.inject({ method: 'POST', url, payload });
    for (const [payload, message] of [
      [{ name: 'Meera' }, QUOTE_MESSAGES.chooseOption],
      [{ name: 'Meera', option: 3 }, QUOTE_MESSAGES.chooseOption],
      [
        { name: 'Meera', option: 1, optionalLineIds: ['cable-best'] },
        QUOTE_MESSAGES.optionalLineUnknown,
      ],
      [
        { name: 'Meera', option: 1, optionalLineIds: ['cams-good'] },
        QUOTE_MESSAGES.optionalLineUnknown,
      ],
      [{ name: 'Meera', option: 2, optionalLineIds: ['nope'] }, QUOTE_MESSAGES.optionalLineUnknown],
      [
        { name: 'Meera', option: 2, signature: 'javascript:alert(1)' },
        'The signature could not be read; please sign again',
      ],
      [{ name: '  ', option: 2 }, QUOTE_MESSAGES.nameRequired],
    ] as const) {
      const response = await post(payload);
      expect(response.statusCode).toBe(400);
      expect(messageOf(response)).toBe(message);
    }
    const decline = await w.t.app.inject({
      method: 'POST',
      url: `/api/quote/${send.token}/decline`,
      payload: { note: ' ' },
    });
    expect(decline.statusCode).toBe(400);
    expect(messageOf(decline)).toBe(QUOTE_MESSAGES.noteRequired);
    expect(await dataDigest(w.t.db)).toEqual(before);
  });

  it('refuses an expired quote and a declined one with a clear message', async () => {
    const expiring = await sent({ customerId: (await newCustomer(w.branchA.manager))._id });
    const declining = await sent({ customerId: (await newCustomer(w.branchA.manager))._id });
    const declined = await w.t.app.inject({
      method: 'POST',
      url: `/api/quote/${declining.send.token}/decline`,
      payload: { note: 'Too costly' },
    });
    expect(dataOf(declined)).toMatchObject({
      status: 'declined',
      response: { kind: 'declined', note: 'Too costly' },
    });
    const acceptDeclined = await w.t.app.inject({
      method: 'POST',
      url: `/api/quote/${declining.send.token}/accept`,
      payload: { name: 'Meera' },
    });
    expect(acceptDeclined.statusCode).toBe(409);
    expect(messageOf(acceptDeclined)).toBe(QUOTE_MESSAGES.declined);

    try {
      // Sixteen days on, the default fifteen days of validity have passed (India's day).
      await setClock(new Date(Date.now() + 16 * 24 * 60 * 60 * 1000).toISOString());
      const page = dataOf(await w.t.app.inject({ url: `/api/quote/${expiring.send.token}` }));
      expect(page.status).toBe('expired');
      const refused = await w.t.app.inject({
        method: 'POST',
        url: `/api/quote/${expiring.send.token}/accept`,
        payload: { name: 'Meera' },
      });
      expect(refused.statusCode).toBe(409);
      expect(messageOf(refused)).toBe(QUOTE_MESSAGES.expired);
      const listed = dataOf(
        await w.branchA.manager.get('/api/quotations?status=expired&limit=100'),
      );
      expect(listed.some((q: { _id: string }) => q._id === expiring.quote._id)).toBe(true);
      // A revision brings it back with a new validity, on the same link.
      dataOf(await w.branchA.manager.post(`/api/quotations/${expiring.quote._id}/revise`));
      dataOf(await w.branchA.manager.post(`/api/quotations/${expiring.quote._id}/send`));
      const stale = await w.t.app.inject({
        method: 'POST',
        url: `/api/quote/${expiring.send.token}/accept`,
        payload: { name: 'Meera', version: 1 },
      });
      expect(stale.statusCode).toBe(409);
      expect(messageOf(stale)).toBe(QUOTE_MESSAGES.revised);
      const accepted = await w.t.app.inject({
        method: 'POST',
        url: `/api/quote/${expiring.send.token}/accept`,
        payload: { name: 'Meera', version: 2 },
      });
      expect(dataOf(accepted).status).toBe('accepted');
    } finally {
      await setClock(null);
    }
  });

  it('validation 400s of the desk change nothing', async () => {
    const lead = await newLead(w.branchA.manager);
    const before = await dataDigest(w.t.db);
    const m = w.branchA.manager;
    for (const [body, message] of [
      [
        { projectType: 'CCTV Camera', lines: [{ itemId: w.install.id, quantity: 1 }] },
        QUOTE_MESSAGES.contactRequired,
      ],
      [quoteBody({ leadId: lead._id }, { lines: [] }), QUOTE_MESSAGES.linesRequired],
      [
        quoteBody({ leadId: lead._id }, { lines: [{ itemId: w.install.id, quantity: 0 }] }),
        QUOTE_MESSAGES.quantityPositive,
      ],
      [
        quoteBody({ leadId: lead._id }, { lines: [{ itemId: 'ITEM-none', quantity: 1 }] }),
        QUOTE_MESSAGES.itemNotFound,
      ],
      [
        quoteBody({ leadId: lead._id }, { lines: [{ quantity: 1, price: 10 }] }),
        QUOTE_MESSAGES.freeLineNameRequired,
      ],
      [
        quoteBody(
          { leadId: lead._id },
          { lines: [{ itemId: w.install.id, quantity: 1, discount: 2000 }] },
        ),
        QUOTE_MESSAGES.discountOverAmount,
      ],
      [quoteBody({ leadId: lead._id }, { discount: 99999 }), QUOTE_MESSAGES.discountOverAmount],
      [
        quoteBody(
          { leadId: lead._id },
          { lines: [{ itemId: w.install.id, quantity: 1, option: 2 }] },
        ),
        QUOTE_MESSAGES.optionUnknown,
      ],
      [
        quoteBody({ leadId: lead._id }, { validUntil: '2020-01-01' }),
        QUOTE_MESSAGES.validUntilPast,
      ],
    ] as const) {
      const response = await m.post('/api/quotations', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(messageOf(response)).toBe(message);
    }
    expect(await dataDigest(w.t.db)).toEqual(before);
  });
});

describe('the summary', () => {
  it("counts the month's sent and accepted per branch and the quotes expiring in 3 days", async () => {
    const month = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 7);
    const summaryOf = async () =>
      dataOf(await w.branchA.manager.get(`/api/quotation-summary?month=${month}`));
    const before = await summaryOf();
    expect(before.branches.map((b: { branch: { _id: string } }) => b.branch._id)).toEqual([
      w.branchA.id,
    ]);
    const soon = new Date(Date.now() + 5.5 * 3600_000 + 2 * 86_400_000).toISOString().slice(0, 10);
    await sent({ customerId: (await newCustomer(w.branchA.manager))._id }, { validUntil: soon });
    const accepted = await sent({ customerId: (await newCustomer(w.branchA.manager))._id });
    dataOf(
      await w.t.app.inject({
        method: 'POST',
        url: `/api/quote/${accepted.send.token}/accept`,
        payload: { name: 'Meera' },
      }),
    );
    const after = await summaryOf();
    const [a0, a1] = [before.branches[0], after.branches[0]];
    expect(after.expiringIn3Days).toBe(before.expiringIn3Days + 1);
    expect(a1.sent).toBe(a0.sent + 2);
    expect(a1.accepted).toBe(a0.accepted + 1);
    expect(a1.acceptedValue).toBeCloseTo(a0.acceptedValue + 3776, 2);
    expect(a1.conversionRate).toBeCloseTo(a1.accepted / a1.sent, 6);
    // The admin reads every branch, or one.
    const all = dataOf(await w.admin.get(`/api/quotation-summary?month=${month}`));
    expect(all.branches.length).toBeGreaterThanOrEqual(2);
    const badMonth = await w.admin.get('/api/quotation-summary?month=2026-13');
    expect(badMonth.statusCode).toBe(400);
  });
});

describe('the bill of the order an accepted quote opened', () => {
  it('starts from the planned items at the quoted price, and still validates the van stock', async () => {
    const customer = await newCustomer(w.branchA.manager);
    const { quote, send } = await sent(
      { customerId: customer._id },
      {
        lines: [
          { itemId: w.camera.id, quantity: 2, price: 2200 },
          { itemId: w.cable.id, quantity: 50, discount: 100 },
          { itemId: w.install.id, quantity: 1 },
        ],
        discount: 300,
      },
    );
    dataOf(
      await w.t.app.inject({
        method: 'POST',
        url: `/api/quote/${send.token}/accept`,
        payload: { name: 'Meera' },
      }),
    );
    const desk = dataOf(await w.branchA.manager.get(`/api/quotations/${quote._id}`));
    const order = { customerId: desk.customer._id, orderId: desk.workOrder.orderId };
    const tech = w.technician;
    const notYours = await tech.http.get(`/api/work-order-planned-items?orderId=${order.orderId}`);
    expect(notYours.statusCode).toBe(404);
    await factory.assignOrder(w.branchA.manager, order, tech.id, '');
    await factory.startOrder(tech.http, order);
    const serials = factory.uniqueSerials(3, 'QCAM');
    await factory.stockTechnician(w.branchA.manager, tech.id, w.camera.id, { serials });
    await factory.stockTechnician(w.branchA.manager, tech.id, w.cable.id, { quantity: 60 });

    // The technician reads the planned items by the order's readable id or its _id.
    const planned = dataOf(
      await tech.http.get(`/api/work-order-planned-items?orderId=${order.orderId}`),
    );
    expect(
      planned.items.map((i: { itemId: string; quantity: number }) => [i.itemId, i.quantity]),
    ).toEqual([
      [w.camera.id, 2],
      [w.cable.id, 50],
      [w.install.id, 1],
    ]);
    expect(JSON.stringify(planned)).not.toMatch(/purchase|777\.77/i);

    // A serial not in the van is refused, as on any bill.
    const stray = await tech.http.post('/api/create-bill', {
      ...order,
      items: [factory.billLine(w.camera, { serialNumber: 'NOT-IN-THE-VAN' })],
    });
    expect(stray.statusCode).toBe(409);

    // The bill from the planned items, five metres more cable than planned.
    const bill = dataOf(
      await tech.http.post('/api/create-bill', {
        ...order,
        items: [
          factory.billLine(w.camera, { serialNumber: serials[0] }),
          factory.billLine(w.camera, { serialNumber: serials[1] }),
          factory.billLine(w.cable, { quantity: 55 }),
          factory.billLine(w.install),
        ],
      }),
    );
    // Amounts 4,400 + 900 + 1,500; the ₹300 off the whole spread by amount (largest
    // remainder): 194.12, 39.70, 66.18; per unit 2,102.94, 17.21 (860.30 ÷ 50), 1,433.82.
    expect(
      bill.items.map((l: { name: string; quantity: number; price: number }) => [
        l.name,
        l.quantity,
        l.price,
      ]),
    ).toEqual([
      ['Dome camera', 1, 2102.94],
      ['Dome camera', 1, 2102.94],
      ['CCTV cable', 50, 17.21],
      ['CCTV cable', 5, 20],
      ['Installation', 1, 1433.82],
    ]);
  });
});

describe("the customer's advance", () => {
  it('is confirmed against its UPI id once, and pays the invoice of the order first', async () => {
    const m = w.branchA.manager;
    const draft = await draftFor({ customerId: (await newCustomer(m))._id });
    const early = await m.post(`/api/quotations/${draft._id}/advance`, {
      amount: 500,
      transactionId: 'UPI-ADV-000000001',
    });
    expect(early.statusCode).toBe(409);
    const customer = await newCustomer(m);
    const { quote, send } = await sent(
      { customerId: customer._id },
      { lines: [{ itemId: w.install.id, quantity: 2 }] },
    );
    dataOf(
      await w.t.app.inject({
        method: 'POST',
        url: `/api/quote/${send.token}/accept`,
        payload: { name: 'Meera' },
      }),
    );
    // ₹3,000 + 18 % = ₹3,540 accepted.
    const over = await m.post(`/api/quotations/${quote._id}/advance`, {
      amount: 3541,
      transactionId: 'upi-adv-000000002',
    });
    expect(over.statusCode).toBe(400);
    const short = await m.post(`/api/quotations/${quote._id}/advance`, {
      amount: 100,
      transactionId: 'short',
    });
    expect(short.statusCode).toBe(400);
    const confirmed = dataOf(
      await m.post(`/api/quotations/${quote._id}/advance`, {
        amount: 1062,
        transactionId: ' upi-adv-000000002 ',
      }),
    );
    expect(confirmed.advance).toMatchObject({ amount: 1062, transactionId: 'UPI-ADV-000000002' });
    const twice = await m.post(`/api/quotations/${quote._id}/advance`, {
      amount: 1062,
      transactionId: 'UPI-ADV-000000003',
    });
    expect(twice.statusCode).toBe(409);
    // The same UPI id on another quote's advance is refused as billing refuses it.
    const other = await sent({ customerId: (await newCustomer(m))._id });
    dataOf(
      await w.t.app.inject({
        method: 'POST',
        url: `/api/quote/${other.send.token}/accept`,
        payload: { name: 'Ravi' },
      }),
    );
    const reused = await m.post(`/api/quotations/${other.quote._id}/advance`, {
      amount: 100,
      transactionId: 'UPI-ADV-000000002',
    });
    expect(reused.statusCode).toBe(409);
    expect(messageOf(reused)).toBe('This UPI transaction ID has already been recorded');

    // The job: the technician bills the installation and collects the rest in cash.
    const order = { customerId: customer._id, orderId: confirmed.workOrder.orderId };
    const tech = await factory.createUser(w.admin, 'technician', w.branchA.id);
    const techHttp = await w.admin.signIn(tech.username, tech.password);
    await factory.assignOrder(m, order, tech.id, '');
    await factory.startOrder(techHttp, order);
    const bill = dataOf(
      await techHttp.post('/api/create-bill', {
        ...order,
        items: [factory.billLine(w.install, { quantity: 2 })],
      }),
    );
    expect(bill.total).toBe(3540);
    const tooMuch = await techHttp.post('/api/confirm-order-bill', {
      billId: bill._id,
      paymentMethod: 'cash',
      transactionId: null,
      paidAmount: 3540,
    });
    expect(tooMuch.statusCode).toBe(400);
    const paid = dataOf(
      await techHttp.post('/api/confirm-order-bill', {
        billId: bill._id,
        paymentMethod: 'cash',
        transactionId: null,
      }),
    );
    expect(paid).toMatchObject({ paidAmount: 3540, dueAmount: 0 });
    expect(
      paid.payments.map((p: { amount: number; method: string; transactionId: string | null }) => [
        p.amount,
        p.method,
        p.transactionId,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [1062, 'online', 'UPI-ADV-000000002'],
        [2478, 'cash', null],
      ]),
    );
    expect(
      paid.payments.every((p: { receiptNumber: string }) => /^R[A-Z0-9]+\//.test(p.receiptNumber)),
    ).toBe(true);
  });
});
