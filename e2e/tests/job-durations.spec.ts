import { addDays, indiaDayOf, weekdayOf } from '@karya/domain/schedule';
import { createBranchTeam, createOrder, type SeededOrder } from '@karya/test-factories';
import { test as base, expect, type Page } from '@playwright/test';
import { ADMIN, adminApi, nameOf } from '../support/api';
import { signIn } from '../support/login';
import { seeNotice } from '../support/notice';
import { type OwnServer, startOwnServer } from '../support/own-server';
import { expectReachableWithoutSidewaysScroll } from '../support/phone-width';
import { shot } from '../support/shots';
import { PHONE } from '../support/work-orders';

/*
 * Issue 34: the admin sets how long a CCTV installation is booked for (3 hours), and the
 * manager assigns a pending order with a date and time in the Assign Technician dialog: the
 * order is assigned and on the schedule at that time for 3 hours in one move. A second order
 * at the same time meets the conflict and is booked anyway. The durations are one table for
 * the whole business and the schedule journey books CCTV installations for the standard two
 * hours, so this journey runs against a server of its own.
 */
const test = base.extend<object, { durationServer: OwnServer }>({
  durationServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their deps first
    async ({}, use) => {
      const server = await startOwnServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ durationServer }, use) => use(durationServer.baseURL),
});

const DESK = { width: 1366, height: 900 } as const;

/** Tomorrow in India, or the Monday after when tomorrow is a Sunday (the branch is closed). */
function planningDay(): string {
  const tomorrow = addDays(indiaDayOf(new Date()), 1);
  return weekdayOf(tomorrow) === 'sun' ? addDays(tomorrow, 1) : tomorrow;
}

/** 'YYYY-MM-DD' as the app writes a day: 'DD/MM/YYYY'. */
const dayText = (day: string) => day.split('-').reverse().join('/');

async function open(
  page: Page,
  who: { username: string; password: string },
  path: string,
): Promise<void> {
  await signIn(page, who.username, who.password);
  await page.goto(path);
}

/** The pending row of the order, opened, and its Assign Technician dialog. */
async function openAssign(page: Page, order: SeededOrder) {
  await page.goto('/work-orders');
  await expect(page.getByRole('heading', { name: 'Pending Work Orders' })).toBeVisible();
  await page.getByLabel('Search work orders').fill(order.customerName);
  const row = page
    .getByRole('table', { name: 'Pending work orders' })
    .getByRole('row')
    .filter({ hasText: order.customerName });
  await expect(row).toContainText('Not Assigned');
  await row.click();
  const button = page.getByRole('button', { name: 'Assign Technician' });
  await expectReachableWithoutSidewaysScroll(page, button);
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Assign Technician' });
  await expect(dialog).toContainText(order.customerName);
  return dialog;
}

