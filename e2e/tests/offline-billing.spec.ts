import { returnStock } from '@karya/test-factories';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { rupees, seedBillingScene } from '../support/billing';
import { openAs, signOnPhone } from '../support/work-orders';

/**
 * Issue 20 'Billing offline' (decision 028): a technician with no signal bills from the van
 * stock and takes cash; the bill and the cash wait on the phone as one action under the bill's
 * key and land once when the network returns. UPI needs the network and says so.
 */

const UPI_NEEDS_NETWORK =
  'UPI needs a connection: the payment must be checked with the server at once. Take cash now, or take UPI when the phone has signal.';

const wizardStep = (page: Page, title: string): Locator =>
  page.getByRole('dialog', { name: title, exact: true });

interface BillAnswer {
  billId: string;
  status: string;
  paymentStatus: string;
  paymentMethod: string | null;
  total: number;
  paidAmount: number;
  payments: unknown[];
  items: Array<{ serialNumber: string | null; name: string }>;
}

test('offline, the technician bills a serial and a service, takes cash and completes; online, the manager sees it paid once', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const base = baseURL ?? '';
  const scene = await seedBillingScene(base);
  const [serial, otherSerial] = scene.serials;
  if (!serial || !otherSerial) throw new Error('no serials seeded');
  // ₹2,500 + ₹499.99 = ₹2,999.99: the bill asks for the rupee, ₹3,000, as online.
  const total = Math.round(scene.camera.salePrice + scene.service.salePrice);
  const tech = await openAs(browser, base, scene.technician, 'phone');
  const context = tech.context();

  await test.step('online, the current project and the van stock load once', async () => {
    const stockLoaded = tech.waitForResponse(
      (response) => response.url().includes('/api/get-technician-inventory') && response.ok(),
    );
    await tech.goto('/technician-dashboard');
    // Both tabs once online, so their code is on the phone (the PWA's precache aside).
    const bar = tech.getByRole('navigation', { name: 'Dashboard' });
    await bar.getByRole('button', { name: 'Inventory' }).click();
    await expect(
      tech.getByRole('button', { name: new RegExp(scene.camera.item.name) }),
    ).toBeVisible();
    await bar.getByRole('button', { name: 'Current' }).click();
    await expect(tech.getByRole('heading', { name: scene.order.projectType })).toBeVisible();
    await stockLoaded;
  });

  await test.step('offline, the bill is made from the cached van stock: a serial and a service', async () => {
    await context.setOffline(true);
    await tech.getByRole('button', { name: 'Generate Bill' }).click();
    const select = wizardStep(tech, 'Select Items');
    await select
      .getByRole('list', { name: 'Your inventory' })
      .getByRole('button', { name: `Add serial ${serial}` })
      .click();
    await select.getByRole('button', { name: 'Add Service' }).click();
    const picker = tech.getByRole('dialog', { name: 'Add Service' });
    await picker.getByRole('searchbox', { name: 'Search services' }).fill(scene.service.item.name);
    await picker.getByRole('button', { name: `Add ${scene.service.item.name}` }).click();
    await expect(picker).toBeHidden();
    await select.getByRole('button', { name: 'Review Bill' }).click();

    const summary = wizardStep(tech, 'Bill Summary');
    await expect(summary).toContainText('No signal: this bill was worked out on the phone.');
    const lines = summary.getByRole('list', { name: 'Bill lines' }).getByRole('listitem');
    await expect(lines).toHaveCount(2);
    await expect(lines.filter({ hasText: serial })).toContainText(rupees(scene.camera.salePrice));
    await expect(summary.getByTestId('bill-round-off')).toHaveText(rupees(0.01));
    await expect(summary.getByTestId('bill-total')).toHaveText(rupees(total));
    await summary.getByRole('button', { name: 'Proceed to Payment' }).click();
  });

  await test.step('UPI is refused with no signal and says why; cash is taken', async () => {
    const pay = wizardStep(tech, 'Select Payment Method');
    await expect(pay.getByRole('radio', { name: 'Online (UPI)' })).toBeDisabled();
    await expect(pay.getByText(UPI_NEEDS_NETWORK)).toBeVisible();
    await expect(pay.getByRole('img', { name: /UPI QR code/ })).toHaveCount(0);
    await expect(pay.getByRole('radio', { name: 'Cash' })).toBeChecked();
    await expect(pay.getByLabel('Amount Paid (₹)')).toHaveValue(total.toFixed(2));
    await pay.getByRole('button', { name: 'Continue' }).click();
    const confirm = wizardStep(tech, 'Confirm Payment');
    await expect(confirm).toContainText(rupees(total));
    await confirm.getByRole('button', { name: 'Confirm Payment' }).click();

    const waiting = wizardStep(tech, 'Waiting to sync');
    await expect(waiting).toContainText(
      'The bill and the cash payment are sent when the phone is back online.',
    );
    await expect(waiting).toContainText(rupees(total));
    await waiting.getByText('Close', { exact: true }).click();
    await expect(waiting).toBeHidden();
  });

  await test.step('the order shows the bill waiting to sync, and the van stock no longer has the serial', async () => {
    const queued = tech.getByRole('region', { name: 'Waiting to sync' });
    await expect(queued).toContainText(`Bill ${rupees(total)} · cash ${rupees(total)}`);
    // On the phone the order counts as paid: no second bill is offered.
    await expect(tech.getByRole('button', { name: 'Generate Bill' })).toHaveCount(0);
    await tech
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('button', { name: 'Inventory' })
      .click();
    await tech.getByRole('button', { name: new RegExp(scene.camera.item.name) }).click();
    await expect(tech.getByText(otherSerial, { exact: true })).toBeVisible();
    await expect(tech.getByText(serial, { exact: true })).toHaveCount(0);
  });

  await test.step('still offline, the job is finished: Complete Project waits behind the bill', async () => {
    await tech
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('button', { name: 'Current' })
      .click();
    // The customer signs with no signal too: the PNG waits on the phone before the completion.
    await signOnPhone(tech, scene.order.customerName, { notice: 'Saved on this phone' });
    const queued = tech.getByRole('region', { name: 'Waiting to sync' });
    await expect(queued).toContainText(`Customer signature: ${scene.order.customerName}`);
    await expect(
      tech.getByRole('img', { name: `Signature of ${scene.order.customerName}` }),
    ).toBeVisible();
    await tech.getByRole('button', { name: 'Complete Project & Send for Approval' }).click();
    const complete = tech.getByRole('dialog', { name: 'Complete Project' });
    await complete.getByLabel('Completion Notes (optional)').fill('Camera mounted, paid in cash');
    await complete.getByRole('button', { name: 'Complete Project & Send for Approval' }).click();
    await expect(complete).toBeHidden();
  });

  await test.step('online again, the queue is sent in order and nothing waits', async () => {
    const completed = tech.waitForResponse(
      (response) => response.url().includes('/api/complete-work-order') && response.ok(),
    );
    await context.setOffline(false);
    await completed;
    await expect(tech.getByRole('region', { name: 'Waiting to sync' })).toHaveCount(0);
  });

  await test.step('the manager sees one bill, paid in cash once, and the serial at the customer', async () => {
    const api = scene.managerApi;
    const bills = await api.get(
      `/api/workorder?orderId=${encodeURIComponent(scene.order.orderId)}`,
    );
    expect(bills.status(), await bills.text()).toBe(200);
    const list = (await bills.json()).data as BillAnswer[];
    expect(list).toHaveLength(1);
    const [bill] = list;
    expect(bill).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'paid',
      paymentMethod: 'cash',
      total,
      paidAmount: total,
    });
    expect(bill?.payments).toHaveLength(1);
    expect(bill?.items.map((line) => line.serialNumber ?? line.name).sort()).toEqual(
      [serial, scene.service.item.name].sort(),
    );

    const unit = await api.get(`/api/serial-number-detail/${encodeURIComponent(serial)}`);
    expect(unit.status(), await unit.text()).toBe(200);
    expect((await unit.json()).data).toMatchObject({ location: 'customer' });
    const kept = await api.get(`/api/serial-number-detail/${encodeURIComponent(otherSerial)}`);
    expect((await kept.json()).data).toMatchObject({ location: 'technician' });

    const order = await api.get(
      `/api/get-work-order-details/${scene.order.customerId}/${scene.order.orderId}`,
    );
    const detail = (await order.json()).data as {
      status: string;
      statusHistory: Array<{ status: string }>;
    };
    expect(detail.status).toBe('pending-approval');
    // The payment, then the completion: each once, in the order they were done.
    const steps = detail.statusHistory.map((entry) => entry.status);
    expect(steps.filter((status) => status === 'payment')).toHaveLength(1);
    expect(steps.filter((status) => status === 'pending-approval')).toHaveLength(1);

    // The signature taken offline landed once, before the completion.
    const signature = await api.get(
      `/api/work-order-signature?orderId=${encodeURIComponent(scene.order.orderId)}`,
    );
    expect(signature.status(), await signature.text()).toBe(200);
    expect((await signature.json()).data.signature).toMatchObject({
      signerName: scene.order.customerName,
    });
  });
});

