import { expect, type Page } from '@playwright/test';

/**
 * Waits for a notification with this text, then closes it as a user would: notices sit
 * over the top-right corner (page-header actions, a dialog's close button) for 5 seconds.
 */
export async function seeNotice(page: Page, text: string): Promise<void> {
  const notice = page.getByRole('status').filter({ hasText: text });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Close notification' }).click();
  await expect(notice).toHaveCount(0);
}
