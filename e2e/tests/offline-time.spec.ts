import { indiaDateTimeText } from '@karya/domain/occurred-at';
import { assignOrder, type SeededOrder } from '@karya/test-factories';
import { type Browser, test as base, expect, type Page } from '@playwright/test';
import { type Api, adminApi, answer, disposeTeam } from '../support/api';
import { signIn } from '../support/login';
import { type OwnServer, startOwnServer } from '../support/own-server';
import { shot } from '../support/shots';
import { openAs, PHONE, seedWorkOrderTeam } from '../support/work-orders';

/*
 * Issue 39 item 3, decision 043: an action the technician does with no signal keeps the time
 * they did it. The phone starts a job offline; its clock moves on half an hour (Playwright's
 * page clock) and the server's too (its test clock, so the file runs against a server of its
 * own, as the AMC journeys do); back online the start lands, and the manager's Project Details
 * and the phone's own history read the minute of the tap, not the minute of the sync. Synced
 * more than 7 days later, the start reads the server's time and a remark says why.
 */

const test = base.extend<object, { clockServer: OwnServer }>({
  clockServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their deps first
    async ({}, use) => {
      const server = await startOwnServer({ KARYA_TEST_CLOCK: '1', AMC_SCHEDULER_MINUTES: '0' });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ clockServer }, use) => use(clockServer.baseURL),
});

const MINUTE = 60_000;

async function setServerClock(admin: Api, now: Date | null): Promise<void> {
  await answer(
    await admin.request.post('/api/test-clock', { data: { now: now ? now.toISOString() : null } }),
  );
}

/** How the app writes a time (formatDateTime: en-IN, short), in that page's own zone. */
const shown = (page: Page, at: number) =>
  page.evaluate(
    (time) =>
      new Intl.DateTimeFormat('en-IN', { dateStyle: 'short', timeStyle: 'short' }).format(
        new Date(time),
      ),
    at,
  );

interface OfflineStart {
  phone: Page;
  close(): Promise<void>;
  card: ReturnType<Page['getByRole']>;
  /** The minute the technician tapped Start Project in, by the phone's clock. */
  tapMinute: number;
}

/**
 * The technician's phone, its clock twenty minutes after the assignment at the start of a
 * minute (so that the tap a few seconds later is still in it; twenty, not a few seconds, since
 * an entry the server dates itself without its test clock reads the database's real time,
 * which must not fall in the tap's minute by chance), starts the job with no signal.
 */
async function startOffline(
  browser: Browser,
  base: string,
  technician: { username: string; password: string },
  order: SeededOrder,
): Promise<OfflineStart> {
  const tapMinute = Math.ceil((Date.now() + 1000) / MINUTE) * MINUTE + 20 * MINUTE;
  const context = await browser.newContext({
    baseURL: base,
    viewport: PHONE,
    hasTouch: true,
    isMobile: true,
    serviceWorkers: 'allow',
  });
  const phone = await context.newPage();
  await phone.clock.install({ time: tapMinute + 1000 });
  await signIn(phone, technician.username, technician.password);
  await expect(phone).toHaveURL(/\/technician-dashboard$/);
  // The app shell served offline by its service worker (decision 025), as offline-phone.spec.ts
  // waits for it; a string, since this package's TypeScript has no DOM.
  await phone.evaluate(`(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      );
    }
  })()`);
  const card = phone
    .getByRole('list', { name: 'Your Tasks' })
    .getByRole('listitem')
    .filter({ hasText: order.customerName });
  await expect(card).toContainText('Assigned');

  await context.setOffline(true);
  await card.click();
  const details = phone.getByRole('dialog');
  const before = await phone.evaluate(() => Date.now());
  await details.getByRole('button', { name: 'Start Project' }).click();
  await expect(details.getByRole('region', { name: 'Waiting to sync' })).toContainText(
    'Start Project',
  );
  const after = await phone.evaluate(() => Date.now());
  // The tap was within the minute the journey reads back.
  expect(Math.floor(before / MINUTE) * MINUTE).toBe(tapMinute);
  expect(Math.floor(after / MINUTE) * MINUTE).toBe(tapMinute);
  await details.getByRole('button', { name: 'Close' }).first().click();
  return { phone, card, tapMinute, close: () => context.close() };
}

