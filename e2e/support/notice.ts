import { expect, type Page } from '@playwright/test';

/**
 * Waits for a notification with this text, then closes it as a user would, so the next
 * step never reads an earlier notice (they stay 5 seconds).
 */
export async function seeNotice(page: Page, text: string): Promise<void> {
  const notice = page.getByRole('status').filter({ hasText: text });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Close notification' }).click();
  await expect(notice).toHaveCount(0);
}
