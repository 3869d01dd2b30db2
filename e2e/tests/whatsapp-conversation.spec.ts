import { createBranchTeam, createOrder } from '@karya/test-factories';
import { expect, type Page } from '@playwright/test';
import type { FakeGraphApi } from '../../apps/server/test/helpers/fake-graph-api';
import { ADMIN, adminApi } from '../support/api';
import { signIn } from '../support/login';
import { seeNotice } from '../support/notice';
import { expectReachableWithoutSidewaysScroll } from '../support/phone-width';
import { shot } from '../support/shots';
import { postSignedWebhook, whatsappTest } from '../support/whatsapp-journey';
import { PHONE } from '../support/work-orders';

/*
 * Issue 40, second half: the customer writes to the shop's WhatsApp number (Meta's signed
 * webhook), the manager's header shows the unread badge without a reload, the manager opens
 * the customer's thread, sees until when the 24-hour window is open and replies; the fake
 * Graph API, whose window follows what the customer wrote, takes the free-form text. A new
 * number's message makes a lead at the top of the contact book.
 */

const DESK = { width: 1366, height: 900 } as const;

const test = whatsappTest;

/** Meta posts what the customer wrote, signed; the fake's window opens as WhatsApp's would. */
async function customerWrites(
  baseURL: string,
  fake: FakeGraphApi,
  from: string,
  text: string,
  name?: string,
) {
  const body = fake.customerMessage(from, text, name ? { name } : {});
  await postSignedWebhook(baseURL, body);
}

const badge = (page: Page) => page.getByRole('link', { name: /unread WhatsApp message/ });

async function openCustomer(page: Page, name: string) {
  const row = page
    .getByRole('table', { name: 'Leads and customers' })
    .getByRole('row')
    .filter({ hasText: name });
  await expect(row).toHaveCount(1);
  // The row stays open after its details were shown once: open it only when it is closed.
  const toggle = page.getByRole('button', { name: `Show actions for ${name}` });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await page.getByRole('button', { name: 'View Details' }).click();
  return page.getByRole('dialog', { name: 'Customer Details' });
}

