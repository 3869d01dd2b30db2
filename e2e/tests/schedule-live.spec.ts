import { addDays, indiaDayOf, weekdayOf } from '@karya/domain/schedule';
import { createBranchTeam, createOrder, dataOf } from '@karya/test-factories';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { adminApi } from '../support/api';
import { signIn } from '../support/login';
import { seeNotice } from '../support/notice';

/*
 * Issue 34, "Live": two desks of one branch have the board open; one schedules a job from the
 * lane with the keyboard's 'Schedule…' dialog, and the other's board shows the card in the
 * technician's row without a reload, while its Pending Work Orders tab sees the order leave.
 */

/** Tomorrow in India, or the Monday after when tomorrow is a Sunday (the branch is closed). */
function planningDay(): string {
  const tomorrow = addDays(indiaDayOf(new Date()), 1);
  return weekdayOf(tomorrow) === 'sun' ? addDays(tomorrow, 1) : tomorrow;
}

/**
 * Goes to `path` and waits until that page's live stream is open: a change made before it
 * opened is in what the page fetched, one made after reaches it as an event.
 */
async function gotoLive(page: Page, path: string): Promise<void> {
  const from = Date.now();
  const streamOpen = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/events') &&
      response.status() === 200 &&
      response.request().timing().startTime >= from,
  );
  await page.goto(path);
  await streamOpen;
}

async function signedInPage(
  browser: Browser,
  baseURL: string,
  who: { username: string; password: string },
): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await signIn(page, who.username, who.password);
  return page;
}

test('a job scheduled on one desk appears on the other desk’s board and leaves its pending list, without a reload', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const day = planningDay();
  const admin = await adminApi(baseURL ?? '');
  const team = await createBranchTeam(admin);
  await admin.dispose();
  const order = await createOrder(team.manager.api);
  const board = await dataOf<{ technicians: { _id: string; name: string }[] }>(
    team.manager.api,
    'GET',
    `/api/schedule?from=${day}&to=${day}`,
  );
  const technician = board.technicians[0];
  if (!technician) throw new Error('no technician');

  const planner = await signedInPage(browser, baseURL ?? '', team.manager);
  const watcher = await signedInPage(browser, baseURL ?? '', team.manager);
  const watcherList = await watcher.context().newPage();
  await gotoLive(planner, `/schedule?date=${day}`);
  await gotoLive(watcher, `/schedule?date=${day}`);
  await gotoLive(watcherList, '/work-orders');

  const lane = (page: Page) => page.getByRole('list', { name: 'Unscheduled work orders' });
  const row = (page: Page) =>
    page.getByRole('region', { name: 'Day board' }).getByRole('region', { name: technician.name });
  await expect(lane(watcher).getByRole('article', { name: order.orderId })).toBeVisible();
  await expect(watcherList.getByRole('heading', { name: 'Pending Work Orders' })).toBeVisible();
  const pendingRow = watcherList.getByRole('main').getByText(order.customerName);
  await expect(pendingRow.first()).toBeVisible();

  // The keyboard's dialog on the planner's desk.
  await lane(planner)
    .getByRole('article', { name: order.orderId })
    .getByRole('button', { name: 'Schedule…' })
    .focus();
  await planner.keyboard.press('Enter');
  const dialog = planner.getByRole('dialog', { name: `Schedule ${order.orderId}` });
  await dialog.getByLabel('Technician').selectOption({ label: technician.name });
  await expect(dialog.getByLabel('Date')).toHaveValue(day);
  await dialog.getByLabel('Start time').focus();
  await planner.keyboard.type('1100AM');
  await expect(dialog.getByLabel('Start time')).toHaveValue('11:00');
  await planner.keyboard.press('Enter');
  await seeNotice(planner, `${order.orderId} scheduled 11:00–`);

  // The other desk, never reloaded, within the 2 s: the card moved from its lane to
  // the technician's row…
  await expect(row(watcher).getByRole('article', { name: order.orderId })).toContainText('11:00–', {
    timeout: 2_000,
  });
  await expect(lane(watcher).getByRole('article', { name: order.orderId })).toHaveCount(0);
  // …and the order, now assigned, left its Pending Work Orders.
  await expect(pendingRow).toHaveCount(0);
});
