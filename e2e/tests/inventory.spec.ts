import { readFile } from 'node:fs/promises';
import {
  assignStock,
  createBranchTeam,
  createItem,
  returnStock,
  type SeededUser,
  stockIn,
  unique,
  uniqueSerials,
} from '@karya/test-factories';
import { expect, type Page, test } from '@playwright/test';
import { ADMIN, adminApi, disposeTeam, nameOf } from '../support/api';
import { signIn } from '../support/login';
import { seeNotice } from '../support/notice';
import { shot } from '../support/shots';
import { openAs } from '../support/work-orders';

/** Spec 2 §9: the columns of the transfer history export, in order. */
const CSV_COLUMNS = [
  'Date',
  'Item ID',
  'Item Name',
  'Type',
  'From',
  'To',
  'Quantity',
  'Serial Number',
  'Transferred By',
];

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A transfer's 'from → to' cell, whose arrow is read as 'to'. */
const transfer = (from: string, to: string) =>
  new RegExp(`${escaped(from)}\\s*to\\s*${escaped(to)}`);

/** A new branch with its (active) manager and one technician, and the admin's client. */
async function seedBranchTeam(baseURL: string) {
  const admin = await adminApi(baseURL);
  const team = await createBranchTeam(admin);
  const [technician] = team.technicians;
  return { admin, team, manager: team.manager, technician };
}

/** The local date as the export's filename carries it. */
function todayText(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** RFC 4180 lines into fields: quoted fields may hold commas and doubled quotes. */
function parseCsv(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => {
      const fields: string[] = [];
      let field = '';
      let quoted = false;
      for (let i = 0; i < line.length; i++) {
        const char = line[i];
        if (quoted) {
          if (char === '"' && line[i + 1] === '"') {
            field += '"';
            i++;
          } else if (char === '"') quoted = false;
          else field += char;
        } else if (char === '"') quoted = true;
        else if (char === ',') {
          fields.push(field);
          field = '';
        } else field += char;
      }
      fields.push(field);
      return fields;
    });
}

