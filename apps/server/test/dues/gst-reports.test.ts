import type { Bill } from '@karya/domain/bill-schemas';
import {
  financialYearOf,
  gstr1Date,
  HSN_SUMMARY_COLUMNS,
  SALES_REGISTER_COLUMNS,
} from '@karya/domain/gst';
import {
  countsInRegister,
  type HsnSummaryAnswer,
  INVOICE_MESSAGES,
  type SalesRegisterAnswer,
} from '@karya/domain/invoice-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../helpers/http';
import {
  type ConfirmedBill,
  type Crew,
  confirmedBill,
  crewOf,
  expectOk,
  gstinOf,
  indiaDaysAgo,
  openScene,
  type Scene,
  serviceItem,
} from './dues-scene';

/**
 * The accountant's reports (issue 19): the GST sales register (one row per invoice, cancelled
 * ones listed but not totalled) and the HSN summary, as JSON and as CSV in GSTR-1's column
 * order; admins every branch or one, managers their own, technicians none.
 */

let scene: Scene;
/** GST-registered, GSTIN of Maharashtra (27). */
let kothrud: Crew;
/** No GSTIN: bills of supply. */
let baner: Crew;
let twoServices: ConfirmedBill;
let interState: ConfirmedBill;
let untaxed: ConfirmedBill;
let cancelled: ConfirmedBill;
let billOfSupply: ConfirmedBill;

const from = indiaDaysAgo(30);
const to = indiaDaysAgo(0);
const range = `from=${from}&to=${to}`;

const register = async (as: Client, query = range): Promise<SalesRegisterAnswer> =>
  expectOk(await as.get(`/api/gst-sales-register?${query}`));
const hsn = async (as: Client, query = range): Promise<HsnSummaryAnswer> =>
  expectOk(await as.get(`/api/gst-hsn-summary?${query}`));

/** Sum of rupee amounts, in paise, back to rupees: what an accountant's adding up gives. */
const sumOf = (amounts: number[]) =>
  amounts.reduce((sum, amount) => sum + Math.round(amount * 100), 0) / 100;

/** The CSV's lines without the byte-order mark Excel needs. */
const csvLines = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);

beforeAll(async () => {
  scene = await openScene();
  await expectOk(
    await scene.admin.put('/api/business-profile', {
      legalName: 'Karya Security Systems Pvt Ltd',
      gstRegistered: true,
    }),
  );
  kothrud = await crewOf(scene, {
    name: 'Kothrud',
    gstin: gstinOf('27'),
    stateCode: '27',
    upiVpa: 'kothrud.shop@okaxis',
  });
  baner = await crewOf(scene, { name: 'Baner', stateCode: '27' });
  // Prices include GST (the default): 1,180 is 1,000 + 18 %, 525 is 500 + 5 %.
  const installation = await serviceItem(scene.admin, 'Camera Installation', 1180, {
    hsnSac: '998739',
    gstRate: 18,
  });
  const amcVisit = await serviceItem(scene.admin, 'AMC Visit', 525, {
    hsnSac: '998719',
    gstRate: 5,
  });
  const survey = await serviceItem(scene.admin, 'Site Survey', 300);

  twoServices = await confirmedBill(kothrud, [{ item: installation }, { item: amcVisit }], 0, {
    name: 'Meera Joshi',
  });
  interState = await confirmedBill(kothrud, [{ item: installation, quantity: 2 }], 2360, {
    name: 'Bengaluru Traders',
    stateCode: '29',
  });
  untaxed = await confirmedBill(kothrud, [{ item: survey }], 300);
  cancelled = await confirmedBill(kothrud, [{ item: installation }], 0);
  await expectOk(
    await kothrud.manager.post('/api/cancel-invoice', {
      billId: cancelled.billId,
      reason: 'Raised against the wrong customer',
    }),
  );
  billOfSupply = await confirmedBill(baner, [{ item: installation }], 1180);
});
afterAll(() => scene.t.close());

