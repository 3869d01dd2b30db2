import { unique } from '@karya/test-factories';
import { expect, type Page, test } from '@playwright/test';
import { ADMIN, seedPerson } from '../support/api';
import { signIn } from '../support/login';
import { seeNotice } from '../support/notice';

/** Fills the fields every Add Manager / Add Technician form shares (spec 1 §2.6, §2.7). */
async function fillNewUser(
  page: Page,
  user: { firstName: string; lastName: string; username: string; password: string },
  confirmPassword = user.password,
) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('First Name*', { exact: true }).fill(user.firstName);
  await dialog.getByLabel('Last Name*', { exact: true }).fill(user.lastName);
  await dialog.getByLabel('Username*', { exact: true }).fill(user.username);
  await dialog.getByLabel('Email*', { exact: true }).fill(`${user.username}@example.com`);
  await dialog.getByLabel('Password*', { exact: true }).fill(user.password);
  await dialog.getByLabel('Confirm Password*', { exact: true }).fill(confirmPassword);
  await dialog.getByLabel('Phone', { exact: true }).fill('9876543210');
}

test.describe('people and branches', () => {
  test('an admin creates a branch, a manager and a technician through the screens', async ({
    page,
  }) => {
    const branchName = unique('Branch ');
    const manager = {
      firstName: 'Meera',
      lastName: unique('Mgr'),
      username: unique('mgr').toLowerCase(),
      password: 'secret-123',
    };
    const technician = {
      firstName: 'Tarun',
      lastName: unique('Tech'),
      username: unique('tech').toLowerCase(),
      password: 'secret-123',
    };

    await signIn(page, ADMIN.username, ADMIN.password);
    const menu = page.getByRole('navigation', { name: 'Main' });

    // Branches → Add Branch, with the required-fields message on the way.
    await menu.getByRole('link', { name: 'Branches' }).click();
    await expect(page).toHaveURL(/\/branches$/);
    await page.getByRole('button', { name: 'Add Branch' }).click();
    const branchDialog = page.getByRole('dialog', { name: 'Add New Branch' });
    await branchDialog.getByRole('button', { name: 'Save Branch' }).click();
    await expect(
      branchDialog.getByText('Branch name and location are required').first(),
    ).toBeVisible();
    await branchDialog.getByLabel('Branch Name*', { exact: true }).fill(branchName);
    await branchDialog.getByLabel('Location*', { exact: true }).fill('Nashik');
    await branchDialog.getByRole('button', { name: 'Save Branch' }).click();
    await expect(branchDialog).toHaveCount(0);
    await seeNotice(page, 'Branch added successfully');
    await page
      .getByRole('searchbox', { name: 'Search branches by name or location...' })
      .fill(branchName);
    await expect(page.getByRole('heading', { name: branchName })).toBeVisible();
    // A search that matches nothing says so, not the first-run invitation (issue 15).
    await page
      .getByRole('searchbox', { name: 'Search branches by name or location...' })
      .fill('no-such-branch-zz');
    await expect(page.getByText('No branches match your search')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Your First Branch' })).toHaveCount(0);

    // Managers → Add Manager, with 'Passwords do not match' on the way.
    await menu.getByRole('link', { name: 'Managers' }).click();
    await expect(page).toHaveURL(/\/users\/managers$/);
    await page.getByRole('button', { name: 'Add Manager' }).click();
    const managerDialog = page.getByRole('dialog', { name: 'Add Manager' });
    await fillNewUser(page, manager, 'something-else');
    await managerDialog.getByLabel('Branch*', { exact: true }).selectOption({ label: branchName });
    await managerDialog.getByRole('button', { name: 'Save Manager' }).click();
    await expect(managerDialog.getByText('Passwords do not match')).toBeVisible();
    await managerDialog.getByLabel('Confirm Password*', { exact: true }).fill(manager.password);
    await managerDialog.getByRole('button', { name: 'Save Manager' }).click();
    await expect(managerDialog).toHaveCount(0);
    await seeNotice(page, 'Manager added successfully');
    await page.getByRole('searchbox', { name: 'Search managers...' }).fill(manager.lastName);
    const managerRow = page
      .getByRole('table', { name: 'Managers' })
      .getByRole('row')
      .filter({ hasText: manager.username });
    await expect(managerRow).toHaveCount(1);
    await expect(managerRow).toContainText(`${manager.firstName} ${manager.lastName}`);
    await expect(managerRow.getByRole('cell', { name: branchName, exact: true })).toBeVisible();
    await expect(managerRow).toContainText(`${manager.username}@example.com`);

    // Technicians → Add Technician.
    await menu.getByRole('link', { name: 'Technicians' }).click();
    await expect(page).toHaveURL(/\/users\/technicians/);
    await expect(page.getByRole('heading', { name: 'Technicians', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Add Technician' }).click();
    const technicianDialog = page.getByRole('dialog', { name: 'Add Technician' });
    await fillNewUser(page, technician);
    await technicianDialog
      .getByLabel('Branch*', { exact: true })
      .selectOption({ label: branchName });
    await technicianDialog.getByRole('button', { name: 'Save Technician' }).click();
    await expect(technicianDialog).toHaveCount(0);
    await seeNotice(page, 'Technician added successfully');
    await page.getByRole('searchbox', { name: 'Search technicians' }).fill(technician.lastName);
    const technicianRow = page
      .getByRole('table', { name: 'Technicians' })
      .getByRole('row')
      .filter({ hasText: technician.username });
    await expect(technicianRow).toHaveCount(1);
    await expect(technicianRow).toContainText(`${technician.firstName} ${technician.lastName}`);
    await expect(technicianRow.getByRole('cell', { name: branchName, exact: true })).toBeVisible();

    // The branch card now names its manager and counts the technician.
    await menu.getByRole('link', { name: 'Branches' }).click();
    await page
      .getByRole('searchbox', { name: 'Search branches by name or location...' })
      .fill(branchName);
    const card = page.getByRole('link', { name: new RegExp(branchName) });
    await expect(card).toContainText(`${manager.firstName} ${manager.lastName}`);
    await expect(card).toContainText(/Technicians\s*1/);
  });

  test('a manager adds a technician to their own branch from User Management', async ({
    page,
    baseURL,
  }) => {
    const { branch, person: manager } = await seedPerson(baseURL as string, 'manager');
    const technician = {
      firstName: 'Kiran',
      lastName: unique('Tech'),
      username: unique('mtech').toLowerCase(),
      password: 'secret-123',
    };

    await signIn(page, manager.username, manager.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'User Management' })
      .click();
    await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();

    await page.getByRole('button', { name: 'Add Technician' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Technician' });
    // A manager's technicians join the manager's own branch: there is no branch to pick.
    await expect(dialog.getByLabel('First Name*', { exact: true })).toBeVisible();
    await expect(dialog.getByLabel('Branch*', { exact: true })).toHaveCount(0);
    await fillNewUser(page, technician);
    await dialog.getByRole('button', { name: 'Save Technician' }).click();
    await expect(dialog).toHaveCount(0);
    await seeNotice(page, 'Technician added successfully');

    await page.getByRole('searchbox', { name: 'Search technicians' }).fill(technician.username);
    const row = page
      .getByRole('table', { name: 'Technicians' })
      .getByRole('row')
      .filter({ hasText: technician.username });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`${technician.firstName} ${technician.lastName}`);
    await expect(row.getByRole('cell', { name: branch.name, exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: 'active', exact: true })).toBeVisible();
  });
});
