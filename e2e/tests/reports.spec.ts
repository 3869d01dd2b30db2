import {
  approveOrder,
  billLine,
  completeOrder,
  confirmBill,
  createBill,
  createBranchTeam,
  createItem,
  createStartedOrder,
  type Member,
  type SeededBranch,
  stockIn,
  unique,
  uniquePhone,
} from '@karya/test-factories';
import { expect, type Locator, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ADMIN, type Api, adminApi, answer, nameOf } from '../support/api';
import { rupees } from '../support/billing';
import { rowOf } from '../support/dashboards';
import { pageWidth } from '../support/phone-width';
import { shot } from '../support/shots';
import { openAs } from '../support/work-orders';

/** A valid GSTIN of Maharashtra (27): the branches' invoices are tax invoices. */
const GSTIN = '27AABCK1234F1ZZ';

/*
 * North's sale: an AC service at ₹1,180 (18 % GST inside when the business is GST registered),
 * ₹500 paid in cash on the bill and ₹680 by UPI at the desk afterwards. South's: two of them, ₹2,360,
 * all in cash. North also has 4 copper pipes on its shelf at ₹250 each bought: ₹1,000 at cost.
 */
const NORTH = { invoiced: 1180, cash: 500, upi: 680 } as const;
const SOUTH = { invoiced: 2360 } as const;
const PIPES = { quantity: 4, purchasePrice: 250 } as const;

interface ReportsBranch {
  branch: SeededBranch;
  manager: Member<Api>;
  technician: Member<Api>;
}

interface ReportsScene {
  north: ReportsBranch;
  south: ReportsBranch;
}

/**
 * Two branches of their own, each with a manager and a technician who billed, was paid and
 * completed a job today (North's approved too), and stock on North's shelf: through the same
 * endpoints the screens use.
 */
async function seedReportsScene(baseURL: string): Promise<ReportsScene> {
  const admin = await adminApi(baseURL);
  const branchFields = (name: string) => ({
    name: unique(name),
    gstin: GSTIN,
    stateCode: '27',
    upiVpa: 'reports.shop@okaxis',
    upiName: 'Reports Shop',
  });
  const teamOf = async (name: string, technician: string): Promise<ReportsBranch> => {
    const team = await createBranchTeam(admin, {
      branch: branchFields(name),
      technicians: [{ firstName: technician }],
    });
    return { branch: team.branch, manager: team.manager, technician: team.technicians[0] };
  };
  const north = await teamOf('Report North ', 'Ravi');
  const south = await teamOf('Report South ', 'Sunil');
  const service = await createItem(admin, 'service', {
    name: unique('AC Service '),
    mrp: 1180,
    purchasePrice: 0,
    salePrice: 1180,
    hsnSac: '998739',
    warranty: 'No Warranty',
    gstRate: 18,
    priceIncludesTax: true,
  });
  const pipe = await createItem(admin, 'generic-product', {
    name: unique('Copper Pipe '),
    mrp: 400,
    purchasePrice: PIPES.purchasePrice,
    salePrice: 400,
  });
  await admin.dispose();

  // North: part cash on the bill, the rest by UPI ('online') at the desk; completed, approved.
  const northOrder = await createStartedOrder(north.manager.api, north.technician);
  const northBill = await createBill(north.technician.api, northOrder, [billLine(service)]);
  await confirmBill(north.technician.api, northBill._id, NORTH.cash);
  await answer(
    await north.manager.api.request.post('/api/record-bill-payment', {
      data: {
        billId: northBill._id,
        amount: NORTH.upi,
        paymentMethod: 'online',
        // 12 digits, as a UPI reference is; each run's its own (the server refuses a repeat).
        transactionId: `${uniquePhone()}01`,
      },
    }),
  );
  await completeOrder(north.technician.api, northOrder);
  await approveOrder(north.manager.api, northOrder);
  await stockIn(north.manager.api, pipe.id, { quantity: PIPES.quantity });

  // South: two services, paid in full in cash; sent for approval.
  const southOrder = await createStartedOrder(south.manager.api, south.technician);
  const southBill = await createBill(south.technician.api, southOrder, [
    billLine(service, { quantity: 2 }),
  ]);
  await confirmBill(south.technician.api, southBill._id);
  await completeOrder(south.technician.api, southOrder);
  return { north, south };
}