/** Later, the phone's clock and the server's on, the signal returns and the start lands. */
async function syncAt(admin: Api, start: OfflineStart, at: number): Promise<void> {
  // No waiting in real time: the phone's clock jumps, the server's is set.
  await start.phone.clock.fastForward('30:00');
  await setServerClock(admin, new Date(at));
  await start.phone.context().setOffline(false);
  await expect(start.card).toContainText('In Progress');
  await expect(start.card).not.toContainText('Waiting to sync');
}

/** The manager's Project Details of the order, from the Projects list. */
async function openProjectDetails(manager: Page, order: SeededOrder) {
  await manager.goto('/manager-dashboard');
  await manager.getByRole('button', { name: `Show actions for ${order.orderId}` }).click();
  await manager.getByRole('button', { name: 'View Details' }).click();
  return manager.getByRole('dialog', { name: 'Project Details' });
}

const DESK = { width: 1366, height: 900 };

test('a job started offline reads the time of the tap, not of the sync, on the desk and the phone', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const base = baseURL ?? '';
  const admin = await adminApi(base);
  const team = await seedWorkOrderTeam(base);
  const [technician] = team.technicians;
  const { order } = team;
  await assignOrder(team.manager.api, order, technician.id);

  const start = await test.step('offline, the technician starts the job', () =>
    startOffline(browser, base, technician, order));
  const { phone, tapMinute } = start;
  const synced = tapMinute + 31 * MINUTE;
  await test.step('half an hour later the signal returns and the start lands', () =>
    syncAt(admin, start, synced));

  const tapText = await shown(phone, tapMinute);
  const syncText = await shown(phone, synced);
  expect(tapText).not.toBe(syncText);

  await test.step('the manager’s Project Details reads the tap’s time, at desk width and on a phone', async () => {
    const manager = await openAs(browser, base, team.manager, 'desktop');
    const managerTap = await shown(manager, tapMinute);
    for (const size of [DESK, PHONE]) {
      await manager.setViewportSize(size);
      const details = await openProjectDetails(manager, order);
      const started = details.getByRole('listitem').filter({ hasText: 'In Progress' });
      await expect(started).toHaveCount(1);
      await expect(started).toContainText(managerTap);
      await expect(started).not.toContainText(await shown(manager, synced));
      // No note: the phone's time was taken.
      await expect(details.getByText(/^Phone time .* not used/)).toHaveCount(0);
      await started.scrollIntoViewIfNeeded();
      await shot(manager, `offline-time-2-project-details-${size.width}`, { fullPage: false });
      await details.getByRole('button', { name: 'Close' }).last().click();
    }
    await manager.context().close();
  });

  await test.step('the phone, refreshed from the server, reads the time of the tap', async () => {
    // Reloaded: what it shows is the server's answer, not the copy it made when offline.
    await phone.reload();
    await phone
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('button', { name: 'Current' })
      .click();
    const latest = phone.getByRole('region', { name: 'Report History' });
    await expect(latest).toContainText('In Progress');
    await expect(latest).toContainText(tapText);
    await expect(latest).not.toContainText(syncText);
    await shot(phone, 'offline-time-1-phone-history');
  });

  await setServerClock(admin, null);
  await start.close();
  await admin.dispose();
  await disposeTeam(team);
});

test('synced more than 7 days after the tap: the server’s time, and the history says why', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const base = baseURL ?? '';
  const admin = await adminApi(base);
  const team = await seedWorkOrderTeam(base);
  const [technician] = team.technicians;
  const { order } = team;
  await assignOrder(team.manager.api, order, technician.id);

  const start = await startOffline(browser, base, technician, order);
  const synced = start.tapMinute + 8 * 24 * 60 * MINUTE;
  await syncAt(admin, start, synced);

  const manager = await openAs(browser, base, team.manager, 'desktop');
  const note = `Phone time ${indiaDateTimeText(new Date(start.tapMinute))} not used: more than 7 days old`;
  for (const size of [DESK, PHONE]) {
    await manager.setViewportSize(size);
    const details = await openProjectDetails(manager, order);
    const started = details.getByRole('listitem').filter({ hasText: 'In Progress' });
    await expect(started).toContainText(await shown(manager, synced));
    const remark = details.getByRole('listitem').filter({ hasText: note });
    await expect(remark).toHaveCount(1);
    await expect(remark).toContainText(await shown(manager, synced));
    await remark.scrollIntoViewIfNeeded();
    await shot(manager, `offline-time-3-note-${size.width}`, { fullPage: false });
    await details.getByRole('button', { name: 'Close' }).last().click();
  }

  await setServerClock(admin, null);
  await manager.context().close();
  await start.close();
  await admin.dispose();
  await disposeTeam(team);
});