test('the serial went back to the branch while the phone was offline: the bill is refused with the server’s message, the remark after it lands', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const base = baseURL ?? '';
  const scene = await seedBillingScene(base);
  const [serial] = scene.serials;
  if (!serial) throw new Error('no serial seeded');
  const total = Math.round(scene.camera.salePrice);
  const tech = await openAs(browser, base, scene.technician, 'phone');
  const context = tech.context();
  const bar = tech.getByRole('navigation', { name: 'Dashboard' });

  await tech.goto('/technician-dashboard');
  await bar.getByRole('button', { name: 'Inventory' }).click();
  await expect(
    tech.getByRole('button', { name: new RegExp(scene.camera.item.name) }),
  ).toBeVisible();
  await bar.getByRole('button', { name: 'Current' }).click();
  await expect(tech.getByRole('heading', { name: scene.order.projectType })).toBeVisible({
    timeout: 30_000,
  });

  await context.setOffline(true);
  await tech.getByRole('button', { name: 'Generate Bill' }).click();
  const select = wizardStep(tech, 'Select Items');
  await select
    .getByRole('list', { name: 'Your inventory' })
    .getByRole('button', { name: `Add serial ${serial}` })
    .click();
  await select.getByRole('button', { name: 'Review Bill' }).click();
  await wizardStep(tech, 'Bill Summary')
    .getByRole('button', { name: 'Proceed to Payment' })
    .click();
  await wizardStep(tech, 'Select Payment Method').getByRole('button', { name: 'Continue' }).click();
  await wizardStep(tech, 'Confirm Payment')
    .getByRole('button', { name: 'Confirm Payment' })
    .click();
  await wizardStep(tech, 'Waiting to sync').getByText('Close', { exact: true }).click();

  const remark = 'Customer will call about the second camera';
  await tech.getByRole('button', { name: 'Add Remark' }).click();
  await tech.getByRole('dialog', { name: 'Add Remark' }).getByLabel('Remark*').fill(remark);
  await tech
    .getByRole('dialog', { name: 'Add Remark' })
    .getByRole('button', { name: 'Add Remark' })
    .click();
  await expect(tech.getByRole('region', { name: 'Waiting to sync' })).toContainText(remark);

  // Meanwhile the serial goes back to the branch (returned from the desk, the manager takes it).
  await returnStock(scene.technician.api, scene.camera.item._id, { serials: [serial] });
  const returns = await scene.managerApi.get('/api/get-returned-inventory');
  const pending = ((await returns.json()).data as Array<{ _id: string; status: string }>).find(
    (entry) => entry.status === 'pending',
  );
  if (!pending) throw new Error('no pending return');
  expect((await scene.managerApi.post(`/api/confirm-returned-inventory/${pending._id}`)).ok()).toBe(
    true,
  );

  await context.setOffline(false);
  const refusal = tech
    .getByRole('alert')
    .filter({ hasText: `Not synced: Bill ${rupees(total)} · cash ${rupees(total)}` })
    .first();
  await expect(refusal).toContainText(`Serial number ${serial} is not in your inventory`);
  await expect(tech.getByRole('region', { name: 'Waiting to sync' })).toHaveCount(0);

  // The remark queued after the bill landed; no bill was made, the serial is in the branch.
  const order = await scene.managerApi.get(
    `/api/get-work-order-details/${scene.order.customerId}/${scene.order.orderId}`,
  );
  const detail = (await order.json()).data as { statusHistory: Array<{ remark: string }> };
  expect(detail.statusHistory.filter((entry) => entry.remark === remark)).toHaveLength(1);
  const bills = await scene.managerApi.get(
    `/api/workorder?orderId=${encodeURIComponent(scene.order.orderId)}`,
  );
  expect((await bills.json()).data).toEqual([]);
  const unit = await scene.managerApi.get(
    `/api/serial-number-detail/${encodeURIComponent(serial)}`,
  );
  expect((await unit.json()).data).toMatchObject({ location: 'branch' });
});
