import { dataOf } from '@karya/test-factories';
import { expect, test } from '@playwright/test';
import { ADMIN, disposeTeam, seedPerson } from '../support/api';
import { signIn } from '../support/login';
import { seedWorkOrderTeam } from '../support/work-orders';

test.describe('signing in and the app shell', () => {
  test('the admin signs in and sees the admin menu and their name in the header', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Login to Your Account' })).toBeVisible();
    await expect(page.getByPlaceholder('Enter your username')).toBeVisible();
    await expect(page.getByPlaceholder('Enter your password')).toBeVisible();

    await signIn(page, ADMIN.username, ADMIN.password);
    await expect(page).toHaveURL(/\/dashboard$/);

    const menu = page.getByRole('navigation', { name: 'Main' });
    for (const item of ['Dashboard', 'Branches', 'Managers', 'Technicians', 'Inventory']) {
      await expect(menu.getByRole('link', { name: item, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole('link', { name: 'Customers' })).toHaveCount(0);
    await expect(page.getByRole('banner').getByText('System Admin').first()).toBeVisible();
    await expect(page.getByRole('banner').getByText('Admin', { exact: true })).toBeVisible();

    await menu.getByRole('link', { name: 'Branches' }).click();
    await expect(page).toHaveURL(/\/branches$/);
  });

  test('a wrong password shows the banner and keeps the form', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(page.getByRole('alert')).toHaveText('Invalid username or password');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel('Username')).toHaveValue('admin');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  test('a reload keeps the session, and logout asks first and returns to /login', async ({
    page,
  }) => {
    await signIn(page, ADMIN.username, ADMIN.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.reload();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Are you sure you want to logout from your account?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);

    // The server session is gone too: protected pages send us back to the login.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an unknown path shows Page Not Found', async ({ page }) => {
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.goto('/no/such/page');
    await expect(page.getByText('Page Not Found')).toBeVisible();
  });

  test('a technician lands on the technician dashboard with no sidebar or header', async ({
    page,
    baseURL,
  }) => {
    const { person: technician } = await seedPerson(baseURL as string, 'technician');

    await signIn(page, technician.username, technician.password);
    await expect(page).toHaveURL(/\/technician-dashboard$/);
    await expect(page.getByRole('heading', { name: 'Technician Dashboard' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'User menu' })).toHaveCount(0);

    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/technician-dashboard$/);
    // Issue 15: the desk's screens send a technician home, not to a bare refusal.
    for (const desk of ['/work-orders', '/manager-dashboard', '/transferred-projects']) {
      await page.goto(desk);
      await expect(page).toHaveURL(/\/technician-dashboard$/);
      await expect(page.getByRole('heading', { name: 'Technician Dashboard' })).toBeVisible();
      await expect(page.getByText('You do not have permission to do this')).toHaveCount(0);
    }
  });

  test('a manager opening an admin-only route lands on the dashboard', async ({
    page,
    baseURL,
  }) => {
    const { person: manager } = await seedPerson(baseURL as string, 'manager');

    await signIn(page, manager.username, manager.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    const menu = page.getByRole('navigation', { name: 'Main' });
    await expect(menu.getByRole('link', { name: 'Customers' })).toBeVisible();

    await page.goto('/users/managers');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/branches');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the login form, the landing page and a job-status link ask nobody who is signed in: no refused /api/me in the console', async ({
    page,
    baseURL,
  }) => {
    // Issue 39 item 22: a visitor's console showed 'GET /api/me 401' on every public page.
    const team = await seedWorkOrderTeam(baseURL as string);
    const link = await dataOf<{ path: string }>(
      team.manager.api,
      'POST',
      '/api/work-order-status-link',
      { orderId: team.order.orderId },
    );
    await disposeTeam(team);
    const sessionChecks: number[] = [];
    const failed: string[] = [];
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (pathname === '/api/me') sessionChecks.push(response.status());
      if (response.status() >= 400) failed.push(`${response.status()} ${pathname}`);
    });
    page.on('console', (message) => {
      if (message.type() === 'error') failed.push(message.text());
    });

    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Login to Your Account' })).toBeVisible();
    await page.goto('/welcome');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto(link.path);
    await expect(
      page.getByRole('heading', { level: 1, name: team.order.projectType }),
    ).toBeVisible();
    expect(failed).toEqual([]);
    expect(sessionChecks).toEqual([]);

    // A screen behind the login still asks, and sends the visitor to the form.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    expect(sessionChecks).toEqual([401]);
  });
});
