import { CONTACT_MESSAGES } from '@karya/domain/contact-schemas';
import { IMPORT_MESSAGES as M } from '@karya/domain/import-schemas';
import { INVOICE_MESSAGES } from '@karya/domain/invoice-schemas';
import { USER_MESSAGES } from '@karya/domain/user-schemas';
import { and, count, countDistinct, eq, isNull, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importRows, imports } from '../../src/db/imports-schema';
import { customers, inventoryItems, leads, users } from '../../src/db/schema';
import { importWorkerOf } from '../../src/modules/imports';
import { ImportWorker } from '../../src/modules/imports/import-worker';
import { createBranch, createUser } from '../helpers/factories';
import { multipartForm } from '../helpers/http';
import { ADMIN, createTestApp, loginAs, type TestApp } from '../helpers/test-app';

/*
 * Imports (issue 36) through the API on a real database: the preview writes only the import,
 * the commit is written by the worker in batches (drained here instead of waiting for a poll),
 * a second commit of the same file finds every row, and a worker that dies halfway leaves the
 * rest to the next one, each row landing once.
 */

let t: TestApp;
let admin: string;
let manager: string;
let technician: string;
let branchA: string;
let branchB: string;

beforeAll(async () => {
  t = await createTestApp({ IMPORT_POLL_MS: '0' });
  admin = await loginAs(t.app, ADMIN.username, ADMIN.password);
  branchA = (await createBranch(t.db, { name: 'Kothrud' })).id;
  branchB = (await createBranch(t.db, { name: 'Baner' })).id;
  const m = await createUser(t.db, 'manager', { branchId: branchA });
  manager = await loginAs(t.app, m.username, m.password);
  const tech = await createUser(t.db, 'technician', { branchId: branchA });
  technician = await loginAs(t.app, tech.username, tech.password);
}, 60_000);
afterAll(() => t.close());

const CSV = 'text/csv';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function upload(
  cookie: string,
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer; type?: string },
) {
  const form = multipartForm(
    fields,
    file ? { name: file.name, bytes: file.bytes, type: file.type ?? CSV } : undefined,
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/imports',
    payload: form.payload,
    headers: { ...form.headers, cookie },
  });
}

