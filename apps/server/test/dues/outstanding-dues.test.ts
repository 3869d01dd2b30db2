import type { DueRow, DuesTotals } from '@karya/domain/invoice-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../helpers/http';
import {
  ageInvoice,
  type ConfirmedBill,
  type Crew,
  confirmedBill,
  crewOf,
  expectOk,
  indiaDaysAgo,
  openScene,
  type Scene,
  SERVER_UPI,
  serviceItem,
} from './dues-scene';

/**
 * Outstanding Dues (issue 19): confirmed, uncancelled bills with something still owed, oldest
 * first, aged in India days, with a upi://pay link for exactly the due; managers their branch,
 * admins every branch or one, technicians none.
 */

let scene: Scene;
let kothrud: Crew;
let baner: Crew;
/**
 * Kothrud: 600 due for 45 days, 1,000 due for 100 days, one paid in full, one cancelled;
 * Baner: 750 due today.
 */
let partly: ConfirmedBill;
let unpaid: ConfirmedBill;
let paidInFull: ConfirmedBill;
let banerDue: ConfirmedBill;

const KOTHRUD_UPI = { vpa: 'kothrud.shop@okaxis', name: 'Kothrud Shop' };

/**
 * The page of dues (data, its count in X-Total-Count) and the totals of the same filter from
 * their own endpoint (decision 024), read side by side.
 */
const duesOf = async (as: Crew['manager'], query = '') => {
  const page = await as.get(`/api/outstanding-dues${query}`);
  const rows: DueRow[] = await expectOk(page);
  const totals: DuesTotals = await expectOk(await as.get(`/api/outstanding-dues-totals${query}`));
  return { rows, total: Number(page.headers['x-total-count']), totals };
};

beforeAll(async () => {
  scene = await openScene();
  kothrud = await crewOf(scene, {
    name: 'Kothrud',
    upiVpa: KOTHRUD_UPI.vpa,
    upiName: KOTHRUD_UPI.name,
  });
  // Baner has no payee of its own: its links go to the server's.
  baner = await crewOf(scene, { name: 'Baner' });
  const installation = await serviceItem(scene.admin, 'Camera Installation', 1000);
  const visit = await serviceItem(scene.admin, 'Site Visit', 250);

  partly = await confirmedBill(kothrud, [{ item: installation }], 400, {
    name: 'Meera Joshi',
    phone: '9822012345',
  });
  unpaid = await confirmedBill(kothrud, [{ item: installation }], 0, { name: 'Anil Kulkarni' });
  paidInFull = await confirmedBill(kothrud, [{ item: installation }], 1000);
  // A cancelled invoice is owed by nobody, however little was paid on it.
  const cancelled = await confirmedBill(kothrud, [{ item: installation }], 100);
  await expectOk(
    await kothrud.manager.post('/api/cancel-invoice', {
      billId: cancelled.billId,
      reason: 'Billed to the wrong customer',
      money: { outcome: 'advance', amount: 100 },
    }),
  );
  banerDue = await confirmedBill(baner, [{ item: installation }, { item: visit }], 500, {
    name: 'Ravi Deshpande',
  });
  await ageInvoice(scene, partly.billId, 45);
  await ageInvoice(scene, unpaid.billId, 100);
});
afterAll(() => scene.t.close());

