import type { Page } from '@playwright/test';

/**
 * With E2E_SHOTS=<folder>, a picture of the page as the journey sees it (whole page unless
 * told otherwise), for a person to look at; without it, nothing.
 */
export async function shot(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  const folder = process.env.E2E_SHOTS;
  if (folder) {
    await page.screenshot({ path: `${folder}/${name}.png`, fullPage: options.fullPage ?? true });
  }
}
