import { createBranch, createItem, unique } from '@karya/test-factories';
import { test as base, expect, type Page } from '@playwright/test';
import { ADMIN, adminApi } from '../support/api';
import { signIn } from '../support/login';
import { seeNotice } from '../support/notice';
import { type OwnServer, startOwnServer } from '../support/own-server';

/*
 * Issue 19: what invoices need before the first one is issued. The business profile is one
 * record for the whole server, and other journeys (the GST invoice) set it as they seed, so
 * this journey runs against a server of its own.
 */
const test = base.extend<object, { profileServer: OwnServer }>({
  profileServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their deps first
    async ({}, use) => {
      const server = await startOwnServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ profileServer }, use) => use(profileServer.baseURL),
});

/** A 96×32 PNG: the logo as an admin would pick it. */
const LOGO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAGAAAAAgCAIAAABiouoDAAAAhElEQVR42u3ZQQqAIBAF0LlI0Ik6VKfsIq1r20KFULD0yT/BQ8H5E8t2SCGBABCgTwGd+woogZLL7EAFmkmYol5nbKNoojOwUbTSGdUoGuoMaQToJVClTs7o+s8BBAhQN6AmOkkjN8gTAwSoJ5CftFEDkGleH6RR1EnbatiL2awCAiSP3PMvyRMX+bEsAAAAAElFTkSuQmCC',
  'base64',
);
const GSTIN = '27AAPFU0939F1ZV';
const PROFILE = {
  legalName: 'Shree Sai Security Systems Private Limited',
  tradeName: 'Sai Security',
  address: 'Shop 12, Laxmi Road, Pune 411030',
  phone: '020 2445 6677',
  email: 'accounts@saisecurity.example',
};

async function catalogueRow(page: Page, name: string) {
  await page.getByRole('searchbox', { name: 'Search items...' }).fill(name);
  const row = page
    .getByRole('table', { name: 'Inventory items' })
    .getByRole('row')
    .filter({ hasText: name });
  await expect(row).toHaveCount(1);
  return row;
}