const tab = (page: Page, name: string) =>
  page.getByRole('tablist', { name: 'Reports' }).getByRole('tab', { name });

/** A report's tab, and its screen drawn (the tab selected) before anything else is touched. */
async function openTab(page: Page, name: string): Promise<void> {
  await tab(page, name).click();
  await expect(tab(page, name)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name })).toBeVisible();
}

/** The report's chart: its picture (role img, named by its summary) and the canvas drawn in it. */
async function expectChartDrawn(page: Page, summary: RegExp): Promise<void> {
  const chart = page.getByRole('img', { name: summary });
  await expect(chart).toBeVisible();
  const canvas = chart.locator('canvas').first();
  await expect(canvas).toBeVisible();
  const box = await canvas.boundingBox();
  expect(box?.width ?? 0, 'the chart has a width').toBeGreaterThan(100);
  expect(box?.height ?? 0, 'the chart has a height').toBeGreaterThan(100);
  const width = page.viewportSize()?.width ?? 0;
  expect((box?.x ?? 0) + (box?.width ?? 0), 'the chart ends on the screen').toBeLessThanOrEqual(
    width,
  );
}

/** The table fits its card or scrolls inside it: the page itself never scrolls sideways. */
async function expectTableInsideCard(page: Page, table: Locator): Promise<void> {
  await expect(table).toBeVisible();
  const width = page.viewportSize()?.width ?? 0;
  expect(await pageWidth(page), 'the page is no wider than the phone').toBeLessThanOrEqual(width);
  const scroller = table.locator('xpath=..');
  const box = await scroller.boundingBox();
  expect((box?.x ?? -1) >= 0, 'the table starts on the screen').toBe(true);
  expect((box?.x ?? 0) + (box?.width ?? 0), 'the table ends on the screen').toBeLessThanOrEqual(
    width,
  );
}

/** Every row of the first sheet of an XLSX as its cells' values. */
async function xlsxRows(path: string): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const sheet = workbook.worksheets[0];
  const rows: unknown[][] = [];
  sheet?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

