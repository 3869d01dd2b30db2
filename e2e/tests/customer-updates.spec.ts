import { assignOrder, dataOf, uniquePhone } from '@karya/test-factories';
import { expect, type Page, test } from '@playwright/test';
import { ADMIN, nameOf } from '../support/api';
import { signIn } from '../support/login';
import { seeNotice } from '../support/notice';
import { openAs, seedWorkOrderTeam } from '../support/work-orders';

/*
 * Issue 21: updates sent to the customer from the manager's Projects and the technician's
 * phone. The wa.me link is read, not followed to WhatsApp: a tap opens it in a new tab, which
 * the journey answers itself (no internet here), and the order's history keeps what was sent.
 */

/** The text a wa.me link would type into WhatsApp, and the number it goes to. */
async function whatsappOf(page: Page, name: string) {
  const href = (await page.getByRole('link', { name }).getAttribute('href')) ?? '';
  const url = new URL(href);
  return { host: url.host, to: url.pathname.slice(1), text: url.searchParams.get('text') ?? '' };
}

/** Taps the link; the tab it opens gets a blank page instead of WhatsApp. */
async function tap(page: Page, name: string) {
  await page
    .context()
    .route('https://wa.me/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<p>WhatsApp</p>' }),
    );
  const opened = page.waitForEvent('popup');
  await page.getByRole('link', { name }).click();
  await (await opened).close();
}

test('the manager sends “technician assigned” and the technician “on my way”, both kept in the history', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const team = await seedWorkOrderTeam(baseURL ?? '');
  const [technician] = team.technicians;
  const { order } = team;
  await assignOrder(team.manager.api, order, technician.id);
  const customer = await dataOf<{ phoneNumber: string }>(
    team.manager.api,
    'GET',
    `/api/get-single-customer/${order.customerId}`,
  );
  const digits = customer.phoneNumber.replace(/\D/g, '').slice(-10);

  const manager = await openAs(browser, baseURL ?? '', team.manager, 'desktop');
  await manager.goto('/manager-dashboard');
  await manager.getByRole('button', { name: `Show actions for ${order.orderId}` }).click();
  await expect(manager.getByRole('link', { name: 'Send update on WhatsApp' })).toBeVisible();
  const assigned = await whatsappOf(manager, 'Send update on WhatsApp');
  expect(assigned.host).toBe('wa.me');
  expect(assigned.to).toBe(`91${digits}`);
  expect(assigned.text).toContain(`${nameOf(technician)} aayenge`);
  expect(assigned.text).toContain(order.orderId);
  expect(assigned.text).toMatch(/Status yahan dekhein: https?:\/\/[^/]+\/s\/[A-Za-z0-9_-]{32}/);
  await tap(manager, 'Send update on WhatsApp');

  const statusPath = new URL(assigned.text.match(/https?:\/\/\S+\/s\/\S+/)?.[0] ?? '').pathname;

  const phone = await openAs(browser, baseURL ?? '', technician, 'phone');
  await phone.goto('/technician-dashboard');
  await phone
    .getByRole('list', { name: 'Your Tasks' })
    .getByRole('listitem')
    .filter({ hasText: order.customerName })
    .click();
  const details = phone.getByRole('dialog', { name: order.projectType });
  await expect(details.getByRole('link', { name: 'On my way' })).toBeVisible();
  const onMyWay = await whatsappOf(phone, 'On my way');
  expect(onMyWay.to).toBe(`91${digits}`);
  expect(onMyWay.text).toContain(`${nameOf(technician)} aapke`);
  expect(onMyWay.text).toContain('nikal chuke hain');
  await tap(phone, 'On my way');

  // The manager's view of the order keeps both, who sent them and which message.
  await expect
    .poll(async () => {
      const detail = await dataOf<{ statusHistory: { status: string; remark: string }[] }>(
        team.manager.api,
        'GET',
        `/api/get-work-order-details/${order.customerId}/${order.orderId}`,
      );
      return detail.statusHistory
        .filter((entry) => entry.status === 'communication')
        .map((entry) => entry.remark);
    })
    .toEqual([
      'WhatsApp update sent: Technician assigned (Hinglish)',
      'WhatsApp update sent: Technician on the way (Hinglish)',
    ]);

  // The link in the message opens the customer's page, which shows no such entries.
  const visitor = await browser.newContext({ baseURL });
  const page = await visitor.newPage();
  await page.goto(statusPath);
  await expect(page.getByText('Technician tay ho gaye').first()).toBeVisible();
  await expect(page.getByText('WhatsApp update sent')).toHaveCount(0);
  await visitor.close();
  await manager.context().close();
  await phone.context().close();
});

