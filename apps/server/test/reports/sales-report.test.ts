import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SalesRegisterAnswer } from '@karya/domain/invoice-schemas';
import { REPORT_MESSAGES, type SalesReport } from '@karya/domain/report-schemas';
import { createCustomer } from '@karya/test-factories';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type ConfirmedBill,
  type Crew,
  confirmedBill,
  crewOf,
  expectOk,
  gstinOf,
  openScene,
  type Scene,
  serviceItem,
} from '../dues/dues-scene';
import { dataDigest } from '../helpers/data-digest';
import type { Client } from '../helpers/http';

/*
 * Issue 38's sales and collections report, against a business whose every figure is worked
 * out by hand below. Two branches: Kothrud is GST-registered (Tax Invoices: an Installation at
 * ₹1,180 is ₹1,000 + CGST 90 + SGST 90), Baner is not (bills of supply: ₹1,180, no tax).
 * Each write happens at its India time (the process's clock is set to it, as if the bill had
 * been confirmed or the money taken then; the database's own clock is untouched).
 *
 *   Kothrud A  30 Oct 10:00  invoice 1,180, ₹500 cash at confirmation; ₹680 UPI on 5 Nov 10:00
 *   Kothrud B   2 Nov 11:00  invoice 2,360 (2 × 1,180), nothing paid; ₹1,000 UPI 2 Nov 23:59,
 *                            ₹360 cash 3 Nov 00:01 (the same UTC day: India's midnight splits them)
 *   Kothrud C   3 Nov 09:00  invoice 1,180, paid ₹1,180 cash; cancelled 4 Nov 12:00, the cash
 *                            refunded: a credit note of −1,180 (−1,000 − 180) dated 4 Nov
 *   Baner   D   2 Nov 15:00  bill of supply 1,180, ₹200 cash; ₹300 UPI on 4 Nov 20:00
 *   Baner   E   3 Nov 16:00  bill of supply 1,180, nothing paid; cancelled 4 Nov 13:00: no
 *                            credit note, so the register no longer counts it at all
 *
 * Per day (taxable / tax / total; cash / UPI):
 *   30 Oct Kothrud  1,000 / 180 / 1,180;   500 / 0
 *    2 Nov Baner    1,180 /   0 / 1,180;   200 / 0
 *    2 Nov Kothrud  2,000 / 360 / 2,360;     0 / 1,000
 *    3 Nov Baner    (E counted, then taken out: no row)
 *    3 Nov Kothrud  1,000 / 180 / 1,180; 1,540 (C 1,180 + B 360) / 0
 *    4 Nov Baner        0 /   0 /     0;     0 / 300
 *    4 Nov Kothrud −1,000 / −180 / −1,180; −1,180 (refund) / 0
 *    5 Nov Kothrud      0 /   0 /     0;     0 / 680
 * Totals: 4,180 / 540 / 4,720; cash 1,060, UPI 1,980, collected 3,040.
 *
 * Owed at the end of a day (the dues' rule: invoices dated by then, less what was received by
 * then; a cancelled invoice owes nothing once cancelled):
 *    2 Nov: A 680 + B 1,360 + D 980                         = 3,020
 *    3 Nov: A 680 + B 1,000 + C 0 + D 980 + E 1,180          = 3,840
 *    4 Nov: A 680 + B 1,000 + D 680 (C and E cancelled)     = 2,360
 *    5 Nov: A 0 + B 1,000 + D 680 (C and E cancelled)        = 1,680
 */

let scene: Scene;
let kothrud: Crew;
let baner: Crew;
let a: ConfirmedBill;
let b: ConfirmedBill;
let c: ConfirmedBill;
let d: ConfirmedBill;
let e: ConfirmedBill;

const FROM = '2026-10-30';
const TO = '2026-11-05';

/** An India wall-clock time as the instant it is. */
const ist = (time: string) => new Date(`${time}:00+05:30`);

/** Runs `work` with the process's clock at that India time. */
async function at<T>(time: string, work: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(ist(time));
  try {
    return await work();
  } finally {
    vi.useRealTimers();
  }
}

let upiSeq = 0;
const upiId = () => {
  upiSeq += 1;
  return `UPI${String(Date.now()).slice(-6)}${String(upiSeq).padStart(6, '0')}`;
};