describe('GET /api/gst-sales-register', () => {
  it('lists every invoice and credit note of the range; the totals are the sum of the counted rows and of the invoices', async () => {
    const answer = await register(scene.admin);
    // The cancelled Tax Invoice twice: itself, and the credit note that reverses it.
    const ids = [twoServices, interState, untaxed, cancelled, cancelled, billOfSupply].map(
      (b) => b.billId,
    );
    expect(answer.rows.map((row) => row.billId).sort()).toEqual([...ids].sort());

    // A cancelled invoice reversed by a credit note counts, and its note takes it back out.
    const counted = answer.rows.filter(countsInRegister);
    expect(counted).toHaveLength(6);
    expect(answer.totals).toEqual({
      taxable: sumOf(counted.map((row) => row.taxable)),
      igst: sumOf(counted.map((row) => row.igst)),
      cgst: sumOf(counted.map((row) => row.cgst)),
      sgst: sumOf(counted.map((row) => row.sgst)),
      roundOff: sumOf(counted.map((row) => row.roundOff)),
      total: sumOf(counted.map((row) => row.total)),
      count: 6,
    });
    for (const row of answer.rows)
      expect(sumOf([row.taxable, row.igst, row.cgst, row.sgst, row.roundOff])).toBe(row.total);

    // The same totals from the invoices themselves, as each bill's page shows it.
    const bills: Bill[] = [];
    for (const { billId } of [twoServices, interState, untaxed, billOfSupply])
      bills.push(await expectOk(await scene.admin.get(`/api/get-bill-details/${billId}`)));
    expect(answer.totals.total).toBe(sumOf(bills.map((bill) => bill.total)));
    expect(answer.totals.taxable).toBe(sumOf(bills.map((bill) => bill.tax.taxable)));
    expect(answer.totals.igst).toBe(sumOf(bills.map((bill) => bill.tax.igst)));
    expect(answer.totals.cgst).toBe(sumOf(bills.map((bill) => bill.tax.cgst)));
    expect(answer.totals.sgst).toBe(sumOf(bills.map((bill) => bill.tax.sgst)));
    expect(answer.totals).toMatchObject({ taxable: 4980, igst: 360, cgst: 102.5, sgst: 102.5 });
  });

  it('carries the number, date, customer, place of supply and each head of an invoice', async () => {
    const answer = await register(scene.admin, `${range}&branchId=${kothrud.branchId}`);
    expect(answer.rows.map((row) => row.billId)).toEqual([
      twoServices.billId,
      interState.billId,
      untaxed.billId,
      cancelled.billId,
      cancelled.billId,
    ]);
    expect(answer.rows[0]).toEqual({
      billId: twoServices.billId,
      invoiceNumber: twoServices.invoiceNumber,
      invoiceDate: to,
      kind: 'tax-invoice',
      customerName: 'Meera Joshi',
      customerGstin: null,
      placeOfSupply: { code: '27', name: 'Maharashtra' },
      taxable: 1500,
      igst: 0,
      cgst: 102.5,
      sgst: 102.5,
      roundOff: 0,
      total: 1705,
      cancelled: false,
    });
    expect(answer.rows[1]).toMatchObject({
      placeOfSupply: { code: '29', name: 'Karnataka' },
      taxable: 2000,
      igst: 360,
      cgst: 0,
      sgst: 0,
      total: 2360,
    });
    const creditNote = `CKOTH/${financialYearOf(new Date()).label}/0001`;
    expect(answer.rows[3]).toMatchObject({
      billId: cancelled.billId,
      cancelled: true,
      reversedBy: creditNote,
      total: 1180,
    });
    // The credit note: its own number and date, every value negative, naming the invoice.
    expect(answer.rows[4]).toEqual({
      billId: cancelled.billId,
      invoiceNumber: creditNote,
      invoiceDate: to,
      kind: 'tax-invoice',
      customerName: answer.rows[3]?.customerName,
      customerGstin: null,
      placeOfSupply: { code: '27', name: 'Maharashtra' },
      taxable: -1000,
      igst: 0,
      cgst: -90,
      sgst: -90,
      roundOff: 0,
      total: -1180,
      cancelled: false,
      creditNoteFor: { invoiceNumber: cancelled.invoiceNumber, invoiceDate: to },
    });
    expect(answer.totals.count).toBe(5);
  });

  it('keeps a manager on their branch: a bill of supply carries no tax', async () => {
    const answer = await register(baner.manager, `${range}&branchId=${kothrud.branchId}`);
    expect(answer.rows).toHaveLength(1);
    expect(answer.rows[0]).toMatchObject({
      billId: billOfSupply.billId,
      kind: 'bill-of-supply',
      taxable: 1180,
      igst: 0,
      cgst: 0,
      sgst: 0,
      total: 1180,
    });
  });

  it('answers the CSV in the sales register column order, a reversed invoice and its credit note labelled', async () => {
    const response = await kothrud.manager.get(`/api/gst-sales-register?${range}&format=csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="gst-sales-register-${from}-to-${to}.csv"`,
    );
    const lines = csvLines(response.body);
    expect(lines[0]).toBe(SALES_REGISTER_COLUMNS.join(','));
    expect(lines).toHaveLength(6);
    expect(lines[1]).toBe(
      `${twoServices.invoiceNumber},${gstr1Date(to)},Meera Joshi,,27-Maharashtra,1500.00,0.00,102.50,102.50,0.00,0.00,1705.00`,
    );
    expect(lines[2]).toContain(',29-Karnataka,2000.00,360.00,0.00,0.00,0.00,0.00,2360.00');
    const creditNote = `CKOTH/${financialYearOf(new Date()).label}/0001`;
    expect(lines[4]).toMatch(
      new RegExp(
        `\\(Cancelled; credit note ${creditNote}\\),,27-Maharashtra,1000\\.00,0\\.00,90\\.00,90\\.00,0\\.00,0\\.00,1180\\.00$`,
      ),
    );
    expect(lines[5]).toBe(
      `${creditNote},${gstr1Date(to)},${lines[4]?.split(',')[2]?.replace(/ \(Cancelled.*$/, '')} (Credit note for ${cancelled.invoiceNumber} of ${gstr1Date(to)}),,27-Maharashtra,-1000.00,0.00,-90.00,-90.00,0.00,0.00,-1180.00`,
    );
  });
});

