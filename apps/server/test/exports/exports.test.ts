import { createItem, stockIn } from '@karya/test-factories';
import ExcelJS from 'exceljs';
import { XMLParser } from 'fast-xml-parser';
import type { LightMyRequestResponse } from 'fastify';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
} from '../dues/dues-scene';
import { dataDigest } from '../helpers/data-digest';
import type { Client } from '../helpers/http';

/**
 * Moving out (issue 36): each list as xlsx or csv, the whole business as a workbook or a zip
 * of CSVs, and the accountant's Tally file; admins every branch, managers their own without
 * purchase prices, technicians none.
 */

let scene: Scene;
let kothrud: Crew;
let baner: Crew;
let intraState: ConfirmedBill;
let interState: ConfirmedBill;
let cancelled: ConfirmedBill;
let bannerBill: ConfirmedBill;
const today = indiaDaysAgo(0);

const csvRows = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(','));

async function workbookOf(response: LightMyRequestResponse) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  return workbook;
}

/** A sheet's rows as arrays of cell values, the header first. */
function sheetRows(sheet: ExcelJS.Worksheet): unknown[][] {
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

async function zipEntries(buffer: Buffer): Promise<Map<string, string>> {
  const zip = await JSZip.loadAsync(buffer);
  const entries = new Map<string, string>();
  for (const file of Object.values(zip.files)) entries.set(file.name, await file.async('string'));
  return entries;
}

beforeAll(async () => {
  scene = await openScene();
  await expectOk(
    await scene.admin.put('/api/business-profile', {
      legalName: 'Karya Security Systems Pvt Ltd',
      gstRegistered: true,
      // The accountant's own names, which the Tally file must post to.
      tallySalesLedger: 'Sales @ 18%',
      tallyCashLedger: 'Cash in hand',
    }),
  );
  kothrud = await crewOf(scene, { name: 'Kothrud', gstin: gstinOf('27'), stateCode: '27' });
  baner = await crewOf(scene, { name: 'Baner', stateCode: '27' });
  const installation = await serviceItem(scene.admin, 'Camera Installation', 1180, {
    hsnSac: '998739',
    gstRate: 18,
  });
  intraState = await confirmedBill(kothrud, [{ item: installation }], 500, {
    name: 'Meera Joshi',
  });
  interState = await confirmedBill(kothrud, [{ item: installation, quantity: 2 }], 2360, {
    name: 'Bengaluru Traders',
    stateCode: '29',
  });
  cancelled = await confirmedBill(kothrud, [{ item: installation }], 0, { name: 'Wrong Party' });
  await expectOk(
    await kothrud.manager.post('/api/cancel-invoice', {
      billId: cancelled.billId,
      reason: 'Raised against the wrong customer',
    }),
  );
  bannerBill = await confirmedBill(baner, [{ item: installation }], 1180, { name: 'Baner Cafe' });
  const cable = await createItem(scene.admin, 'generic-product', {
    name: 'Cat6 cable',
    purchasePrice: 650.5,
    salePrice: 900,
    mrp: 1000,
  });
  await stockIn(kothrud.manager, cable.id, { quantity: 40 });
  const camera = await createItem(scene.admin, 'serialized-product', { name: 'Dome camera' });
  await stockIn(kothrud.manager, camera.id, { serials: ['EXP-CAM-1', 'EXP-CAM-2'] });
  await stockIn(baner.manager, camera.id, { serials: ['EXP-CAM-3'] });
});
afterAll(() => scene.t.close());

const CONTENT_XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const exportOf = (as: Client, query: string) => as.get(`/api/export?${query}`);

describe('GET /api/export', () => {
  it("answers a dated CSV whose rows are the customer list's, with the import template's headers", async () => {
    const response = await exportOf(scene.admin, 'kind=customers&format=csv');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="karya-customers-${today}.csv"`,
    );
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = csvRows(response.body);
    expect(header?.slice(0, 3)).toEqual(['Name', 'Phone', 'WhatsApp']);

    const list = await scene.admin.get('/api/get-all-customers?limit=100');
    const listed = JSON.parse(list.body).data as Array<{ name: string; phoneNumber: string }>;
    expect(rows).toHaveLength(Number(list.headers['x-total-count'] ?? listed.length));
    const meera = listed.find((customer) => customer.name === 'Meera Joshi');
    const row = rows.find((cells) => cells[0] === 'Meera Joshi');
    expect(row?.[1]).toBe(meera?.phoneNumber);
    expect(row?.at(-2)).toBe('Kothrud');
  });

  it('writes money in rupees to the paisa and dates in India time', async () => {
    const response = await exportOf(scene.admin, 'kind=bills&format=csv');
    const [header = [], ...rows] = csvRows(response.body);
    const at = (name: string) => header.indexOf(name);
    const row = rows.find((cells) => cells[at('Invoice Number')] === interState.invoiceNumber);
    expect(row?.[at('Total')]).toBe('2360.00');
    expect(row?.[at('Paid')]).toBe('2360.00');
    expect(row?.[at('IGST')]).toBe('360.00');
    expect(row?.[at('Created (IST)')]).toMatch(new RegExp(`^${today} \\d{2}:\\d{2}$`));
    expect(
      rows.find((cells) => cells[at('Invoice Number')] === cancelled.invoiceNumber)?.[at('Status')],
    ).toBe('cancelled');
  });

  it('gives a manager their own branch only, and no purchase price in items or stock', async () => {
    const bills = csvRows(
      (await exportOf(kothrud.manager, `kind=bills&format=csv&branchId=${baner.branchId}`)).body,
    );
    const invoiceColumn = bills[0]?.indexOf('Invoice Number') ?? -1;
    const numbers = bills.slice(1).map((cells) => cells[invoiceColumn]);
    expect(numbers).toContain(intraState.invoiceNumber);
    expect(numbers).not.toContain(bannerBill.invoiceNumber);

    const items = await workbookOf(await exportOf(kothrud.manager, 'kind=items&format=xlsx'));
    const [itemHeader] = sheetRows(items.worksheets[0] as ExcelJS.Worksheet);
    expect(itemHeader).toContain('Sale Price');
    expect(itemHeader).not.toContain('Purchase Price');

    const stock = csvRows((await exportOf(kothrud.manager, 'kind=stock&format=csv')).body);
    expect(stock[0]).not.toContain('Purchase Price');
    const serials = stock.slice(1).map((cells) => cells[stock[0]?.indexOf('Serial Number') ?? -1]);
    expect(serials.filter(Boolean).sort()).toEqual(['EXP-CAM-1', 'EXP-CAM-2']);
    expect(stock.slice(1).every((cells) => cells[0] === 'Kothrud')).toBe(true);

    const adminItems = csvRows((await exportOf(scene.admin, 'kind=items&format=csv')).body);
    const priceColumn = adminItems[0]?.indexOf('Purchase Price') ?? -1;
    expect(priceColumn).toBeGreaterThan(-1);
    expect(adminItems.find((cells) => cells.includes('Cat6 cable'))?.[priceColumn]).toBe('650.50');
    const adminStock = csvRows(
      (await exportOf(scene.admin, `kind=stock&format=csv&branchId=${baner.branchId}`)).body,
    );
    expect(adminStock.slice(1).map((cells) => cells[4])).toEqual(['EXP-CAM-3']);
  });

  it('writes the whole business as one workbook, a sheet a kind, and as a zip of one CSV a kind', async () => {
    const book = await exportOf(scene.admin, 'kind=all&format=xlsx');
    expect(book.statusCode).toBe(200);
    expect(book.headers['content-disposition']).toBe(
      `attachment; filename="karya-all-data-${today}.xlsx"`,
    );
    const workbook = await workbookOf(book);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Customers',
      'Leads',
      'Items',
      'Stock',
      'Technicians',
      'Work Orders',
      'Bills',
      'Payments',
      'AMC Contracts',
      'Outstanding Dues',
    ]);
    const orders = sheetRows(workbook.getWorksheet('Work Orders') as ExcelJS.Worksheet);
    expect(orders).toHaveLength(1 + 4);
    const bills = sheetRows(workbook.getWorksheet('Bills') as ExcelJS.Worksheet);
    const total = (bills[0] as unknown[]).indexOf('Total');
    const inter = bills.find((row) => row.includes(interState.invoiceNumber));
    expect(inter?.[total]).toBe(2360);

    const zip = await exportOf(scene.admin, 'kind=all&format=zip');
    expect(zip.headers['content-type']).toBe('application/zip');
    const entries = await zipEntries(zip.rawPayload);
    expect([...entries.keys()]).toEqual([
      'customers.csv',
      'leads.csv',
      'items.csv',
      'stock.csv',
      'technicians.csv',
      'work-orders.csv',
      'bills.csv',
      'payments.csv',
      'amc-contracts.csv',
      'dues.csv',
    ]);
    expect(csvRows(entries.get('work-orders.csv') ?? '')).toHaveLength(1 + 4);
    const dues = csvRows(entries.get('dues.csv') ?? '');
    // Owed: the intra-state invoice (500 of 1,180 paid); the cancelled one left the dues.
    expect(dues.slice(1).map((cells) => cells[0])).toEqual([intraState.invoiceNumber]);
    expect(dues[1]?.slice(4, 7)).toEqual(['1180.00', '500.00', '680.00']);
  });

  it('exports that the import reads back: every row found already there, none refused', async () => {
    const sheets = [
      { kind: 'customers', format: 'xlsx', type: CONTENT_XLSX },
      { kind: 'items', format: 'csv', type: 'text/csv' },
    ];
    for (const { kind, format, type } of sheets) {
      // The import matches customers within the branch it brings them into.
      const file = await exportOf(
        scene.admin,
        `kind=${kind}&format=${format}&branchId=${kothrud.branchId}`,
      );
      const preview = await scene.admin.sendForm(
        '/api/imports',
        { kind, branch: kothrud.branchId },
        { name: `back.${format}`, bytes: file.rawPayload, type },
      );
      expect(preview.status, JSON.stringify(preview.body)).toBe(200);
      const answer = (
        preview.body as { data: { errors: unknown[]; toCreate: number; total: number } }
      ).data;
      expect(answer.errors, kind).toEqual([]);
      expect(answer.toCreate, kind).toBe(0);
      expect(answer.total, kind).toBeGreaterThan(0);
    }
  });

  it('refuses a bad kind or format with a 400 and a technician with a 403, changing nothing', async () => {
    const before = await dataDigest(scene.t.db);
    for (const query of [
      'kind=everything&format=csv',
      'kind=customers&format=pdf',
      'kind=customers&format=zip',
      'kind=all&format=csv',
      'kind=customers',
      'format=csv',
      'kind=customers&format=csv&branchId=not-a-branch',
    ]) {
      const response = await exportOf(scene.admin, query);
      expect(response.statusCode, query).toBe(400);
      expect(JSON.parse(response.body).success).toBe(false);
    }
    expect((await exportOf(kothrud.technician, 'kind=customers&format=csv')).statusCode).toBe(403);
    expect(
      (await scene.t.app.inject({ url: '/api/export?kind=customers&format=csv' })).statusCode,
    ).toBe(401);
    expect(await dataDigest(scene.t.db)).toEqual(before);
  });
});

describe('GET /api/export-tally', () => {
  const parser = new XMLParser({
    ignoreAttributes: false,
    isArray: (name) => ['TALLYMESSAGE', 'ALLLEDGERENTRIES.LIST'].includes(name),
    parseTagValue: false,
  });

  type Voucher = {
    '@_VCHTYPE': string;
    VOUCHERNUMBER: string;
    ISCANCELLED?: string;
    PARTYLEDGERNAME: string;
    'ALLLEDGERENTRIES.LIST'?: Array<{ LEDGERNAME: string; AMOUNT: string }>;
  };

  async function vouchersOf(as: Client, query: string) {
    const response = await as.get(`/api/export-tally?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const document = parser.parse(response.body);
    const messages = document.ENVELOPE.BODY.IMPORTDATA.REQUESTDATA.TALLYMESSAGE as Array<{
      VOUCHER?: Voucher;
      LEDGER?: { '@_NAME': string };
    }>;
    expect(document.ENVELOPE.HEADER.TALLYREQUEST).toBe('Import Data');
    expect(document.ENVELOPE.BODY.IMPORTDATA.REQUESTDESC.REPORTNAME).toBe('Vouchers');
    return {
      response,
      vouchers: messages.flatMap((message) => (message.VOUCHER ? [message.VOUCHER] : [])),
      ledgers: messages.flatMap((message) => (message.LEDGER ? [message.LEDGER['@_NAME']] : [])),
    };
  }

  const paiseOf = (amount: string) => Math.round(Number(amount) * 100);

  it("writes the month's invoices, receipts and credit note; every voucher balances and each sale equals its invoice", async () => {
    const { response, vouchers, ledgers } = await vouchersOf(
      scene.admin,
      `from=${indiaDaysAgo(30)}&to=${today}`,
    );
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="karya-tally-${indiaDaysAgo(30)}-to-${today}.xml"`,
    );
    for (const voucher of vouchers) {
      const amounts = (voucher['ALLLEDGERENTRIES.LIST'] ?? []).map((entry) =>
        paiseOf(entry.AMOUNT),
      );
      expect(
        amounts.reduce((sum, paise) => sum + paise, 0),
        voucher.VOUCHERNUMBER,
      ).toBe(0);
    }
    const sales = vouchers.filter((voucher) => voucher['@_VCHTYPE'] === 'Sales');
    expect(sales.map((voucher) => voucher.VOUCHERNUMBER).sort()).toEqual(
      [intraState, interState, cancelled, bannerBill].map((bill) => bill.invoiceNumber).sort(),
    );
    const inter = sales.find((voucher) => voucher.VOUCHERNUMBER === interState.invoiceNumber);
    const entries = inter?.['ALLLEDGERENTRIES.LIST'] ?? [];
    expect(entries.map((entry) => [entry.LEDGERNAME, entry.AMOUNT])).toEqual([
      ['Bengaluru Traders', '-2360.00'],
      ['Sales @ 18%', '2000.00'],
      ['IGST', '360.00'],
    ]);
    const intra = sales.find((voucher) => voucher.VOUCHERNUMBER === intraState.invoiceNumber);
    expect(intra?.['ALLLEDGERENTRIES.LIST']?.map((entry) => entry.LEDGERNAME)).toEqual([
      'Meera Joshi',
      'Sales @ 18%',
      'CGST',
      'SGST',
    ]);
    // The cancelled Tax Invoice stands as issued and its credit note takes it back.
    const note = vouchers.find((voucher) => voucher['@_VCHTYPE'] === 'Credit Note');
    expect(note?.PARTYLEDGERNAME).toBe('Wrong Party');
    expect(note?.['ALLLEDGERENTRIES.LIST']?.[0]?.AMOUNT).toBe('1180.00');
    const receipts = vouchers.filter((voucher) => voucher['@_VCHTYPE'] === 'Receipt');
    expect(receipts.map((voucher) => voucher['ALLLEDGERENTRIES.LIST']?.[0]?.LEDGERNAME)).toEqual([
      'Cash in hand',
      'Cash in hand',
      'Cash in hand',
    ]);
    expect(ledgers).toEqual(
      expect.arrayContaining(['Meera Joshi', 'Bengaluru Traders', 'Wrong Party']),
    );
  });

  it("gives a manager their branch's vouchers only", async () => {
    const { vouchers } = await vouchersOf(baner.manager, `from=${today}&to=${today}`);
    expect(vouchers.map((voucher) => voucher.VOUCHERNUMBER)).toEqual([
      bannerBill.invoiceNumber,
      expect.any(String),
    ]);
  });

  it('refuses a bad or over-long range with a 400 and a technician with a 403', async () => {
    for (const query of [
      'from=2026-02-30&to=2026-03-01',
      'from=2026-03-01&to=2026-02-01',
      'from=2025-01-01&to=2026-01-02',
      'from=yesterday&to=today',
      'to=2026-01-01',
    ]) {
      const response = await scene.admin.get(`/api/export-tally?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
    expect(
      (await scene.admin.get('/api/export-tally?from=2025-01-01&to=2026-01-01')).statusCode,
    ).toBe(200);
    expect(
      (await kothrud.technician.get(`/api/export-tally?from=${today}&to=${today}`)).statusCode,
    ).toBe(403);
  });
});