async function pay(crew: Crew, bill: ConfirmedBill, amount: number, method: 'cash' | 'online') {
  await expectOk(
    await crew.manager.post('/api/record-bill-payment', {
      billId: bill.billId,
      amount,
      paymentMethod: method,
      transactionId: method === 'online' ? upiId() : null,
    }),
  );
}

const sales = async (as: Client, query: string): Promise<SalesReport> =>
  expectOk(await as.get(`/api/reports/sales?${query}`));

const money = (taxable: number, tax: number, total: number, cash: number, upi: number) => ({
  invoiced: { taxable, tax, total },
  collected: { cash, upi, total: Math.round((cash + upi) * 100) / 100 },
});

beforeAll(async () => {
  scene = await openScene();
  await expectOk(
    await scene.admin.put('/api/business-profile', {
      legalName: 'Karya Security Systems Pvt Ltd',
      gstRegistered: true,
    }),
  );
  kothrud = await crewOf(scene, { name: 'Kothrud', gstin: gstinOf('27'), stateCode: '27' });
  baner = await crewOf(scene, { name: 'Baner', stateCode: '27' });
  const installation = await serviceItem(scene.admin, 'Camera Installation', 1180, {
    hsnSac: '998739',
    gstRate: 18,
  });
  const one = [{ item: installation }];

  a = await at('2026-10-30T10:00', () => confirmedBill(kothrud, one, 500));
  b = await at('2026-11-02T11:00', () =>
    confirmedBill(kothrud, [{ item: installation, quantity: 2 }], 0),
  );
  d = await at('2026-11-02T15:00', () => confirmedBill(baner, one, 200));
  await at('2026-11-02T23:59', () => pay(kothrud, b, 1000, 'online'));
  await at('2026-11-03T00:01', () => pay(kothrud, b, 360, 'cash'));
  c = await at('2026-11-03T09:00', () => confirmedBill(kothrud, one, 1180));
  e = await at('2026-11-03T16:00', () => confirmedBill(baner, one, 0));
  await at('2026-11-04T12:00', async () =>
    expectOk(
      await kothrud.manager.post('/api/cancel-invoice', {
        billId: c.billId,
        reason: 'Raised against the wrong customer',
        money: { outcome: 'refund', amount: 1180, method: 'cash' },
      }),
    ),
  );
  await at('2026-11-04T13:00', async () =>
    expectOk(
      await baner.manager.post('/api/cancel-invoice', {
        billId: e.billId,
        reason: 'The customer cancelled the job',
      }),
    ),
  );
  await at('2026-11-04T20:00', () => pay(baner, d, 300, 'online'));
  await at('2026-11-05T10:00', () => pay(kothrud, a, 680, 'online'));
}, 120_000);
afterAll(() => scene.t.close());

