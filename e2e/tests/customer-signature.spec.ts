import {
  assignOrder,
  billLine,
  confirmBill,
  createBill,
  createItem,
  dataOf,
} from '@karya/test-factories';
import { expect, type Locator, test } from '@playwright/test';
import { ADMIN, adminApi } from '../support/api';
import { seeNotice } from '../support/notice';
import { shot } from '../support/shots';
import { drawSignature, openAs, seedWorkOrderTeam, startOnPhone } from '../support/work-orders';

/*
 * Issue 22, the customer's signature (decision 033): the branch requires it by default, so
 * the technician cannot send the job for approval until the customer has signed on the
 * phone (drawn with the mouse here); the manager sees the signature when approving; the
 * admin turns the branch's setting off and on again.
 */

const REQUIRED_MESSAGE = "The customer's signature is needed before sending for approval";

/** The image really drew: loaded through its authorised route, not a broken icon. */
async function expectLoadedImage(image: Locator): Promise<void> {
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((element) => (element as { naturalWidth: number }).naturalWidth))
    .toBeGreaterThan(0);
}

test('the customer signs on the phone before the job goes for approval; the manager sees the signature; the admin sets the branch’s rule', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000);
  const base = baseURL ?? '';
  const team = await seedWorkOrderTeam(base);
  const [technician] = team.technicians;
  const { order } = team;
  await assignOrder(team.manager.api, order, technician.id);
  const signer = `${order.customerName} Sr`;

  const phone = await openAs(browser, base, technician, 'phone');
  const panel = phone.getByRole('region', { name: 'Customer Signature' });
  await test.step('started and paid, the job cannot be completed without the signature', async () => {
    await startOnPhone(phone, order.customerName);
    await expect(panel).toContainText('Required');
    // The payment is the billing journeys' subject: here it is made through the API.
    const admin = await adminApi(base);
    const service = await createItem(admin, 'service');
    await admin.dispose();
    const bill = await createBill(technician.api, order, [billLine(service)]);
    await confirmBill(technician.api, bill._id);
    await phone.reload();
    await phone.getByRole('button', { name: 'Complete Project & Send for Approval' }).click();
    const complete = phone.getByRole('dialog', { name: 'Complete Project' });
    await expect(complete).toContainText(REQUIRED_MESSAGE);
    await expect(
      complete.getByRole('button', { name: 'Complete Project & Send for Approval' }),
    ).toBeDisabled();
    await shot(phone, 'signature-1-complete-needs-it', { fullPage: false });
    await complete.getByRole('button', { name: 'Close' }).first().click();
    await expect(complete).toBeHidden();
    // The server is the guard: asked directly, it refuses in the same words.
    const refused = await technician.api.send('POST', '/api/complete-work-order', {
      customerId: order.customerId,
      orderId: order.orderId,
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: REQUIRED_MESSAGE });
  });

  await test.step('the customer types a name and signs with the mouse; Clear starts again', async () => {
    await panel.getByRole('button', { name: 'Get customer signature' }).click();
    const sheet = phone.getByRole('dialog', { name: 'Customer Signature' });
    await expect(sheet.getByLabel('Customer name')).toHaveValue(order.customerName);
    await sheet.getByLabel('Customer name').fill(signer);
    // Nothing drawn: refused on the phone, saying what to do.
    await sheet.getByRole('button', { name: 'Save signature' }).click();
    await expect(sheet.getByRole('alert')).toHaveText('Please draw the signature');
    await drawSignature(phone, sheet.getByTestId('signature-pad'));
    await expect(sheet.getByRole('alert')).toHaveCount(0);
    await sheet.getByRole('button', { name: 'Clear' }).click();
    await sheet.getByRole('button', { name: 'Save signature' }).click();
    await expect(sheet.getByRole('alert')).toHaveText('Please draw the signature');
    await drawSignature(phone, sheet.getByTestId('signature-pad'));
    await shot(phone, 'signature-2-pad', { fullPage: false });
    await sheet.getByRole('button', { name: 'Save signature' }).click();
    await seeNotice(phone, 'Signature saved');
    await expect(sheet).toBeHidden();
    // Reloaded at once, before the phone's cache is saved again: the copy it restores
    // predates the signature, and the panel must ask the server rather than believe it.
    await phone.reload();

    await expectLoadedImage(panel.getByRole('img', { name: `Signature of ${signer}` }));
    await expect(panel).toContainText(signer);
    await expect(panel).toContainText(/Signed .* · taken by /);
    await expect(panel.getByRole('button', { name: 'Sign again' })).toBeVisible();
    await panel.scrollIntoViewIfNeeded();
    await panel.screenshot({ path: testInfo.outputPath('signature-panel-phone.png') });
  });

  await test.step('signed again, the new signature replaces the first', async () => {
    await panel.getByRole('button', { name: 'Sign again' }).click();
    const sheet = phone.getByRole('dialog', { name: 'Customer Signature' });
    await expect(sheet.getByLabel('Customer name')).toHaveValue(signer);
    await sheet.getByLabel('Customer name').fill(order.customerName);
    await drawSignature(phone, sheet.getByTestId('signature-pad'));
    await sheet.getByRole('button', { name: 'Save signature' }).click();
    await seeNotice(phone, 'Signature saved');
    await expectLoadedImage(panel.getByRole('img', { name: `Signature of ${order.customerName}` }));
    await expect(panel.getByRole('img', { name: `Signature of ${signer}` })).toHaveCount(0);
  });

  await test.step('with the signature, the job goes for approval', async () => {
    await phone.getByRole('button', { name: 'Complete Project & Send for Approval' }).click();
    const complete = phone.getByRole('dialog', { name: 'Complete Project' });
    await expect(complete).not.toContainText(REQUIRED_MESSAGE);
    await complete.getByRole('button', { name: 'Complete Project & Send for Approval' }).click();
    await seeNotice(phone, 'Project completed and sent for approval');
    await expect(phone.getByText('No Active Project')).toBeVisible();
    await phone.context().close();
  });

  await test.step('the manager sees the signature on the details and when approving', async () => {
    const manager = await openAs(browser, base, team.manager, 'desktop');
    await manager.goto('/manager-dashboard');
    await manager.getByRole('button', { name: `Show actions for ${order.orderId}` }).click();
    await manager.getByRole('button', { name: 'View Details' }).click();
    const details = manager.getByRole('dialog', { name: 'Project Details' });
    const onDetails = details.getByRole('region', { name: 'Customer signature' });
    await expectLoadedImage(
      onDetails.getByRole('img', { name: `Signature of ${order.customerName}` }),
    );
    await details.getByRole('button', { name: 'Close' }).last().click();
    await expect(details).toBeHidden();

    await manager.getByRole('button', { name: 'Approve Project' }).click();
    const approve = manager.getByRole('dialog', { name: 'Approve Project' });
    const signature = approve.getByRole('region', { name: 'Customer signature' });
    await expectLoadedImage(
      signature.getByRole('img', { name: `Signature of ${order.customerName}` }),
    );
    await expect(signature).toContainText(order.customerName);
    await expect(signature).toContainText(
      `taken by ${technician.firstName} ${technician.lastName}`,
    );
    await shot(manager, 'signature-3-approve', { fullPage: false });
    await approve.getByLabel('Approval Note*').fill('Signed by the customer and work checked');
    await approve.getByRole('button', { name: 'Approve Project' }).click();
    await seeNotice(manager, 'Project approved successfully');
    await manager.context().close();
  });

  await test.step('the admin turns the branch’s rule off and on again', async () => {
    const admin = await openAs(browser, base, { ...ADMIN }, 'desktop');
    const rule = async () =>
      (
        await dataOf<{ requireSignature: boolean }>(
          team.manager.api,
          'GET',
          `/api/get-branch/${team.branch.id}`,
        )
      ).requireSignature;
    await admin.goto(`/branches/${team.branch.id}`);
    const main = admin.getByRole('main');
    const dialog = admin.getByRole('dialog', { name: 'Edit Branch' });
    const box = dialog.getByLabel('Customer signature required to complete a project');

    await main.getByRole('button', { name: 'Edit Branch' }).click();
    await expect(box).toBeChecked();
    await box.uncheck();
    await dialog.getByRole('button', { name: 'Save Branch' }).click();
    await seeNotice(admin, 'Branch updated successfully');
    await expect(dialog).toHaveCount(0);
    expect(await rule()).toBe(false);

    await main.getByRole('button', { name: 'Edit Branch' }).click();
    await expect(box).not.toBeChecked();
    await box.check();
    await dialog.getByRole('button', { name: 'Save Branch' }).click();
    await seeNotice(admin, 'Branch updated successfully');
    expect(await rule()).toBe(true);
    await admin.context().close();
  });
});