describe('GET /api/outstanding-dues', () => {
  it("carries the customer's update language, so a reminder opens in it (issue 21)", async () => {
    const edit = (preferredLanguage: string) =>
      kothrud.manager.post(`/api/update-customer/${unpaid.customerId}`, {
        name: 'Anil Kulkarni',
        email: 'anil.kulkarni@example.com',
        preferredLanguage,
      });
    await expectOk(await edit('en'));
    try {
      const { rows } = await duesOf(kothrud.manager);
      expect(rows.find((row) => row.billId === unpaid.billId)?.customerLanguage).toBe('en');
    } finally {
      await expectOk(await edit('hinglish'));
    }
  });

  it("shows a manager their branch's dues, oldest first, with days, bucket and a UPI link for the due", async () => {
    const answer = await duesOf(kothrud.manager);
    expect(answer.rows.map((row) => row.billId)).toEqual([unpaid.billId, partly.billId]);
    const [oldest, newer] = answer.rows;
    expect(newer).toMatchObject({
      invoiceNumber: partly.invoiceNumber,
      invoiceDate: indiaDaysAgo(45),
      customerId: partly.customerId,
      customerName: 'Meera Joshi',
      customerPhone: partly.customerPhone,
      whatsappNumber: partly.customerPhone,
      branch: { _id: kothrud.branchId, name: 'Kothrud' },
      total: 1000,
      paid: 400,
      due: 600,
      daysOutstanding: 45,
      bucket: '31-60',
      customerLanguage: 'hinglish',
    });
    // The payee's '@' as written, the amount exactly the due, the invoice number as the note.
    expect(newer?.upiLink).toBe(
      `upi://pay?pa=kothrud.shop@okaxis&pn=Kothrud%20Shop&am=600.00&cu=INR&tn=${encodeURIComponent(partly.invoiceNumber)}`,
    );
    expect(oldest).toMatchObject({ due: 1000, paid: 0, daysOutstanding: 100, bucket: '90+' });
    expect(answer.total).toBe(2);
    expect(answer.totals).toEqual({
      due: 1600,
      count: 2,
      byBucket: { '0-30': 0, '31-60': 600, '61-90': 0, '90+': 1000 },
    });
    expect(answer.rows.map((row) => row.billId)).not.toContain(paidInFull.billId);
  });

  it('keeps a manager on their own branch whatever branchId they send', async () => {
    const answer = await duesOf(kothrud.manager, `?branchId=${baner.branchId}`);
    expect(answer.rows.map((row) => row.branch._id)).toEqual([kothrud.branchId, kothrud.branchId]);
    const banerOwn = await duesOf(baner.manager);
    expect(banerOwn.rows.map((row) => row.billId)).toEqual([banerDue.billId]);
  });

  it('shows an admin every branch, or the one asked for; a branch without a payee uses the server’s', async () => {
    const all = await duesOf(scene.admin);
    expect(all.rows.map((row) => row.billId)).toEqual([
      unpaid.billId,
      partly.billId,
      banerDue.billId,
    ]);
    expect(all.totals).toEqual({
      due: 2350,
      count: 3,
      byBucket: { '0-30': 750, '31-60': 600, '61-90': 0, '90+': 1000 },
    });

    const one = await duesOf(scene.admin, `?branchId=${baner.branchId}`);
    expect(one.rows).toHaveLength(1);
    expect(one.rows[0]).toMatchObject({
      billId: banerDue.billId,
      total: 1250,
      paid: 500,
      due: 750,
      daysOutstanding: 0,
      bucket: '0-30',
      branch: { _id: baner.branchId, name: 'Baner' },
    });
    expect(one.rows[0]?.upiLink).toBe(
      `upi://pay?pa=${SERVER_UPI.vpa}&pn=Karya%20Services&am=750.00&cu=INR&tn=${encodeURIComponent(banerDue.invoiceNumber)}`,
    );
    expect(one.totals.due).toBe(750);
  });

  it('totals the whole filter, not only the page', async () => {
    const first = await duesOf(scene.admin, '?limit=1');
    expect(first.rows.map((row) => row.billId)).toEqual([unpaid.billId]);
    const second = await duesOf(scene.admin, '?limit=1&offset=1');
    expect(second.rows.map((row) => row.billId)).toEqual([partly.billId]);
    for (const page of [first, second]) {
      expect(page.total).toBe(3);
      expect(page.totals.due).toBe(2350);
    }
  });

  it('finds a due by customer name, phone or invoice number', async () => {
    const ids = async (search: string) =>
      (await duesOf(scene.admin, `?search=${encodeURIComponent(search)}`)).rows.map(
        (row) => row.billId,
      );
    expect(await ids('meera')).toEqual([partly.billId]);
    expect(await ids('98220 12345')).toEqual([partly.billId]);
    expect(await ids(banerDue.invoiceNumber)).toEqual([banerDue.billId]);
    expect(await ids('nobody-by-this-name')).toEqual([]);
    // A LIKE wildcard typed in the box is a character, not "anything".
    expect(await ids('%')).toEqual([]);
    const searched = await duesOf(scene.admin, '?search=anil');
    expect(searched.totals).toMatchObject({ due: 1000, count: 1 });
  });

  it('refuses technicians and strangers; a malformed branch is a 400', async () => {
    expect((await kothrud.technician.get('/api/outstanding-dues')).statusCode).toBe(403);
    expect((await client(scene.t.app).get('/api/outstanding-dues')).statusCode).toBe(401);
    expect((await scene.admin.get('/api/outstanding-dues?branchId=not-a-branch')).statusCode).toBe(
      400,
    );
    expect((await scene.admin.get('/api/outstanding-dues?limit=0')).statusCode).toBe(400);
  });

  it('updates a due after a later payment and drops the bill once it is paid in full', async () => {
    const part = await kothrud.manager.post('/api/record-bill-payment', {
      billId: partly.billId,
      amount: 100,
      paymentMethod: 'cash',
    });
    await expectOk(part);
    let answer = await duesOf(kothrud.manager);
    expect(answer.rows.find((row) => row.billId === partly.billId)).toMatchObject({
      paid: 500,
      due: 500,
    });
    expect(answer.rows.find((row) => row.billId === partly.billId)?.upiLink).toContain('am=500.00');

    await expectOk(
      await kothrud.manager.post('/api/record-bill-payment', {
        billId: partly.billId,
        amount: 500,
        paymentMethod: 'online',
        transactionId: `UPI${Date.now()}0001`,
      }),
    );
    answer = await duesOf(kothrud.manager);
    expect(answer.rows.map((row) => row.billId)).toEqual([unpaid.billId]);
    expect(answer.totals).toEqual({
      due: 1000,
      count: 1,
      byBucket: { '0-30': 0, '31-60': 0, '61-90': 0, '90+': 1000 },
    });
  });
});
