import { expect, type Locator, type Page } from '@playwright/test';

/** document.documentElement.scrollWidth: how wide the page is (as a string: no DOM here). */
export async function pageWidth(page: Page): Promise<number> {
  return Number(await page.evaluate('document.documentElement.scrollWidth'));
}

/** What the walk up from an element reads of each box around it. */
type Box = {
  parentElement: Box | null;
  tagName: string;
  scrollWidth: number;
  clientWidth: number;
};

/**
 * On a phone the page is never wider than the screen, and target — a row's action — is on the
 * screen as the page stands: inside the viewport's width with no box around it that scrolls
 * sideways (issue 39 item 23).
 */
export async function expectReachableWithoutSidewaysScroll(
  page: Page,
  target: Locator,
): Promise<void> {
  const width = page.viewportSize()?.width ?? 360;
  await expect(target).toBeVisible();
  expect(await pageWidth(page), 'the page is no wider than the phone').toBeLessThanOrEqual(width);
  const box = await target.boundingBox();
  expect(box, 'the action has a box').not.toBeNull();
  expect(box?.x ?? -1, 'the action starts on the screen').toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0), 'the action ends on the screen').toBeLessThanOrEqual(
    width,
  );
  const sideways = await target.evaluate((element) => {
    const { getComputedStyle } = globalThis as unknown as {
      getComputedStyle: (box: Box) => { overflowX: string };
    };
    const scrolling: string[] = [];
    for (let part = (element as unknown as Box).parentElement; part; part = part.parentElement) {
      const overflow = getComputedStyle(part).overflowX;
      if ((overflow === 'auto' || overflow === 'scroll') && part.scrollWidth > part.clientWidth + 1)
        scrolling.push(`${part.tagName} ${part.scrollWidth}>${part.clientWidth}`);
    }
    return scrolling;
  });
  expect(sideways, 'nothing around the action scrolls sideways').toEqual([]);
}
