import { readFile } from 'node:fs/promises';
import { createItem, unique, uniquePhone, uniqueSerials } from '@karya/test-factories';
import { type Download, expect, type Page, test } from '@playwright/test';
import { ADMIN, adminApi, seedPerson } from '../support/api';
import { signIn } from '../support/login';
import { expectReachableWithoutSidewaysScroll } from '../support/phone-width';
import { shot } from '../support/shots';

/*
 * Issue 36, moving in: the admin downloads the customers template, uploads a file with errors
 * and a column Karya does not know, matches that column, reads the errors in the preview,
 * downloads the error rows, fixes them and uploads again, imports and watches the bar reach
 * done (a reload finds it again), then finds the customers in the contact book — and takes
 * them out again with the Customers list's Download. Then the godown's serialised cameras come
 * in as opening stock, one row a serial, and are in the branch's inventory.
 */

const DESK = { width: 1366, height: 900 } as const;
const PHONE = { width: 360, height: 780 } as const;

interface Customer {
  name: string;
  phone: string;
  email: string;
}

/** A CSV as Excel saves one: a byte-order mark, CRLF lines, quotes where a comma is. */
function csvOf(header: readonly string[], rows: ReadonlyArray<readonly string[]>): Buffer {
  const cell = (value: string) =>
    /[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
  const lines = [header, ...rows].map((row) => row.map(cell).join(','));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

const HEADER = ['Customer Name', 'Mobile', 'Email', 'Address', 'Referred by'] as const;
const rowOf = (customer: Customer) => [
  customer.name,
  customer.phone,
  customer.email,
  'Shop 4, Laxmi Road, Pune',
  'Walk-in',
];

async function textOf(download: Download): Promise<string> {
  const path = await download.path();
  return readFile(path, 'utf8');
}

async function uploadFile(page: Page, name: string, bytes: Buffer) {
  await page
    .getByLabel('choose a file')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: bytes });
}

