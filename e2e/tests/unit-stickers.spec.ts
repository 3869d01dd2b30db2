import type { AmcContractDetail } from '@karya/domain/amc-schemas';
import type { UnitLink } from '@karya/domain/complaint-schemas';
import {
  approveOrder,
  billLine,
  completeOrder,
  confirmBill,
  createBill,
  createBranchTeam,
  createItem,
  createStartedOrder,
  dataOf,
  stockIn,
  stockTechnician,
  unique,
  uniqueSerials,
} from '@karya/test-factories';
import { expect, test } from '@playwright/test';
import { adminApi, answer } from '../support/api';
import { pngOf } from '../support/images';
import { pageWidth } from '../support/phone-width';
import { qrCodesOfPdf } from '../support/qr-codes';
import { shot } from '../support/shots';
import { openAs, PHONE } from '../support/work-orders';

/*
 * Issue 37: a QR sticker on every installed unit. The manager prints a sheet of labels for an
 * installation's units from its Project Details (the PDF's QR codes decode to the units'
 * links); the customer, on a 360 px phone with no login, scans one, sees the product under
 * its AMC and raises a complaint with a photo; the manager finds the complaint in Pending
 * Work Orders with the unit's serial, 'Under AMC' and the time it is due by.
 */

/** Today's date in India, as the server's contracts count days. */
const todayInIndia = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

