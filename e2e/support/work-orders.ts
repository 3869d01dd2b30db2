import {
  type BranchTeam,
  createBranchTeam,
  createOrder,
  type SeededOrder,
  type SeededUser,
} from '@karya/test-factories';
import { type Browser, expect, type Locator, type Page } from '@playwright/test';
import { type Api, adminApi } from './api';
import { signIn } from './login';
import { seeNotice } from './notice';

/** A phone in portrait, as technicians carry on site. */
export const PHONE = { width: 360, height: 740 } as const;

export interface WorkOrderTeam extends BranchTeam<Api, [object, object]> {
  order: SeededOrder;
}

/**
 * A branch of its own with a manager, two technicians and a customer whose New Installation
 * waits in the pending list; parallel journeys never share any of it.
 */
export async function seedWorkOrderTeam(baseURL: string): Promise<WorkOrderTeam> {
  const admin = await adminApi(baseURL);
  const team = await createBranchTeam(admin, { technicians: [{}, {}] });
  await admin.dispose();
  return { ...team, order: await createOrder(team.manager.api) };
}

/** A person of the journey in their own browser; technicians on a phone-sized screen. */
export async function openAs(
  browser: Browser,
  baseURL: string,
  user: Pick<SeededUser, 'username' | 'password'>,
  device: 'desktop' | 'phone',
): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    ...(device === 'phone' ? { viewport: PHONE, hasTouch: true, isMobile: true } : {}),
  });
  const page = await context.newPage();
  await signIn(page, user.username, user.password);
  return page;
}

/**
 * The technician starts an assigned order from 'Your Tasks' on the phone and opens it as the
 * Current Project, where its checklist and photos are (issue 22).
 */
export async function startOnPhone(phone: Page, customerName: string): Promise<void> {
  await phone
    .getByRole('list', { name: 'Your Tasks' })
    .getByRole('listitem')
    .filter({ hasText: customerName })
    .click();
  await phone.getByRole('dialog').getByRole('button', { name: 'Start Project' }).click();
  await seeNotice(phone, 'Project started');
  await phone.getByRole('dialog').getByRole('button', { name: 'Open Current Project' }).click();
}

/**
 * The customer signs on the technician's phone (issue 22): 'Get customer signature' (on the
 * Current Project's panel, or inside `from`, e.g. the Complete Project sheet), their name,
 * a stroke drawn with the mouse across the pad, 'Save signature'. With no signal the notice
 * is the queue's ('Saved on this phone').
 */
export async function signOnPhone(
  phone: Page,
  signerName: string,
  options: { from?: Page | Locator; notice?: string } = {},
): Promise<void> {
  const { from = phone, notice = 'Signature saved' } = options;
  await from.getByRole('button', { name: 'Get customer signature' }).click();
  const sheet = phone.getByRole('dialog', { name: 'Customer Signature' });
  await sheet.getByLabel('Customer name').fill(signerName);
  await drawSignature(phone, sheet.getByTestId('signature-pad'));
  await sheet.getByRole('button', { name: 'Save signature' }).click();
  await seeNotice(phone, notice);
  await expect(sheet).toBeHidden();
}

/** A signature-like zigzag drawn with the mouse inside the pad. */
export async function drawSignature(page: Page, pad: Locator): Promise<void> {
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('the signature pad is not on screen');
  const at = (x: number, y: number) => [box.x + box.width * x, box.y + box.height * y] as const;
  await page.mouse.move(...at(0.1, 0.6));
  await page.mouse.down();
  for (const [x, y] of [
    [0.2, 0.3],
    [0.3, 0.7],
    [0.4, 0.3],
    [0.5, 0.7],
    [0.6, 0.35],
    [0.75, 0.65],
    [0.9, 0.4],
  ] as const) {
    await page.mouse.move(...at(x, y), { steps: 6 });
  }
  await page.mouse.up();
}