test('the admin imports customers from a file with errors, fixes them, and finds them in the contact book and its download', async ({
  page,
  baseURL,
}) => {
  const { branch } = await seedPerson(baseURL as string, 'manager');
  const tag = unique('Imp');
  // Named for this run: every run's imports are in the one history an admin reads.
  const files = {
    broken: `${tag}-old-customers.csv`,
    fixed: `${tag}-old-customers-fixed.csv`,
    stock: `${tag}-godown-stock.csv`,
  };
  const customers = Array.from({ length: 6 }, (_, index) => ({
    name: `${tag} Customer ${index + 1}`,
    phone: uniquePhone(),
    email: `c${index + 1}.${tag.toLowerCase()}@example.in`,
  }));
  const [, , third, , fifth] = customers as [Customer, Customer, Customer, Customer, Customer];
  // Row 4 of the sheet (the third customer) has a short phone; row 6 has no name.
  const broken = customers.map(rowOf);
  broken[2] = [third.name, '98765', third.email, 'Kothrud, Pune', ''];
  broken[4] = ['', fifth.phone, fifth.email, 'Baner, Pune', ''];

  await page.setViewportSize(DESK);
  await signIn(page, ADMIN.username, ADMIN.password);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Import' })
    .click();
  await expect(page.getByRole('heading', { name: 'Import', level: 1 })).toBeVisible();

  await test.step('choose Customers and the branch, and download the template', async () => {
    await page.getByRole('radio', { name: /^Customers/ }).check();
    await page.getByLabel('Branch*').selectOption({ label: branch.name });
    const [template] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download template' }).click(),
    ]);
    expect(template.suggestedFilename()).toMatch(/customers.*\.xlsx$/i);
    const bytes = await readFile(await template.path());
    // An .xlsx is a zip: it starts with PK.
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    await shot(page, 'imports-1-choose');
  });

  await test.step('a file with errors and an unknown column: match it, then read the errors', async () => {
    await uploadFile(page, files.broken, csvOf(HEADER, broken));
    const mapping = page.getByRole('region', { name: 'Match the columns' });
    await expect(mapping.getByText('“Referred by”', { exact: true })).toBeVisible();
    await shot(page, 'imports-2-mapping');
    await mapping
      .getByLabel('Column for “Referred by”')
      .selectOption({ label: 'Ignore this column' });
    await mapping.getByRole('button', { name: 'Preview again' }).click();

    const preview = page.getByRole('region', { name: 'Preview' });
    await expect(
      preview.getByRole('heading', { name: `Preview of ${files.broken}` }),
    ).toBeVisible();
    await expect(preview.getByText('2 rows with errors will be skipped')).toBeVisible();
    const errors = preview.getByRole('table', { name: 'Rows with errors' });
    // Each row says where (the sheet's row and the column) and the add-customer form's message.
    await expect(errors.getByRole('row', { name: /^4 Phone Phone number must/ })).toBeVisible();
    await expect(errors.getByRole('row', { name: /^6 Name \S/ })).toBeVisible();
    await expect(preview.getByRole('button', { name: 'Import 4 rows' })).toBeEnabled();
    await shot(page, 'imports-3-preview-errors');

    const [errorRows] = await Promise.all([
      page.waitForEvent('download'),
      preview.getByRole('link', { name: 'Download error rows' }).click(),
    ]);
    const text = await textOf(errorRows);
    expect(text).toContain(third.name);
    expect(text).toContain(fifth.email);
    expect(text).not.toContain(`${tag} Customer 1,`);
  });

  await test.step('the fixed file previews clean, is imported, and the bar reaches done', async () => {
    await page.getByRole('button', { name: 'Choose another file' }).click();
    await uploadFile(page, files.fixed, csvOf(HEADER, customers.map(rowOf)));
    await page
      .getByRole('region', { name: 'Match the columns' })
      .getByLabel('Column for “Referred by”')
      .selectOption({ label: 'Ignore this column' });
    await page.getByRole('button', { name: 'Preview again' }).click();
    const preview = page.getByRole('region', { name: 'Preview' });
    await expect(preview.getByText('Every row is valid.')).toBeVisible();
    await preview.getByRole('button', { name: 'Import 6 rows' }).click();

    await expect(page).toHaveURL(/\/import\/[^/]+$/);
    const result = page.getByRole('region', { name: 'Import result' });
    await expect(
      result.or(page.getByRole('progressbar', { name: 'Importing customers' })),
    ).toBeVisible();
    await expect(result.getByRole('heading', { name: /Import complete/ })).toBeVisible();
    await expect(result.getByText('Created', { exact: true }).locator('xpath=../..')).toContainText(
      '6',
    );
    // The import lives at its address: a reload finds it, done.
    await page.reload();
    await expect(result.getByRole('heading', { name: /Import complete/ })).toBeVisible();
    const past = page.getByRole('table', { name: 'Past imports' });
    await expect(past.getByRole('row').filter({ hasText: files.fixed })).toContainText('Done');
    await shot(page, 'imports-4-done');
  });

  await test.step('the customers are in the contact book', async () => {
    await page.getByRole('link', { name: 'Open Customers' }).click();
    await expect(page.getByRole('heading', { name: 'Lead & Customer Management' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search contacts' }).fill(third.phone);
    await expect(
      page.getByRole('table', { name: 'Leads and customers' }).getByRole('row').filter({
        hasText: third.name,
      }),
    ).toHaveCount(1);
  });

  await test.step('the Customers list’s Download holds them', async () => {
    await page.getByLabel('Branch').selectOption({ label: branch.name });
    await page.getByRole('button', { name: 'Download' }).click();
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Customers · CSV' }).click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/customers.*\.csv$/);
    const text = await textOf(file);
    for (const customer of customers) {
      expect(text).toContain(customer.name);
      expect(text).toContain(customer.phone);
    }
  });

  await test.step('serialised opening stock lands in the branch inventory', async () => {
    const admin = await adminApi(baseURL as string);
    const camera = await createItem(admin, 'serialized-product', { name: unique('Dome camera ') });
    await admin.dispose();
    const serials = uniqueSerials(3, 'CAM');
    await page.goto('/import');
    await page.getByRole('radio', { name: /^Opening stock/ }).check();
    await page.getByLabel('Branch*').selectOption({ label: branch.name });
    await uploadFile(
      page,
      files.stock,
      csvOf(
        ['Item Name', 'Serial No', 'Qty'],
        serials.map((serial) => [camera.name, serial, '1']),
      ),
    );
    const preview = page.getByRole('region', { name: 'Preview' });
    await expect(preview.getByText('Every row is valid.')).toBeVisible();
    await preview.getByRole('button', { name: 'Import 3 rows' }).click();
    const result = page.getByRole('region', { name: 'Import result' });
    await expect(result.getByRole('heading', { name: /Import complete/ })).toBeVisible();
    await result.getByRole('link', { name: 'Open Inventory' }).click();

    await page.getByLabel('Branch', { exact: true }).selectOption({ label: branch.name });
    await page.getByRole('searchbox', { name: 'Search inventory...' }).fill(camera.name);
    const row = page
      .getByRole('table', { name: 'Serialized Products' })
      .getByRole('row')
      .filter({ hasText: camera.name });
    await expect(row.getByRole('cell', { name: '3 Piece', exact: true })).toBeVisible();
    await page.getByRole('button', { name: `Show actions for ${camera.name}` }).click();
    await page.getByRole('button', { name: 'View Details' }).click();
    const details = page.getByRole('dialog', { name: camera.name });
    for (const serial of serials) await expect(details).toContainText(serial);
    await shot(page, 'imports-6-opening-stock');
  });

  await test.step('on a phone the import screen fits the width', async () => {
    await page.setViewportSize(PHONE);
    await page.goto('/import');
    await page.getByRole('radio', { name: /^Customers/ }).check();
    await page.getByLabel('Branch*').selectOption({ label: branch.name });
    await expectReachableWithoutSidewaysScroll(page, page.getByText('choose a file'));
    await shot(page, 'imports-5-phone');
    // The same file again: already in Karya now, so the duplicates and their choice show.
    await uploadFile(page, files.broken, csvOf(HEADER, broken));
    const mapping = page.getByRole('region', { name: 'Match the columns' });
    await mapping
      .getByLabel('Column for “Referred by”')
      .selectOption({ label: 'Ignore this column' });
    await shot(page, 'imports-5-phone-mapping');
    await mapping.getByRole('button', { name: 'Preview again' }).click();
    const preview = page.getByRole('region', { name: 'Preview' });
    await expect(preview.getByRole('radio', { name: 'Skip duplicates' })).toBeChecked();
    await expect(preview.getByRole('button', { name: 'Import 0 rows' })).toBeDisabled();
    await preview.getByRole('radio', { name: 'Update existing' }).check();
    await expectReachableWithoutSidewaysScroll(
      page,
      preview.getByRole('button', { name: 'Import 4 rows' }),
    );
    await shot(page, 'imports-5-phone-preview');
  });
});

test('the admin takes everything out from Business Profile: a workbook, a zip of CSVs and last month for Tally', async ({
  page,
}) => {
  await page.setViewportSize(DESK);
  await signIn(page, ADMIN.username, ADMIN.password);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Business Profile' })
    .click();
  const yours = page.getByRole('region', { name: 'Your data' });
  await expect(yours.getByLabel('From', { exact: true })).not.toHaveValue('');

  const download = async (name: string) => {
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      yours.getByRole('link', { name }).click(),
    ]);
    return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
  };
  const workbook = await download('Excel workbook');
  expect(workbook.name).toMatch(/\.xlsx$/);
  expect(workbook.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  const zip = await download('Zip of CSV files');
  expect(zip.name).toMatch(/\.zip$/);
  expect(zip.bytes.subarray(0, 2).toString('latin1')).toBe('PK');

  // Last month by default: the day before this month's first is its end.
  const from = await yours.getByLabel('From', { exact: true }).inputValue();
  const to = await yours.getByLabel('To', { exact: true }).inputValue();
  expect(from.endsWith('-01')).toBe(true);
  expect(from < to).toBe(true);
  const tally = await download('Export to Tally');
  expect(tally.name).toMatch(/\.xml$/);
  expect(tally.bytes.toString('utf8')).toContain('<ENVELOPE>');

  // A range the server would refuse is said before anything is asked for.
  await yours.getByLabel('From', { exact: true }).fill(to);
  await yours.getByLabel('To', { exact: true }).fill(from);
  await expect(yours.getByRole('alert')).toBeVisible();
  await expect(yours.getByRole('link', { name: 'Export to Tally' })).toHaveCount(0);
});
