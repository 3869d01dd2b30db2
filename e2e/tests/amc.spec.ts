import { formatPhone } from '@karya/domain/phone-rules';
import {
  approveOrder,
  assignOrder,
  assignStock,
  billLine,
  completeOrder,
  confirmBill,
  createBill,
  createBranchTeam,
  createCustomer,
  createItem,
  createOrder,
  startOrder,
  stockIn,
  unique,
} from '@karya/test-factories';
import { test as base, expect, type Page } from '@playwright/test';
import { ADMIN, type Api, adminApi, answer, nameOf } from '../support/api';
import { rupees } from '../support/billing';
import { seeNotice } from '../support/notice';
import { type OwnServer, startOwnServer } from '../support/own-server';
import { shot } from '../support/shots';
import { openAs, PHONE, signOnPhone, startOnPhone } from '../support/work-orders';

/*
 * Issue 23: annual maintenance contracts. The server's day is the journey's to move (its test
 * clock, KARYA_TEST_CLOCK=1), which would move it under every other journey too: so the file
 * runs against a server of its own.
 */

const SHOTS = process.env.E2E_SHOTS;

const test = base.extend<object, { amcServer: OwnServer }>({
  amcServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their deps first
    async ({}, use) => {
      // The scheduler runs when the journey moves the clock (POST /api/test-clock), not on a timer.
      const server = await startOwnServer({ KARYA_TEST_CLOCK: '1', AMC_SCHEDULER_MINUTES: '0' });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ amcServer }, use) => use(amcServer.baseURL),
});

/** Sets the day the server takes as today and runs its AMC scheduler once: orders it opened. */
async function moveClockTo(admin: Api, day: string): Promise<number> {
  const moved = await answer<{ today: string; opened: number }>(
    await admin.request.post('/api/test-clock', { data: { now: day } }),
  );
  expect(moved.today).toBe(day);
  return moved.opened;
}

/** A card of the dashboard's 'Maintenance contracts' row. */
const maintenanceCard = (page: Page, label: string) =>
  page
    .getByRole('list', { name: 'Maintenance contracts' })
    .getByRole('link')
    .filter({ hasText: label });

