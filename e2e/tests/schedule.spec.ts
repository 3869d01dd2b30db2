import { dayMonthYear } from '@karya/domain/day-text';
import { addDays, indiaDayOf, indiaInstant, weekdayOf } from '@karya/domain/schedule';
import {
  createBranchTeam,
  createOrder,
  dataOf,
  type Member,
  type SeededOrder,
} from '@karya/test-factories';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { ADMIN, adminApi, nameOf } from '../support/api';
import { signIn } from '../support/login';
import { seeNotice } from '../support/notice';
import { pageWidth } from '../support/phone-width';
import { shot } from '../support/shots';
import { openAs, PHONE } from '../support/work-orders';

/*
 * Issue 34: the manager plans tomorrow on the schedule board. A pending order dragged from the
 * unscheduled lane onto a technician at 11:00 is assigned and booked there; a second dragged
 * onto the same slot meets the conflict and stays in the lane on Cancel; the keyboard's
 * 'Schedule…' dialog books it at 14:00 with its arrival window. A second desk's board shows
 * each move without a reload; moving a visit the customer was told of offers the 'Visit
 * rescheduled' update; the technician's phone lists both in time order and the customer's
 * status page shows the window. On a 360 px phone the same dialog plans the day.
 */

/** Tomorrow in India, or the Monday after when tomorrow is a Sunday (the branch is closed). */
function planningDay(): string {
  const tomorrow = addDays(indiaDayOf(new Date()), 1);
  return weekdayOf(tomorrow) === 'sun' ? addDays(tomorrow, 1) : tomorrow;
}

interface Scene {
  branch: { id: string; name: string };
  manager: { username: string; password: string; api: Parameters<typeof createOrder>[0] };
  /** The branch's technicians in the board's order: A is the first row. */
  technicians: { _id: string; name: string }[];
  /** The same technicians with their sign-in, in the board's order. */
  members: Member<Parameters<typeof createOrder>[0]>[];
  orders: [SeededOrder, SeededOrder];
}

/** A branch of its own with a manager, two technicians and two pending orders, oldest first. */
async function seedScene(baseURL: string, day: string): Promise<Scene> {
  const admin = await adminApi(baseURL);
  const team = await createBranchTeam(admin, { technicians: [{}, {}] });
  await admin.dispose();
  const first = await createOrder(team.manager.api);
  const second = await createOrder(team.manager.api);
  const board = await dataOf<{ technicians: { _id: string; name: string }[] }>(
    team.manager.api,
    'GET',
    `/api/schedule?from=${day}&to=${day}`,
  );
  expect(board.technicians.map((t) => t.name).sort()).toEqual(
    team.technicians.map((t) => nameOf(t)).sort(),
  );
  return {
    branch: team.branch,
    manager: team.manager,
    technicians: board.technicians,
    members: board.technicians.map((t) => {
      const member = team.technicians.find((m) => m.id === t._id);
      if (!member) throw new Error(`no technician ${t.name}`);
      return member;
    }),
    orders: [first, second],
  };
}

