import { createBranchTeam, createOrder, type SeededOrder } from '@karya/test-factories';
import { expect, type Page } from '@playwright/test';
import { ADMIN, adminApi, nameOf } from '../support/api';
import { signIn } from '../support/login';
import { seeNotice } from '../support/notice';
import { expectReachableWithoutSidewaysScroll } from '../support/phone-width';
import { shot } from '../support/shots';
import { postSignedWebhook, whatsappTest } from '../support/whatsapp-journey';
import { PHONE } from '../support/work-orders';

/*
 * Issue 40, first half: the admin records the WhatsApp template Meta approved for 'Technician
 * assigned' (Hinglish) and previews it; the manager assigns an order, and the server sends the
 * template by itself at the assignment. The order's history shows it sent, then delivered when
 * Meta's (fake) webhook says so. WhatsApp here is a fake Graph API keeping Meta's rules, and
 * the server is the journey's own, with the Cloud API configured to reach it.
 */

const TEMPLATE = 'technician_assigned_hinglish';

const test = whatsappTest;

const DESK = { width: 1366, height: 900 } as const;

/** Meta's webhook call reporting a message's delivery, signed with the app's secret. */
async function reportStatus(baseURL: string, messageId: string, status: string) {
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{ changes: [{ value: { statuses: [{ id: messageId, status }] } }] }],
  });
  await postSignedWebhook(baseURL, body);
}

/** The order's Status History in Project Details, opened from the manager's dashboard. */
async function openHistory(manager: Page, order: SeededOrder) {
  await manager.goto('/manager-dashboard');
  await manager.getByRole('button', { name: `Show actions for ${order.orderId}` }).click();
  await manager.getByRole('button', { name: 'View Details' }).click();
  return manager.getByRole('dialog', { name: 'Project Details' });
}

test('the admin maps a WhatsApp template; an assignment sends it, and its history shows Sent then Delivered', async ({
  browser,
  baseURL,
  wa,
}) => {
  const base = baseURL ?? '';
  const admin = await adminApi(base);
  const team = await createBranchTeam(admin, {
    branch: { name: 'Kothrud' },
    technicians: [{ firstName: 'Suresh', lastName: 'Patil' }],
  });
  await admin.dispose();
  const order = await createOrder(team.manager.api, {
    name: 'Meera Joshi',
    phoneNumber: '9876501234',
  });
  const [technician] = team.technicians;

  await test.step('the admin records the approved template and sees the preview', async () => {
    const context = await browser.newContext({ baseURL: base, viewport: DESK });
    const page = await context.newPage();
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.goto('/customer-updates');
    await page.getByRole('tab', { name: 'WhatsApp templates' }).click();
    const assigned = page.getByRole('region', {
      name: 'WhatsApp template: Technician assigned (Hinglish)',
    });
    await expect(assigned).toContainText('No template yet: not sent automatically');
    await shot(page, 'wa-01-templates-desk');
    await assigned.getByRole('button', { name: 'Set up template' }).click();
    const dialog = page.getByRole('dialog', {
      name: 'WhatsApp template: Technician assigned (Hinglish)',
    });
    await expect(dialog.getByRole('region', { name: 'Suggested wording' })).toContainText(
      'Namaste {{1}} ji, aapke {{2}} (order {{3}}) ke liye {{4}} aayenge.',
    );
    await dialog.getByLabel('Template name').fill('Technician Assigned');
    await dialog.getByLabel('Language code').fill('hi');
    // {{4}} read as the branch by mistake, then put right: the preview follows.
    await dialog.getByLabel('{{4}}').selectOption({ label: 'Branch name' });
    const preview = dialog.getByTestId('whatsapp-template-preview');
    await expect(preview).toContainText('ke liye Kothrud aayenge');
    await dialog.getByLabel('{{4}}').selectOption({ label: 'Technician name' });
    await expect(preview).toHaveText(
      'Namaste Meera Joshi ji, aapke CCTV Camera (order WO-2026-000123) ke liye Suresh Patil aayenge. Status yahan dekhein: https://karya.example.in/s/Ab3dE',
    );
    await dialog.getByRole('button', { name: 'Save Template' }).click();
    // Meta's rule for names: the server says what is wrong, and nothing is saved.
    await expect(dialog.getByRole('alert')).toContainText('lowercase letters, digits and _');
    await dialog.getByLabel('Template name').fill(TEMPLATE);
    await shot(page, 'wa-02-dialog-desk');
    await dialog.getByRole('button', { name: 'Save Template' }).click();
    await seeNotice(page, 'WhatsApp template saved');
    await expect(assigned).toContainText(`${TEMPLATE} (hi)`);
    await expect(
      page
        .getByRole('region', { name: 'WhatsApp template: Technician assigned (Hinglish)' })
        .locator('..')
        .locator('..')
        .getByRole('switch'),
    ).toBeChecked();

    // The same screen on a phone: nothing reached only by scrolling sideways.
    await page.setViewportSize(PHONE);
    await expectReachableWithoutSidewaysScroll(
      page,
      assigned.getByRole('button', { name: 'Edit template' }),
    );
    await assigned.scrollIntoViewIfNeeded();
    await shot(page, 'wa-03-templates-phone', { fullPage: false });
    await assigned.getByRole('button', { name: 'Edit template' }).click();
    await expect(dialog.getByLabel('Template name')).toHaveValue(TEMPLATE);
    await shot(page, 'wa-04-dialog-phone', { fullPage: false });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await context.close();
  });
  // Meta approved it in WhatsApp Manager with its five parameters.
  wa.fake.approve(TEMPLATE, 'hi', 5);

  await test.step('the manager assigns the order; it is sent, then delivered', async () => {
    const context = await browser.newContext({ baseURL: base, viewport: DESK });
    const manager = await context.newPage();
    await signIn(manager, team.manager.username, team.manager.password);
    await manager.goto('/work-orders');
    const pending = manager.getByRole('table', { name: 'Pending work orders' });
    await pending.getByRole('row').filter({ hasText: order.customerName }).click();
    await manager.getByRole('button', { name: 'Assign Technician' }).click();
    const assign = manager.getByRole('dialog', { name: 'Assign Technician' });
    await assign
      .getByLabel('Select Technician*')
      .selectOption({ label: `${nameOf(technician)} - ${team.branch.name}` });
    await assign.getByRole('button', { name: 'Assign', exact: true }).click();
    await seeNotice(manager, 'Technician assigned successfully');

    // Nobody tapped Send: the server sent the template at the assignment.
    await expect.poll(() => wa.fake.accepted.length, { timeout: 15_000 }).toBe(1);
    const [sent] = wa.fake.accepted;
    expect(sent?.body.template?.name).toBe(TEMPLATE);
    expect(sent?.body.to).toBe('919876501234');
    expect(wa.fake.requests.every((request) => request.body.type === 'template')).toBe(true);

    let details = await openHistory(manager, order);
    await expect(details).toContainText(
      'WhatsApp update sent: Technician assigned (Hinglish) by Karya',
    );
    await expect(details).not.toContainText('WhatsApp update delivered');
    await reportStatus(base, sent?.messageId ?? '', 'delivered');
    details = await openHistory(manager, order);
    await expect(details).toContainText(
      'WhatsApp update delivered: Technician assigned (Hinglish)',
    );
    await details
      .getByText('WhatsApp update delivered: Technician assigned (Hinglish)')
      .scrollIntoViewIfNeeded();
    await shot(manager, 'wa-05-history-desk', { fullPage: false });
    await context.close();
  });
});