test('the manager prints an installation’s QR labels; a customer scans one, raises a complaint with a photo, and the manager sees it due under AMC', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000);
  const base = baseURL ?? '';

  // A branch of its own whose technician installed two cameras (billed, done, approved),
  // and an active AMC sold on that installation.
  const admin = await adminApi(base);
  const {
    manager,
    technicians: [technician],
  } = await createBranchTeam(admin, { branch: { phone: '020 2612 3456' } });
  const camera = await createItem(admin, 'serialized-product', {
    name: unique('Bullet Camera '),
    warranty: '1 year',
    salePrice: 2500,
  });
  await admin.dispose();
  const [spare, ...serials] = uniqueSerials(3, 'QR');
  await stockTechnician(manager.api, technician.id, camera._id, { serials });
  // One more camera still in the branch's stock: its label is printed before it is fitted.
  await stockIn(manager.api, camera._id, { serials: [spare ?? ''] });
  const order = await createStartedOrder(manager.api, technician);
  const bill = await createBill(
    technician.api,
    order,
    serials.map((serialNumber) => billLine(camera, { serialNumber })),
  );
  await confirmBill(technician.api, bill.billId, 5000);
  await completeOrder(technician.api, order);
  await approveOrder(manager.api, order, 'Both cameras fitted and recording');
  const draft = await answer<AmcContractDetail>(
    await manager.api.request.post('/api/amc-contracts', {
      data: {
        customerId: order.customerId,
        fromOrderId: order._id,
        startDate: todayInIndia(),
        visitsPerTerm: 4,
        price: 6000,
      },
    }),
  );
  await answer(await manager.api.request.post(`/api/amc-contracts/${draft._id}/activate`));
  const customerPhone = (
    await dataOf<{ phoneNumber: string }>(
      manager.api,
      'GET',
      `/api/get-single-customer/${order.customerId}`,
    )
  ).phoneNumber;

  const desk = await openAs(browser, base, manager, 'desktop');
  let links: string[] = [];
  /** Each unit's page, `/u/{token}`, and its serial. */
  const serialOf = new Map<string, string>();

  await test.step('Project Details prints a 2 × 5 sheet whose QR codes are the units’ links', async () => {
    await desk.goto('/manager-dashboard');
    await desk.getByRole('button', { name: `Show actions for ${order.orderId}` }).click();
    await desk.getByRole('button', { name: 'View Details' }).click();
    const details = desk.getByRole('dialog', { name: 'Project Details' });
    await details.getByRole('button', { name: 'Print QR labels' }).click();
    const dialog = desk.getByRole('dialog', { name: 'Print QR labels' });
    await dialog.getByLabel('A4 sheet, 2 × 5 labels').check();
    // Every unit of the installation, ticked.
    for (const serial of serials) await expect(dialog.getByLabel(serial)).toBeChecked();
    await shot(desk, 'unit-stickers-1-print-dialog', { fullPage: false });
    const [download] = await Promise.all([
      desk.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download 2 labels' }).click(),
    ]);
    await expect(dialog).toBeHidden();
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const file = testInfo.outputPath('unit-labels.pdf');
    await download.saveAs(file);
    links = await qrCodesOfPdf(file);

    // The same link the unit answers with on every ask.
    const expected: string[] = [];
    for (const serial of serials) {
      const link = await dataOf<UnitLink>(manager.api, 'POST', '/api/unit-link', {
        serial,
      });
      expect(link.url).toMatch(/^\/u\/[A-Za-z0-9_-]{22}$/);
      expected.push(link.url);
      serialOf.set(link.url, serial);
    }
    expect(links.map((link) => new URL(link).pathname).sort()).toEqual(expected.sort());
  });

  let spareLink = '';
  await test.step('Installed Products and the branch’s stock serials print labels too', async () => {
    await desk.keyboard.press('Escape');
    await expect(desk.getByRole('dialog', { name: 'Project Details' })).toBeHidden();
    await desk
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Customers' })
      .click();
    await desk.getByRole('searchbox', { name: 'Search contacts' }).fill(order.customerName);
    await desk.getByRole('button', { name: `Show actions for ${order.customerName}` }).click();
    await desk.getByRole('button', { name: 'View Details' }).click();
    const installed = desk
      .getByRole('dialog', { name: 'Customer Details' })
      .getByRole('region', { name: 'Installed Products' });
    await installed.getByRole('button', { name: 'Print QR labels' }).click();
    const fromCustomer = desk.getByRole('dialog', { name: 'Print QR labels' });
    for (const serial of serials) await expect(fromCustomer.getByLabel(serial)).toBeChecked();
    await fromCustomer.getByRole('button', { name: 'Cancel' }).click();
    await expect(fromCustomer).toBeHidden();
    await desk.keyboard.press('Escape');

    await desk.goto('/inventory');
    await desk.getByRole('searchbox', { name: 'Search inventory...' }).fill(camera.name);
    await desk.getByRole('button', { name: `Show actions for ${camera.name}` }).click();
    await desk.getByRole('button', { name: 'View Details' }).click();
    const item = desk.getByRole('dialog', { name: camera.name });
    await item.getByRole('button', { name: 'Print QR labels' }).click();
    const fromStock = desk.getByRole('dialog', { name: 'Print QR labels' });
    await expect(fromStock.getByLabel(spare ?? '')).toBeChecked();
    // One unit: a single label of a label printer's roll.
    await expect(fromStock.getByLabel('Single label')).toBeChecked();
    await shot(desk, 'unit-stickers-1b-print-from-stock', { fullPage: false });
    const [download] = await Promise.all([
      desk.waitForEvent('download'),
      fromStock.getByRole('button', { name: 'Download 1 label' }).click(),
    ]);
    const file = testInfo.outputPath('spare-label.pdf');
    await download.saveAs(file);
    const [code, ...others] = await qrCodesOfPdf(file);
    expect(others).toEqual([]);
    spareLink = new URL(code ?? '').pathname;
    expect(spareLink).toMatch(/^\/u\/[A-Za-z0-9_-]{22}$/);
    expect(serialOf.has(spareLink)).toBe(false);
  });

  const customer = await browser.newContext({
    baseURL: base,
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
  });
  const phone = await customer.newPage();
  let repairId = '';
  const scanned = new URL(links[0] ?? '').pathname;
  const scannedSerial = serialOf.get(scanned) ?? '';

  await test.step('the customer scans a label on a 360 px phone: the camera, under AMC', async () => {
    // The spare's sticker is not live until the camera is fitted at a customer's.
    await phone.goto(spareLink);
    await expect(
      phone.getByText(
        'Yeh sticker kisi lagaye gaye unit se juda nahi hai. Kripya shop ko call karein.',
      ),
    ).toBeVisible();
    await phone.goto(scanned);
    await expect(phone.getByRole('heading', { level: 1, name: camera.name })).toBeVisible();
    await expect(phone.getByText(scannedSerial, { exact: true })).toBeVisible();
    // In the customer's language (Hinglish until they choose), with a switch.
    await expect(phone.getByTestId('coverage')).toHaveText('AMC mein cover');
    await phone.getByRole('button', { name: 'English' }).click();
    await expect(phone.getByTestId('coverage')).toHaveText('Under AMC');
    await expect(phone.getByText(/^AMC until \d{2} \w{3} \d{4}$/)).toBeVisible();
    await expect(phone.getByText(/^Warranty until \d{2} \w{3} \d{4}$/)).toBeVisible();
    await expect(phone.getByText(/^Installed on \d{2} \w{3} \d{4}$/)).toBeVisible();
    await expect(phone.getByRole('link', { name: 'Call' })).toHaveAttribute('href', /^tel:/);
    await expect(phone.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
      'href',
      /^https:\/\/wa\.me\/\d+\?text=/,
    );
    expect(await pageWidth(phone), 'the page is no wider than the phone').toBeLessThanOrEqual(
      PHONE.width,
    );
    await shot(phone, 'unit-stickers-2-unit-page-phone');
  });

  await test.step('a complaint with a photo: the wrong number first, then the one the shop has', async () => {
    const form = phone.getByRole('region', { name: 'Raise a complaint' });
    await form.getByLabel('What is wrong?').fill('Camera 2 shows no picture at night');
    await form.getByLabel('Take or choose a photo').setInputFiles({
      name: 'camera-2.png',
      mimeType: 'image/png',
      buffer: pngOf(96, 64, [200, 40, 40]),
    });
    await expect(form.getByRole('img', { name: 'The photo you chose' })).toBeVisible();
    await form.getByLabel('Your phone number').fill('9000000001');
    await form.getByRole('button', { name: 'Raise complaint' }).click();
    await expect(
      form.getByText(
        'This is not the phone number the shop has for this unit. Enter the number you gave the shop.',
      ),
    ).toBeVisible();
    // Nothing typed or chosen is lost.
    await expect(form.getByLabel('What is wrong?')).toHaveValue(
      'Camera 2 shows no picture at night',
    );
    await expect(form.getByRole('img', { name: 'The photo you chose' })).toBeVisible();
    await shot(phone, 'unit-stickers-3-phone-mismatch');

    await form.getByLabel('Your phone number').fill(customerPhone);
    const sent = phone.waitForRequest(
      (request) =>
        request.method() === 'POST' && /\/api\/unit\/[^/]+\/complaint$/.test(request.url()),
    );
    const answered = phone.waitForResponse((response) =>
      /\/api\/unit\/[^/]+\/complaint$/.test(response.url()),
    );
    await form.getByRole('button', { name: 'Raise complaint' }).click();
    const request = await sent;
    expect(request.headers()['content-type']).toMatch(/^multipart\/form-data/);
    const { data } = (await (await answered).json()) as {
      data: { orderId: string; statusPath: string; joined: boolean };
    };
    expect(data.joined).toBe(false);
    repairId = data.orderId;
    await expect(form.getByRole('status')).toHaveText(
      'Your complaint is registered. The shop will call you soon.',
    );
    await shot(phone, 'unit-stickers-4-complaint-raised');
    await form.getByRole('link', { name: 'See your complaint’s status' }).click();
    await expect(phone).toHaveURL(new RegExp(`${data.statusPath}$`));
    await expect(phone.getByText(`Order ${repairId}`)).toBeVisible();

    // Scanned again, the unit says its complaint is open and a new message joins it.
    await phone.goBack();
    await expect(
      phone.getByText(`A complaint on this unit is already open (${repairId}).`),
    ).toBeVisible();
    // Its status page names the customer: the sticker's page links to it only after the phone check.
    await expect(phone.locator(`a[href="${data.statusPath}"]`)).toHaveCount(0);
    await expect(phone.getByRole('button', { name: 'Add to the complaint' })).toBeVisible();
  });
  await customer.close();

  await test.step('Pending Work Orders: the complaint with its serial, Under AMC and its due time', async () => {
    await desk.goto('/work-orders');
    await desk.getByRole('button', { name: 'Complaints' }).click();
    await desk.getByLabel('Search work orders').fill(repairId);
    const row = desk.getByRole('row').filter({ hasText: repairId });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Complaint');
    await expect(row).toContainText(scannedSerial);
    await expect(row).toContainText('Under AMC');
    await expect(row).toContainText(/Due by /);
    // The customer's photo came with it, on the complaint's order.
    const photos = await dataOf<{ caption: string }[]>(
      manager.api,
      'GET',
      `/api/work-order-photos?orderId=${repairId}`,
    );
    expect(photos.map((photo) => photo.caption)).toEqual([expect.stringContaining(scannedSerial)]);
    await shot(desk, 'unit-stickers-5-pending-work-orders', { fullPage: false });
  });
  await desk.context().close();
});