test.describe('Reports (issue 38)', () => {
  test('the admin opens each report, changes the range and the branch, and downloads the XLSX', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    const base = baseURL ?? '';
    const { north, south } = await seedReportsScene(base);
    const admin = await adminApi(base);
    const page = await openAs(browser, base, ADMIN, 'desktop');

    await test.step("'Reports' opens Sales and collections for this month, every branch", async () => {
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Reports', exact: true })
        .click();
      await expect(page).toHaveURL(/\/reports\/sales/);
      await expect(tab(page, 'Sales and collections')).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByLabel('Range')).toHaveValue('this-month');
      const table = page.getByRole('table', { name: 'Sales and collections' });
      await expect(rowOf(table, north.branch.name)).toHaveCount(1);
      await expect(rowOf(table, south.branch.name)).toHaveCount(1);
      await expectChartDrawn(page, /^Bar chart of invoiced and collected per day/);
    });

    await test.step("North alone, today: the GST register's taxable and GST, cash and UPI to the paisa", async () => {
      await page.getByLabel('Branch').selectOption({ label: north.branch.name });
      await expect(page).toHaveURL(new RegExp(`branch=${north.branch.id}`));
      const table = page.getByRole('table', { name: 'Sales and collections' });
      await expect(rowOf(table, south.branch.name)).toHaveCount(0);
      await page.getByLabel('Range').selectOption('Today');
      await expect(page).toHaveURL(/from=(\d{4}-\d{2}-\d{2})&to=\1/);
      const today = new URL(page.url()).searchParams.get('from') ?? '';
      // Whether the invoice carries GST is the business profile's (GST registered or not),
      // which other journeys set: the report must say what the GST register says, whichever.
      const register = await answer<{
        totals: { taxable: number; igst: number; cgst: number; sgst: number; total: number };
      }>(
        await admin.request.get('/api/gst-sales-register', {
          params: { from: today, to: today, branchId: north.branch.id },
        }),
      );
      expect(register.totals.total).toBe(NORTH.invoiced);
      await expect(rowOf(table, north.branch.name).getByRole('cell')).toHaveText([
        /\d{4}$/,
        north.branch.name,
        rupees(register.totals.taxable),
        rupees(register.totals.igst + register.totals.cgst + register.totals.sgst),
        rupees(NORTH.invoiced),
        rupees(NORTH.cash),
        rupees(NORTH.upi),
        rupees(NORTH.cash + NORTH.upi),
      ]);
      await expect(rowOf(table, 'Total').getByRole('cell').nth(4)).toHaveText(
        rupees(NORTH.invoiced),
      );
    });

    await test.step('a custom range over 366 days is refused before asking, and says why', async () => {
      await page.getByLabel('Range').selectOption('Custom');
      await page.getByLabel('From').fill('2024-01-01');
      await expect(page.getByText('Please choose a range of at most 366 days')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Download XLSX' })).toBeDisabled();
    });

    await test.step('last month has no sales; this month has the sale again', async () => {
      const table = page.getByRole('table', { name: 'Sales and collections' });
      await page.getByLabel('Range').selectOption('Last month');
      await expect(page.getByText('No sales in this range')).toBeVisible();
      await page.getByLabel('Range').selectOption('This month');
      await expect(rowOf(table, north.branch.name).getByRole('cell').nth(4)).toHaveText(
        rupees(NORTH.invoiced),
      );
    });

    await test.step("the XLSX holds the table's figures", async () => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download XLSX' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
      const rows = await xlsxRows(await download.path());
      const northRow = rows.find((row) => row.includes(north.branch.name));
      expect(northRow, JSON.stringify(rows)).toBeDefined();
      expect(northRow).toEqual(expect.arrayContaining([NORTH.invoiced, NORTH.cash, NORTH.upi]));
      expect(rows.some((row) => row.includes(south.branch.name))).toBe(false);
    });

    await test.step('Technician productivity: Ravi completed and was approved once', async () => {
      await openTab(page, 'Technician productivity');
      await expect(page).toHaveURL(
        new RegExp(`/reports/technicians\\?.*branch=${north.branch.id}`),
      );
      const table = page.getByRole('table', { name: 'Technician productivity' });
      const ravi = rowOf(table, nameOf(north.technician));
      await expect(ravi.getByRole('cell').nth(1)).toHaveText('1');
      await expect(ravi.getByRole('cell').nth(2)).toHaveText('1');
      await expect(ravi.getByRole('cell').nth(5)).toHaveText(rupees(NORTH.invoiced));
      await expect(rowOf(table, nameOf(south.technician))).toHaveCount(0);
      await expectChartDrawn(page, /^Bar chart of jobs completed per technician/);
      await page.getByLabel('Branch').selectOption({ label: south.branch.name });
      await expect(rowOf(table, nameOf(south.technician)).getByRole('cell').nth(1)).toHaveText('1');
      await expect(rowOf(table, nameOf(north.technician))).toHaveCount(0);
    });

    await test.step('Work: South opened one order; its backlog by age', async () => {
      await openTab(page, 'Work');
      await expect(page).toHaveURL(/\/reports\/work/);
      const table = page.getByRole('table', { name: 'Work orders by day, type and category' });
      await expect(rowOf(table, 'Total').getByRole('cell').nth(3)).toHaveText('1');
      await expectChartDrawn(page, /^Bar chart of work orders opened and completed per day/);
      await expect(page.getByRole('table', { name: 'Pending orders by age' })).toContainText(
        'Over 30 days',
      );
      // Per month: the same order under this month's name, the backlog unchanged.
      await page.getByRole('button', { name: 'Month', exact: true }).click();
      const months = page.getByRole('table', { name: 'Work orders by month, type and category' });
      await expect(rowOf(months, 'Total').getByRole('cell').nth(3)).toHaveText('1');
      await expectChartDrawn(page, /^Bar chart of work orders opened and completed per month/);
      await expect(page).toHaveURL(/groupBy=month/);
      await shot(page, 'reports-work-month-desk');
    });

    await test.step('Stock: North’s shelf at cost', async () => {
      await openTab(page, 'Stock');
      await page.getByLabel('Branch').selectOption({ label: north.branch.name });
      const table = page.getByRole('table', { name: 'Stock by holder' });
      await expect(
        rowOf(table, north.branch.name).filter({ hasText: 'Branch stock' }).getByRole('cell'),
      ).toHaveText([
        north.branch.name,
        'Branch stock',
        north.branch.name,
        String(PIPES.quantity),
        rupees(PIPES.quantity * PIPES.purchasePrice),
      ]);
      await expectChartDrawn(page, /^Bar chart of stock value at purchase price per holder/);
      await shot(page, 'reports-admin-stock');
    });
    await admin.dispose();
    await page.context().close();
  });

  test("the manager sees only their branch's figures, and at 360 px every chart is drawn and every table stays in its card", async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const base = baseURL ?? '';
    const { north, south } = await seedReportsScene(base);
    const page = await openAs(browser, base, north.manager, 'phone');

    await test.step('Sales and collections: North only, no branch filter', async () => {
      await page.goto('/reports');
      await expect(page).toHaveURL(/\/reports\/sales/);
      const table = page.getByRole('table', { name: 'Sales and collections' });
      await expect(rowOf(table, north.branch.name).getByRole('cell').nth(4)).toHaveText(
        rupees(NORTH.invoiced),
      );
      await expect(page.getByText(south.branch.name)).toHaveCount(0);
      await expect(page.getByText(rupees(SOUTH.invoiced))).toHaveCount(0);
      await expect(page.getByLabel('Branch')).toHaveCount(0);
      await expectChartDrawn(page, /^Bar chart of invoiced and collected/);
      await expectTableInsideCard(page, table);
      await shot(page, 'reports-phone-sales');
    });

    await test.step('Technician productivity', async () => {
      await openTab(page, 'Technician productivity');
      const table = page.getByRole('table', { name: 'Technician productivity' });
      await expect(rowOf(table, nameOf(north.technician))).toHaveCount(1);
      await expect(page.getByText(nameOf(south.technician))).toHaveCount(0);
      await expectChartDrawn(page, /^Bar chart of jobs completed per technician/);
      await expectTableInsideCard(page, table);
    });

    await test.step('Work', async () => {
      await openTab(page, 'Work');
      const table = page.getByRole('table', { name: 'Work orders by day, type and category' });
      await expect(rowOf(table, 'Total').getByRole('cell').nth(3)).toHaveText('1');
      await expectChartDrawn(page, /^Bar chart of work orders opened and completed/);
      await expectTableInsideCard(page, table);
      await page.getByRole('button', { name: 'Month', exact: true }).click();
      const months = page.getByRole('table', { name: 'Work orders by month, type and category' });
      await expect(rowOf(months, 'Total').getByRole('cell').nth(3)).toHaveText('1');
      await expectChartDrawn(page, /^Bar chart of work orders opened and completed per month/);
      await expectTableInsideCard(page, months);
      await shot(page, 'reports-work-month-phone');
    });

    await test.step('Stock: quantities, no values at cost for a manager', async () => {
      await openTab(page, 'Stock');
      const table = page.getByRole('table', { name: 'Stock by holder' });
      await expect(rowOf(table, north.branch.name).first()).toContainText(String(PIPES.quantity));
      await expect(page.getByText('Value at cost')).toHaveCount(0);
      await expectChartDrawn(page, /^Bar chart of units in stock per holder/);
      await expectTableInsideCard(page, table);
      await shot(page, 'reports-phone-stock');
    });
    await page.context().close();
  });
});
