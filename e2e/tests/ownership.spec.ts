import { createBranch, createUser } from '@karya/test-factories';
import { expect, test } from '@playwright/test';
import { adminApi } from '../support/api';
import { signIn } from '../support/login';
import { seeNotice } from '../support/notice';

test.describe('branch ownership transfer', () => {
  test('a pending second manager receives the branch and the first manager is locked out', async ({
    browser,
    baseURL,
  }) => {
    const admin = await adminApi(baseURL as string);
    const branch = await createBranch(admin);
    const first = await createUser(admin, 'manager', branch.id);
    // The branch already has an active manager, so this one waits.
    const second = await createUser(admin, 'manager', branch.id);
    await admin.dispose();
    const firstName = `${first.firstName} ${first.lastName}`;
    const secondName = `${second.firstName} ${second.lastName}`;

    const firstContext = await browser.newContext();
    const secondContext = await browser.newContext();
    try {
      const firstPage = await firstContext.newPage();
      const secondPage = await secondContext.newPage();

      // The second manager has no access yet.
      await signIn(secondPage, second.username, second.password);
      const pending = secondPage.getByRole('dialog', { name: 'Account Access Pending' });
      await expect(pending).toBeVisible();
      // Spec 1 §6: only an active manager gets the full menu.
      // (The modal hides the page from the accessibility tree, hence includeHidden.)
      const pendingMenu = secondPage.getByRole('navigation', { name: 'Main', includeHidden: true });
      await expect(pendingMenu).toBeAttached();
      await expect(pendingMenu.getByRole('link', { includeHidden: true })).toHaveCount(0);
      await expect(pending.getByRole('button', { name: 'Logout' })).toBeVisible();

      // The first manager transfers ownership from the Ownership Transfer page.
      await signIn(firstPage, first.username, first.password);
      await expect(firstPage).toHaveURL(/\/dashboard$/);
      await firstPage.getByRole('button', { name: 'User menu' }).click();
      await firstPage.getByRole('menuitem', { name: 'Ownership Transfer' }).click();
      await expect(firstPage).toHaveURL(/\/ownership-transfer$/);
      const candidates = firstPage.getByRole('table', {
        name: 'New Managers Awaiting Ownership Transfer',
      });
      const candidate = candidates.getByRole('row').filter({ hasText: secondName });
      await expect(candidate).toContainText(`${second.username}@example.com`);
      await candidate.getByRole('button', { name: `Transfer to ${secondName}` }).click();
      const transfer = firstPage.getByRole('dialog', { name: 'Transfer Branch Ownership' });
      await expect(transfer).toContainText('you will lose access to manage this branch');
      await transfer
        .getByLabel('Message (optional)')
        .fill('Handing the branch over, all the best.');
      await transfer.getByRole('button', { name: 'Request Transfer' }).click();
      await seeNotice(firstPage, `Transfer request sent to ${secondName}`);
      await expect(transfer).toHaveCount(0);
      // Spec 1 §4: the candidate leaves the list behind the modal.
      await expect(candidate).toHaveCount(0);

      // The second manager reloads, sees the request, and must write a response to accept.
      await secondPage.reload();
      const request = secondPage.getByRole('dialog', { name: 'Ownership Transfer Request' });
      await expect(request).toBeVisible();
      await expect(request).toContainText(firstName);
      await expect(request).toContainText('Handing the branch over, all the best.');
      await request.getByRole('button', { name: 'Accept' }).click();
      await expect(
        request.getByText('Please add a response message for the current manager.'),
      ).toBeVisible();
      await request.getByLabel('Response Message*').fill('Thank you, I will take it from here.');
      await request.getByRole('button', { name: 'Accept' }).click();

      // Accepting reloads the page into full access.
      await expect(request).toHaveCount(0);
      const menu = secondPage.getByRole('navigation', { name: 'Main' });
      await expect(menu.getByRole('link', { name: 'Customers' })).toBeVisible();
      await expect(secondPage.getByRole('dialog')).toHaveCount(0);
      await menu.getByRole('link', { name: 'User Management' }).click();
      await expect(secondPage.getByRole('heading', { name: 'User Management' })).toBeVisible();
      await expect(secondPage.getByRole('dialog')).toHaveCount(0);

      // The first manager reloads and can only log out.
      await firstPage.reload();
      const transferred = firstPage.getByRole('dialog', { name: 'Ownership Transferred' });
      await expect(transferred).toBeVisible();
      await expect(transferred).toContainText('Ownership of this branch has been transferred');
      await transferred.getByRole('button', { name: 'Logout' }).click();
      await expect(firstPage).toHaveURL(/\/login$/);
    } finally {
      await firstContext.close();
      await secondContext.close();
    }
  });
});
