import {
  approveOrder,
  assignOrder,
  assignStock,
  billLine,
  completeOrder,
  confirmBill,
  createBill,
  createBranch,
  createBranchTeam,
  createItem,
  createOrderFor,
  createStartedOrder,
  type Member,
  type SeededBranch,
  type SeededOrder,
  startOrder,
  stockIn,
  unique,
  uniqueSerials,
} from '@karya/test-factories';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { ADMIN, type Api, adminApi, answer } from '../support/api';
import { signIn } from '../support/login';
import { seeNotice } from '../support/notice';
import { pageWidth } from '../support/phone-width';
import { shot } from '../support/shots';
import { PHONE } from '../support/work-orders';

/*
 * Issue 37, the response clock at the desk: a manager sets the branch's response times (a bad
 * value is refused with the spec's message and nothing is saved), raises a complaint on a
 * unit under warranty, and sees 'Due by …' with 'Under warranty' in Pending Work Orders; the
 * dashboard shows the complaint cards; the month's complaints report counts it, open and then
 * met once the technician starts; the admin reads the report for every branch and filters one.
 */

interface Scene {
  branch: SeededBranch;
  manager: Member<Api>;
  technician: Member<Api>;
  /** The completed installation of a unit under warranty. */
  installation: SeededOrder;
  serial: string;
  /** Another branch, with no complaints: the admin's report lists it too. */
  other: SeededBranch;
}

/**
 * A branch of its own whose technician installed one unit of a product with a year's warranty
 * (stock in → van → bill confirmed → approved): a complaint on it is 'Under warranty'.
 */
async function seedInstalledUnit(baseURL: string): Promise<Scene> {
  const admin = await adminApi(baseURL);
  const {
    branch,
    manager,
    technicians: [technician],
  } = await createBranchTeam(admin, { branch: { name: unique('Response Clock ') } });
  const item = await createItem(admin, 'serialized-product', {
    name: unique('Dome Camera '),
    warranty: '1 year',
    mrp: 3200,
    purchasePrice: 1800,
    salePrice: 2500,
  });
  const other = await createBranch(admin, { name: unique('Quiet Branch ') });
  await admin.dispose();
  const [serial] = uniqueSerials(1, 'SLA');
  if (!serial) throw new Error('no serial seeded');
  await stockIn(manager.api, item._id, { serials: [serial] });
  await assignStock(manager.api, technician.id, item._id, { serials: [serial] });
  const installation = await createStartedOrder(manager.api, technician);
  const bill = await createBill(technician.api, installation, [
    billLine(item, { serialNumber: serial }),
  ]);
  await confirmBill(technician.api, bill.billId, 2500);
  await completeOrder(technician.api, installation);
  await approveOrder(manager.api, installation, 'Camera installed and tested with the customer');
  return { branch, manager, technician, installation, serial, other };
}

async function openAs(
  browser: Browser,
  baseURL: string,
  user: { username: string; password: string },
  viewport: { width: number; height: number } = { width: 1280, height: 900 },
): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  await signIn(page, user.username, user.password);
  return page;
}