test('a customer saved as reading English gets the update and the status page in English, and can switch', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const team = await seedWorkOrderTeam(baseURL ?? '');
  const [technician] = team.technicians;
  const phone = uniquePhone();
  const manager = await openAs(browser, baseURL ?? '', team.manager, 'desktop');
  await manager.goto('/contacts');
  await manager.getByRole('button', { name: 'Add New Lead/Customer' }).click();
  const add = manager.getByRole('dialog', { name: 'Add New Lead/Customer' });
  await add.getByRole('group', { name: 'Contact Type' }).getByText('Customer').click();
  await add.getByLabel('Name*', { exact: true }).fill('Rahul Mehta');
  await add.getByLabel('Phone Number*', { exact: true }).fill(phone);
  await add.getByLabel('Project Type*', { exact: true }).selectOption('CCTV Camera');
  const language = add.getByLabel('Update language', { exact: true });
  await expect(language).toHaveValue('hinglish');
  await language.selectOption({ label: 'English' });
  await add.getByRole('button', { name: 'Add Customer' }).click();
  await seeNotice(manager, 'Lead/Customer added successfully!');

  const found = await dataOf<{ customers: { _id: string }[] }>(
    team.manager.api,
    'GET',
    `/api/search?query=${phone}`,
  );
  const customer = await dataOf<{
    preferredLanguage: string;
    workOrders: { _id: string; orderId: string }[];
  }>(team.manager.api, 'GET', `/api/get-single-customer/${found.customers[0]?._id}`);
  expect(customer.preferredLanguage).toBe('en');
  const [order] = customer.workOrders;
  if (!order) throw new Error('the customer has no work order');
  await assignOrder(
    team.manager.api,
    { ...order, customerId: found.customers[0]?._id ?? '' },
    technician.id,
  );

  await manager.goto('/manager-dashboard');
  await manager.getByRole('button', { name: `Show actions for ${order.orderId}` }).click();
  await expect(manager.getByRole('link', { name: 'Send update on WhatsApp' })).toBeVisible();
  const update = await whatsappOf(manager, 'Send update on WhatsApp');
  expect(update.to).toBe(`91${phone}`);
  expect(update.text).toContain(
    `Dear Rahul Mehta, ${nameOf(technician)} will look after your CCTV Camera (order ${order.orderId}).`,
  );
  expect(update.text).not.toContain('Namaste');
  await tap(manager, 'Send update on WhatsApp');
  const statusPath = new URL(update.text.match(/https?:\/\/\S+\/s\/\S+/)?.[0] ?? '').pathname;

  // The customer's phone opens the page in English; the switch still turns it to Hinglish.
  const visitor = await browser.newContext({ baseURL });
  const page = await visitor.newPage();
  await page.goto(statusPath);
  const switcher = page.getByRole('group', { name: 'Language' });
  await expect(switcher.getByRole('button', { name: 'English' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByText('Technician assigned').first()).toBeVisible();
  await switcher.getByRole('button', { name: 'Hinglish' }).click();
  await expect(page.getByText('Technician tay ho gaye').first()).toBeVisible();
  await page.reload();
  await expect(page.getByText('Technician tay ho gaye').first()).toBeVisible();
  await visitor.close();
  await manager.context().close();
});

test('the admin rewords the English “technician assigned” message, is told of a wrong placeholder, and sets it back', async ({
  page,
}) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.getByRole('link', { name: 'Customer Updates' }).click();
  await expect(page.getByRole('heading', { name: 'Customer Updates', level: 1 })).toBeVisible();
  const english = page.getByRole('region', { name: 'Technician assigned (English)' });
  await expect(english).toContainText('will look after your {projectType}');
  await expect(english).toContainText('Default');

  await english.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit: Technician assigned (English)' });
  const message = dialog.getByLabel('Message');
  await message.fill('Hi {custName}, {technicianName} is coming.');
  await dialog.getByRole('button', { name: 'Save Message' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Unknown placeholder {custName}');
  await expect(message).toHaveValue('Hi {custName}, {technicianName} is coming.');

  await message.fill('Hello {customerName}, {technicianName} will come for {orderId}.');
  await expect(dialog.getByTestId('template-preview')).toHaveText(
    'Hello Meera Joshi, Suresh Patil will come for WO-2026-000123.',
  );
  await dialog.getByRole('button', { name: 'Save Message' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(english).toContainText(
    'Hello {customerName}, {technicianName} will come for {orderId}.',
  );
  await expect(english).toContainText('Changed');
  await page.reload();
  await expect(english).toContainText('will come for {orderId}');
  // The Hinglish one is untouched.
  await expect(page.getByRole('region', { name: 'Technician assigned (Hinglish)' })).toContainText(
    'Default',
  );

  await english.getByRole('button', { name: 'Reset to default' }).click();
  await expect(english).toContainText('will look after your {projectType}');
  await expect(english).toContainText('Default');
});