test('the admin books CCTV installations for 3 hours; the manager assigns one with a date and time, and it is on the schedule', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const day = planningDay();
  const admin = await adminApi(baseURL as string);
  const team = await createBranchTeam(admin, { technicians: [{}] });
  await admin.dispose();
  const [technician] = team.technicians;
  if (!technician) throw new Error('no technician');
  const first = await createOrder(team.manager.api);
  const second = await createOrder(team.manager.api);
  const third = await createOrder(team.manager.api);
  expect(first.projectType).toBe('CCTV Camera');

  // The admin: Job Durations in the menu, CCTV Camera's New Installation from 2 hours to 3.
  const desk = await (await browser.newContext({ baseURL, viewport: DESK })).newPage();
  await open(desk, ADMIN, '/dashboard');
  await desk.getByRole('navigation').getByRole('link', { name: 'Job Durations' }).click();
  await expect(desk.getByRole('heading', { level: 1, name: 'Job Durations' })).toBeVisible();
  const cctv = desk.getByRole('group', { name: 'CCTV Camera' });
  const installation = cctv.getByLabel('New Installation (minutes)');
  await expect(installation).toHaveValue('120');
  await expect(cctv).toContainText('2h · standard');
  await installation.fill('2');
  await desk.getByRole('button', { name: 'Save' }).click();
  await expect(desk.getByRole('alert')).toContainText('Some durations need fixing');
  await expect(cctv).toContainText('5 to 1440 minutes');
  await installation.fill('180');
  await expect(cctv).toContainText('3h');
  await desk.getByRole('button', { name: 'Save' }).click();
  await seeNotice(desk, 'Job durations saved');
  await desk.getByRole('heading', { level: 1, name: 'Job Durations' }).scrollIntoViewIfNeeded();
  await shot(desk, 'job-durations-desk', { fullPage: false });
  await desk.reload();
  await expect(
    desk.getByRole('group', { name: 'CCTV Camera' }).getByLabel('New Installation (minutes)'),
  ).toHaveValue('180');

  // The same page on a phone: every field reachable without scrolling sideways.
  const phoneAdmin = await (
    await browser.newContext({ baseURL, viewport: PHONE, hasTouch: true, isMobile: true })
  ).newPage();
  await open(phoneAdmin, ADMIN, '/job-durations');
  const custom = phoneAdmin
    .getByRole('group', { name: 'Custom' })
    .getByLabel('Maintenance (minutes)');
  await expectReachableWithoutSidewaysScroll(phoneAdmin, custom);
  await expect(
    phoneAdmin.getByRole('group', { name: 'CCTV Camera' }).getByLabel('New Installation (minutes)'),
  ).toHaveValue('180');
  await shot(phoneAdmin, 'job-durations-phone');

  // The manager assigns the first order for tomorrow 11:00: the duration is the admin's 3 hours.
  const manager = await (await browser.newContext({ baseURL, viewport: DESK })).newPage();
  await signIn(manager, team.manager.username, team.manager.password);
  let dialog = await openAssign(manager, first);
  await expect(dialog.getByLabel('Duration (minutes)')).toHaveValue('180');
  await expect(dialog).toContainText('Usual for CCTV Camera, New Installation: 3h');
  await dialog
    .getByLabel('Select Technician*')
    .selectOption({ label: `${nameOf(technician)} - ${team.branch.name}` });
  await dialog.getByLabel('Date').fill(day);
  await dialog.getByLabel('Instructions for Technician').fill('Bring the ladder');
  await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(dialog.getByText('Enter both the date and the time')).toBeVisible();
  await dialog.getByLabel('Time').fill('11:00');
  await shot(manager, 'assign-with-time-desk', { fullPage: false });
  await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
  await seeNotice(manager, `Technician assigned successfully, visit ${dayText(day)} 11:00–14:00`);
  await expect(dialog).toHaveCount(0);

  // On the schedule at 11:00 for three hours, out of the unscheduled lane.
  await manager.goto(`/schedule?date=${day}`);
  const row = manager
    .getByRole('region', { name: 'Day board' })
    .getByRole('region', { name: nameOf(technician) });
  await expect(row.getByRole('article', { name: first.orderId })).toContainText('11:00–14:00');
  await expect(row).toContainText('Booked 3h of 9h 30m');
  const lane = manager.getByRole('list', { name: 'Unscheduled work orders' });
  await expect(lane.getByRole('article', { name: first.orderId })).toHaveCount(0);
  // The board's own 'Schedule…' dialog books a CCTV installation for the admin's 3 hours too.
  await lane
    .getByRole('article', { name: third.orderId })
    .getByRole('button', { name: 'Schedule…' })
    .click();
  const scheduleDialog = manager.getByRole('dialog', { name: `Schedule ${third.orderId}` });
  await expect(scheduleDialog.getByLabel('Duration (minutes)')).toHaveValue('180');
  await scheduleDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(scheduleDialog).toHaveCount(0);

  // On a phone, the second order at the same time: the clash is shown and booked anyway.
  const phone = await (
    await browser.newContext({ baseURL, viewport: PHONE, hasTouch: true, isMobile: true })
  ).newPage();
  await signIn(phone, team.manager.username, team.manager.password);
  dialog = await openAssign(phone, second);
  await dialog
    .getByLabel('Select Technician*')
    .selectOption({ label: `${nameOf(technician)} - ${team.branch.name}` });
  await dialog.getByLabel('Date').fill(day);
  await dialog.getByLabel('Time').fill('11:00');
  await expect(dialog.getByLabel('Duration (minutes)')).toHaveValue('180');
  await dialog.getByLabel('Duration (minutes)').fill('60');
  await shot(phone, 'assign-with-time-phone', { fullPage: false });
  await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
  const clash = phone.getByRole('dialog', { name: 'Schedule anyway?' });
  await expect(clash.getByRole('listitem')).toHaveText([`Overlaps ${first.orderId} (11:00–14:00)`]);
  await shot(phone, 'assign-conflict-phone', { fullPage: false });
  await clash.getByRole('button', { name: 'Schedule anyway' }).click();
  await seeNotice(phone, `Technician assigned successfully, visit ${dayText(day)} 11:00–12:00`);
  await expect(dialog).toHaveCount(0);

  await manager.reload();
  await expect(row.getByRole('article', { name: second.orderId })).toContainText('11:00–12:00');
  await expect(row).toContainText('Booked 4h of 9h 30m');
});