describe('GET /api/reports/sales', () => {
  it('answers every figure of every day and branch, worked out by hand', async () => {
    const report = await sales(scene.admin, `from=${FROM}&to=${TO}`);
    const K = { _id: kothrud.branchId, name: 'Kothrud' };
    const B = { _id: baner.branchId, name: 'Baner' };
    expect(report).toEqual({
      from: FROM,
      to: TO,
      groupBy: 'day',
      rows: [
        { period: '2026-10-30', branch: K, ...money(1000, 180, 1180, 500, 0) },
        { period: '2026-11-02', branch: B, ...money(1180, 0, 1180, 200, 0) },
        { period: '2026-11-02', branch: K, ...money(2000, 360, 2360, 0, 1000) },
        { period: '2026-11-03', branch: K, ...money(1000, 180, 1180, 1540, 0) },
        { period: '2026-11-04', branch: B, ...money(0, 0, 0, 0, 300) },
        { period: '2026-11-04', branch: K, ...money(-1000, -180, -1180, -1180, 0) },
        { period: '2026-11-05', branch: K, ...money(0, 0, 0, 0, 680) },
      ],
      totals: money(4180, 540, 4720, 1060, 1980),
      outstandingAtEnd: 1680,
    });
    // The bills as they stand: what the report's outstanding is made of.
    expect([a, b, c, d, e].map((bill) => bill.total)).toEqual([1180, 2360, 1180, 1180, 1180]);
  });

  it("splits payments at India's midnight, not UTC's: 23:59 and 00:01 IST are one UTC day", async () => {
    expect(ist('2026-11-02T23:59').toISOString().slice(0, 10)).toBe(
      ist('2026-11-03T00:01').toISOString().slice(0, 10),
    );
    const day2 = await sales(
      scene.admin,
      `from=2026-11-02&to=2026-11-02&branch=${kothrud.branchId}`,
    );
    expect(day2.totals.collected).toEqual({ cash: 0, upi: 1000, total: 1000 });
    const day3 = await sales(
      scene.admin,
      `from=2026-11-03&to=2026-11-03&branch=${kothrud.branchId}`,
    );
    expect(day3.totals.collected).toEqual({ cash: 1540, upi: 0, total: 1540 });
  });

  it('owes at the end of the range what was invoiced by then less what was received by then', async () => {
    const owed = async (to: string, branch = '') =>
      (await sales(scene.admin, `from=${FROM}&to=${to}${branch}`)).outstandingAtEnd;
    expect(await owed('2026-10-30')).toBe(680);
    expect(await owed('2026-11-02')).toBe(3020);
    expect(await owed('2026-11-03')).toBe(3840);
    expect(await owed('2026-11-04')).toBe(2360);
    expect(await owed(TO)).toBe(1680);
    expect(await owed(TO, `&branch=${kothrud.branchId}`)).toBe(1000);
    expect(await owed(TO, `&branch=${baner.branchId}`)).toBe(680);
    // A range ending today owes exactly what Outstanding Dues shows.
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    const dues = await expectOk(await scene.admin.get('/api/outstanding-dues-totals'));
    const yearAgo = new Date(Date.now() + 330 * 60_000 - 300 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    expect((await sales(scene.admin, `from=${yearAgo}&to=${today}`)).outstandingAtEnd).toBe(
      dues.due,
    );
    expect(dues.due).toBe(1680);
  });

  it('groups by month: one row a month and branch, the same totals', async () => {
    const report = await sales(scene.admin, 'from=2026-10-01&to=2026-11-30&groupBy=month');
    expect(report.groupBy).toBe('month');
    expect(report.rows).toEqual([
      {
        period: '2026-10',
        branch: { _id: kothrud.branchId, name: 'Kothrud' },
        ...money(1000, 180, 1180, 500, 0),
      },
      {
        period: '2026-11',
        branch: { _id: baner.branchId, name: 'Baner' },
        ...money(1180, 0, 1180, 200, 300),
      },
      {
        period: '2026-11',
        branch: { _id: kothrud.branchId, name: 'Kothrud' },
        ...money(2000, 360, 2360, 360, 1680),
      },
    ]);
    expect(report.totals).toEqual(money(4180, 540, 4720, 1060, 1980));
  });

  it("totals invoiced exactly as the GST sales register's totals, to the paisa, per branch too", async () => {
    for (const [branch, registerBranch] of [
      ['', ''],
      [`&branch=${kothrud.branchId}`, `&branchId=${kothrud.branchId}`],
      [`&branch=${baner.branchId}`, `&branchId=${baner.branchId}`],
    ] as const) {
      for (const [from, to] of [
        [FROM, TO],
        ['2026-11-03', '2026-11-03'],
        ['2026-11-04', '2026-11-05'],
      ] as const) {
        const report = await sales(scene.admin, `from=${from}&to=${to}${branch}`);
        const register: SalesRegisterAnswer = await expectOk(
          await scene.admin.get(`/api/gst-sales-register?from=${from}&to=${to}${registerBranch}`),
        );
        const { totals } = register;
        expect(report.totals.invoiced).toEqual({
          taxable: totals.taxable,
          tax: Math.round((totals.igst + totals.cgst + totals.sgst) * 100) / 100,
          total: totals.total,
        });
      }
    }
    const register: SalesRegisterAnswer = await expectOk(
      await scene.admin.get(`/api/gst-sales-register?from=${FROM}&to=${TO}`),
    );
    expect(register.totals).toMatchObject({ taxable: 4180, total: 4720, cgst: 270, sgst: 270 });
  });

  it('scopes: a manager reads their own branch whatever they ask, an admin the one asked, a technician nothing', async () => {
    const own = await sales(kothrud.manager, `from=${FROM}&to=${TO}&branch=${baner.branchId}`);
    expect(new Set(own.rows.map((row) => row.branch.name))).toEqual(new Set(['Kothrud']));
    expect(own.totals).toEqual(money(3000, 540, 3540, 860, 1680));
    expect(own.outstandingAtEnd).toBe(1000);

    const banerOnly = await sales(scene.admin, `from=${FROM}&to=${TO}&branch=${baner.branchId}`);
    expect(banerOnly.rows.map((row) => [row.period, row.branch.name])).toEqual([
      ['2026-11-02', 'Baner'],
      ['2026-11-04', 'Baner'],
    ]);
    expect(banerOnly.totals).toEqual(money(1180, 0, 1180, 200, 300));
    expect(banerOnly.outstandingAtEnd).toBe(680);

    const all = await sales(scene.admin, `from=${FROM}&to=${TO}&branch=all`);
    expect(all.rows).toHaveLength(7);

    const technician = await kothrud.technician.get(`/api/reports/sales?from=${FROM}&to=${TO}`);
    expect(technician.statusCode).toBe(403);
    const nobody = await scene.t.app.inject({
      method: 'GET',
      url: `/api/reports/sales?from=${FROM}&to=${TO}`,
    });
    expect(nobody.statusCode).toBe(401);
  });

  it('refuses a range it cannot read with a 400 naming the field, and changes nothing', async () => {
    const before = await dataDigest(scene.t.db);
    const refused = async (query: string, message: string) => {
      const response = await scene.admin.get(`/api/reports/sales?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(JSON.parse(response.body), query).toMatchObject({ success: false, message });
    };
    // 2025-11-05 to 2026-11-06 is 367 days, both ends counted…
    await refused('from=2025-11-05&to=2026-11-06', REPORT_MESSAGES.rangeTooLong);
    await refused('from=2026-11-05&to=2026-11-04', REPORT_MESSAGES.invalidRange);
    await refused('from=2026-02-30&to=2026-03-02', REPORT_MESSAGES.invalidRange);
    await refused('from=2026-11-01&to=2026-13-01', REPORT_MESSAGES.invalidRange);
    await refused('from=01-11-2026&to=2026-11-02', REPORT_MESSAGES.invalidRange);
    await refused('to=2026-11-02', REPORT_MESSAGES.invalidRange);
    await refused(`from=${FROM}&to=${TO}&groupBy=week`, REPORT_MESSAGES.groupBy);
    await refused(`from=${FROM}&to=${TO}&format=pdf`, REPORT_MESSAGES.format);
    await refused(`from=${FROM}&to=${TO}&branch=not-a-branch`, REPORT_MESSAGES.branchNotFound);
    await refused(
      `from=${FROM}&to=${TO}&branch=00000000-0000-4000-8000-000000000000`,
      REPORT_MESSAGES.branchNotFound,
    );
    // …while 366 days (2025-11-05 to 2026-11-05) is read.
    expect(
      (await scene.admin.get('/api/reports/sales?from=2025-11-05&to=2026-11-05')).statusCode,
    ).toBe(200);
    expect(await dataDigest(scene.t.db)).toBe(before);
  });

  it('downloads the table as CSV and XLSX with the same cells, named by the range', async () => {
    const report = await sales(scene.admin, `from=${FROM}&to=${TO}`);
    const expected = [
      [
        'Day',
        'Branch',
        'Invoiced taxable',
        'Invoiced GST',
        'Invoiced total',
        'Collected cash',
        'Collected UPI',
        'Collected total',
      ],
      ...report.rows.map((row) => [
        row.period,
        row.branch.name,
        row.invoiced.taxable,
        row.invoiced.tax,
        row.invoiced.total,
        row.collected.cash,
        row.collected.upi,
        row.collected.total,
      ]),
      ['Total', null, 4180, 540, 4720, 1060, 1980, 3040],
      [`Outstanding at end of ${TO}`, null, null, null, 1680, null, null, null],
    ];

    const csv = await scene.admin.get(`/api/reports/sales?from=${FROM}&to=${TO}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="sales-${FROM}-to-${TO}.csv"`,
    );
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    const csvRows: string[][] = parse(csv.body.slice(1), { relax_column_count: true });
    expect(csvRows).toEqual(
      expected.map((line, index) =>
        index === 0
          ? line
          : line.map((cell) =>
              cell === null ? '' : typeof cell === 'number' ? cell.toFixed(2) : cell,
            ),
      ),
    );
    // Money to the paisa: a negative day keeps its sign and its two decimals.
    expect(csvRows[6]).toEqual([
      '2026-11-04',
      'Kothrud',
      '-1000.00',
      '-180.00',
      '-1180.00',
      '-1180.00',
      '0.00',
      '-1180.00',
    ]);

    const xlsx = await scene.admin.get(`/api/reports/sales?from=${FROM}&to=${TO}&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toBe(
      `attachment; filename="sales-${FROM}-to-${TO}.xlsx"`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    expect(sheet.name).toBe('Sales');
    const cells: unknown[][] = [];
    sheet.eachRow({ includeEmpty: false }, (row) => {
      cells.push(
        expected[0]?.map((_, i) => {
          const value = row.getCell(i + 1).value;
          return value === undefined || value === null ? null : value;
        }) ?? [],
      );
    });
    expect(cells).toEqual(expected);
  });

  it("the migration's backfill computes from the rows exactly what the writers wrote", async () => {
    const here = dirname(fileURLToPath(import.meta.url));
    const migration = readFileSync(
      join(here, '../../drizzle/0041_report-backfill-sales.sql'),
      'utf8',
    );
    const backfill = migration
      .split('--> statement-breakpoint')
      .find((statement) => statement.includes('insert into "report_daily_sales"'));
    if (!backfill) throw new Error('no backfill statement in migration 0041');
    const read = async () =>
      (
        (await scene.t.db.execute(sql`
          select branch_id, day::text as day, invoiced_taxable_paise::text as taxable,
            invoiced_tax_paise::text as tax, invoiced_total_paise::text as total,
            collected_cash_paise::text as cash, collected_upi_paise::text as upi
          from report_daily_sales
          where invoiced_taxable_paise <> 0 or invoiced_tax_paise <> 0 or invoiced_total_paise <> 0
             or collected_cash_paise <> 0 or collected_upi_paise <> 0
          order by day, branch_id`)) as unknown as { rows: unknown[] }
      ).rows;
    const written = await read();
    expect(written).toHaveLength(7);
    await scene.t.db.transaction(async (tx) => {
      await tx.execute(sql`delete from report_daily_sales`);
      await tx.execute(sql.raw(backfill));
    });
    expect(await read()).toEqual(written);
    // And the report reads the same from the backfilled rows.
    const report = await sales(scene.admin, `from=${FROM}&to=${TO}`);
    expect(report.totals).toEqual(money(4180, 540, 4720, 1060, 1980));
  });
});

/*
 * The other writes that count, after the range above (so its figures stand), checked by hand
 * where the numbers are simple and against the GST register and the backfill everywhere:
 *   Kothrud F  10 Nov 10:00  invoice 1,180 paid ₹1,180 cash; cancelled 10 Nov 12:00 keeping the
 *                            money as an advance (credit note −1,180 that day); corrected
 *                            11 Nov 10:00 at the same price: invoice 1,180 on 11 Nov, the
 *                            advance applied (collected on 10 Nov, not again)
 *   Kothrud    12 Nov 10:00  a maintenance contract activated, billed upfront: ₹4,800 + 18 %
 *                            GST = ₹5,664 invoiced; ₹2,000 UPI received on it at 11:00
 */
describe('GET /api/reports/sales: corrected invoices and maintenance contracts', () => {
  const K = () => ({ _id: kothrud.branchId, name: 'Kothrud' });

  beforeAll(async () => {
    const installation = await serviceItem(scene.admin, 'Camera Re-installation', 1180, {
      hsnSac: '998739',
      gstRate: 18,
    });
    const f = await at('2026-11-10T10:00', () =>
      confirmedBill(kothrud, [{ item: installation }], 1180),
    );
    await at('2026-11-10T12:00', async () =>
      expectOk(
        await kothrud.manager.post('/api/cancel-invoice', {
          billId: f.billId,
          reason: 'Wrong customer GSTIN',
          money: { outcome: 'advance', amount: 1180 },
        }),
      ),
    );
    const bill = await expectOk(await kothrud.manager.get(`/api/get-bill-details/${f.billId}`));
    await at('2026-11-11T10:00', async () =>
      expectOk(
        await kothrud.manager.post('/api/issue-corrected-invoice', {
          billId: f.billId,
          lines: bill.items.map((item: { _id: string; name: string; price: number }) => ({
            lineId: item._id,
            name: item.name,
            price: item.price,
          })),
        }),
      ),
    );
    const contract = await at('2026-11-12T10:00', async () => {
      const customer = await createCustomer(kothrud.manager, { name: 'Farida Contracts' });
      const draft = await expectOk(
        await kothrud.manager.post('/api/amc-contracts', {
          customerId: customer._id,
          projectType: 'CCTV Camera',
          serialNumbers: ['SALES-AMC-1'],
          startDate: '2026-11-12',
          visitsPerTerm: 4,
          price: 4800,
        }),
      );
      return expectOk(await kothrud.manager.post(`/api/amc-contracts/${draft._id}/activate`));
    });
    const invoiceId = contract.invoices[0]?._id;
    await at('2026-11-12T11:00', async () =>
      expectOk(
        await kothrud.manager.post('/api/record-amc-invoice-payment', {
          invoiceId,
          amount: 2000,
          paymentMethod: 'online',
          transactionId: upiId(),
        }),
      ),
    );
  }, 120_000);

  it('counts the corrected invoice on its day, its advance once, and the contract invoice and receipt', async () => {
    const report = await sales(scene.admin, 'from=2026-11-10&to=2026-11-12');
    expect(report.rows).toEqual([
      // F and its credit note cancel out; the cash came that day.
      { period: '2026-11-10', branch: K(), ...money(0, 0, 0, 1180, 0) },
      { period: '2026-11-11', branch: K(), ...money(1000, 180, 1180, 0, 0) },
      { period: '2026-11-12', branch: K(), ...money(4800, 864, 5664, 0, 2000) },
    ]);
    // Owed at the end of 12 Nov: the earlier B 1,000 and D 680, the contract's 3,664; the
    // corrected invoice is paid by its advance.
    expect(report.outstandingAtEnd).toBe(1000 + 680 + 3664);
    const register: SalesRegisterAnswer = await expectOk(
      await scene.admin.get('/api/gst-sales-register?from=2026-11-10&to=2026-11-12'),
    );
    expect(report.totals.invoiced).toEqual({
      taxable: register.totals.taxable,
      tax:
        Math.round((register.totals.igst + register.totals.cgst + register.totals.sgst) * 100) /
        100,
      total: register.totals.total,
    });
  });

  it('the backfill rebuilds these writes too, exactly', async () => {
    const here = dirname(fileURLToPath(import.meta.url));
    const migration = readFileSync(
      join(here, '../../drizzle/0041_report-backfill-sales.sql'),
      'utf8',
    );
    const backfill = migration
      .split('--> statement-breakpoint')
      .find((statement) => statement.includes('insert into "report_daily_sales"'));
    if (!backfill) throw new Error('no backfill statement in migration 0041');
    const read = async () =>
      (
        (await scene.t.db.execute(sql`
          select branch_id, day::text as day, invoiced_taxable_paise::text as taxable,
            invoiced_tax_paise::text as tax, invoiced_total_paise::text as total,
            collected_cash_paise::text as cash, collected_upi_paise::text as upi
          from report_daily_sales
          where invoiced_taxable_paise <> 0 or invoiced_tax_paise <> 0 or invoiced_total_paise <> 0
             or collected_cash_paise <> 0 or collected_upi_paise <> 0
          order by day, branch_id`)) as unknown as { rows: unknown[] }
      ).rows;
    const written = await read();
    expect(written).toHaveLength(10);
    await scene.t.db.transaction(async (tx) => {
      await tx.execute(sql`delete from report_daily_sales`);
      await tx.execute(sql.raw(backfill));
    });
    expect(await read()).toEqual(written);
  });
});
