import {
  INVOICE_MESSAGES,
  TALLY_LEDGER_BLANK,
  TALLY_LEDGER_DEFAULTS,
} from '@karya/domain/invoice-schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, businessProfile, gstRates } from '../../src/db/schema';
import { createBranch, createUser } from '../helpers/factories';
import { type Client, client } from '../helpers/http';
import { ADMIN, createTestApp, loginAs, type TestApp } from '../helpers/test-app';

let t: TestApp;
let admin: Client;
let manager: Client;
let technician: Client;
let pendingManager: Client;

beforeAll(async () => {
  t = await createTestApp();
  admin = client(t.app, await loginAs(t.app, ADMIN.username, ADMIN.password));
  const branch = await createBranch(t.db, { name: 'Kothrud' });
  const as = async (user: { username: string; password: string }) =>
    client(t.app, await loginAs(t.app, user.username, user.password));
  manager = await as(await createUser(t.db, 'manager', { branchId: branch.id }));
  technician = await as(await createUser(t.db, 'technician', { branchId: branch.id }));
  pendingManager = await as(
    await createUser(t.db, 'manager', { branchId: branch.id, activeManagerStatus: 'pending' }),
  );
});
afterAll(() => t.close());

/** A 1×1 PNG. */
const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const PROFILE = {
  legalName: 'Surya Solar Installations Private Limited',
  tradeName: 'Surya Solar',
  logo: PIXEL,
  address: '12 Paud Road, Kothrud, Pune 411038',
  phone: '020-2545 1234',
  email: 'accounts@suryasolar.in',
  gstRegistered: true,
};

describe('business profile', () => {
  it('answers an empty profile to everyone before an admin saves it', async () => {
    for (const caller of [admin, manager, technician]) {
      const response = await caller.get('/api/business-profile');
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual({
        legalName: '',
        tradeName: '',
        logo: null,
        address: '',
        phone: '',
        email: '',
        gstRegistered: false,
        quoteTerms: '',
        ...TALLY_LEDGER_DEFAULTS,
        updatedAt: null,
      });
    }
  });

  it("keeps the Tally ledger names the export posts to (issue 36): Tally's usual names until changed, a blank one refused", async () => {
    const blank = await admin.put('/api/business-profile', { ...PROFILE, tallySalesLedger: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(TALLY_LEDGER_BLANK);
    const saved = await admin.put('/api/business-profile', {
      ...PROFILE,
      tallySalesLedger: 'Sales Accounts',
      tallyRoundOffLedger: 'Rounding Off',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({
      ...TALLY_LEDGER_DEFAULTS,
      tallySalesLedger: 'Sales Accounts',
      tallyRoundOffLedger: 'Rounding Off',
    });
    // A save that leaves them out keeps them.
    await admin.put('/api/business-profile', PROFILE);
    const read = (await technician.get('/api/business-profile')).json().data;
    expect(read.tallySalesLedger).toBe('Sales Accounts');
    expect(read.tallyCashLedger).toBe('Cash');
    // Back to the empty profile the tests below start from.
    await t.db.delete(businessProfile);
  });

  it.each([
    ['a manager', () => manager],
    ['a technician', () => technician],
  ])('refuses %s saving it with 403, and nothing changes', async (_who, caller) => {
    const response = await caller().put('/api/business-profile', PROFILE);
    expect(response.statusCode).toBe(403);
    expect((await admin.get('/api/business-profile')).json().data.updatedAt).toBeNull();
  });

  it('refuses a manager who is waiting for access even reading it', async () => {
    expect((await pendingManager.get('/api/business-profile')).statusCode).toBe(403);
  });

  it('refuses without a session', async () => {
    expect((await client(t.app).get('/api/business-profile')).statusCode).toBe(401);
    expect((await client(t.app).put('/api/business-profile', PROFILE)).statusCode).toBe(401);
  });

  it('saves it for an admin, answers it to every role and records the change', async () => {
    const saved = await admin.put('/api/business-profile', PROFILE);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      success: true,
      message: 'Business profile saved successfully',
      data: { ...PROFILE, updatedAt: expect.any(String) },
    });
    for (const caller of [admin, manager, technician])
      expect((await caller.get('/api/business-profile')).json().data).toEqual(saved.json().data);

    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'business-profile.update'));
    expect(audit).toMatchObject({ entityType: 'business_profile' });
    // The logo is not copied into the audit trail, only that it changed.
    expect(audit?.changes).toMatchObject({ legalName: PROFILE.legalName, logo: 'added' });
  });

  it('keeps one row: a second save replaces the first; a missing logo removes it', async () => {
    const { logo: _logo, ...withoutLogo } = PROFILE;
    const saved = await admin.put('/api/business-profile', {
      ...withoutLogo,
      tradeName: '  Surya  ',
      gstRegistered: false,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({
      tradeName: 'Surya',
      logo: null,
      gstRegistered: false,
    });
    const again = await admin.put('/api/business-profile', { legalName: 'Surya Solar LLP' });
    expect(again.json().data).toMatchObject({
      legalName: 'Surya Solar LLP',
      tradeName: '',
      address: '',
      phone: '',
      email: '',
      logo: null,
      gstRegistered: false,
    });
  });

  it.each([
    [{ ...PROFILE, legalName: '   ' }, INVOICE_MESSAGES.legalNameRequired],
    [{ ...PROFILE, legalName: undefined }, INVOICE_MESSAGES.legalNameRequired],
    [{ ...PROFILE, email: 'accounts at surya' }, INVOICE_MESSAGES.invalidEmail],
    [
      { ...PROFILE, logo: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' },
      INVOICE_MESSAGES.logoTooLarge,
    ],
    [
      { ...PROFILE, logo: `data:image/png;base64,${'A'.repeat(280_000)}` },
      INVOICE_MESSAGES.logoTooLarge,
    ],
  ])('refuses %#: %s, and nothing changes', async (payload, message) => {
    const before = (await admin.get('/api/business-profile')).json().data;
    const response = await admin.put('/api/business-profile', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect((await admin.get('/api/business-profile')).json().data).toEqual(before);
  });
});

describe('GST rates', () => {
  it('answers the active slabs, lowest first, to every role', async () => {
    for (const caller of [admin, manager, technician]) {
      const response = await caller.get('/api/gst-rates');
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual({
        rates: [
          { rate: 0, label: '0%' },
          { rate: 5, label: '5%' },
          { rate: 12, label: '12%' },
          { rate: 18, label: '18%' },
          { rate: 28, label: '28%' },
        ],
      });
    }
  });

  it('follows the table: a retired slab leaves, a new one (even a fraction) joins', async () => {
    await t.db.update(gstRates).set({ active: false }).where(eq(gstRates.rateBp, 1200));
    await t.db.insert(gstRates).values([{ rateBp: 25 }, { rateBp: 4000 }]);
    const rates = (await technician.get('/api/gst-rates')).json().data.rates;
    expect(rates.map((r: { label: string }) => r.label)).toEqual([
      '0%',
      '0.25%',
      '5%',
      '18%',
      '28%',
      '40%',
    ]);
    await t.db.delete(gstRates).where(eq(gstRates.rateBp, 25));
    await t.db.delete(gstRates).where(eq(gstRates.rateBp, 4000));
    await t.db.update(gstRates).set({ active: true }).where(eq(gstRates.rateBp, 1200));
  });

  it('refuses without a session', async () => {
    expect((await client(t.app).get('/api/gst-rates')).statusCode).toBe(401);
  });
});
