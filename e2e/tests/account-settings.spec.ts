import { unique } from '@karya/test-factories';
import { expect, test } from '@playwright/test';
import { seedPerson } from '../support/api';
import { signIn } from '../support/login';
import { seeNotice } from '../support/notice';

test.describe('account settings', () => {
  test('a technician edits their profile, changes their password and signs in with the new one', async ({
    page,
    baseURL,
  }) => {
    const { person: technician } = await seedPerson(baseURL as string, 'technician');
    const newLastName = unique('Renamed');
    const newPassword = 'fresh-pass-456';

    await signIn(page, technician.username, technician.password);
    await expect(page).toHaveURL(/\/technician-dashboard$/);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Account Settings' });
    await expect(dialog).toBeVisible();

    // Profile: the username is shown read-only; last name and phone change.
    await expect(dialog.getByLabel('Username', { exact: true })).toHaveValue(technician.username);
    await expect(dialog.getByLabel('Username', { exact: true })).not.toBeEditable();
    await expect(dialog.getByLabel('Last Name*', { exact: true })).toHaveValue(technician.lastName);
    await dialog.getByLabel('Last Name*', { exact: true }).fill(newLastName);
    await dialog.getByLabel('Phone', { exact: true }).fill('9123456780');
    await dialog.getByRole('button', { name: 'Update Profile' }).click();
    await seeNotice(page, 'Profile updated successfully');

    // Change Password, with the mismatch message on the way.
    await dialog.getByRole('tab', { name: 'Change Password' }).click();
    await dialog.getByLabel('Current Password', { exact: true }).fill(technician.password);
    await dialog.getByLabel('New Password', { exact: true }).fill(newPassword);
    await dialog.getByLabel('Confirm New Password', { exact: true }).fill('not-the-same');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await expect(dialog.getByText('New password and confirmation do not match')).toBeVisible();
    await dialog.getByLabel('Confirm New Password', { exact: true }).fill(newPassword);
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await seeNotice(page, 'Password changed successfully');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toHaveCount(0);

    // The account menu shows the new name.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menu')).toContainText(`${technician.firstName} ${newLastName}`);

    // Log out, the old password is refused, the new one works.
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await page.getByLabel('Username').fill(technician.username);
    await page.getByLabel('Password').fill(technician.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid username or password');
    await expect(page).toHaveURL(/\/login$/);

    await page.getByLabel('Password').fill(newPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/technician-dashboard$/);

    // The profile change was saved on the server, not only in the session.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    const reopened = page.getByRole('dialog', { name: 'Account Settings' });
    await expect(reopened.getByLabel('Last Name*', { exact: true })).toHaveValue(newLastName);
    await expect(reopened.getByLabel('Phone', { exact: true })).toHaveValue('9123456780');
  });
});
