import {
  type BranchTeam,
  createBranchTeam,
  createOrder,
  type SeededOrder,
  type SeededUser,
} from '@karya/test-factories';
import type { Browser, Page } from '@playwright/test';
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