async function openBoard(
  browser: Browser,
  baseURL: string,
  who: { username: string; password: string },
  day: string,
  viewport: { width: number; height: number },
): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  await signIn(page, who.username, who.password);
  await page.goto(`/schedule?date=${day}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible();
  return page;
}

const laneCard = (page: Page, order: SeededOrder): Locator =>
  page.getByRole('list', { name: 'Unscheduled work orders' }).getByRole('article', {
    name: order.orderId,
  });

/** A press, a few steps to wake dnd-kit's mouse sensor, then the way to the target. */
async function drag(page: Page, card: Locator, to: { x: number; y: number }): Promise<void> {
  const box = await card.boundingBox();
  if (!box) throw new Error('the card has no box');
  await page.mouse.move(box.x + 20, box.y + 12);
  await page.mouse.down();
  await page.mouse.move(box.x + 40, box.y + 30, { steps: 5 });
  await page.mouse.move(to.x, to.y, { steps: 20 });
  await page.mouse.up();
}

/** A press at `from`, a few steps to wake the sensor, then `dx` sideways in all. */
async function dragBy(page: Page, from: { x: number; y: number }, dx: number): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + Math.sign(dx) * 10, from.y, { steps: 4 });
  await page.mouse.move(from.x + dx, from.y, { steps: 15 });
  await page.mouse.up();
}

/** The day board's pixels per hour (HOUR_PX of the board's layout). */
const HOUR = 72;

/** Just right of the hour's line on a technician's row of the day board. */
async function slot(board: Locator, row: Locator, hour: string) {
  const label = await board.locator(`[data-hour="${hour}"]`).boundingBox();
  const track = await row.boundingBox();
  if (!label || !track) throw new Error(`no ${hour} on the board`);
  return { x: label.x + 6, y: track.y + track.height / 2 };
}

test('the manager plans tomorrow: drag from the lane, a conflict cancelled, the keyboard dialog', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const day = planningDay();
  const visitDay = dayMonthYear(day, ' ');
  const scene = await seedScene(baseURL ?? '', day);
  const [first, second] = scene.orders;
  const [a, b] = scene.technicians;
  if (!a || !b) throw new Error('no technician');
  // B is away for the afternoon: greyed on the board, and fewer working minutes.
  await dataOf(scene.manager.api, 'POST', '/api/technician-leave', {
    technicianId: b._id,
    start: indiaInstant(day, '14:00').toISOString(),
    end: indiaInstant(day, '19:00').toISOString(),
    reason: 'Doctor',
  });
  const page = await openBoard(browser, baseURL ?? '', scene.manager, day, {
    width: 1366,
    height: 900,
  });
  // A second desk watching the same branch's board: it is never reloaded.
  const watcher = await openBoard(browser, baseURL ?? '', ADMIN, day, {
    width: 1366,
    height: 900,
  });
  await watcher.getByLabel('Branch').selectOption({ label: scene.branch.name });
  const watchedA = watcher
    .getByRole('region', { name: 'Day board' })
    .getByRole('region', { name: a.name });
  await expect(watchedA).toContainText('Booked 0m of 9h 30m (0%)');

  const board = page.getByRole('region', { name: 'Day board' });
  const rowA = board.getByRole('region', { name: a.name });
  // Oldest first: the first order above the second.
  const lane = page.getByRole('list', { name: 'Unscheduled work orders' });
  await expect(laneCard(page, second)).toBeVisible();
  const laneText = await lane.innerText();
  expect(laneText.indexOf(first.orderId)).toBeLessThan(laneText.indexOf(second.orderId));
  const rowB = board.getByRole('region', { name: b.name });
  await expect(rowB).toContainText('On leave: Doctor');
  await expect(rowB).toContainText('Booked 0m of 4h 30m (0%) · Under-used');
  await shot(page, 'schedule-desk-before');

  await drag(page, laneCard(page, first), await slot(board, rowA, '11:00'));
  await seeNotice(page, `${first.orderId} scheduled 11:00–13:00`);
  await expect(rowA.getByRole('article', { name: first.orderId })).toContainText('11:00–13:00');
  await expect(laneCard(page, first)).toHaveCount(0);
  // The other board shows the move within seconds, without a reload.
  await expect(watchedA.getByRole('article', { name: first.orderId })).toContainText('11:00–13:00');

  await drag(page, laneCard(page, second), await slot(board, rowA, '11:00'));
  const clash = page.getByRole('dialog', { name: 'Schedule anyway?' });
  await expect(clash.getByRole('listitem')).toHaveText([`Overlaps ${first.orderId} (11:00–13:00)`]);
  await shot(page, 'schedule-desk-conflict');
  await clash.getByRole('button', { name: 'Cancel' }).click();
  await expect(clash).toHaveCount(0);
  await expect(laneCard(page, second)).toBeVisible();
  await expect(rowA.getByRole('article', { name: second.orderId })).toHaveCount(0);

  // The keyboard: focus the card's 'Schedule…', open it, fill the fields, Enter.
  await laneCard(page, second).getByRole('button', { name: 'Schedule…' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Schedule ${second.orderId}` });
  const technician = dialog.getByLabel('Technician');
  await expect(technician).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(technician.locator('option:checked')).toHaveText(a.name);
  // The date is the board's day already; a date or time field's Tab walks its own parts, so
  // each field is focused as a keyboard user lands on it, then typed into.
  await expect(dialog.getByLabel('Date')).toHaveValue(day);
  await dialog.getByLabel('Start time').focus();
  await page.keyboard.type('0200PM');
  await expect(dialog.getByLabel('Start time')).toHaveValue('14:00');
  await dialog.getByLabel('Duration (minutes)').focus();
  await expect(dialog.getByLabel('Duration (minutes)')).toHaveValue('120');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('120');
  // The arrival window the customer is told.
  await dialog.getByLabel('Arrival window from (optional)').focus();
  await page.keyboard.type('0200PM');
  await dialog.getByLabel('Arrival window to (optional)').focus();
  await page.keyboard.type('0400PM');
  await page.keyboard.press('Enter');
  await seeNotice(page, `${second.orderId} scheduled 14:00–16:00`);
  await expect(dialog).toHaveCount(0);
  await expect(rowA.getByRole('article', { name: second.orderId })).toContainText('14:00–16:00');
  await expect(laneCard(page, second)).toHaveCount(0);
  // Two installations of two hours each of a 09:30–19:00 day.
  await expect(rowA).toContainText('Booked 4h of 9h 30m (42%) · Under-used');
  await expect(watchedA.getByRole('article', { name: second.orderId })).toContainText(
    '14:00–16:00',
  );
  await expect(watchedA).toContainText('Booked 4h of 9h 30m (42%) · Under-used');
  await shot(page, 'schedule-desk-after');

  // The customer of the first was sent 'Technician assigned' with its 11:00 visit.
  await dataOf(scene.manager.api, 'POST', '/api/record-customer-update', {
    orderId: first.orderId,
    event: 'technicianAssigned',
  });

  // The mouse again: the 11:00 job an hour earlier, the 14:00 one shortened by its edge.
  const firstCard = rowA.getByRole('article', { name: first.orderId });
  const firstBox = await firstCard.boundingBox();
  if (!firstBox) throw new Error('no card');
  await dragBy(page, { x: firstBox.x + 20, y: firstBox.y + 12 }, -HOUR);
  await seeNotice(page, `${first.orderId} scheduled 10:00–12:00`);
  await expect(firstCard).toContainText('10:00–12:00');
  // The board offers to tell the customer the new time.
  const told = page.getByRole('region', { name: 'Visit rescheduled' });
  await expect(told).toContainText(`${first.orderId} now: ${visitDay}, 10:00 am.`);
  const update = told.getByRole('link', { name: 'Send update on WhatsApp' });
  await expect(update).toHaveAttribute('href', /^https:\/\/wa\.me\//);
  expect(decodeURIComponent((await update.getAttribute('href')) ?? '')).toContain(
    `Naya samay: ${visitDay}, 10:00 am`,
  );
  await shot(page, 'schedule-desk-rescheduled');
  await told.getByRole('button', { name: 'Close' }).click();
  await expect(told).toHaveCount(0);
  await expect(watchedA.getByRole('article', { name: first.orderId })).toContainText('10:00–12:00');
  const secondCard = rowA.getByRole('article', { name: second.orderId });
  const secondBox = await secondCard.boundingBox();
  if (!secondBox) throw new Error('no card');
  await dragBy(
    page,
    { x: secondBox.x + secondBox.width - 3, y: secondBox.y + secondBox.height / 2 },
    -HOUR,
  );
  await seeNotice(page, `${second.orderId} scheduled 14:00–15:00`);
  await expect(secondCard).toContainText('14:00–15:00');
  await expect(rowA).toContainText('Booked 3h of 9h 30m (32%) · Under-used');

  // The week of that day: the technician's row holds both jobs on it, in time order.
  await page.getByRole('button', { name: 'Week' }).click();
  const week = page.getByRole('region', { name: 'Week board' });
  const weekRowA = week.getByRole('row').filter({ hasText: a.name });
  // The week's own answer: Tuesday to Saturday free, Sunday closed.
  await expect(weekRowA.getByText(/^Booked 0m of 9h 30m \(0%\)/)).toHaveCount(5);
  await expect(weekRowA.getByText('Closed', { exact: true })).toHaveCount(1);
  await expect(weekRowA.getByRole('article')).toHaveText([
    new RegExp(`${first.orderId}10:00–12:00`),
    new RegExp(`${second.orderId}14:00–15:00`),
  ]);
  await expect(weekRowA).toContainText('Booked 3h of 9h 30m (32%) · Under-used');
  await expect(week.getByRole('row').filter({ hasText: b.name })).toContainText(
    'On leave 14:00–19:00: Doctor',
  );
  await shot(page, 'schedule-desk-week');
  await watcher.context().close();

  // The technician's phone lists both in time order, the second with its window.
  const phone = await openAs(browser, baseURL ?? '', required(scene.members[0]), 'phone');
  await phone.goto('/technician-dashboard');
  const booked = phone
    .getByRole('list', { name: new RegExp(`^Booked .* ${visitDay}$`) })
    .getByRole('listitem');
  await expect(booked).toHaveCount(2);
  await expect(booked.nth(0)).toContainText('10:00 am – 12:00 pm');
  await expect(booked.nth(1)).toContainText('2:00 pm – 3:00 pm');
  await expect(booked.nth(1)).toContainText('Customer told 2:00 pm – 4:00 pm');
  await phone.context().close();

  // The second's customer sees the window on the status page.
  const link = await dataOf<{ path: string }>(
    scene.manager.api,
    'POST',
    '/api/work-order-status-link',
    { orderId: second.orderId },
  );
  const customer = await browser.newContext({ baseURL, viewport: PHONE, isMobile: true });
  const status = await customer.newPage();
  await status.goto(link.path);
  await expect(status.getByRole('region', { name: 'Aapki visit' })).toContainText(
    `${visitDay}, 2:00 pm se 4:00 pm ke beech aayenge`,
  );
  await customer.close();
});