/** Adds a catalogue item through 'Add New Inventory Item' on /inventory-items. */
async function addCatalogueItem(
  page: Page,
  item: {
    type: 'Serialized Product' | 'Generic Product' | 'Service';
    name: string;
    prices: { mrp?: string; purchase?: string; sale: string };
  },
) {
  await page.getByRole('button', { name: 'Add Inventory' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Inventory Item' });
  await dialog.getByLabel('Item Type', { exact: true }).selectOption({ label: item.type });
  await dialog.getByLabel('Item Name*', { exact: true }).fill(item.name);
  if (item.type === 'Service') {
    await expect(dialog.getByLabel('MRP (₹)*', { exact: true })).toHaveCount(0);
  } else {
    await dialog.getByLabel('MRP (₹)*', { exact: true }).fill(item.prices.mrp ?? '');
    await dialog
      .getByLabel('Purchase Price (₹)*', { exact: true })
      .fill(item.prices.purchase ?? '');
  }
  await dialog.getByLabel('Sale Price (₹)*', { exact: true }).fill(item.prices.sale);
  await dialog.getByRole('button', { name: 'Add Item' }).click();
  await seeNotice(page, 'Item added successfully');
  await expect(dialog).toHaveCount(0);
}

/** Searches the catalogue and returns the one row of that name. */
async function catalogueRow(page: Page, name: string) {
  await page.getByRole('searchbox', { name: 'Search items...' }).fill(name);
  const row = page
    .getByRole('table', { name: 'Inventory items' })
    .getByRole('row')
    .filter({ hasText: name });
  await expect(row).toHaveCount(1);
  return row;
}

/** The row of one item in a /inventory stock table, after searching for it. */
async function branchStockRow(page: Page, table: string, name: string) {
  await page.getByRole('searchbox', { name: 'Search inventory...' }).fill(name);
  const row = page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  return row;
}

async function openAddStock(page: Page, table: string, name: string) {
  await branchStockRow(page, table, name);
  await page.getByRole('button', { name: `Show actions for ${name}` }).click();
  await page.getByRole('button', { name: 'Add Stock' }).click();
  const dialog = page.getByRole('dialog', { name: `Add Stock: ${name}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Finds the technician on /users/technicians and opens one of the row's actions. */
async function technicianAction(page: Page, technician: SeededUser, action: string) {
  await page.goto('/users/technicians');
  await page.getByRole('searchbox', { name: 'Search technicians' }).fill(technician.lastName);
  await expect(
    page.getByRole('table', { name: 'Technicians' }).getByRole('row').filter({
      hasText: technician.username,
    }),
  ).toHaveCount(1);
  await page.getByRole('button', { name: `Show actions for ${nameOf(technician)}` }).click();
  await page.getByRole('button', { name: action }).click();
}

/**
 * The technician dashboard's Inventory tab: reached from the bottom bar where the dashboard
 * has one, otherwise it is on the dashboard itself.
 */
async function openTechnicianInventory(page: Page) {
  await page.goto('/technician-dashboard');
  const barButton = page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('button', { name: /^Inventory/ });
  const totalUnits = page.getByText('Total Units', { exact: true });
  await expect(barButton.or(totalUnits).first()).toBeVisible();
  if (await barButton.isVisible()) await barButton.click();
  await expect(totalUnits).toBeVisible();
}

test.describe('inventory', () => {
  test('stock goes from the catalogue to a branch, to a technician and back, and is traced', async ({
    browser,
    baseURL,
  }) => {
    // Three people over seven screens: one journey, so it gets the time of three tests.
    test.slow();
    const base = baseURL as string;
    const { admin, team, manager, technician } = await seedBranchTeam(base);
    await admin.dispose();
    await disposeTeam(team);
    const serializedName = unique('Camera ');
    const genericName = unique('Cable ');
    const serviceName = unique('Install ');
    const [serial1, serial2, serial3] = uniqueSerials(3, 'CAM') as [string, string, string];
    const technicianName = nameOf(technician);
    const managerName = nameOf(manager);

    await test.step('the admin adds a serialized item, a generic item and a service', async () => {
      const page = await openAs(browser, base, ADMIN, 'desktop');
      await page.goto('/inventory-items');
      await expect(page.getByRole('heading', { name: 'Inventory', exact: true })).toBeVisible();
      await addCatalogueItem(page, {
        type: 'Serialized Product',
        name: serializedName,
        prices: { mrp: '2500', purchase: '1800', sale: '2200' },
      });
      await addCatalogueItem(page, {
        type: 'Generic Product',
        name: genericName,
        prices: { mrp: '40', purchase: '25', sale: '35' },
      });
      await addCatalogueItem(page, { type: 'Service', name: serviceName, prices: { sale: '500' } });

      await expect(await catalogueRow(page, serializedName)).toContainText('Serialized');
      await expect(await catalogueRow(page, genericName)).toContainText('Generic');
      const service = await catalogueRow(page, serviceName);
      await expect(service).toContainText('Service');
      await expect(service.getByRole('cell', { name: 'N/A', exact: true })).toHaveCount(4);
      await page.context().close();
    });

    const managerPage = await openAs(browser, base, manager, 'desktop');

    await test.step('the manager adds 3 serials and 50 units through Add Stock', async () => {
      const page = managerPage;
      await page.goto('/inventory');
      await expect(page.getByRole('heading', { name: 'Inventory', exact: true })).toBeVisible();

      // Serials: Enter checks a serial at once and moves on; the last one is checked after a pause.
      const serials = await openAddStock(page, 'Serialized Products', serializedName);
      await serials.getByLabel('Serial number 1', { exact: true }).fill(serial1);
      await serials.getByLabel('Serial number 1', { exact: true }).press('Enter');
      await serials.getByLabel('Serial number 2', { exact: true }).fill(serial2);
      await serials.getByLabel('Serial number 2', { exact: true }).press('Enter');
      await serials.getByLabel('Remark*', { exact: true }).fill('Invoice PO-1001');
      await serials.getByLabel('Serial number 3', { exact: true }).fill(serial3);
      // At once, while the last serial waits for its check: the button waits for it too.
      await serials
        .getByRole('button', { name: /^(Prepare to Save|Checking serial numbers)/ })
        .click();
      await expect(serials).toContainText(
        'The following 3 entries will be added to the branch stock (3 Piece in total):',
      );
      for (const serial of [serial1, serial2, serial3]) await expect(serials).toContainText(serial);
      await serials.getByRole('button', { name: 'Confirm & Save' }).click();
      await seeNotice(page, 'Stock added successfully');
      await expect(serials).toHaveCount(0);
      await expect(
        (await branchStockRow(page, 'Serialized Products', serializedName)).getByRole('cell', {
          name: '3 Piece',
          exact: true,
        }),
      ).toBeVisible();

      // Units: one entry of 50 with today's date and a remark.
      const units = await openAddStock(page, 'Generic Products', genericName);
      await units.getByLabel('Quantity 1 (Piece)', { exact: true }).fill('50');
      await units.getByLabel('Remark 1', { exact: true }).fill('Opening stock');
      await units.getByRole('button', { name: 'Prepare to Save' }).click();
      await expect(units).toContainText(
        'The following entry will be added to the branch stock (50 Piece in total):',
      );
      await units.getByRole('button', { name: 'Confirm & Save' }).click();
      await seeNotice(page, 'Stock added successfully');
      await expect(units).toHaveCount(0);
      await expect(
        (await branchStockRow(page, 'Generic Products', genericName)).getByRole('cell', {
          name: '50 Piece',
          exact: true,
        }),
      ).toBeVisible();

      // The service is listed, and it carries no stock.
      await page.getByRole('searchbox', { name: 'Search inventory...' }).fill(serviceName);
      await expect(page.getByRole('table', { name: 'Services' })).toContainText(serviceName);
    });

    await test.step('the manager assigns 2 serials from the technicians list', async () => {
      const page = managerPage;
      await technicianAction(page, technician, 'Assign Inventory');
      const dialog = page.getByRole('dialog', { name: 'Assign Inventory' });
      await expect(dialog).toContainText(`To ${technicianName}`);
      const serialField = dialog.getByLabel('Serial Number', { exact: true });
      const selected = dialog.getByRole('region', { name: 'Selected items' });
      for (const serial of [serial1, serial2]) {
        await serialField.fill(serial);
        await serialField.press('Enter');
        await expect(selected).toContainText(`S/N: ${serial}`);
      }
      await expect(selected).toContainText('Selected Items (2)');
      await dialog.getByRole('button', { name: 'Proceed to Verification' }).click();

      const toAssign = dialog.getByRole('table', { name: 'Items to assign' });
      await expect(toAssign.getByRole('row')).toHaveCount(3);
      await expect(toAssign).toContainText(serial1);
      await expect(toAssign).toContainText(serial2);
      await expect(dialog).toContainText(/Total units\s*2(?!\d)/);
      await dialog.getByRole('button', { name: 'Confirm Assignment' }).click();
      await seeNotice(page, 'Inventory assigned successfully');
      await expect(dialog).toHaveCount(0);
    });

    await test.step('the manager assigns 20 units from the inventory page', async () => {
      const page = managerPage;
      await page.goto('/inventory');
      await page.getByRole('button', { name: 'Assign Inventory' }).click();
      const dialog = page.getByRole('dialog', { name: 'Assign Inventory' });
      await dialog
        .getByLabel('Technician', { exact: true })
        .selectOption({ label: `${technicianName} (${technician.username})` });
      await dialog.getByRole('searchbox', { name: 'Search products' }).fill(genericName);
      await dialog.getByRole('button', { name: new RegExp(genericName) }).click();
      await expect(dialog).toContainText('50 Piece available');
      await dialog.getByLabel('Quantity (Piece)', { exact: true }).fill('20');
      // The serial field's Add comes first; the chosen product's Add second.
      await dialog.getByRole('button', { name: 'Add', exact: true }).nth(1).click();
      const selected = dialog.getByRole('region', { name: 'Selected items' });
      await expect(selected.getByLabel(`Quantity of ${genericName}`)).toHaveValue('20');
      await expect(selected).toContainText(`Assigning to ${technicianName}`);
      await dialog.getByRole('button', { name: 'Proceed to Verification' }).click();

      await expect(dialog.getByRole('table', { name: 'Items to assign' })).toContainText(
        '20 Piece',
      );
      await expect(dialog).toContainText(/Total units\s*20(?!\d)/);
      await dialog.getByRole('button', { name: 'Confirm Assignment' }).click();
      await seeNotice(page, `Inventory successfully assigned to ${technicianName}`);
      await expect(dialog).toHaveCount(0);

      await expect(
        (await branchStockRow(page, 'Serialized Products', serializedName)).getByRole('cell', {
          name: '1 Piece',
          exact: true,
        }),
      ).toBeVisible();
      await expect(
        (await branchStockRow(page, 'Generic Products', genericName)).getByRole('cell', {
          name: '30 Piece',
          exact: true,
        }),
      ).toBeVisible();

      // The three tables line up: S.NO, NAME, PRICE and STOCK at the same place and width.
      await page.getByRole('searchbox', { name: 'Search inventory...' }).fill('');
      const place = async (table: string, column: string) => {
        const header = page
          .getByRole('table', { name: table })
          .getByRole('columnheader')
          .filter({ hasText: column });
        const box = await header.boundingBox();
        return box ? [Math.round(box.x), Math.round(box.width)] : null;
      };
      const tables = ['Serialized Products', 'Generic Products', 'Services'];
      for (const column of ['S.NO', 'NAME', 'PRICE', 'STOCK']) {
        const shown = column === 'STOCK' ? tables.slice(0, 2) : tables;
        const places = await Promise.all(shown.map((table) => place(table, column)));
        expect(places[0], `${column} of ${shown[0]}`).not.toBeNull();
        for (const [index, where] of places.entries())
          expect(where, `${column} of ${shown[index]}`).toEqual(places[0]);
      }
    });

    await test.step('the technician sees 22 units and returns 1 serial and 5 units', async () => {
      const page = await openAs(browser, base, technician, 'desktop');
      await openTechnicianInventory(page);
      await expect(page.getByTestId('inventory-total-units')).toHaveText('22 Piece');

      const camera = page.getByRole('button', { name: new RegExp(serializedName) });
      await expect(camera.getByText(/^2 Piece$/)).toBeVisible();
      await camera.click();
      await expect(page.getByText(serial1, { exact: true })).toBeVisible();
      await expect(page.getByText(serial2, { exact: true })).toBeVisible();
      await expect(
        page
          .getByRole('listitem')
          .filter({ hasText: genericName })
          .getByText(/^20 Piece$/),
      ).toBeVisible();
      await expect(page.getByRole('listitem').filter({ hasText: serviceName })).toBeVisible();

      await page.getByRole('button', { name: 'Return Items' }).click();
      const pick = page.getByRole('dialog', { name: 'Return Inventory' });
      await pick.getByRole('checkbox', { name: serial1 }).check();
      await pick.getByLabel(`Quantity of ${genericName} to return`).fill('5');
      await pick.getByRole('button', { name: 'Review Return (6 Piece)' }).click();

      const confirm = page.getByRole('dialog', { name: 'Confirm Return' });
      await expect(confirm).toContainText('Return 6 Piece?');
      await expect(confirm).toContainText(serial1);
      await expect(confirm).not.toContainText(serial2);
      await confirm.getByRole('button', { name: 'Confirm Return' }).click();
      await seeNotice(page, 'Inventory returned successfully');
      await expect(confirm).toHaveCount(0);
      await expect(page.getByTestId('inventory-total-units')).toHaveText('16 Piece');
      await page.context().close();
    });

    await test.step('the manager confirms the return into branch stock', async () => {
      const page = managerPage;
      await page.goto('/returned-inventory');
      const pending = page.getByRole('table', { name: 'Pending Returned Inventory' });
      const row = pending.getByRole('row').filter({ hasText: technician.username });
      await expect(row).toHaveCount(1);
      await page.getByRole('button', { name: `Show items returned by ${technicianName}` }).click();
      const items = page.getByRole('table', { name: `Items returned by ${technicianName}` });
      await expect(items.getByRole('row').filter({ hasText: serial1 })).toHaveCount(1);
      await expect(items.getByRole('row').filter({ hasText: genericName })).toContainText(
        '5 Piece',
      );
      await page.getByRole('button', { name: 'Confirm Return' }).click();
      const dialog = page.getByRole('dialog', { name: 'Confirm Return' });
      await expect(dialog).toContainText(
        `Confirm the return of 6 Piece in 2 item(s) from ${technicianName}?`,
      );
      await dialog.getByRole('button', { name: 'Confirm Return' }).click();
      await seeNotice(page, 'Inventory return confirmed successfully');
      await expect(page.getByText('No pending returns')).toBeVisible();

      await page.goto('/inventory');
      await expect(
        (await branchStockRow(page, 'Serialized Products', serializedName)).getByRole('cell', {
          name: '2 Piece',
          exact: true,
        }),
      ).toBeVisible();
      await expect(
        (await branchStockRow(page, 'Generic Products', genericName)).getByRole('cell', {
          name: '35 Piece',
          exact: true,
        }),
      ).toBeVisible();
    });

    await test.step('the transfer history shows the assignments and the return', async () => {
      const page = managerPage;
      await page.goto('/inventory-transfer-history');
      const history = page.getByRole('table', { name: 'Inventory Transfer History' });
      const rows = history.getByRole('row');
      // 4 stock-ins, 3 assignments, 2 returned lines and their 2 confirmations.
      await expect(page.getByText('11 records')).toBeVisible();
      await expect(rows).toHaveCount(12);
      await expect(rows.filter({ hasText: `S/N: ${serial1}` })).toHaveCount(4);

      const types = page.getByRole('group', { name: 'Transfer type' });
      await types.getByRole('button', { name: 'Assigned to Technicians' }).click();
      await expect(rows).toHaveCount(4);
      await expect(
        rows.filter({ hasText: transfer('Branch Inventory', technicianName) }).filter({
          hasText: `S/N: ${serial2}`,
        }),
      ).toContainText(managerName);
      await expect(rows.filter({ hasText: genericName })).toContainText('20 Piece');

      await types.getByRole('button', { name: 'Returned from Technicians' }).click();
      await expect(rows).toHaveCount(3);
      const returned = rows.filter({
        hasText: transfer(technicianName, `Pending Return (${technicianName})`),
      });
      await expect(returned).toHaveCount(2);
      await expect(returned.filter({ hasText: genericName })).toContainText('5 Piece');
      await expect(returned.filter({ hasText: `S/N: ${serial1}` })).toHaveCount(1);
      await types.getByRole('button', { name: 'All Transfers' }).click();
      await expect(rows).toHaveCount(12);
    });

    await test.step('the CSV export downloads with the spec columns and these serials', async () => {
      const page = managerPage;
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(`inventory-transfer-history-${todayText()}.csv`);
      const [header, ...records] = parseCsv(await readFile(await download.path(), 'utf8'));
      expect(header).toEqual(CSV_COLUMNS);
      expect(records).toHaveLength(11);
      const byColumn = records.map((fields) =>
        Object.fromEntries(CSV_COLUMNS.map((column, index) => [column, fields[index]])),
      );
      const ofSerial = (serial: string) => byColumn.filter((r) => r['Serial Number'] === serial);
      expect(ofSerial(serial1)).toHaveLength(4);
      expect(ofSerial(serial2)).toHaveLength(2);
      expect(ofSerial(serial3)).toHaveLength(1);
      expect(ofSerial(serial2)).toContainEqual(
        expect.objectContaining({
          'Item Name': serializedName,
          From: 'Branch Inventory',
          To: technicianName,
          Quantity: '1',
          'Transferred By': managerName,
        }),
      );
      expect(byColumn).toContainEqual(
        expect.objectContaining({
          'Item Name': genericName,
          From: technicianName,
          To: `Pending Return (${technicianName})`,
          Quantity: '5',
          'Serial Number': '',
          'Transferred By': technicianName,
        }),
      );
      await managerPage.context().close();
    });
  });

  test('an item with stock cannot be deleted from the catalogue; one without can', async ({
    page,
    baseURL,
  }) => {
    const base = baseURL as string;
    const { admin, team } = await seedBranchTeam(base);
    const stocked = await createItem(admin, 'generic-product', { name: unique('Clamp ') });
    const unused = await createItem(admin, 'generic-product', { name: unique('Bracket ') });
    await admin.dispose();
    await stockIn(team.manager.api, stocked._id, { quantity: 5 });
    await disposeTeam(team);

    await signIn(page, ADMIN.username, ADMIN.password);
    await page.goto('/inventory-items');
    await expect(
      (await catalogueRow(page, stocked.name)).getByRole('cell', { name: '5 Piece', exact: true }),
    ).toBeVisible();
    await page.getByRole('button', { name: `Show actions for ${stocked.name}` }).click();
    await page.getByRole('button', { name: 'Delete Item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Item' });
    await expect(dialog).toContainText(
      `are you sure you want to delete the item "${stocked.name}"?`,
    );
    await dialog.getByRole('button', { name: 'Yes, Delete' }).click();
    await seeNotice(page, 'Item cannot be deleted because it has stock.');
    await expect(await catalogueRow(page, stocked.name)).toBeVisible();

    await catalogueRow(page, unused.name);
    await page.getByRole('button', { name: `Show actions for ${unused.name}` }).click();
    await page.getByRole('button', { name: 'Delete Item' }).click();
    await dialog.getByRole('button', { name: 'Yes, Delete' }).click();
    await seeNotice(page, 'Item deleted successfully');
    await expect(page.getByText('No inventory items found')).toBeVisible();
  });

  test('Add Stock refuses a serial number that another item already has', async ({
    page,
    baseURL,
  }) => {
    const base = baseURL as string;
    const { admin, team, manager } = await seedBranchTeam(base);
    const first = await createItem(admin, 'serialized-product', { name: unique('Router ') });
    const second = await createItem(admin, 'serialized-product', { name: unique('Switch ') });
    await admin.dispose();
    const [taken, fresh] = uniqueSerials(2, 'RTR') as [string, string];
    await stockIn(manager.api, first._id, { serials: [taken] });
    await disposeTeam(team);

    await signIn(page, manager.username, manager.password);
    await page.goto('/inventory');
    const dialog = await openAddStock(page, 'Serialized Products', second.name);
    await dialog.getByLabel('Serial number 1', { exact: true }).fill(taken);
    await expect(
      dialog.getByText(`Serial number already exists for item: ${first.name}`),
    ).toBeVisible();
    await expect(dialog.getByLabel('Serial number 1', { exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await dialog.getByLabel('Remark*', { exact: true }).fill('Invoice PO-2002');
    await dialog.getByRole('button', { name: 'Prepare to Save' }).click();
    await expect(dialog.getByText('No valid serial numbers to save')).toBeVisible();

    // A second, new serial is saved; the taken one is left out and said so.
    await dialog.getByRole('button', { name: 'Add Serial' }).click();
    await dialog.getByLabel('Serial number 2', { exact: true }).fill(fresh);
    await expect(dialog.getByText('Serial number is valid')).toBeVisible();
    await dialog.getByRole('button', { name: 'Prepare to Save' }).click();
    await expect(dialog).toContainText('1 serial number is not valid and will not be saved.');
    await dialog.getByRole('button', { name: 'Confirm & Save' }).click();
    await seeNotice(page, 'Stock added successfully');
    await expect(
      (await branchStockRow(page, 'Serialized Products', second.name)).getByRole('cell', {
        name: '1 Piece',
        exact: true,
      }),
    ).toBeVisible();
  });

  test('a manager views a technician inventory history: current stock, assigned, returned', async ({
    page,
    browser,
    baseURL,
  }) => {
    const base = baseURL as string;
    const { admin, team, manager, technician } = await seedBranchTeam(base);
    const camera = await createItem(admin, 'serialized-product', { name: unique('Camera ') });
    // Cable is sold by the metre: its metres are never added to the camera's pieces.
    const cable = await createItem(admin, 'generic-product', {
      name: unique('Cable '),
      unit: 'Meter',
    });
    await admin.dispose();
    const [kept, handedBack] = uniqueSerials(2, 'HIS') as [string, string];
    await stockIn(manager.api, camera._id, { serials: [kept, handedBack] });
    await stockIn(manager.api, cable._id, { quantity: 30 });
    await assignStock(manager.api, technician.id, camera._id, { serials: [kept, handedBack] });
    await assignStock(manager.api, technician.id, cable._id, { quantity: 10 });
    await returnStock(technician.api, camera._id, { serials: [handedBack] });
    await disposeTeam(team);

    await signIn(page, manager.username, manager.password);
    await technicianAction(page, technician, 'View Inventory');
    const dialog = page.getByRole('dialog', { name: 'Technician Inventory History' });
    await expect(dialog).toContainText(nameOf(technician));
    const tabs = dialog.getByRole('tablist', { name: 'Technician Inventory History' });

    await expect(tabs.getByRole('tab', { name: 'Current Stock' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const current = dialog.getByRole('tabpanel', { name: 'Current Stock' });
    await expect(current).toContainText(/Item types\s*2(?!\d)/);
    await expect(current).toContainText(/Total units\s*10 Meter · 1 Piece/);
    await expect(current.getByRole('listitem').filter({ hasText: camera.name })).toContainText(
      `S/N: ${kept}`,
    );
    await expect(current.getByRole('listitem').filter({ hasText: cable.name })).toContainText(
      '10 Meter',
    );

    await tabs.getByRole('tab', { name: 'Assigned' }).click();
    const assigned = dialog.getByRole('table', { name: 'Assigned' }).getByRole('row');
    await expect(assigned).toHaveCount(4);
    await expect(assigned.filter({ hasText: `S/N: ${handedBack}` })).toContainText(
      transfer('Branch Inventory', nameOf(technician)),
    );
    await expect(assigned.filter({ hasText: cable.name })).toContainText('10 Meter');

    await tabs.getByRole('tab', { name: 'Returned' }).click();
    const returned = dialog.getByRole('table', { name: 'Returned' }).getByRole('row');
    await expect(returned).toHaveCount(2);
    await expect(returned.filter({ hasText: `S/N: ${handedBack}` })).toContainText(
      transfer(nameOf(technician), `Pending Return (${nameOf(technician)})`),
    );

    // The technician's own phone counts the same way, in the dark theme too (issue 15 §5, §9, §12).
    const phone = await openAs(browser, base, technician, 'phone');
    await phone.goto('/technician-dashboard');
    const bar = phone.getByRole('navigation', { name: 'Dashboard' });
    await expect(bar.getByRole('button', { name: 'Inventory, 2 items' })).toBeVisible();
    await expect(phone.getByTestId('bottom-bar-inventory-units')).toHaveText('2');
    await expect(
      phone.getByRole('button', { name: /^2\s*Inventory Items\s*10 Meter · 1 Piece$/ }),
    ).toBeVisible();
    await phone.getByRole('button', { name: 'Switch to dark theme' }).click();
    await bar.getByRole('button', { name: /^Inventory/ }).click();
    await expect(phone.getByTestId('inventory-total-units')).toHaveText('10 Meter · 1 Piece');
    await expect(phone.getByTestId('inventory-item-count')).toHaveText('2 items');
    // Dark theme: the tab's cards are dark like every other tab's, not white on black.
    const totals = phone
      .getByTestId('inventory-total-units')
      .locator('xpath=ancestor::div[contains(@class,"rounded-xl")][1]');
    await expect(totals).not.toHaveCSS('background-color', 'rgb(255, 255, 255)');

    const chips = phone.getByRole('group', { name: 'Filter by type' });
    await expect(chips.getByRole('button', { name: 'All' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(phone.getByRole('listitem').filter({ hasText: cable.name })).toContainText(
      '10 Meter',
    );
    await chips.getByRole('button', { name: 'Serialized' }).click();
    await expect(phone.getByRole('listitem').filter({ hasText: cable.name })).toHaveCount(0);
    await expect(phone.getByRole('button', { name: new RegExp(camera.name) })).toBeVisible();
    await chips.getByRole('button', { name: 'All' }).click();
    const search = phone.getByRole('searchbox', { name: 'Search inventory' });
    await search.fill(cable.name.toLowerCase());
    await expect(phone.getByRole('listitem').filter({ hasText: cable.name })).toBeVisible();
    await expect(phone.getByRole('button', { name: new RegExp(camera.name) })).toHaveCount(0);
    await search.fill('no such thing');
    await expect(phone.getByText('No items match "no such thing"')).toBeVisible();
    await search.fill('');
    await expect(phone.getByRole('button', { name: new RegExp(camera.name) })).toBeVisible();
    await phone.screenshot({ path: test.info().outputPath('technician-inventory-dark.png') });

    // Metres and a camera handed back: each in its own unit, never '5 units' (issue 39 item 5).
    await phone.getByRole('button', { name: 'Return Items' }).click();
    const pick = phone.getByRole('dialog', { name: 'Return Inventory' });
    await pick.getByRole('checkbox', { name: kept }).check();
    await pick.getByLabel(`Quantity of ${cable.name} to return`).fill('4');
    await pick.getByRole('button', { name: 'Review Return (4 Meter · 1 Piece)' }).click();
    const confirm = phone.getByRole('dialog', { name: 'Confirm Return' });
    await expect(confirm).toContainText('Return 4 Meter · 1 Piece?');
    await expect(confirm.getByRole('listitem').filter({ hasText: cable.name })).toContainText(
      '4 Meter',
    );
    await shot(phone, 'technician-return-confirm-360');
    await confirm.getByRole('button', { name: 'Confirm Return' }).click();
    await seeNotice(phone, 'Inventory returned successfully');
    await expect(phone.getByTestId('inventory-total-units')).toHaveText('6 Meter');
    // The home tile and the badge count kinds of item, whatever the units: 1, with '6 Meter'.
    await bar.getByRole('button', { name: 'Home' }).click();
    await expect(
      phone.getByRole('button', { name: /^1\s*Inventory Items\s*6 Meter$/ }),
    ).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Inventory, 1 item: 6 Meter' })).toBeVisible();
    await expect(phone.getByTestId('bottom-bar-inventory-units')).toHaveText('1');
    await shot(phone, 'technician-home-360');
    await phone.context().close();

    // The manager reads the pending return per unit: not a 'Total Quantity' of 6.
    await page.goto('/returned-inventory');
    const pending = page
      .getByRole('table', { name: 'Pending Returned Inventory' })
      .getByRole('row')
      .filter({ hasText: nameOf(technician) });
    await expect(pending).toContainText('4 Meter · 2 Piece');
    await pending.click();
    await page.getByRole('button', { name: 'Confirm Return' }).click();
    await expect(page.getByRole('dialog', { name: 'Confirm Return' })).toContainText(
      'Confirm the return of 4 Meter · 2 Piece',
    );
    await shot(page, 'manager-returned-inventory');
  });

  test('a technician without stock is told no inventory is assigned yet', async ({
    page,
    baseURL,
  }) => {
    const { admin, team, technician } = await seedBranchTeam(baseURL as string);
    await admin.dispose();
    await disposeTeam(team);

    await signIn(page, technician.username, technician.password);
    await openTechnicianInventory(page);
    await expect(page.getByTestId('inventory-total-units')).toHaveText('0');
    await expect(page.getByText('No inventory items assigned yet')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Return Items' })).toBeDisabled();
  });
});