test('the manager sells an AMC on a finished installation; its visit turns up on time, is done with a covered part at ₹0, and a missed one shows as overdue', async ({
  browser,
  baseURL,
}) => {
  // Three people, the clock moved three times and a visit billed end to end.
  test.setTimeout(180_000);
  const base = baseURL ?? '';
  const admin = await adminApi(base);
  // 1 March 2027, quarterly: visits due 1 Jun, 1 Sep, 1 Dec 2027 and 29 Feb 2028 (leap year).
  await moveClockTo(admin, '2027-03-01');
  const team = await createBranchTeam(admin);
  const [technician] = team.technicians;
  const adapter = await createItem(admin, 'generic-product', {
    name: unique('Camera Power Adapter '),
    salePrice: 450,
    purchasePrice: 300,
  });
  const setup = await createItem(admin, 'service', {
    name: unique('CCTV Setup '),
    salePrice: 2000,
  });
  // The installation the contract is sold on: billed, paid, done and approved.
  const installation = await createOrder(team.manager.api, { name: unique('Mehta Clinic ') });
  await assignOrder(team.manager.api, installation, technician.id);
  await startOrder(technician.api, installation);
  const bill = await createBill(technician.api, installation, [billLine(setup)]);
  await confirmBill(technician.api, bill._id);
  await completeOrder(technician.api, installation);
  await approveOrder(team.manager.api, installation);
  await stockIn(team.manager.api, adapter._id, { quantity: 5 });
  await assignStock(team.manager.api, technician.id, adapter._id, { quantity: 2 });
  const customer = installation.customerName;

  const manager = await openAs(browser, base, team.manager, 'desktop');

  await test.step('Offer AMC on the completed installation opens New contract, prefilled', async () => {
    await manager.goto('/manager-dashboard');
    await manager.getByRole('button', { name: `Show actions for ${installation.orderId}` }).click();
    await manager.getByRole('button', { name: 'View Details' }).click();
    await manager
      .getByRole('dialog', { name: 'Project Details' })
      .getByRole('button', { name: 'Offer AMC' })
      .click();
    await expect(manager).toHaveURL(/\/maintenance-contracts\?/);
    const dialog = manager.getByRole('dialog', { name: 'New contract' });
    await expect(dialog).toContainText(customer);
    await expect(dialog.getByLabel('Covered installation')).toHaveValue(installation._id);
  });

  await test.step('the visit dates show before saving; the server’s refusal lands on its field', async () => {
    const dialog = manager.getByRole('dialog', { name: 'New contract' });
    // The server's today (its test clock), not the browser's, starts the contract.
    await expect(dialog.getByLabel('Start date')).toHaveValue('2027-03-01');
    await expect(dialog.getByLabel('What it covers (project type)')).toHaveValue(
      installation.projectType,
    );
    await expect(dialog.getByLabel('Term', { exact: true })).toHaveValue('12');
    await expect(dialog.getByLabel('Visits per term')).toHaveValue('4');
    const visits = dialog.getByRole('list', { name: 'Visit dates' }).getByRole('listitem');
    await expect(visits).toHaveText([
      '1. 01 Jun 2027',
      '2. 01 Sep 2027',
      '3. 01 Dec 2027',
      '4. 29 Feb 2028',
    ]);
    await dialog.getByLabel('Visits per term').selectOption({ label: 'Monthly (12 visits)' });
    await expect(visits).toHaveCount(12);
    await dialog.getByLabel('Visits per term').selectOption({ label: 'Quarterly (4 visits)' });

    await dialog.getByLabel('Price (₹)').fill('6000');
    // Inclusive by default, as on the catalogue: this contract's price is before GST.
    await expect(dialog.getByLabel('Price includes GST')).toBeChecked();
    await dialog.getByLabel('Price includes GST').uncheck();
    await dialog.getByRole('radio', { name: 'Labour and listed parts' }).check();
    await dialog.getByRole('button', { name: 'Save as draft' }).click();
    await expect(
      dialog.getByText('Pick the parts the contract covers, or choose Labour only'),
    ).toBeVisible();
    await dialog.getByRole('searchbox', { name: 'Search parts' }).fill(adapter.name);
    await dialog.getByRole('button', { name: `Cover ${adapter.name}` }).click();
    await expect(dialog.getByRole('list', { name: 'Covered parts' })).toHaveText(adapter.name);
    await shot(manager, 'amc-1-new-contract');
    await dialog.getByRole('button', { name: 'Save as draft' }).click();
    await seeNotice(manager, 'Contract created as a draft');
  });

  await test.step('the draft is activated: four visits laid out and the contract invoiced', async () => {
    await expect(manager.getByRole('heading', { name: /^Contract / })).toBeVisible();
    await expect(manager.getByText('This contract is a draft')).toBeVisible();
    await manager.getByRole('button', { name: 'Activate' }).click();
    // It says what it will issue before it does (issue 39 item 7).
    const confirm = manager.getByRole('dialog', { name: 'Activate contract' });
    await expect(confirm.getByRole('region', { name: 'On activation' })).toContainText(
      `Invoice for the term: ${rupees(6000)} + 18% GST`,
    );
    await confirm.getByRole('button', { name: 'Activate contract' }).click();
    await seeNotice(manager, 'Contract activated: its visits are scheduled');
    const visits = manager.getByRole('table', { name: 'Visits' });
    await expect(visits.getByRole('row')).toHaveCount(5);
    await expect(visits.getByRole('row', { name: 'Visit 1' })).toContainText('01 Jun 2027');
    await expect(visits.getByRole('row', { name: 'Visit 1' })).toContainText('Upcoming');
    await expect(visits.getByRole('row', { name: 'Visit 1' })).toContainText(
      'Work order opens on 25 May 2027',
    );
    await expect(manager.getByRole('table', { name: 'Invoices' }).getByRole('row')).toHaveCount(2);
    await shot(manager, 'amc-2-contract-active');
  });

  await test.step('the dashboard dates the next visit; nothing is overdue yet', async () => {
    await manager.goto('/dashboard');
    await expect(maintenanceCard(manager, 'Next AMC visit')).toContainText('01 Jun 2027');
    await expect(maintenanceCard(manager, 'Overdue')).toContainText('0');
  });

  let visitOrderId = '';
  await test.step('at the lead time the first visit is a pending Maintenance order, and the manager assigns it', async () => {
    expect(await moveClockTo(admin, '2027-05-25')).toBe(1);
    await manager.goto('/maintenance-contracts');
    await manager.getByRole('link', { name: customer }).click();
    const visit = manager
      .getByRole('table', { name: 'Visits' })
      .getByRole('row', { name: 'Visit 1' });
    await expect(visit).toContainText('Work order created');
    visitOrderId = (await visit.getByRole('button', { name: /^WO-/ }).innerText()).trim();

    await manager.goto('/work-orders');
    const table = manager.getByRole('table', { name: 'Pending work orders' });
    // The Maintenance chip lists the contract's visit, and Complaints does not.
    const chips = manager.getByRole('group', { name: 'Category' });
    await chips.getByRole('button', { name: 'Complaints', exact: true }).click();
    await expect(manager.getByText('No pending complaints')).toBeVisible();
    await chips.getByRole('button', { name: 'Maintenance', exact: true }).click();
    const row = table.getByRole('row').filter({ hasText: customer });
    await expect(row).toContainText('Maintenance');
    await row.click();
    await manager.getByRole('button', { name: 'Assign Technician' }).click();
    const dialog = manager.getByRole('dialog', { name: 'Assign Technician' });
    await expect(dialog).toContainText(
      /Maintenance visit 1 of \d+ under contract AMC-\d{4}-\d{6}, due/,
    );
    await expect(dialog).not.toContainText('AMC AMC-');
    await dialog
      .getByLabel('Select Technician*')
      .selectOption({ label: `${nameOf(technician)} - ${team.branch.name}` });
    await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
    await seeNotice(manager, 'Technician assigned successfully');
  });

  await test.step('the technician does the visit and bills the covered adapter at ₹0', async () => {
    const phone = await openAs(browser, base, technician, 'phone');
    await startOnPhone(phone, customer);
    await phone.getByRole('button', { name: 'Generate Bill' }).click();
    const select = phone.getByRole('dialog', { name: 'Select Items', exact: true });
    await select.getByRole('searchbox', { name: 'Search your inventory' }).fill(adapter.name);
    await select.getByRole('button', { name: `Add ${adapter.name}` }).click();
    await expect(select).toContainText(
      `Visit 1 of 4 under maintenance contract AMC-2027-000001: labour and ${adapter.name} are billed at ₹0`,
    );
    // Already on Select Items: the covered adapter and the total at ₹0, as the bill will be.
    await expect(select).toContainText(/Total\s*₹0\.00/);
    await shot(phone, 'amc-3-phone-select');
    await select.getByRole('button', { name: 'Review Bill' }).click();
    const summary = phone.getByRole('dialog', { name: 'Bill Summary', exact: true });
    await shot(phone, 'amc-4-phone-summary');
    const line = summary.getByRole('list', { name: 'Bill lines' }).getByRole('listitem');
    await expect(line).toContainText(`1 × ${rupees(0)}`);
    await expect(line).toContainText('Covered by the maintenance contract');
    await expect(summary.getByTestId('bill-total')).toHaveText(rupees(0));
    await summary.getByRole('button', { name: 'Proceed to Payment' }).click();
    const pay = phone.getByRole('dialog', { name: 'Select Payment Method', exact: true });
    // Nothing to collect: the ₹0 bill is taken as cash, no UPI asked for.
    await expect(pay).toContainText(`Nothing to collect: this bill is ${rupees(0)}.`);
    await expect(pay.getByRole('radio', { name: 'Cash' })).toBeChecked();
    await shot(phone, 'amc-5-phone-payment');
    await pay.getByRole('button', { name: 'Continue' }).click();
    const confirm = phone.getByRole('dialog', { name: 'Confirm Payment', exact: true });
    await expect(confirm).toContainText(rupees(0));
    await confirm.getByRole('button', { name: 'Confirm Payment' }).click();
    const success = phone.getByRole('dialog', { name: 'Payment Successful', exact: true });
    await expect(success).toBeVisible();
    await signOnPhone(phone, customer, { from: success });
    await success.getByRole('button', { name: 'Complete Project & Send for Approval' }).click();
    await seeNotice(phone, 'Project completed and sent for approval');
  });

  await test.step('once the visit is approved the dashboard dates the next one; a missed one is counted overdue', async () => {
    await approveOrder(team.manager.api, {
      customerId: installation.customerId,
      orderId: visitOrderId,
    });
    await manager.goto('/dashboard');
    await expect(maintenanceCard(manager, 'Next AMC visit')).toContainText('01 Sep 2027');
    await expect(maintenanceCard(manager, 'Overdue')).toContainText('0');
    await shot(manager, 'amc-6-dashboard');

    // 3 September: visit 2 (1 September) is past its date and not done.
    await moveClockTo(admin, '2027-09-03');
    await manager.reload();
    await expect(maintenanceCard(manager, 'Overdue')).toContainText('1');
    await maintenanceCard(manager, 'Overdue').click();
    const late = manager
      .getByRole('table', { name: 'Overdue visits' })
      .getByRole('row', { name: `${customer} visit 2` });
    await expect(late).toContainText('01 Sep 2027');
    await expect(late).toContainText('2 days');
    await shot(manager, 'amc-7a-overdue-visits');
    await late.getByRole('link', { name: customer }).click();
    const visits = manager.getByRole('table', { name: 'Visits' });
    await expect(visits.getByRole('row', { name: 'Visit 1' })).toContainText('Done');
    await expect(visits.getByRole('row', { name: 'Visit 2' })).toContainText('Overdue');
    await shot(manager, 'amc-7-overdue');
    // The visit's work order opens its Project Details; a visit is not sold another AMC.
    await visits
      .getByRole('row', { name: 'Visit 1' })
      .getByRole('button', { name: visitOrderId })
      .click();
    const details = manager.getByRole('dialog', { name: 'Project Details' });
    await expect(details).toContainText(visitOrderId);
    await expect(details).toContainText('Maintenance');
    await expect(details.getByRole('button', { name: 'Offer AMC' })).toHaveCount(0);
    await details.getByRole('button', { name: 'Close' }).last().click();
    await expect(details).toBeHidden();
    if (SHOTS) {
      // A manager on the road reads the same page on a phone.
      await manager.setViewportSize(PHONE);
      await shot(manager, 'amc-7b-overdue-phone');
      await manager.setViewportSize({ width: 1280, height: 720 });
    }
  });

  await test.step('a visit moves with a reason; the later ones stay unless asked', async () => {
    const visits = manager.getByRole('table', { name: 'Visits' });
    await visits
      .getByRole('row', { name: 'Visit 3' })
      .getByRole('button', { name: 'Move visit' })
      .click();
    const dialog = manager.getByRole('dialog', { name: 'Move visit' });
    await dialog.getByLabel('New date').fill('2027-12-10');
    await dialog.getByRole('button', { name: 'Move visit' }).click();
    await expect(dialog.getByText('Say why the visit moves.')).toBeVisible();
    await dialog.getByLabel('Reason').fill('Clinic closed for renovation');
    await expect(dialog.getByLabel('Also move later visits')).not.toBeChecked();
    await shot(manager, 'amc-8-move-visit');
    await dialog.getByRole('button', { name: 'Move visit' }).click();
    await seeNotice(manager, 'Visit moved');
    await expect(visits.getByRole('row', { name: 'Visit 3' })).toContainText('10 Dec 2027');
    await expect(visits.getByRole('row', { name: 'Visit 3' })).toContainText(
      'Moved from 01 Dec 2027: Clinic closed for renovation',
    );
    await expect(visits.getByRole('row', { name: 'Visit 4' })).toContainText('29 Feb 2028');
  });

  await test.step('within 30 days of its end the contract is under Renewals due: a reminder, then Renew', async () => {
    await moveClockTo(admin, '2028-02-05');
    await manager.goto('/dashboard');
    await expect(maintenanceCard(manager, 'Renewals due')).toContainText('1');
    await maintenanceCard(manager, 'Renewals due').click();
    await expect(manager.getByRole('button', { name: 'Renewals due' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const row = manager
      .getByRole('table', { name: 'Renewals due contracts' })
      .getByRole('row')
      .filter({ hasText: customer });
    await expect(row).toContainText('to 29 Feb 2028');
    await expect(row).toContainText('Renewal due');
    await shot(manager, 'amc-9-renewals-due');
    await row.getByRole('link', { name: customer }).click();

    await manager.getByRole('button', { name: 'Send renewal reminder' }).click();
    const reminder = manager.getByRole('dialog', { name: 'Send renewal reminder' });
    await reminder.getByRole('button', { name: 'English' }).click();
    await expect(reminder).toContainText('ends on 29 Feb 2028.');
    await expect(reminder).toContainText(
      `It covers your CCTV Camera, order ${installation.orderId}.`,
    );
    await expect(reminder).toContainText(`at ${rupees(6000)} + GST`);
    const whatsapp = reminder.getByRole('link', { name: 'Open WhatsApp' });
    const href = new URL((await whatsapp.getAttribute('href')) ?? '');
    expect(href.host).toBe('wa.me');
    expect(href.searchParams.get('text')).toContain('maintenance contract AMC-');
    await shot(manager, 'amc-10-reminder');
    // The tap opens WhatsApp in a new tab (a blank page here) and is kept in the installation's history.
    await manager
      .context()
      .route('https://wa.me/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<p>WhatsApp</p>' }),
      );
    const opened = manager.waitForEvent('popup');
    await whatsapp.click();
    await (await opened).close();
    await expect(reminder).toHaveCount(0);
    await expect
      .poll(async () => {
        const detail = await answer<{ statusHistory: { status: string; remark: string }[] }>(
          await team.manager.api.request.get(
            `/api/get-work-order-details/${installation.customerId}/${installation.orderId}`,
          ),
        );
        return detail.statusHistory
          .filter((entry) => entry.status === 'communication')
          .map((entry) => entry.remark);
      })
      .toEqual(['WhatsApp update sent: Maintenance contract renewal (English)']);

    await manager.getByRole('button', { name: 'Renew', exact: true }).click();
    await seeNotice(manager, 'Renewal created as a draft');
    await expect(manager.getByText('This contract is a draft')).toBeVisible();
    await expect(manager.getByRole('main')).toContainText('01 Mar 2028 – 28 Feb 2029');
    const previous = manager.getByRole('link', { name: /^AMC-\d{4}-\d{6}$/ });
    const previousNumber = (await previous.innerText()).trim();
    const renewalNumber = (
      await manager.getByRole('heading', { name: /^Contract AMC-/ }).innerText()
    ).replace('Contract ', '');
    // The old contract names its renewal, a draft still, and can still remind the customer.
    await previous.click();
    await expect(
      manager.getByRole('heading', { name: `Contract ${previousNumber}` }),
    ).toBeVisible();
    await expect(manager.getByRole('main')).toContainText(
      `${renewalNumber} (draft, not yet activated)`,
    );
    await expect(manager.getByRole('button', { name: 'Send renewal reminder' })).toBeVisible();
    await expect(manager.getByRole('button', { name: 'Renew', exact: true })).toHaveCount(0);
    await manager.getByRole('link', { name: renewalNumber, exact: true }).click();
    await expect(manager.getByText('This contract is a draft')).toBeVisible();

    // The draft's terms change until it is activated: the next year costs more.
    await manager.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = manager.getByRole('dialog', { name: 'Edit contract' });
    await expect(edit.getByLabel('Price (₹)')).toHaveValue('6000');
    await edit.getByLabel('Price (₹)').fill('6500');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await seeNotice(manager, 'Contract updated');
    await expect(manager.getByRole('main')).toContainText(`${rupees(6500)} + 18% GST`);
  });

  await test.step('the AMC report counts the branch’s active contract and its value', async () => {
    await manager.goto('/maintenance-contracts');
    const report = manager.getByRole('table', { name: 'AMC report' });
    const row = report.getByRole('row', { name: team.branch.name });
    await expect(row).toContainText(rupees(6000));
    // The parts given under contracts at their sale price; what they cost is an admin's.
    await expect(
      report.getByRole('columnheader', { name: 'Parts used under contracts' }),
    ).toBeVisible();
    await expect(report.getByRole('columnheader', { name: 'Their purchase cost' })).toHaveCount(0);
    await shot(manager, 'amc-11-list-report');
  });

  await test.step('an admin sees every branch’s contracts, with the branch, and can narrow to one', async () => {
    const desk = await openAs(browser, base, ADMIN, 'desktop');
    await desk.getByRole('navigation').getByRole('link', { name: 'Maintenance Contracts' }).click();
    const row = desk
      .getByRole('table', { name: 'Active contracts' })
      .getByRole('row')
      .filter({ hasText: customer });
    await expect(row).toContainText(team.branch.name);
    await desk.getByLabel('Branch', { exact: true }).selectOption({ label: team.branch.name });
    await expect(desk).toHaveURL(/[?&]branch=/);
    await expect(row).toBeVisible();
    await expect(
      desk
        .getByRole('table', { name: 'AMC report' })
        .getByRole('columnheader', { name: 'Their purchase cost' }),
    ).toBeVisible();
    await shot(desk, 'amc-12-admin');
  });

  await admin.dispose();
  await team.manager.api.dispose();
  await technician.api.dispose();
});

test('a contract from scratch: the customer searched, the serials checked by the server, then cancelled with a reason', async ({
  browser,
  baseURL,
}) => {
  const base = baseURL ?? '';
  const admin = await adminApi(base);
  const team = await createBranchTeam(admin);
  await admin.dispose();
  const customer = await createCustomer(team.manager.api, { name: unique('Sharma Traders ') });
  const manager = await openAs(browser, base, team.manager, 'desktop');

  await test.step('a branch without contracts says how to get one', async () => {
    await manager
      .getByRole('navigation')
      .getByRole('link', { name: 'Maintenance Contracts' })
      .click();
    await expect(manager.getByRole('heading', { name: 'Maintenance Contracts' })).toBeVisible();
    await expect(manager.getByText('No active contracts')).toBeVisible();
    await manager.getByRole('button', { name: 'Draft' }).click();
    await expect(manager.getByText('No draft contracts')).toBeVisible();
    await expect(manager.getByRole('row', { name: team.branch.name })).toContainText(rupees(0));
    await shot(manager, 'amc-20-empty');
  });

  await test.step('New contract finds the customer by name; the server’s refusal shows on the serials', async () => {
    await manager.getByRole('button', { name: 'New contract' }).click();
    const dialog = manager.getByRole('dialog', { name: 'New contract' });
    await dialog.getByRole('button', { name: 'Save as draft' }).click();
    await expect(dialog.getByText('Please choose the customer')).toBeVisible();
    await dialog
      .getByRole('searchbox', { name: 'Search customers' })
      .fill(customer.name.slice(0, 10));
    await dialog
      .getByRole('list', { name: 'Customers found' })
      .getByRole('button', { name: new RegExp(customer.name) })
      .click();
    // Shown as every screen shows a mobile: '+91 98500 33333'.
    await expect(dialog).toContainText(formatPhone(customer.phoneNumber));
    expect(formatPhone(customer.phoneNumber)).toMatch(/^\+91 \d{5} \d{5}$/);
    // Their installation is not finished: the contract lists what it covers itself.
    await expect(dialog.getByLabel('Covered installation')).toHaveValue('');
    await dialog
      .getByLabel('What it covers (project type)')
      .fill('Biometric attendance, 2 devices');
    await dialog.getByLabel('Serial numbers').fill(`BIO-1\n${'X'.repeat(101)}`);
    await dialog.getByLabel('Visits per term').selectOption({ label: 'Half-yearly (2 visits)' });
    await dialog.getByLabel('Price (₹)').fill('3000');
    await expect(dialog.getByLabel('Price includes GST')).toBeChecked();
    await dialog.getByRole('button', { name: 'Save as draft' }).click();
    await expect(
      dialog.getByText('Serial numbers must be at most 100 characters each, at most 100 of them'),
    ).toBeVisible();
    await shot(manager, 'amc-21-refused');
    await dialog.getByLabel('Serial numbers').fill('BIO-1\nBIO-2');
    await dialog.getByRole('button', { name: 'Save as draft' }).click();
    await seeNotice(manager, 'Contract created as a draft');
    await expect(manager.getByRole('main')).toContainText('BIO-1, BIO-2');
    await expect(manager.getByRole('main')).toContainText('Half-yearly (2 visits)');
    await expect(manager.getByRole('main')).toContainText(`${rupees(3000)} incl. 18% GST`);
    await expect(manager.getByText('No visits scheduled yet')).toBeVisible();
  });

  await test.step('activating a back-dated draft first asks what became of the visits behind it', async () => {
    await manager.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = manager.getByRole('dialog', { name: 'Edit contract' });
    const start = edit.getByLabel('Start date');
    await start.fill(monthsBefore(await start.inputValue(), 8));
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await seeNotice(manager, 'Contract updated');
    await manager.getByRole('button', { name: 'Activate' }).click();
    const dialog = manager.getByRole('dialog', { name: 'Activate contract' });
    await expect(dialog.getByRole('radiogroup', { name: 'The visits already due' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Activate contract' })).toBeDisabled();
    await dialog.getByRole('radio', { name: /done before Karya/ }).check();
    const plan = dialog.getByRole('region', { name: 'On activation' });
    await expect(plan).toContainText('Visit 1 marked done before Karya');
    await expect(plan).toContainText(`Invoice for the term: ${rupees(3000)} incl. 18% GST`);
    await expect(dialog.getByRole('button', { name: 'Activate contract' })).toBeEnabled();
    await shot(manager, 'amc-22-activate-back-dated');
    await dialog.getByRole('button', { name: 'Not now' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(manager.getByText('This contract is a draft')).toBeVisible();
  });

  await test.step('Cancel contract needs a reason, and the contract moves to Cancelled', async () => {
    await manager.getByRole('button', { name: 'Cancel contract' }).click();
    const dialog = manager.getByRole('dialog', { name: 'Cancel contract' });
    await dialog.getByRole('button', { name: 'Cancel contract' }).click();
    await expect(dialog.getByText('Please give a reason for cancelling')).toBeVisible();
    await dialog.getByLabel('Reason').fill('Customer chose another vendor');
    await dialog.getByRole('button', { name: 'Cancel contract' }).click();
    await seeNotice(manager, 'Contract cancelled');
    await expect(manager.getByRole('main')).toContainText('Customer chose another vendor');
    await manager.getByRole('link', { name: 'Maintenance Contracts' }).first().click();
    await manager.getByRole('button', { name: 'Cancelled' }).click();
    await expect(
      manager.getByRole('table', { name: 'Cancelled contracts' }).getByRole('row').filter({
        hasText: customer.name,
      }),
    ).toContainText('Cancelled');

    // The list is searched by the customer's name or phone, or the contract number.
    const search = manager.getByRole('searchbox', { name: 'Search contracts' });
    await search.fill(customer.name);
    await expect(
      manager.getByRole('table', { name: 'Cancelled contracts' }).getByRole('row'),
    ).toHaveCount(2);
    await search.fill('AMC-1999-000001');
    await expect(manager.getByText('No contracts match your search')).toBeVisible();
  });

  await team.manager.api.dispose();
  await team.technicians[0].api.dispose();
});

/** 'YYYY-MM-DD' `months` calendar months earlier (the 1st stays the 1st). */
function monthsBefore(day: string, months: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date.toISOString().slice(0, 10);
}