function required<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('missing');
  return value;
}

test('on a 360 px phone the manager schedules from the lane with the dialog', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const day = planningDay();
  const scene = await seedScene(baseURL ?? '', day);
  const [first] = scene.orders;
  const [, b] = scene.technicians;
  if (!b) throw new Error('no technician');
  const page = await openBoard(browser, baseURL ?? '', scene.manager, day, PHONE);

  await expect(laneCard(page, first)).toBeVisible();
  expect(await pageWidth(page), 'the page is no wider than the phone').toBeLessThanOrEqual(
    PHONE.width,
  );
  await shot(page, 'schedule-phone-before');
  await laneCard(page, first).getByRole('button', { name: 'Schedule…' }).click();
  const dialog = page.getByRole('dialog', { name: `Schedule ${first.orderId}` });
  await dialog.getByLabel('Technician').selectOption({ label: b.name });
  await dialog.getByLabel('Start time').fill('11:00');
  await shot(page, 'schedule-phone-dialog');
  await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
  await seeNotice(page, `${first.orderId} scheduled 11:00–13:00`);
  const list = page.getByRole('region', { name: b.name });
  await expect(list.getByRole('article', { name: first.orderId })).toContainText('11:00–13:00');
  await expect(list).toContainText('Booked 2h of 9h 30m (21%) · Under-used');
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  await shot(page, 'schedule-phone-after');

  // Escape closes the dialog and changes nothing; Unschedule takes the job back to the lane.
  await list.getByRole('button', { name: 'Schedule…' }).click();
  const again = page.getByRole('dialog', { name: `Schedule ${first.orderId}` });
  await expect(again).toContainText('now 11:00–13:00');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(list.getByRole('article', { name: first.orderId })).toBeVisible();
  await list.getByRole('button', { name: 'Schedule…' }).click();
  await again.getByRole('button', { name: 'Unschedule' }).click();
  await seeNotice(page, `${first.orderId} is back in the unscheduled lane`);
  await expect(list.getByRole('article')).toHaveCount(0);
  // Still assigned: the lane says to whom.
  await expect(laneCard(page, first)).toContainText(`Assigned to ${b.name}`);
});

