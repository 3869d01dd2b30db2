import { expect, test } from '@playwright/test';
import { signIn } from '../support/login';
import { PHONE, seedWorkOrderTeam } from '../support/work-orders';

/**
 * Issue 20 (decision 025): Karya installs as an app, and its service worker serves the app
 * shell with no network, so the technician's dashboard opens in a basement.
 */

test('after one online visit, the technician’s dashboard opens with the network off', async ({
  browser,
  baseURL,
}) => {
  const team = await seedWorkOrderTeam(baseURL as string);
  const [technician] = team.technicians;
  const context = await browser.newContext({
    baseURL: baseURL as string,
    viewport: PHONE,
    hasTouch: true,
    isMobile: true,
    serviceWorkers: 'allow',
  });
  const phone = await context.newPage();
  await signIn(phone, technician.username, technician.password);
  await expect(phone).toHaveURL(/\/technician-dashboard$/);
  await expect(phone.getByRole('heading', { name: 'Technician Dashboard' })).toBeVisible();

  // The worker installed (its precache filled) and controls the page.
  // As a string: this package's TypeScript has no DOM (see system-reset.spec.ts).
  const controlled = await phone.evaluate(`(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      );
    }
    return navigator.serviceWorker.controller.scriptURL;
  })()`);
  expect(controlled).toMatch(/\/sw\.js$/);

  await context.setOffline(true);
  const answer = await phone.reload();
  // The page came from the worker's precache, not from the network (nor Chromium's error page).
  expect(answer?.fromServiceWorker()).toBe(true);
  await expect(phone.getByRole('heading', { name: 'Technician Dashboard' })).toBeVisible();
  await expect(phone.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();

  // The tabs a tap opens come in their own chunks (issue 17), never fetched online in this
  // visit: the worker's precache must hold them too, or the tab would stay blank offline.
  const bar = phone.getByRole('navigation', { name: 'Dashboard' });
  await bar.getByRole('button', { name: /^Inventory,/ }).click();
  await expect(phone.getByText('No inventory items assigned yet')).toBeVisible();
  await bar.getByRole('button', { name: 'Current' }).click();
  await expect(phone.getByText('No Active Project')).toBeVisible();

  // Another client route of the app opens offline too (index.html for every navigation).
  await phone.goto('/technician-dashboard?tab=home');
  await expect(phone.getByRole('heading', { name: 'Technician Dashboard' })).toBeVisible();

  await context.setOffline(false);
  await context.close();
});

test('the manifest is linked and describes an installable app', async ({ page, request }) => {
  await page.goto('/login');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const answer = await request.get(href as string);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  expect(answer.headers()['cache-control']).toBe('no-cache');
  const manifest = await answer.json();
  expect(manifest).toMatchObject({
    name: 'Karya',
    short_name: 'Karya',
    start_url: '/technician-dashboard',
    scope: '/',
    display: 'standalone',
    theme_color: '#1d4ed8',
  });
  const icons = manifest.icons as Array<{ src: string; sizes: string; purpose?: string }>;
  expect(icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
  for (const icon of icons) {
    const image = await request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type'], icon.src).toBe('image/png');
  }
  // The page's theme colour is the manifest's.
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#1d4ed8');
});