describe('GET /api/gst-hsn-summary', () => {
  it('sums the lines of counted invoices by HSN/SAC and rate, credit notes in rows of their own; totals equal the rows', async () => {
    const answer = await hsn(scene.admin, `${range}&branchId=${kothrud.branchId}`);
    expect(answer.rows).toEqual([
      {
        hsnSac: '998719',
        description: 'AMC Visit',
        uqc: 'NA',
        quantity: 1,
        gstRate: 5,
        taxable: 500,
        igst: 0,
        cgst: 12.5,
        sgst: 12.5,
        total: 525,
      },
      {
        hsnSac: '998739',
        description: 'Camera Installation',
        uqc: 'NA',
        // The cancelled invoice's installation counts: its credit note takes it back below.
        quantity: 4,
        gstRate: 18,
        taxable: 4000,
        igst: 360,
        cgst: 180,
        sgst: 180,
        total: 4720,
      },
      {
        hsnSac: null,
        description: 'Site Survey',
        uqc: 'NA',
        quantity: 1,
        gstRate: null,
        taxable: 300,
        igst: 0,
        cgst: 0,
        sgst: 0,
        total: 300,
      },
      {
        hsnSac: '998739',
        description: 'Camera Installation',
        uqc: 'NA',
        quantity: -1,
        gstRate: 18,
        taxable: -1000,
        igst: 0,
        cgst: -90,
        sgst: -90,
        total: -1180,
        creditNote: true,
      },
    ]);
    expect(answer.totals).toEqual({
      taxable: sumOf(answer.rows.map((row) => row.taxable)),
      igst: sumOf(answer.rows.map((row) => row.igst)),
      cgst: sumOf(answer.rows.map((row) => row.cgst)),
      sgst: sumOf(answer.rows.map((row) => row.sgst)),
      total: sumOf(answer.rows.map((row) => row.total)),
    });
  });

  it("answers the CSV in GSTR-1's HSN column order", async () => {
    const response = await scene.admin.get(
      `/api/gst-hsn-summary?${range}&branchId=${kothrud.branchId}&format=csv`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="gst-hsn-summary-${from}-to-${to}.csv"`,
    );
    const lines = csvLines(response.body);
    expect(lines[0]).toBe(HSN_SUMMARY_COLUMNS.join(','));
    expect(lines[2]).toBe(
      '998739,Camera Installation,NA,4,4720.00,18,4000.00,360.00,180.00,180.00,0.00',
    );
    expect(lines[3]).toBe(',Site Survey,NA,1,300.00,,300.00,0.00,0.00,0.00,0.00');
    expect(lines[4]).toBe(
      '998739,Credit notes: Camera Installation,NA,-1,-1180.00,18,-1000.00,0.00,-90.00,-90.00,0.00',
    );
  });

  it('reports the lines of a bill of supply at the rate charged: none', async () => {
    const answer = await hsn(scene.admin, `${range}&branchId=${baner.branchId}`);
    expect(answer.rows).toEqual([
      expect.objectContaining({
        hsnSac: '998739',
        quantity: 1,
        gstRate: 0,
        taxable: 1180,
        igst: 0,
        cgst: 0,
        sgst: 0,
        total: 1180,
      }),
    ]);
  });

  it('is empty for a range without invoices', async () => {
    const answer = await hsn(scene.admin, 'from=2020-04-01&to=2020-04-30');
    expect(answer).toEqual({
      rows: [],
      totals: { taxable: 0, igst: 0, cgst: 0, sgst: 0, total: 0 },
    });
  });
});

describe('who may read the reports, and which ranges', () => {
  it('refuses technicians', async () => {
    for (const path of ['/api/gst-sales-register', '/api/gst-hsn-summary'])
      expect((await kothrud.technician.get(`${path}?${range}`)).statusCode).toBe(403);
  });

  it.each([
    ['from after to', `from=${to}&to=${from}`, INVOICE_MESSAGES.invalidDateRange],
    [
      'a day that does not exist',
      'from=2026-02-30&to=2026-03-31',
      INVOICE_MESSAGES.invalidDateRange,
    ],
    ['not a date', 'from=01-04-2026&to=30-04-2026', INVOICE_MESSAGES.invalidDateRange],
    ['367 days', 'from=2023-04-01&to=2024-04-01', INVOICE_MESSAGES.dateRangeTooLong],
  ])('refuses %s with 400', async (_case, query, message) => {
    for (const path of ['/api/gst-sales-register', '/api/gst-hsn-summary']) {
      const response = await scene.admin.get(`${path}?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });

  it('refuses a range without its start, saying what to choose', async () => {
    for (const path of ['/api/gst-sales-register', '/api/gst-hsn-summary']) {
      const response = await scene.admin.get(`${path}?to=${to}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(INVOICE_MESSAGES.invalidDateRange);
    }
  });

  it('takes a leap year of 366 days, and a malformed branch is a 400', async () => {
    expect(
      (await scene.admin.get('/api/gst-sales-register?from=2023-04-01&to=2024-03-31')).statusCode,
    ).toBe(200);
    const response = await scene.admin.get(`/api/gst-sales-register?${range}&branchId=nope`);
    expect(response.statusCode).toBe(400);
  });
});
