import { unique } from '@karya/test-factories';
import { expect, test } from '@playwright/test';
import { ADMIN } from '../support/api';
import { BRANCH_UPI, seedBillingScene } from '../support/billing';
import { signIn } from '../support/login';
import { seeNotice } from '../support/notice';

interface Payee {
  vpa: string;
  name: string;
}

test('an admin sets a branch UPI payee on the branch form and the technician bills collect to it', async ({
  page,
  baseURL,
}) => {
  const scene = await seedBillingScene(baseURL as string);
  const technicianApi = scene.technician.api.request;
  /** The payee the technician's work-order dialog draws its QR code for. */
  const payeeOnTheOrder = async (): Promise<Payee | null> => {
    const response = await technicianApi.get(
      `/api/get-work-order-details/${scene.order.customerId}/${scene.order.orderId}`,
    );
    expect(response.ok()).toBe(true);
    const body = (await response.json()) as { data: { upiPayee: Payee | null } };
    return body.data.upiPayee;
  };
  expect(await payeeOnTheOrder()).toEqual(BRANCH_UPI);

  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto(`/branches/${scene.branch.id}`);
  await expect(page.getByRole('heading', { name: 'Branch Details' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByText(`${BRANCH_UPI.name} (${BRANCH_UPI.vpa})`)).toBeVisible();

  const newPayee = { vpa: 'pune.store@okicici', name: unique('Pune Store ') };
  const newName = unique('Renamed Branch ');
  await main.getByRole('button', { name: 'Edit Branch' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Branch' });
  await expect(dialog.getByLabel('Branch Name*')).toHaveValue(scene.branch.name);
  await expect(dialog.getByLabel('UPI ID')).toHaveValue(BRANCH_UPI.vpa);

  // A UPI ID without a provider is refused before anything is saved.
  await dialog.getByLabel('UPI ID').fill('pune.store');
  await dialog.getByRole('button', { name: 'Save Branch' }).click();
  await expect(
    dialog.getByText('Please enter a valid UPI ID (for example shop@okbank)'),
  ).toBeVisible();
  expect(await payeeOnTheOrder()).toEqual(BRANCH_UPI);

  await dialog.getByLabel('Branch Name*').fill(newName);
  await dialog.getByLabel('UPI ID').fill(newPayee.vpa);
  await dialog.getByLabel('UPI Payee Name').fill(newPayee.name);
  await dialog.getByRole('button', { name: 'Save Branch' }).click();
  await seeNotice(page, 'Branch updated successfully');
  await expect(dialog).toHaveCount(0);
  await expect(main.getByRole('heading', { name: newName })).toBeVisible();
  await expect(main.getByText(`${newPayee.name} (${newPayee.vpa})`)).toBeVisible();
  expect(await payeeOnTheOrder()).toEqual(newPayee);

  // Clearing the UPI fields hands the branch back to the default payee.
  await main.getByRole('button', { name: 'Edit Branch' }).click();
  await dialog.getByLabel('UPI ID').fill('');
  await dialog.getByLabel('UPI Payee Name').fill('');
  await dialog.getByRole('button', { name: 'Save Branch' }).click();
  await seeNotice(page, 'Branch updated successfully');
  await expect(main.getByText('Default UPI ID')).toBeVisible();
  expect(await payeeOnTheOrder()).toBeNull();

  // The branch list carries the new name.
  await page.getByRole('link', { name: 'Back to Branches' }).click();
  await expect(page.getByText(newName)).toBeVisible();

  await technicianApi.dispose();
  await scene.managerApi.dispose();
});