/** India's '30 Nov, 2:05 pm' of an instant, as a person in India reads a clock. */
function indiaDueText(at: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Kolkata',
      day: '2-digit',
      month: 'short',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day} ${parts.month}, ${parts.hour}:${parts.minute} ${String(parts.dayPeriod).toLowerCase()}`;
}

/** This month in India, 'YYYY-MM', and its name, 'November 2026'. */
function indiaMonth(): { month: string; name: string } {
  const now = new Date();
  const month = new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 7);
  const name = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Kolkata',
    month: 'long',
    year: 'numeric',
  }).format(now);
  return { month, name };
}

const responseTimes = (page: Page) => page.getByRole('region', { name: 'Response times' });

/** A branch's row of the report: its cells in column order, name first. */
function reportRow(page: Page, name: string): Locator {
  return page
    .getByRole('table', { name: /^Complaints in / })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name, exact: true }) });
}

async function expectReportRow(row: Locator, cells: (string | RegExp)[]): Promise<void> {
  // innerText: a cell's phone label (hidden at desk width) is not what the desk reads.
  await expect(row.getByRole('cell')).toHaveText(cells, { useInnerText: true });
}

test('a manager sets response times; a desk complaint runs on them through the list, dashboard and report; the admin reads every branch', async ({
  browser,
  baseURL,
}) => {
  // Seeding an installed unit goes through billing and approval: a few seconds of requests.
  test.setTimeout(180_000);
  const scene = await seedInstalledUnit(baseURL as string);
  const manager = await openAs(browser, baseURL as string, scene.manager);

  // Response times: on the Complaints report, from the menu.
  await manager.getByRole('link', { name: 'Complaints report' }).click();
  await expect(manager.getByRole('heading', { level: 1, name: 'Complaints report' })).toBeVisible();
  const settings = responseTimes(manager);
  const warranty = settings.getByLabel('Under warranty (hours)');
  await expect(warranty).toHaveValue('48');
  await expect(settings.getByText('Not set for this branch yet')).toBeVisible();

  // A bad value: the spec's message on the field, and nothing saved.
  await warranty.fill('0');
  await settings.getByRole('button', { name: 'Save response times' }).click();
  await expect(settings.getByText('Enter whole hours from 1 to 720')).toBeVisible();
  const unsaved = await answer<{ saved: boolean; warrantyHours: number }>(
    await scene.manager.api.request.get('/api/complaint-sla-settings'),
  );
  expect(unsaved).toMatchObject({ saved: false, warrantyHours: 48 });

  await warranty.fill('30');
  await settings.getByLabel('Under AMC (hours)').fill('12');
  await settings.getByRole('radio', { name: 'All hours' }).check();
  await settings.getByRole('button', { name: 'Save response times' }).click();
  await seeNotice(manager, 'Response times saved');
  await expect(settings.getByText('Enter whole hours from 1 to 720')).toHaveCount(0);
  await manager.reload();
  await expect(responseTimes(manager).getByLabel('Under warranty (hours)')).toHaveValue('30');
  await expect(responseTimes(manager).getByLabel('Under AMC (hours)')).toHaveValue('12');
  await expect(responseTimes(manager).getByRole('radio', { name: 'All hours' })).toBeChecked();

  // A complaint raised at the desk on the installed unit.
  await manager.getByRole('link', { name: 'Customers' }).click();
  await manager
    .getByRole('searchbox', { name: 'Search contacts' })
    .fill(scene.installation.customerName);
  await manager
    .getByRole('button', { name: `Show actions for ${scene.installation.customerName}` })
    .click();
  await manager.getByRole('button', { name: 'View Details' }).click();
  await manager
    .getByRole('dialog', { name: 'Customer Details' })
    .getByRole('button', { name: 'New Complaint' })
    .click();
  const form = manager.getByRole('dialog', { name: 'Create Complaint' });
  await form.getByLabel('Select Project*', { exact: true }).selectOption({ index: 1 });
  await form.getByLabel('Complaint Details*', { exact: true }).fill('Camera 3 shows no picture');
  const listed = manager.waitForResponse(
    (response) => response.url().includes('/api/get-work-orders') && response.ok(),
  );
  await form.getByRole('button', { name: 'Create Complaint' }).click();
  await expect(manager).toHaveURL(/\/work-orders$/);
  await listed;

  // Pending Work Orders: due 30 hours (all hours) after it was opened, under warranty.
  const pending = await answer<
    Array<{ orderId: string; createdAt: string; sla: { dueAt: string } | null }>
  >(
    await scene.manager.api.request.get('/api/get-work-orders', {
      params: { status: 'pending', category: 'Repair' },
    }),
  );
  const complaint = pending.find((order) => order.sla);
  expect(complaint, 'the complaint runs on the clock').toBeDefined();
  const opened = Date.parse(complaint?.createdAt ?? '');
  // The clock starts as the order is written: within a second of its createdAt.
  const counted = Date.parse(complaint?.sla?.dueAt ?? '') - opened;
  expect(counted).toBeGreaterThanOrEqual(30 * 3_600_000 - 1_000);
  expect(counted).toBeLessThanOrEqual(30 * 3_600_000 + 1_000);
  const dueText = `Due by ${indiaDueText(new Date(complaint?.sla?.dueAt ?? ''))}`;
  await manager
    .getByRole('group', { name: 'Category' })
    .getByRole('button', { name: 'Complaints' })
    .click();
  const row = manager
    .getByRole('table', { name: 'Pending work orders' })
    .getByRole('row')
    .filter({ hasText: complaint?.orderId ?? '' });
  await expect(row).toContainText(dueText);
  await expect(row).toContainText('Under warranty');
  await shot(manager, 'complaints-pending-1280');

  // The dashboard's complaint cards, each leading to what it counts.
  await manager.getByRole('link', { name: 'Dashboard' }).click();
  const cards = manager.getByRole('list', { name: 'Complaints' });
  await expect(cards.getByRole('link', { name: /Complaints at risk/ })).toContainText('0');
  await expect(cards.getByRole('link', { name: /Breached this month/ })).toContainText('0');
  await shot(manager, 'complaints-dashboard-1280');
  await cards.getByRole('link', { name: /Complaints at risk/ }).click();
  await expect(manager).toHaveURL(/\/work-orders\?category=complaints$/);
  await expect(
    manager.getByRole('group', { name: 'Category' }).getByRole('button', { name: 'Complaints' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(row).toContainText(dueText);
  await manager.goBack();
  const { month, name: monthName } = indiaMonth();
  await manager
    .getByRole('list', { name: 'Complaints' })
    .getByRole('link', { name: /Breached this month/ })
    .click();
  await expect(manager).toHaveURL(new RegExp(`/complaints-report\\?month=${month}$`));

  // The month's report: one complaint, open; then met once the technician starts it.
  await expect(manager.getByRole('heading', { name: `Complaints in ${monthName}` })).toBeVisible();
  await expectReportRow(reportRow(manager, scene.branch.name), [
    scene.branch.name,
    '1',
    '0',
    '0',
    '1',
    '—',
    '0',
  ]);
  await expectReportRow(reportRow(manager, 'Total'), ['Total', '1', '0', '0', '1', '—', '0']);

  const key = { customerId: scene.installation.customerId, orderId: complaint?.orderId ?? '' };
  await assignOrder(scene.manager.api, key, scene.technician.id);
  await startOrder(scene.technician.api, key);
  await manager.getByRole('button', { name: 'Refresh' }).click();
  await expectReportRow(reportRow(manager, scene.branch.name), [
    scene.branch.name,
    '1',
    '1',
    '0',
    '0',
    /^\d+ min$/,
    '0',
  ]);
  await shot(manager, 'complaints-report-1280');
  await manager.context().close();

  // The admin: every branch, then this one.
  const admin = await openAs(browser, baseURL as string, ADMIN);
  await admin.getByRole('link', { name: 'Complaints report' }).click();
  await expect(admin.getByRole('heading', { name: `Complaints in ${monthName}` })).toBeVisible();
  // Every branch with its row (other journeys' branches are there too), and the total.
  await expect(reportRow(admin, scene.branch.name)).toHaveCount(1);
  await expectReportRow(reportRow(admin, scene.other.name), [
    scene.other.name,
    '0',
    '0',
    '0',
    '0',
    '—',
    '0',
  ]);
  await expect(reportRow(admin, 'Total')).toHaveCount(1);
  // Response times need one branch.
  await expect(
    responseTimes(admin).getByText('Choose a branch in the branch filter above'),
  ).toBeVisible();

  await admin.getByLabel('Branch', { exact: true }).selectOption({ label: scene.branch.name });
  await expect(admin).toHaveURL(/[?&]branch=/);
  await expect(admin.getByRole('table', { name: /^Complaints in / }).getByRole('row')).toHaveCount(
    3,
  );
  await expectReportRow(reportRow(admin, scene.branch.name), [
    scene.branch.name,
    '1',
    '1',
    '0',
    '0',
    /^\d+ min$/,
    '0',
  ]);
  // The admin sees (and could change) the chosen branch's response times.
  await expect(responseTimes(admin).getByLabel('Under warranty (hours)')).toHaveValue('30');
  await expect(responseTimes(admin)).toContainText(scene.branch.name);
  await shot(admin, 'complaints-report-admin-1280');

  // A month with none: the empty state names it.
  await admin.getByLabel('Month').fill('2020-01');
  await expect(admin.getByText('No complaints in January 2020')).toBeVisible();
  await admin.context().close();

  // On a 360 px phone: a second complaint's clock wraps under its line; the report is cards.
  const second = await createOrderFor(scene.manager.api, scene.installation.customerId, {
    projectCategory: 'Repair',
    existingProjectId: scene.installation._id,
    initialRemark: 'Camera 3 offline again',
  });
  const phone = await openAs(browser, baseURL as string, scene.manager, PHONE);
  await phone.goto('/complaints-report');
  await expect(phone.getByRole('heading', { name: `Complaints in ${monthName}` })).toBeVisible();
  await expect(reportRow(phone, scene.branch.name)).toContainText('Median time to start');
  expect(await pageWidth(phone), 'the report fits the phone').toBeLessThanOrEqual(PHONE.width);
  await shot(phone, 'complaints-report-360');

  // The browser's clock is the test's from here, so the list can be left open for hours.
  await phone.clock.install();
  await phone.goto('/work-orders?category=complaints');
  const card = phone
    .getByRole('table', { name: 'Pending work orders' })
    .getByRole('row')
    .filter({ hasText: second.orderId });
  await expect(card).toContainText(/Due by \d{2} \w{3}/);
  await expect(card).toContainText('Under warranty');
  await shot(phone, 'complaints-pending-360');
  expect(await pageWidth(phone), 'the list fits the phone').toBeLessThanOrEqual(PHONE.width);

  // Left open for 23 of its 30 hours (amber from 22.5), it turns amber with no refetch; at 30, red.
  let refetched = false;
  phone.on('request', (request) => {
    if (request.url().includes('/api/get-work-orders')) refetched = true;
  });
  await phone.clock.fastForward('23:00:00');
  await expect(card).toContainText(/At risk · Due by \d{2} \w{3}/);
  await expect(card.locator('[data-sla-state="at-risk"]')).toBeVisible();
  await shot(phone, 'complaints-pending-amber-360');
  await phone.clock.fastForward('07:01:00');
  await expect(card).toContainText(/Breached · Due by \d{2} \w{3}/);
  expect(refetched, 'the colour changed without asking the server').toBe(false);
  await phone.context().close();
  await scene.manager.api.dispose();
  await scene.technician.api.dispose();
});