test('an admin picks the branch to plan', async ({ browser, baseURL }) => {
  const day = planningDay();
  const scene = await seedScene(baseURL ?? '', day);
  const page = await openBoard(browser, baseURL ?? '', ADMIN, day, {
    width: 1366,
    height: 900,
  });
  await expect(page.getByText('Please select a branch')).toBeVisible();
  await page.getByLabel('Branch').selectOption({ label: scene.branch.name });
  const board = page.getByRole('region', { name: 'Day board' });
  for (const technician of scene.technicians)
    await expect(board.getByRole('region', { name: technician.name })).toBeVisible();
  await expect(laneCard(page, scene.orders[0])).toBeVisible();
});

test('the desk fetches the board’s code while the manager is on the dashboard, and the lane draws the oldest twelve until “Show all”', async ({
  browser,
  baseURL,
}) => {
  const day = planningDay();
  const scene = await seedScene(baseURL ?? '', day);
  for (let i = 0; i < 11; i += 1) await createOrder(scene.manager.api);
  const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  // The schedule screen's chunk is asked for in the browser's idle time after sign-in, before
  // anyone opens Schedule.
  const boardCode = page.waitForRequest((request) =>
    /\/schedule-page-[^/]*\.js$/.test(request.url()),
  );
  await signIn(page, scene.manager.username, scene.manager.password);
  await expect(page).toHaveURL(/\/manager-dashboard|\/dashboard/);
  await boardCode;
  await page.getByRole('link', { name: 'Schedule', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible();
  const lane = page.getByRole('list', { name: 'Unscheduled work orders' });
  await expect(lane.getByRole('article')).toHaveCount(12);
  await expect(laneCard(page, scene.orders[0])).toBeVisible();
  await page.getByRole('button', { name: 'Show all 13' }).click();
  await expect(lane.getByRole('article')).toHaveCount(13);
  // The cache the desk keeps in localStorage is saved again after the board is read again,
  // without the board (a few hundred kilobytes a week, never shown from storage: it is
  // refetched on every mount).
  const drawnAt = await page.evaluate(() => Date.now());
  await page.getByRole('button', { name: 'Refresh' }).click();
  const saved = async () => {
    const text = await page.evaluate<string | null>("localStorage.getItem('karya-query-cache')");
    return text
      ? (JSON.parse(text) as {
          timestamp: number;
          clientState: { queries: { queryKey: unknown[] }[] };
        })
      : null;
  };
  await expect.poll(async () => (await saved())?.timestamp ?? 0).toBeGreaterThan(drawnAt);
  const keys = (await saved())?.clientState.queries.map((query) => query.queryKey[0]) ?? [];
  expect(keys.length).toBeGreaterThan(0);
  expect(keys).not.toContain('schedule');
  await context.close();
});
