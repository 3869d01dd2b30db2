import { expect, type Page } from '@playwright/test';

/**
 * Waits for a notification with this text, then closes it as a user would, so the next
 * step never reads an earlier notice. A notice closes itself after 5 seconds; on a busy
 * machine that can happen between seeing it and the click, which is what the user would
 * see too, so a notice that went by itself is as good as one closed by hand.
 */
export async function seeNotice(page: Page, text: string): Promise<void> {
  const notice = page.getByRole('status').filter({ hasText: text });
  await expect(notice).toBeVisible();
  await notice
    .getByRole('button', { name: 'Close notification' })
    .click({ timeout: 6_000 })
    .catch(async (error: unknown) => {
      if ((await notice.count()) > 0) throw error;
    });
  await expect(notice).toHaveCount(0);
}
