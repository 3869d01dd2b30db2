import { assignOrder, createOrderFor } from '@karya/test-factories';
import { expect, test } from '@playwright/test';
import { answer, disposeTeam } from '../support/api';
import { rupees } from '../support/billing';
import { seedDuesScene } from '../support/dues';
import { seeNotice } from '../support/notice';
import { shot } from '../support/shots';
import { openAs } from '../support/work-orders';

/**
 * Issue 19: a technician sent back to a customer who still owes on an earlier invoice sees the
 * amount on the order and collects it on the visit, with its own receipt.
 */
test('the technician on a visit sees what the customer owes and collects it in cash', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const scene = await seedDuesScene(baseURL ?? '', [{ name: 'Kavita Shinde', paid: 1720 }]);
  const [kavita] = scene.dues;
  if (!kavita) throw new Error('due not seeded');
  const due = kavita.total - kavita.paid;

  // The manager sends the technician back to the same customer.
  const visit = await createOrderFor(scene.manager.api, kavita.customerId, {
    projectType: 'CCTV Camera',
    initialRemark: 'Camera 3 shows no picture',
  });
  await assignOrder(scene.manager.api, visit, scene.technician.id, 'Collect the balance too');

  const phone = await openAs(browser, baseURL ?? '', scene.technician, 'phone');
  await phone
    .getByRole('list', { name: 'Your Tasks' })
    .getByRole('listitem')
    .filter({ hasText: 'Kavita Shinde' })
    .filter({ hasText: 'Assigned' })
    .click();
  const details = phone.getByRole('dialog', { name: 'CCTV Camera' });
  await expect(details).toContainText(visit.orderId);
  const amountDue = details.getByRole('region', { name: /Amount Due/ });
  await expect(amountDue).toContainText(kavita.invoiceNumber);
  await expect(amountDue).toContainText(rupees(due));

  await amountDue.getByRole('button', { name: 'Collect Payment' }).click();
  const collect = phone.getByRole('dialog', { name: 'Record Payment' });
  await expect(collect.getByLabel(/Amount/)).toHaveValue(new RegExp(`^${due}(.00)?$`));
  await collect.getByRole('button', { name: 'Record Payment' }).click();
  await seeNotice(phone, 'Payment recorded successfully');
  // Issue 39 item 13: the sheet says what was taken and offers the receipt, until Done.
  const recorded = phone.getByRole('dialog', { name: 'Payment Recorded' });
  await expect(recorded).toContainText('received · paid in full');
  await expect(recorded.getByRole('link', { name: 'Send receipt on WhatsApp' })).toBeVisible();
  await shot(phone, 'visit-dues-receipt');
  await recorded.getByRole('button', { name: 'Done' }).click();
  await expect(recorded).toHaveCount(0);
  // Paid in full: nothing is owed any more, so the card goes.
  await expect(details.getByRole('region', { name: /Amount Due/ })).toHaveCount(0);

  const technicianApi = scene.technician.api.request;
  const bill = await answer<{ dueAmount: number; payments: Array<{ receiptNumber: string }> }>(
    await technicianApi.get(`/api/get-bill-details/${kavita.billId}`),
  );
  expect(bill.dueAmount).toBe(0);
  expect(bill.payments).toHaveLength(2);
  await disposeTeam({ manager: scene.manager, technicians: [scene.technician] });
  await phone.context().close();
});