const get = (cookie: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie } });
const commit = (cookie: string, id: string, onDuplicate: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/imports/${id}/commit`,
    payload: { onDuplicate },
    headers: { cookie },
  });

async function drain() {
  const worker = importWorkerOf(t.db);
  if (!worker) throw new Error('the app has an import worker');
  return worker.drain();
}

const csv = (rows: (string | number)[][]) =>
  Buffer.from(
    `\uFEFF${rows.map((row) => row.map((cell) => `"${String(cell).replace(/"/g, '""')}"`).join(',')).join('\r\n')}\r\n`,
  );

async function tableCount(table: typeof customers | typeof imports | typeof leads) {
  const [row] = await t.db.select({ n: count() }).from(table);
  return Number(row?.n ?? 0);
}

const phoneOf = (n: number) => `98${String(10_000_000 + n).slice(-8)}`;

/** 1,000 customers: rows 14, 200 and 501 wrong; row 300 repeats row 3's phone; row 800 an existing customer's. */
function thousandCustomers(existingPhone: string) {
  const rows: (string | number)[][] = [['Customer Name', 'Mobile No', 'E-mail', 'Address']];
  for (let n = 2; n <= 1001; n += 1) {
    rows.push([`Customer ${n}`, phoneOf(n), `c${n}@example.com`, `${n} FC Road`]);
  }
  const at = (rowNumber: number) => rows[rowNumber - 1] as (string | number)[];
  at(14)[1] = '12345';
  at(200)[0] = '';
  at(501)[2] = 'not-an-email';
  at(300)[1] = `+91 ${phoneOf(3).slice(0, 5)} ${phoneOf(3).slice(5)}`;
  at(800)[1] = existingPhone;
  return csv(rows);
}

describe('a 1,000-row customer file', () => {
  let previewId = '';
  const existingPhone = '9000000800';

  it('previews exactly its 3 invalid rows and 2 duplicates, and writes no customer', async () => {
    await t.db.insert(customers).values({
      name: 'Already here',
      phoneNumber: existingPhone,
      phoneNormalized: `+91${existingPhone}`,
      phoneNational: existingPhone,
      branchId: branchA,
    });
    const before = await tableCount(customers);
    const response = await upload(
      admin,
      { kind: 'customers', branch: branchA },
      { name: 'old-customers.csv', bytes: thousandCustomers(`0${existingPhone}`) },
    );
    expect(response.statusCode).toBe(200);
    const preview = response.json().data;
    previewId = preview._id;
    expect(preview).toMatchObject({
      kind: 'customers',
      fileName: 'old-customers.csv',
      branch: { _id: branchA, name: 'Kothrud' },
      status: 'previewed',
      total: 1000,
      toCreate: 995,
      toUpdate: 1,
      toSkip: 4,
      duplicates: 2,
      errorRows: 3,
      missingColumns: [],
      unmatched: [],
    });
    expect(preview.errors).toEqual([
      { row: 14, column: 'Phone', message: CONTACT_MESSAGES.phoneTooShort },
      { row: 200, column: 'Name', message: CONTACT_MESSAGES.nameRequired },
      { row: 501, column: 'Email', message: CONTACT_MESSAGES.invalidEmail },
    ]);
    expect(preview.duplicateRows).toEqual([
      { row: 300, column: 'Phone', message: 'Same phone as row 3' },
      { row: 800, column: 'Phone', message: 'A customer with this phone already exists' },
    ]);
    expect(preview.headers.map((h: { column: string }) => h.column)).toEqual([
      'name',
      'phoneNumber',
      'email',
      'address',
    ]);
    expect(preview.sample[0]).toEqual({
      row: 2,
      values: {
        'Customer Name': 'Customer 2',
        'Mobile No': phoneOf(2),
        'E-mail': 'c2@example.com',
        Address: '2 FC Road',
      },
      outcome: 'create',
    });
    expect(await tableCount(customers)).toBe(before);
  });

  it('gives the rows to fix as a CSV with their columns and an Error column', async () => {
    const response = await get(admin, `/api/imports/${previewId}/error-rows`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('old-customers-errors.csv');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toEqual([
      'Customer Name,Mobile No,E-mail,Address,Error',
      `Customer 14,12345,c14@example.com,14 FC Road,Row 14: Phone: ${CONTACT_MESSAGES.phoneTooShort}`,
      `,${phoneOf(200)},c200@example.com,200 FC Road,Row 200: Name: ${CONTACT_MESSAGES.nameRequired}`,
      `Customer 501,${phoneOf(501)},not-an-email,501 FC Road,Row 501: Email: ${CONTACT_MESSAGES.invalidEmail}`,
    ]);
  });

  it('commits the rest in batches: 995 created, the 2 duplicates skipped, the 3 invalid refused', async () => {
    const before = await tableCount(customers);
    const response = await commit(admin, previewId, 'skip');
    expect(response.statusCode).toBe(202);
    expect(response.json().data).toMatchObject({ status: 'committing', done: 0, total: 1000 });
    expect(await drain()).toBe(1);
    const status = (await get(admin, `/api/imports/${previewId}`)).json().data;
    expect(status).toMatchObject({
      status: 'done',
      onDuplicate: 'skip',
      done: 1000,
      total: 1000,
      created: 995,
      updated: 0,
      skipped: 2,
      failed: 3,
      createdBy: { name: expect.any(String) },
    });
    expect(status.finishedAt).not.toBeNull();
    expect(await tableCount(customers)).toBe(before + 995);
    // The imported customer reads as one added on the form.
    const found = await get(admin, `/api/get-all-customers?search=${phoneOf(2)}&branch=${branchA}`);
    expect(found.json().data[0]).toMatchObject({ name: 'Customer 2', email: 'c2@example.com' });
  });

  it('refuses a second commit of the same import', async () => {
    const response = await commit(admin, previewId, 'skip');
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(M.alreadyCommitted);
  });

  it('creates nothing when the same file is imported again', async () => {
    const before = await tableCount(customers);
    const again = await upload(
      admin,
      { kind: 'customers', branch: branchA },
      { name: 'old-customers.csv', bytes: thousandCustomers(`0${existingPhone}`) },
    );
    expect(again.json().data).toMatchObject({ toCreate: 0, toUpdate: 996, duplicates: 997 });
    expect((await commit(admin, again.json().data._id, 'skip')).statusCode).toBe(202);
    await drain();
    const status = (await get(admin, `/api/imports/${again.json().data._id}`)).json().data;
    expect(status).toMatchObject({ status: 'done', created: 0, skipped: 997, failed: 3 });
    expect(await tableCount(customers)).toBe(before);
  });

  it('lists the imports with who, when, the file and its counts', async () => {
    const response = await get(admin, '/api/imports?limit=5');
    expect(response.statusCode).toBe(200);
    expect(Number(response.headers['x-total-count'])).toBeGreaterThanOrEqual(2);
    expect(response.json().data[0]).toMatchObject({
      fileName: 'old-customers.csv',
      kind: 'customers',
      status: 'done',
      created: 0,
    });
  });
});

describe('updating duplicates', () => {
  it('updates the existing customer with the row’s fields when asked to', async () => {
    const phone = '9111100001';
    const preview = await upload(
      admin,
      { kind: 'customers', branch: branchB },
      {
        name: 'first.csv',
        bytes: csv([
          ['Name', 'Phone'],
          ['Meera', phone],
        ]),
      },
    );
    await commit(admin, preview.json().data._id, 'skip');
    await drain();
    const again = await upload(
      admin,
      { kind: 'customers', branch: branchB },
      {
        name: 'second.csv',
        bytes: csv([
          ['Name', 'Phone', 'Address'],
          ['Meera Joshi', `+91-${phone}`, 'Aundh'],
        ]),
      },
    );
    expect(again.json().data).toMatchObject({ toCreate: 0, toUpdate: 1 });
    await commit(admin, again.json().data._id, 'update');
    await drain();
    expect((await get(admin, `/api/imports/${again.json().data._id}`)).json().data).toMatchObject({
      updated: 1,
      created: 0,
    });
    const rows = await t.db
      .select({ name: customers.name, address: customers.address })
      .from(customers)
      .where(eq(customers.phoneNational, phone));
    expect(rows).toEqual([{ name: 'Meera Joshi', address: 'Aundh' }]);
  });
});

describe('who may import what', () => {
  const small = () => ({
    name: 'few.csv',
    bytes: csv([
      ['Name', 'Phone'],
      ['Asha', '9222200001'],
    ]),
  });

  it('a manager imports their own branch’s customers, without naming it', async () => {
    const response = await upload(manager, { kind: 'customers' }, small());
    expect(response.statusCode).toBe(200);
    expect(response.json().data.branch._id).toBe(branchA);
  });

  it('a manager cannot import into another branch, nor the catalogue or technicians; nothing is kept', async () => {
    const before = await tableCount(imports);
    const other = await upload(manager, { kind: 'customers', branch: branchB }, small());
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(M.otherBranch);
    for (const kind of ['items', 'technicians']) {
      const response = await upload(manager, { kind }, small());
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(M.managersOnlyContacts);
    }
    expect((await get(manager, '/api/import-templates/items')).statusCode).toBe(403);
    expect(await tableCount(imports)).toBe(before);
  });

  it('a manager reads only their branch’s imports', async () => {
    const [other] = await t.db
      .select({ id: imports.id })
      .from(imports)
      .where(eq(imports.branchId, branchB))
      .limit(1);
    expect((await get(manager, `/api/imports/${other?.id}`)).statusCode).toBe(404);
    const list = (await get(manager, '/api/imports')).json().data as { branch: { _id: string } }[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((item) => item.branch._id === branchA)).toBe(true);
  });

  it('a technician may not import', async () => {
    expect((await upload(technician, { kind: 'customers' }, small())).statusCode).toBe(403);
  });

  it('an admin must choose the branch, and one that exists', async () => {
    const none = await upload(admin, { kind: 'customers' }, small());
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(M.branchRequired);
    const missing = await upload(
      admin,
      { kind: 'customers', branch: '00000000-0000-4000-8000-000000000000' },
      small(),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(M.branchNotFound);
  });

  // Every kind of IMPORT_KINDS is built now (opening dues last), so only an unknown one is left.
  it('refuses an unknown kind', async () => {
    const unknown = await upload(admin, { kind: 'cats', branch: branchA }, small());
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(M.kindRequired);
  });
});

async function workbook(fill: (sheet: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  fill(book.addWorksheet('Sheet1'));
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('malformed files get a clear 4xx and change nothing', () => {
  const cases: [string, () => Promise<{ name: string; bytes: Buffer }>, number, string][] = [
    [
      'not a spreadsheet',
      async () => ({
        name: 'photo.xlsx',
        bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 0xff]),
      }),
      400,
      M.notSpreadsheet,
    ],
    [
      'a broken workbook',
      async () => ({
        name: 'broken.xlsx',
        bytes: Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(100, 7)]),
      }),
      400,
      M.notSpreadsheet,
    ],
    [
      'an empty CSV',
      async () => ({ name: 'empty.csv', bytes: Buffer.from('') }),
      400,
      M.emptySheet,
    ],
    [
      'a sheet with a header and no rows',
      async () => ({ name: 'header.csv', bytes: Buffer.from('Name,Phone\r\n\r\n') }),
      400,
      M.emptySheet,
    ],
    [
      'an empty workbook sheet',
      async () => ({ name: 'empty.xlsx', bytes: await workbook(() => {}) }),
      400,
      M.emptySheet,
    ],
    [
      'a formula cell',
      async () => ({
        name: 'formula.xlsx',
        bytes: await workbook((sheet) => {
          sheet.addRow(['Name', 'Phone']);
          sheet.addRow(['Asha', '9333300001']);
          sheet.getCell('B3').value = { formula: 'B2+1', result: 9333300002 };
          sheet.getCell('A3').value = 'Ravi';
        }),
      }),
      400,
      M.formulaCell('B3'),
    ],
    [
      '200,000 rows',
      async () => {
        const lines = ['Name,Phone'];
        for (let n = 0; n < 200_000; n += 1) lines.push(`C${n},9${String(n).padStart(9, '0')}`);
        return { name: 'huge.csv', bytes: Buffer.from(lines.join('\n')) };
      },
      400,
      M.tooManyRows,
    ],
    [
      'a 30 MB file',
      async () => ({ name: 'big.csv', bytes: Buffer.alloc(30 * 1024 * 1024, 'a') }),
      413,
      M.tooLarge,
    ],
    [
      'an 11 MB file that says less',
      async () => ({ name: 'big.csv', bytes: Buffer.alloc(10 * 1024 * 1024 + 10, 'a') }),
      400,
      M.tooLarge,
    ],
  ];

  it.each(cases)('%s', async (_what, file, status, message) => {
    const before = [await tableCount(imports), await tableCount(customers)];
    const response = await upload(admin, { kind: 'customers', branch: branchA }, await file());
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ success: false, message });
    expect([await tableCount(imports), await tableCount(customers)]).toEqual(before);
  });

  it('a multipart form without a file, and a JSON body, are 400s', async () => {
    const none = await upload(admin, { kind: 'customers', branch: branchA });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(M.fileRequired);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/imports',
      payload: { kind: 'customers' },
      headers: { cookie: admin },
    });
    expect(json.statusCode).toBe(400);
  });

  it('a mapping that is not a JSON object of header to column is a 400', async () => {
    for (const mapping of ['{', '[1,2]', '{"Naam": 5}', '{"Naam": "shoeSize"}']) {
      const response = await upload(
        admin,
        { kind: 'customers', branch: branchA, mapping },
        {
          name: 'a.csv',
          bytes: csv([
            ['Naam', 'Phone'],
            ['Asha', '9444400001'],
          ]),
        },
      );
      expect(response.statusCode, mapping).toBe(400);
    }
  });

  it('an unknown import id is a 404; a bad onDuplicate a 400', async () => {
    expect((await get(admin, '/api/imports/not-an-id')).statusCode).toBe(404);
    expect((await get(admin, '/api/imports/00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
    expect((await commit(admin, '00000000-0000-4000-8000-000000000000', 'merge')).statusCode).toBe(
      400,
    ); // No body at all says what to send, not zod's 'expected object'.
    const bare = await t.app.inject({
      method: 'POST',
      url: '/api/imports/00000000-0000-4000-8000-000000000000/commit',
      headers: { cookie: admin },
    });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toBe("onDuplicate must be 'skip' or 'update'");
  });
});

describe('workbooks, templates and mapping', () => {
  it('the template downloads with its columns and an example row, and imports as it is', async () => {
    const response = await get(admin, '/api/import-templates/customers');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      'Name',
      'Phone',
      'WhatsApp',
      'Email',
      'Address',
      'Age',
      'State Code',
      'GSTIN',
      'Status',
    ]);
    const preview = await upload(
      admin,
      { kind: 'customers', branch: branchB },
      { name: 'template.xlsx', bytes: response.rawPayload, type: XLSX },
    );
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data).toMatchObject({ total: 1, errorRows: 0 });
  });

  it('numbers a CSV’s rows as Excel shows them: a quoted line break stays in its row', async () => {
    const bytes = Buffer.from(
      'Name,Phone,Address\r\n"Asha","9888800001","12 MG Road,\r\nPune"\r\n\r\nRavi,123,Aundh\r\n',
    );
    const preview = (
      await upload(admin, { kind: 'customers', branch: branchB }, { name: 'lines.csv', bytes })
    ).json().data;
    expect(preview.total).toBe(2);
    expect(preview.errors).toEqual([
      { row: 4, column: 'Phone', message: CONTACT_MESSAGES.phoneTooShort },
    ]);
    expect(preview.sample[0].values.Address).toBe('12 MG Road,\r\nPune');
  });

  it('reads a workbook’s number cells, and takes a header the mapping names', async () => {
    const bytes = await workbook((sheet) => {
      sheet.addRow(['Naam', 'Mobile', 'Pin code']);
      sheet.addRow(['Kiran', 9555500001, 411001]);
    });
    const first = await upload(
      admin,
      { kind: 'customers', branch: branchB },
      { name: 'x.xlsx', bytes, type: XLSX },
    );
    expect(first.json().data).toMatchObject({
      missingColumns: ['Name'],
      errorRows: 1,
      unmatched: [
        { header: 'Naam', candidates: expect.arrayContaining(['name']) },
        { header: 'Pin code', candidates: expect.arrayContaining(['name']) },
      ],
    });
    const mapped = await upload(
      admin,
      {
        kind: 'customers',
        branch: branchB,
        mapping: JSON.stringify({ Naam: 'name', 'Pin code': '' }),
      },
      { name: 'x.xlsx', bytes, type: XLSX },
    );
    expect(mapped.json().data).toMatchObject({ errorRows: 0, toCreate: 1, missingColumns: [] });
  });
});

describe('other kinds', () => {
  it('leads: a phone that is a customer’s is refused with the form’s message', async () => {
    const preview = await upload(
      admin,
      { kind: 'leads', branch: branchA },
      {
        name: 'leads.csv',
        bytes: csv([
          ['Name', 'Phone', 'Status', 'Remarks'],
          ['Old customer', phoneOf(2), 'positive', ''],
          ['New lead', '9666600001', 'Positive', 'Wants 4 cameras'],
        ]),
      },
    );
    expect(preview.json().data.errors).toEqual([
      { row: 2, column: 'Phone', message: CONTACT_MESSAGES.phoneBelongsToCustomer },
    ]);
    await commit(admin, preview.json().data._id, 'skip');
    await drain();
    const [lead] = await t.db
      .select({ status: leads.status, remark: leads.initialRemark })
      .from(leads)
      .where(eq(leads.phoneNational, '9666600001'));
    expect(lead).toEqual({ status: 'positive', remark: 'Wants 4 cameras' });
  });

  it('items: the form’s rules and the GST slabs in force; found again by id or name', async () => {
    const file = {
      name: 'items.xlsx',
      type: XLSX,
      bytes: await workbook((sheet) => {
        sheet.addRow([
          'Item Code',
          'Type',
          'Item Name',
          'MRP',
          'Cost Price',
          'Selling Price',
          'HSN',
          'GST %',
        ]);
        sheet.addRow(['CAM-1', 'serialized-product', 'Dome camera', 2500, 1400, 1999, '8525', 18]);
        sheet.addRow(['', 'service', 'Installation', '', '', 500, '998717', 18]);
        sheet.addRow(['CAM-2', '', 'Bullet camera', 3000, 1800, 2400, '8525', 7]);
        sheet.addRow(['CAM-3', '', 'NVR', '', '', 5000, '', '']);
      }),
    };
    const preview = (await upload(admin, { kind: 'items' }, file)).json().data;
    expect(preview).toMatchObject({ branch: null, toCreate: 2, errorRows: 2 });
    expect(preview.errors).toEqual([
      { row: 4, column: 'GST Rate', message: expect.stringMatching(/^GST rate must be one of/) },
      { row: 5, column: 'MRP', message: 'MRP is required for products' },
    ]);
    expect(preview.errors[0].message).toBe(
      INVOICE_MESSAGES.gstRateNotAllowed(
        preview.errors[0].message.replace('GST rate must be one of ', ''),
      ),
    );
    await commit(admin, preview._id, 'skip');
    await drain();
    const [camera] = await t.db
      .select()
      .from(inventoryItems)
      .where(eq(inventoryItems.code, 'CAM-1'));
    expect(camera).toMatchObject({
      name: 'Dome camera',
      type: 'serialized-product',
      mrpPaise: 250_000,
      purchasePricePaise: 140_000,
      salePricePaise: 199_900,
      hsnSac: '8525',
      gstRateBp: 1800,
    });
    const again = (await upload(admin, { kind: 'items' }, file)).json().data;
    expect(again).toMatchObject({ toCreate: 0, toUpdate: 2 });
  });

  it('technicians: the add-technician form, the password kept only as its hash', async () => {
    const preview = (
      await upload(
        admin,
        { kind: 'technicians', branch: branchA },
        {
          name: 'team.csv',
          bytes: csv([
            ['First Name', 'Last Name', 'Username', 'Email', 'Mobile', 'Password'],
            ['Ravi', 'Patil', 'ravi.import', 'ravi@example.com', '9777700001', 'first-pass-1'],
            ['Sita', 'Rao', 'admin', 'sita@example.com', '', 'another-1'],
            ['Amit', 'Das', 'amit.import', 'amit@example.com', '', '123'],
          ]),
        },
      )
    ).json().data;
    expect(preview.errors).toEqual([
      { row: 3, column: 'Username', message: USER_MESSAGES.usernameExists },
      { row: 4, column: 'Password', message: USER_MESSAGES.passwordTooShort },
    ]);
    expect(JSON.stringify(preview)).not.toContain('first-pass-1');
    const kept = await t.db
      .select({ cells: importRows.cells, input: importRows.input })
      .from(importRows)
      .where(eq(importRows.importId, preview._id));
    expect(JSON.stringify(kept)).not.toContain('first-pass-1');
    await commit(admin, preview._id, 'skip');
    await drain();
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'ravi.import', password: 'first-pass-1' },
    });
    expect(signIn.statusCode).toBe(200);
    const [ravi] = await t.db
      .select({ role: users.role, branchId: users.branchId })
      .from(users)
      .where(eq(users.username, 'ravi.import'));
    expect(ravi).toEqual({ role: 'technician', branchId: branchA });
  });
});

describe('a commit stopped halfway', () => {
  it('resumes from the first row not written when the dead worker’s lease runs out: every row lands once', async () => {
    const rows: (string | number)[][] = [['Name', 'Phone']];
    for (let n = 0; n < 1200; n += 1) rows.push([`Resume ${n}`, `97${String(n).padStart(8, '0')}`]);
    const preview = (
      await upload(
        admin,
        { kind: 'customers', branch: branchB },
        { name: 'resume.csv', bytes: csv(rows) },
      )
    ).json().data;
    expect(preview.toCreate).toBe(1200);
    expect((await commit(admin, preview._id, 'skip')).statusCode).toBe(202);

    // A process that claims it, writes one batch and dies holding the lease.
    const dying = new ImportWorker(t.db, { pollMs: 0, batchSize: 500, leaseMs: 60_000 });
    expect(await dying.runOnce({ maxBatches: 1 })).toBe(true);
    const half = (await get(admin, `/api/imports/${preview._id}`)).json().data;
    expect(half).toMatchObject({ status: 'committing', done: 500, created: 500 });

    // While its lease runs, no other worker takes the import.
    expect(await drain()).toBe(0);
    // The lease runs out (the process is gone); the next worker goes on from row 502.
    await t.db
      .update(imports)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(imports.id, preview._id));
    expect(await drain()).toBe(1);

    const done = (await get(admin, `/api/imports/${preview._id}`)).json().data;
    expect(done).toMatchObject({
      status: 'done',
      done: 1200,
      created: 1200,
      skipped: 0,
      failed: 0,
    });
    const [landed] = await t.db
      .select({ n: count(), phones: countDistinct(customers.phoneNational) })
      .from(customers)
      .where(sql`${customers.name} like 'Resume %'`);
    expect(landed).toEqual({ n: 1200, phones: 1200 });
    const [left] = await t.db
      .select({ n: count() })
      .from(importRows)
      .where(and(eq(importRows.importId, preview._id), isNull(importRows.outcome)));
    expect(left?.n).toBe(0);
    // A lease stolen from a slow worker: its next batch writes nothing.
    expect(await dying.runOnce()).toBe(false);
  });
});
