import {
  approveOrder,
  billLine,
  completeOrder,
  confirmBill,
  createBill,
  dataOf,
  type SeededBill,
} from '@karya/test-factories';
import { expect, test } from '@playwright/test';
import { nameOf } from '../support/api';
import { rupees, seedBillingScene } from '../support/billing';
import { pdfText } from '../support/gst';
import { shot } from '../support/shots';
import { openAs, PHONE, seedWorkOrderTeam } from '../support/work-orders';

/*
 * Issue 21: the customer's job-status link. The customer opens it on a 360 px phone with no
 * login, in Hinglish, sees the technician, then after completion the invoice with what is due
 * and the camera's warranty, and raises a complaint the manager finds among the pending
 * work orders as a complaint.
 */

test('a customer follows their job from its link and raises a complaint the manager sees', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000);
  const scene = await seedBillingScene(baseURL ?? '');
  const { manager, technician, order } = scene;
  const link = await dataOf<{ path: string }>(manager.api, 'POST', '/api/work-order-status-link', {
    orderId: order.orderId,
  });
  expect(link.path).toMatch(/^\/s\/[A-Za-z0-9_-]{32}$/);

  const customer = await browser.newContext({
    baseURL,
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
  });
  const page = await customer.newPage();
  // The answer the page itself got: other journeys may save the business profile meanwhile.
  const statusPath = `/api${link.path.replace(/^\/s\//, '/job-status/')}`;
  const pageAnswer = page.waitForResponse((response) => response.url().endsWith(statusPath));
  await page.goto(link.path);
  await expect(page.getByRole('heading', { level: 1, name: order.projectType })).toBeVisible();
  await expect(page.getByText('Kaam chal raha hai').first()).toBeVisible();
  // Headed by the business as its invoices print it (the branch alone before a profile).
  const answered = await pageAnswer;
  const { business, branch } = (await answered.json()).data as {
    business: { name: string };
    branch: { name: string };
  };
  await expect(page.locator('header')).toContainText(business.name || branch.name);
  await expect(page.locator('header')).toContainText(branch.name);
  const technicianCard = page.getByRole('region', { name: 'Aapke technician' });
  await expect(technicianCard.getByText(nameOf(technician))).toBeVisible();
  await expect(technicianCard.getByRole('link', { name: 'Call karein' })).toHaveAttribute(
    'href',
    /^tel:/,
  );
  await expect(page.getByRole('region', { name: 'Complaint darj karein' })).toHaveCount(0);

  // The technician bills the camera, takes part of it in cash and finishes; approved.
  const bill = await createBill<SeededBill>(technician.api, order, [
    billLine(
      { id: scene.camera.item._id, name: scene.camera.item.name },
      { serialNumber: scene.serials[0] ?? '' },
    ),
  ]);
  await confirmBill(technician.api, bill._id, 1000);
  await completeOrder(technician.api, order);
  await approveOrder(manager.api, order, 'Camera fitted and recording well');

  await page.reload();
  await expect(page.getByText('Poora ho gaya').first()).toBeVisible();
  const invoices = page.getByRole('region', { name: 'Invoice' });
  await expect(
    invoices.getByText(rupees(scene.camera.salePrice - 1000), { exact: true }),
  ).toBeVisible();
  await expect(
    invoices.getByRole('link', {
      name: `${rupees(scene.camera.salePrice - 1000)} UPI se pay karein`,
    }),
  ).toHaveAttribute('href', /^upi:\/\/pay\?/);
  // The invoice as a PDF: the customer's phone saves the same copy the shop downloads.
  const shown = await page.request.get(`/api${link.path.replace(/^\/s\//, '/job-status/')}`);
  const invoiceNumber = ((await shown.json()).data as { invoices: { number: string }[] })
    .invoices[0]?.number;
  expect(invoiceNumber).toBeTruthy();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    invoices.getByRole('button', { name: 'Invoice download karein' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const file = testInfo.outputPath('customer-invoice.pdf');
  await download.saveAs(file);
  const pdf = await pdfText(file);
  expect(pdf).toContain(invoiceNumber ?? '');
  // The customer's copy is the original alone.
  expect(pdf).toContain('ORIGINAL FOR RECIPIENT');
  expect(pdf).not.toContain('DUPLICATE FOR SUPPLIER');
  expect(pdf).toContain(order.orderId);
  const units = page.getByRole('region', { name: 'Lagaya gaya saamaan' });
  await expect(units.getByText(`Serial no. ${scene.serials[0]}`)).toBeVisible();
  await expect(units.getByText(/tak warranty$/)).toBeVisible();

  // In English too; the choice stays on this phone.
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByText('Completed').first()).toBeVisible();
  await page.getByRole('button', { name: 'Hinglish' }).click();

  // A complaint: the wrong number first, then the one the shop has.
  const complaint = page.getByRole('region', { name: 'Complaint darj karein' });
  await complaint.getByLabel('Kya problem hai?').fill('Camera raat mein picture nahi dikha raha');
  await complaint.getByLabel('Aapka phone number').fill('9000000001');
  await complaint.getByRole('button', { name: 'Complaint bhejein' }).click();
  await expect(complaint.getByRole('alert')).toContainText('not the phone number the shop has');
  await expect(complaint.getByLabel('Kya problem hai?')).toHaveValue(
    'Camera raat mein picture nahi dikha raha',
  );
  const phone = await dataOf<{ phoneNumber: string }>(
    manager.api,
    'GET',
    `/api/get-single-customer/${order.customerId}`,
  );
  await complaint.getByLabel('Aapka phone number').fill(phone.phoneNumber);
  await complaint.getByRole('button', { name: 'Complaint bhejein' }).click();
  const done = complaint.getByRole('status');
  await expect(done).toContainText('darj ho gayi');
  const repairId = (await done.textContent())?.match(/WO-[\w-]+/)?.[0] ?? '';
  expect(repairId).not.toBe('');
  await customer.close();

  const desk = await openAs(browser, baseURL ?? '', manager, 'desktop');
  await desk.goto('/work-orders');
  await desk.getByRole('button', { name: 'Complaints' }).click();
  await desk.getByLabel('Search work orders').fill(repairId);
  const row = desk.getByRole('row').filter({ hasText: repairId });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Complaint');
  await desk.context().close();
});

test('the customer sees the visit the shop booked and its arrival window (issue 34)', async ({
  browser,
  baseURL,
}) => {
  const { manager, technicians, order } = await seedWorkOrderTeam(baseURL ?? '');
  // Tuesday 9 March 2027, 10:30 India time, told 10:00–12:00.
  await dataOf(manager.api, 'POST', '/api/schedule-work-order', {
    orderId: order.orderId,
    technicianId: technicians[0].id,
    start: '2027-03-09T05:00:00.000Z',
    durationMinutes: 90,
    window: { start: '10:00', end: '12:00' },
  });
  const link = await dataOf<{ path: string }>(manager.api, 'POST', '/api/work-order-status-link', {
    orderId: order.orderId,
  });
  const customer = await browser.newContext({ baseURL, viewport: PHONE, isMobile: true });
  const page = await customer.newPage();
  await page.goto(link.path);
  const visit = page.getByRole('region', { name: 'Aapki visit' });
  await expect(visit).toHaveText('Aapki visit09 Mar 2027, 10:00 am se 12:00 pm ke beech aayenge');
  await shot(page, 'job-status-visit', { fullPage: false });
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('region', { name: 'Your visit' })).toContainText(
    '09 Mar 2027, arriving between 10:00 am and 12:00 pm',
  );
  await customer.close();
});
