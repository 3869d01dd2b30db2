import { existsSync } from 'node:fs';
import { createBranchTeam, createCustomer, createLead } from '@karya/test-factories';
import { test as base, expect } from '@playwright/test';
import { ADMIN, adminApi, answer, seedPerson } from '../support/api';
import { expectCards } from '../support/dashboards';
import { signIn } from '../support/login';
import { type OwnServer, startOwnServer } from '../support/own-server';
import { shot } from '../support/shots';

/*
 * Spec 2 §2 Reset System page, §4 reset flow, §8, §9. A reset deletes everything the other
 * journeys seed while they run in parallel, so these run against a server of their own (its
 * own port and data folder, with a reset password), never the run's shared one.
 */

const RESET_PASSWORD = 'e2e reset password';

const test = base.extend<object, { resetServer: OwnServer }>({
  resetServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their deps first
    async ({}, use) => {
      const server = await startOwnServer({ RESET_PASSWORD });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ resetServer }, use) => use(resetServer.baseURL),
});

// One server for the file: the manager looks first, then the admin resets.
test.describe.configure({ mode: 'serial' });

test('a manager who opens /reset-system is told only an admin can reset, and cannot', async ({
  page,
  baseURL,
}) => {
  const { person: manager } = await seedPerson(baseURL ?? '', 'manager', { name: 'Reset Kothrud' });

  await signIn(page, manager.username, manager.password);
  await page.goto('/reset-system');
  await expect(page.getByRole('heading', { name: 'Reset System to Default' })).toBeVisible();
  await expect(page.getByText('Only an admin can reset the system.')).toBeVisible();
  await expect(page.getByLabel('Enter Security Password:')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reset To Default' })).toHaveCount(0);

  // The server refuses the manager whatever the page shows, even with the right password.
  const response = await page.request.post('/api/reset-system', {
    data: { password: RESET_PASSWORD },
  });
  expect(response.status()).toBe(403);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});

test('the admin resets through the page: wrong password first, then the right one, and starts again from an empty dashboard', async ({
  page,
  baseURL,
}) => {
  const seeder = await adminApi(baseURL ?? '');
  const team = await createBranchTeam(seeder, { branch: { name: 'Reset Baner' }, technicians: [] });
  // Their sessions, which the reset must end.
  const [admin, managerApi] = [seeder.request, team.manager.api.request];
  const branches = await answer<unknown[]>(await admin.get('/api/get-branches'));
  await createLead(team.manager.api, { name: 'Reset Lead' });
  await createCustomer(team.manager.api, { name: 'Reset Customer' });

  await signIn(page, ADMIN.username, ADMIN.password);
  await expectCards(page, {
    'Total Branches': branches.length,
    'Total Customers': 1,
    'Work Orders': 1,
  });

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Reset System' })
    .click();
  await expect(page.getByRole('heading', { name: 'Reset System to Default' })).toBeVisible();
  await expect(
    page.getByText('This will permanently delete all data except a default admin account.'),
  ).toBeVisible();
  // Everything that goes is listed, what a business set up beyond its people and jobs too
  // (issue 39 item 20), and how many backups the server keeps (item 29).
  const deletes = page.getByRole('list', { name: 'What a reset deletes' });
  for (const line of [
    'The business profile: its name, address, GSTIN and logo',
    'Maintenance contracts (AMC), their visits, invoices and payments',
    'Checklist templates of every project type',
    'Quotations, their versions and the planned items of the orders they opened',
    'The wording of customer updates (back to the defaults), the WhatsApp templates and the updates sent',
    "The schedule: working hours, technicians' leave, every job's planned time and the default durations",
    'WhatsApp conversations, opt-outs and the branch of new numbers',
    'The history of imported files and their rows',
    'Complaint response clocks, response targets and unit sticker links',
    'Report figures: daily sales, technician and work totals, and reorder levels',
  ]) {
    await expect(deletes.getByRole('listitem').filter({ hasText: line })).toBeVisible();
  }
  await expect(deletes.getByRole('listitem')).toHaveCount(17);
  await expect(page.getByText('The audit trail and the GST rates stay.')).toBeVisible();
  await expect(
    page.getByText(/keeps the newest 10 backups: older ones are deleted \(BACKUP_KEEP\)/),
  ).toBeVisible();
  for (const width of [1366, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    expect(
      Number(await page.evaluate('document.documentElement.scrollWidth')),
      `the page fits ${width} px`,
    ).toBeLessThanOrEqual(width);
    await shot(page, `reset-system-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  const password = page.getByLabel('Enter Security Password:');
  const resetButton = page.getByRole('button', { name: 'Reset To Default' });
  const dialog = page.getByRole('dialog', { name: 'Are you absolutely sure?' });

  // The local check: nothing typed, no dialog.
  await resetButton.click();
  await expect(page.getByText('Password is required')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // A wrong password goes through the dialog; the server says no.
  await password.fill('not the password');
  await resetButton.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'No, Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await resetButton.click();
  await dialog.getByRole('button', { name: 'Yes, Reset System' }).click();
  await expect(page.getByText('Incorrect password')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/reset-system$/);
  expect((await managerApi.get('/api/me')).status()).toBe(200);

  // The right one. The page notes when the notice appears (a clock read by the test after
  // toBeVisible would start late by however long the check took to see it).
  // (A string: this project's TypeScript has no DOM types; the code runs in the page.)
  await page.evaluate(`
    new MutationObserver((_, observer) => {
      if (document.body.innerText.includes('System reset successfully')) {
        window.resetNoticeAt = performance.now();
        observer.disconnect();
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  `);
  // On a phone: the notice with its long file name must wrap, not widen the page.
  await page.setViewportSize({ width: 360, height: 740 });
  await password.fill(RESET_PASSWORD);
  await resetButton.click();
  await dialog.getByRole('button', { name: 'Yes, Reset System' }).click();
  // The notice names the backup, a file the server has written (issue 39 item 20).
  const done = page
    .getByText(
      /^System reset successfully\. Backup saved as (\/\S+\/backups\/karya-backup-\S+\.sql)\. You will be redirected to login\.$/,
    )
    .first();
  await expect(done).toBeVisible();
  await shot(page, 'reset-system-done');
  const backupFile = /saved as (\S+\.sql)\./.exec((await done.textContent()) ?? '')?.[1] ?? '';
  expect(existsSync(backupFile), backupFile).toBe(true);
  expect(Number(await page.evaluate('document.documentElement.scrollWidth'))).toBeLessThanOrEqual(
    360,
  );
  await expect(page).toHaveURL(/\/reset-system$/);
  await page.waitForURL(/\/login$/, { timeout: 10_000 });
  // Spec 2 §9: the redirect waits 3 seconds after the notice (one document: the app
  // navigates without reloading, so the page's clock spans both).
  const sinceNotice = Number(await page.evaluate('performance.now() - window.resetNoticeAt'));
  expect(sinceNotice).toBeGreaterThanOrEqual(2_900);
  expect(sinceNotice).toBeLessThan(10_000);

  // Every session ended, the manager's too; the manager no longer exists.
  expect((await managerApi.get('/api/me')).status()).toBe(401);
  expect((await admin.get('/api/me')).status()).toBe(401);

  await page.setViewportSize({ width: 1280, height: 720 });
  await signIn(page, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectCards(page, {
    'Total Branches': 0,
    'Total Technicians': 0,
    'Inventory Items': 0,
    'Total Customers': 0,
    'Work Orders': 0,
    'Assigned Projects': 0,
    'Pending Approvals': 0,
    'Completed Projects': 0,
  });
  await expect(page.getByText('No branches found.')).toBeVisible();
  await expect(page.getByRole('link', { name: /Demo Requests\s*0/ })).toBeVisible();
});