test('the customer writes; the manager sees the unread badge, opens the thread and replies', async ({
  browser,
  baseURL,
  wa,
}) => {
  const baseUrl = baseURL ?? '';
  const admin = await adminApi(baseUrl);
  const team = await createBranchTeam(admin, { branch: { name: 'Kothrud' } });
  await admin.dispose();
  const order = await createOrder(team.manager.api, {
    name: 'Meera Joshi',
    phoneNumber: '9876501234',
  });

  await test.step('the admin chooses the branch that leads from new numbers go to', async () => {
    const adminContext = await browser.newContext({ baseURL: baseUrl, viewport: PHONE });
    const page = await adminContext.newPage();
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.goto('/customer-updates');
    await page.getByRole('tab', { name: 'WhatsApp templates' }).click();
    const setting = page.getByLabel('Leads from new WhatsApp numbers go to');
    await expect(setting).toBeEnabled();
    await setting.selectOption({ label: 'Kothrud' });
    await seeNotice(page, 'WhatsApp settings saved');
    await expectReachableWithoutSidewaysScroll(page, setting);
    await shot(page, 'conv-00-inbound-branch-phone', { fullPage: false });
    await adminContext.close();
  });

  const context = await browser.newContext({ baseURL: baseUrl, viewport: DESK });
  const manager = await context.newPage();
  // The page is listening to the live events before the customer writes, so the badge's
  // change is either in what it fetched or an event it hears.
  const streamOpen = manager.waitForResponse((response) => response.url().includes('/api/events'));
  await signIn(manager, team.manager.username, team.manager.password);
  await expect(badge(manager)).toHaveAccessibleName('No unread WhatsApp messages');
  await streamOpen;

  await test.step('the customer writes and the badge counts it without a reload', async () => {
    await customerWrites(baseUrl, wa.fake, '919876501234', 'Camera band ho gaya, kab aaoge?');
    await expect(badge(manager)).toHaveAccessibleName('1 unread WhatsApp message');
    await shot(manager, 'conv-01-badge-desk', { fullPage: false });
  });

  await test.step('the manager opens the thread from the badge and replies inside the window', async () => {
    await badge(manager).click();
    await expect(manager).toHaveURL(/\/contacts$/);
    const details = await openCustomer(manager, order.customerName);
    const thread = details.getByRole('region', { name: 'WhatsApp' });
    await expect(thread.getByRole('list', { name: 'WhatsApp messages' })).toContainText(
      'Camera band ho gaya, kab aaoge?',
    );
    await expect(thread).toContainText(/Window open until \d{1,2}:\d{2} (am|pm)/);
    await expect(thread).toContainText('Read');
    await thread.getByLabel('Reply on WhatsApp').fill('Kal 11 baje aayenge');
    await thread.scrollIntoViewIfNeeded();
    await shot(manager, 'conv-02-thread-desk', { fullPage: false });
    await thread.getByRole('button', { name: 'Send reply' }).click();
    await seeNotice(manager, 'Reply sent');
    await expect(thread.getByRole('list', { name: 'WhatsApp messages' })).toContainText(
      'Kal 11 baje aayenge',
    );
    const sent = wa.fake.acceptedTo('919876501234');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({ type: 'text', text: { body: 'Kal 11 baje aayenge' } });
    await shot(manager, 'conv-03-replied-desk', { fullPage: false });
  });

  await test.step('on a phone: the thread and its reply box, nothing sideways', async () => {
    await manager.setViewportSize(PHONE);
    const thread = manager
      .getByRole('dialog', { name: 'Customer Details' })
      .getByRole('region', { name: 'WhatsApp' });
    await expectReachableWithoutSidewaysScroll(
      manager,
      thread.getByRole('button', { name: 'Send reply' }),
    );
    await thread.scrollIntoViewIfNeeded();
    await shot(manager, 'conv-04-thread-phone', { fullPage: false });
    await manager.keyboard.press('Escape');
    await expect(manager.getByRole('dialog', { name: 'Customer Details' })).toHaveCount(0);
    // The thread was opened: its message is read, and the badge dropped.
    await expect(badge(manager)).toHaveAccessibleName('No unread WhatsApp messages');
  });

  await test.step('the customer replies STOP; the manager turns updates back on when asked', async () => {
    await customerWrites(baseUrl, wa.fake, '919876501234', 'STOP');
    await expect(badge(manager)).toHaveAccessibleName('1 unread WhatsApp message');
    await manager.setViewportSize(DESK);
    const details = await openCustomer(manager, order.customerName);
    const thread = details.getByRole('region', { name: 'WhatsApp' });
    await expect(thread).toContainText('Opted out of updates');
    await expect(thread).toContainText('The customer replied STOP');
    await thread.getByRole('button', { name: 'Turn updates back on' }).scrollIntoViewIfNeeded();
    await shot(manager, 'conv-04b-opted-out-desk', { fullPage: false });
    await thread.getByRole('button', { name: 'Turn updates back on' }).click();
    const confirm = manager.getByRole('dialog', { name: 'Turn WhatsApp updates back on?' });
    await expect(confirm).toContainText('Only when the customer asks for them');
    await confirm.getByRole('button', { name: 'Turn back on' }).click();
    await seeNotice(manager, 'WhatsApp updates turned back on');
    await expect(thread).not.toContainText('Opted out of updates');
    // The order's Project Details shows the same conversation.
    await details.getByRole('button', { name: 'View Details' }).first().click();
    const project = manager.getByRole('dialog', { name: 'Project Details' });
    await expect(project.getByRole('region', { name: 'WhatsApp' })).toContainText(
      'Kal 11 baje aayenge',
    );
    await project.getByRole('region', { name: 'WhatsApp' }).scrollIntoViewIfNeeded();
    await shot(manager, 'conv-04c-project-desk', { fullPage: false });
    await manager.keyboard.press('Escape');
    await expect(project).toHaveCount(0);
    await manager.keyboard.press('Escape');
    await expect(details).toHaveCount(0);
    await expect(badge(manager)).toHaveAccessibleName('No unread WhatsApp messages');
  });

  await test.step('a new number becomes a lead at the top of the contact book', async () => {
    await customerWrites(baseUrl, wa.fake, '919822011111', 'CCTV lagwana hai', 'Anil Shinde');
    await expect(badge(manager)).toHaveAccessibleName('1 unread WhatsApp message');
    await manager.reload();
    const first = manager
      .getByRole('table', { name: 'Leads and customers' })
      .getByRole('row')
      .nth(1);
    await expect(first).toContainText('Anil Shinde');
    await manager.getByRole('button', { name: 'Show actions for Anil Shinde' }).click();
    await manager.getByRole('button', { name: 'View Details' }).click();
    const lead = manager.getByRole('dialog', { name: 'Lead Details' });
    await expect(lead).toContainText('WhatsApp');
    await expect(lead.getByRole('region', { name: 'WhatsApp' })).toContainText('CCTV lagwana hai');
    await shot(manager, 'conv-05-lead-desk', { fullPage: false });
  });
  await context.close();
});