test('the admin fills in the business profile, a branch GSTIN and state, and an item HSN and rate, and sees them after reload', async ({
  page,
  baseURL,
}) => {
  const admin = await adminApi(baseURL as string);
  const branch = await createBranch(admin, { name: unique('Pune Camp ') });
  const camera = await createItem(admin, 'serialized-product', { name: unique('Bullet Camera ') });
  const cable = await createItem(admin, 'generic-product', { name: unique('Coaxial Cable ') });
  await admin.dispose();

  await signIn(page, ADMIN.username, ADMIN.password);

  await test.step('business profile: saved, and there after a reload', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Business Profile' }).click();
    await expect(page.getByRole('heading', { name: 'Business Profile' })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByText('Not set up yet')).toBeVisible();

    await main.getByRole('button', { name: 'Save' }).click();
    await expect(main.getByText('Please enter the legal name of the business')).toBeVisible();

    await main.getByLabel('Legal name*').fill(PROFILE.legalName);
    await main.getByLabel('Trade name').fill(PROFILE.tradeName);
    await main.getByLabel('Address').fill(PROFILE.address);
    await main.getByLabel('Phone').fill(PROFILE.phone);
    await main.getByLabel('Email').fill(PROFILE.email);

    // A logo over 200 KB is refused before anything is sent.
    await main.getByLabel('Upload logo').setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(210 * 1024, 1),
    });
    await expect(
      main.getByText('The logo must be a PNG, JPEG or WebP image of at most 200 KB'),
    ).toBeVisible();
    await main
      .getByLabel('Upload logo')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: LOGO_PNG });
    await expect(main.getByRole('img', { name: 'Business logo' })).toBeVisible();

    const registered = main.getByRole('switch', { name: 'GST-registered business' });
    await expect(registered).not.toBeChecked();
    await registered.check({ force: true });
    await expect(registered).toBeChecked();

    await main.getByRole('button', { name: 'Save' }).click();
    await seeNotice(page, 'Business profile saved successfully');

    await page.reload();
    await expect(main.getByLabel('Legal name*')).toHaveValue(PROFILE.legalName);
    await expect(main.getByLabel('Trade name')).toHaveValue(PROFILE.tradeName);
    await expect(main.getByLabel('Address')).toHaveValue(PROFILE.address);
    await expect(main.getByLabel('Phone')).toHaveValue(PROFILE.phone);
    await expect(main.getByLabel('Email')).toHaveValue(PROFILE.email);
    await expect(main.getByRole('img', { name: 'Business logo' })).toHaveAttribute(
      'src',
      `data:image/png;base64,${LOGO_PNG.toString('base64')}`,
    );
    await expect(main.getByRole('switch', { name: 'GST-registered business' })).toBeChecked();
    await expect(main.getByText(/^Last saved /)).toBeVisible();
    await expect(main.getByText('Not set up yet')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('business-profile.png'), fullPage: true });

    await main.getByRole('button', { name: 'Remove logo' }).click();
    await main.getByRole('button', { name: 'Save' }).click();
    await seeNotice(page, 'Business profile saved successfully');
    await page.reload();
    await expect(main.getByText('No logo')).toBeVisible();
    await expect(main.getByLabel('Legal name*')).toHaveValue(PROFILE.legalName);
  });

  await test.step('branch: GSTIN checked, its state filled in, the series saved', async () => {
    await page.goto(`/branches/${branch.id}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: branch.name })).toBeVisible();
    await expect(main.getByText('Not registered (issues a Bill of Supply)')).toBeVisible();

    await main.getByRole('button', { name: 'Edit Branch' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Branch' });
    await expect(dialog.getByLabel('State')).toHaveValue('');
    await dialog.getByLabel('GSTIN').fill('27AAPFU0939F1ZW');
    await dialog.getByRole('button', { name: 'Save Branch' }).click();
    await expect(
      dialog.getByText('GSTIN check digit does not match: please check for a typo'),
    ).toBeVisible();

    await dialog.getByLabel('GSTIN').fill(GSTIN.toLowerCase());
    await dialog.getByLabel('Invoice series').click();
    // The GSTIN's first two digits are Maharashtra's code.
    await expect(dialog.getByLabel('State')).toHaveValue('27');
    await dialog.getByLabel('Invoice series').fill('pc1');
    await page.screenshot({ path: test.info().outputPath('branch-form.png') });
    await dialog.getByRole('button', { name: 'Save Branch' }).click();
    await seeNotice(page, 'Branch updated successfully');
    await expect(dialog).toHaveCount(0);

    await page.reload();
    await expect(main.getByText(GSTIN)).toBeVisible();
    await expect(main.getByText('Maharashtra (27)')).toBeVisible();
    await expect(main.getByText('PC1', { exact: true })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('branch-details.png'), fullPage: true });
  });

  await test.step('catalogue: an item’s HSN and GST rate, the others Not set', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Inventory' }).click();
    const row = await catalogueRow(page, camera.name);
    await expect(row).toContainText('HSN Not set · GST Not set');

    await page.getByRole('button', { name: `Show actions for ${camera.name}` }).click();
    await page.getByRole('button', { name: 'Edit Item' }).click();
    const dialog = page.getByRole('dialog', { name: `Edit Item: ${camera.name}` });
    await expect(dialog.getByLabel('Price includes GST')).toBeChecked();
    await expect(dialog.getByLabel('GST rate')).toHaveValue('');
    await dialog.getByLabel('HSN code').fill('852');
    await dialog.getByRole('button', { name: 'Update Item' }).click();
    await expect(dialog.getByText('HSN code must be 4, 6 or 8 digits')).toBeVisible();
    await dialog.getByLabel('HSN code').fill('85258900');
    await dialog.getByLabel('GST rate').selectOption({ label: '18%' });
    await page.screenshot({ path: test.info().outputPath('item-form.png') });
    await dialog.getByRole('button', { name: 'Update Item' }).click();
    await seeNotice(page, 'Item updated successfully');

    await page.reload();
    const saved = await catalogueRow(page, camera.name);
    await expect(saved).toContainText('HSN 85258900 · GST 18% included');
    const untouched = await catalogueRow(page, cable.name);
    await expect(untouched).toContainText('HSN Not set · GST Not set');

    await catalogueRow(page, camera.name);
    await page.getByRole('button', { name: `Show actions for ${camera.name}` }).click();
    await page.getByRole('button', { name: 'Edit Item' }).click();
    await expect(dialog.getByLabel('HSN code')).toHaveValue('85258900');
    await expect(dialog.getByLabel('GST rate')).toHaveValue('18');
    await expect(dialog.getByLabel('Price includes GST')).toBeChecked();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await page.getByRole('searchbox', { name: 'Search items...' }).fill('');
    await page.screenshot({ path: test.info().outputPath('inventory-items.png'), fullPage: true });
  });
});
