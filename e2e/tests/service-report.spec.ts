import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import {
  assignOrder,
  assignStock,
  billLine,
  confirmBill,
  createBill,
  createItem,
  createOrder,
  dataOf,
  stockIn,
  uniqueSerials,
} from '@karya/test-factories';
import { type Download, expect, type Page, test } from '@playwright/test';
import { adminApi } from '../support/api';
import { pdfRegion, pdfText, pdfWords } from '../support/gst';
import { pngOf } from '../support/images';
import { seeNotice } from '../support/notice';
import { openAs, seedWorkOrderTeam, signOnPhone, startOnPhone } from '../support/work-orders';

/*
 * Issue 22, the service report: a job with two photos taken on the phone, its checklist
 * answered, a camera installed and billed, the customer's signature, sent for approval. The
 * manager opens Approve Project and downloads the service report PDF; the journey reads it as
 * a person would (poppler: its text, its embedded images, the pixels where the photo and the
 * signature are drawn). The customer downloads the same report from the job-status page.
 * The checklist is on a project type no other journey completes, and emptied at the end.
 */

const PROJECT_TYPE = 'Safe and Locks';
const CHECK = 'Lock tested with the customer';
const SIGNER = 'Meera Joshi';
const CUSTOMER = 'Meera Joshi';
const SITE = '12 Baner Road, Pune 411045';

const run = promisify(execFile);

/** The images a PDF embeds (pdfimages -list): type and size of each, soft masks left out. */
async function pdfImages(file: string): Promise<Array<{ type: string; width: number }>> {
  const { stdout } = await run('pdfimages', ['-list', file]);
  return stdout
    .split('\n')
    .slice(2)
    .map((line) => line.trim().split(/\s+/))
    .filter((cells) => cells.length > 5 && cells[2] !== 'smask')
    .map((cells) => ({ type: cells[2] ?? '', width: Number(cells[3]) }));
}

async function saved(download: Download, path: string): Promise<string> {
  expect(download.suggestedFilename()).toMatch(/^Service-Report-WO-.*\.pdf$/);
  await download.saveAs(path);
  return path;
}

/** The median grey (0 black … 255 white) of a region of page 1, in points. */
async function medianGrey(
  file: string,
  box: { x: number; y: number; width: number; height: number },
): Promise<{ median: number; darkest: number }> {
  const region = await pdfRegion(file, box, 72);
  const sorted = [...region.pixels].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)] ?? 255, darkest: sorted[0] ?? 255 };
}

/** The printable page: the report's words, both photos and the signature loaded. */
async function expectPrintablePage(page: Page, orderId: string) {
  const sheet = page.getByRole('article', { name: 'Service Report' });
  await expect(sheet.getByRole('heading', { name: 'Service Report' })).toBeVisible();
  await expect(sheet).toContainText(orderId);
  await expect(sheet.getByRole('region', { name: 'Checklist' })).toContainText(CHECK);
  await expect(sheet.getByRole('region', { name: 'Installed products' })).toContainText(
    'Digital Door Lock',
  );
  const images = [
    sheet.getByRole('img', { name: 'Before: Old lock on the door' }),
    sheet.getByRole('img', { name: 'After: New lock fitted' }),
    sheet.getByRole('img', { name: `Signature of ${SIGNER}` }),
  ];
  for (const image of images) {
    await expect
      .poll(() => image.evaluate((element) => (element as { naturalWidth: number }).naturalWidth))
      .toBeGreaterThan(0);
  }
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
}

test.afterEach(async ({ baseURL }) => {
  const admin = await adminApi(baseURL ?? '');
  await dataOf(admin, 'PUT', '/api/checklist-templates', { projectType: PROJECT_TYPE, items: [] });
  await admin.dispose();
});

test('the manager approves with the service report PDF in front of them; the customer downloads it from the status page', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const base = baseURL ?? '';
  const team = await seedWorkOrderTeam(base);
  const [technician] = team.technicians;
  const admin = await adminApi(base);
  await dataOf(admin, 'PUT', '/api/checklist-templates', {
    projectType: PROJECT_TYPE,
    items: [{ label: CHECK, kind: 'yes-no', required: true }],
  });
  const lock = await createItem(admin, 'serialized-product', {
    name: 'Digital Door Lock',
    warranty: '1 year',
    salePrice: 8500,
  });
  await admin.dispose();
  const [serial = ''] = uniqueSerials(1, 'LOCK');
  await stockIn(team.manager.api, lock.id, { serials: [serial] });
  await assignStock(team.manager.api, technician.id, lock.id, { serials: [serial] });
  const order = await createOrder(team.manager.api, {
    name: CUSTOMER,
    address: SITE,
    projectType: PROJECT_TYPE,
    initialRemark: 'Fit the digital lock on the main door',
  });
  await assignOrder(team.manager.api, order, technician.id);

  const phone = await openAs(browser, base, technician, 'phone');
  await test.step('on the phone: two photos, the checklist answered', async () => {
    await startOnPhone(phone, order.customerName);
    const photos = phone.getByRole('region', { name: 'Photos' });
    await photos.getByLabel('Stage').selectOption('Before');
    await photos.getByLabel('Caption').fill('Old lock on the door');
    await photos.getByLabel('Add photo').setInputFiles({
      name: 'before.png',
      mimeType: 'image/png',
      buffer: pngOf(1200, 900, [200, 30, 30]),
    });
    await seeNotice(phone, 'Photo added');
    await photos.getByLabel('Stage').selectOption('After');
    await photos.getByLabel('Caption').fill('New lock fitted');
    await photos.getByLabel('Add photo').setInputFiles({
      name: 'after.png',
      mimeType: 'image/png',
      buffer: pngOf(900, 1200, [30, 60, 200]),
    });
    await seeNotice(phone, 'Photo added');
    await expect(photos).toContainText('2 photos');
    const checklist = phone.getByRole('region', { name: 'Checklist' });
    await checklist
      .getByRole('group', { name: CHECK })
      .getByRole('button', { name: 'Yes' })
      .click();
    await expect(checklist).toContainText('1 of 1 answered');
  });

  await test.step('billed, signed by the customer, sent for approval', async () => {
    // Billing is its own journeys' subject: here through the API.
    const bill = await createBill(technician.api, order, [
      billLine(lock, { serialNumber: serial }),
    ]);
    await confirmBill(technician.api, bill._id);
    await phone.reload();
    // The customer signs on the pad with a finger (here the mouse).
    await signOnPhone(phone, SIGNER);
    await phone.getByRole('button', { name: 'Complete Project & Send for Approval' }).click();
    await phone
      .getByRole('dialog', { name: 'Complete Project' })
      .getByRole('button', { name: 'Complete Project & Send for Approval' })
      .click();
    await seeNotice(phone, 'Project completed and sent for approval');
    await phone.context().close();
  });

  const manager = await openAs(browser, base, team.manager, 'desktop');
  await test.step('the manager downloads the service report from Approve Project', async () => {
    await manager.goto('/manager-dashboard');
    await manager.getByRole('button', { name: `Show actions for ${order.orderId}` }).click();
    await manager.getByRole('button', { name: 'Approve Project' }).click();
    const approve = manager.getByRole('dialog', { name: 'Approve Project' });
    // The evidence in front of the manager: the answers, the photos and the signature.
    await expect(approve.getByRole('region', { name: 'Checklist' })).toContainText(CHECK);
    const photos = approve.getByRole('region', { name: 'Photos' });
    await expect(photos.getByRole('img', { name: 'Before: Old lock on the door' })).toBeVisible();
    await expect(photos.getByRole('img', { name: 'After: New lock fitted' })).toBeVisible();
    await expect(
      approve
        .getByRole('region', { name: 'Customer signature' })
        .getByRole('img', { name: `Signature of ${SIGNER}` }),
    ).toBeVisible();
    const [download] = await Promise.all([
      manager.waitForEvent('download'),
      approve.getByRole('button', { name: 'Service report (PDF)' }).click(),
    ]);
    const file = await saved(download, testInfo.outputPath('service-report-manager.pdf'));

    const text = await pdfText(file);
    for (const expected of [
      'Service Report',
      order.orderId,
      CUSTOMER,
      SITE,
      PROJECT_TYPE,
      CHECK,
      'Digital Door Lock',
      serial,
      'Warranty until',
      'Before:',
      'Old lock on the door',
      'After:',
      'New lock fitted',
      SIGNER,
    ])
      expect(text, expected).toContain(expected);
    expect(text).toMatch(/Invoice: \S+/);

    // Two photos as JPEG thumbnails, no wider than the phone-to-PDF downscale, and the signature.
    const images = await pdfImages(file);
    expect(images.filter((image) => image.type === 'image')).toHaveLength(3);
    for (const image of images) expect(image.width).toBeLessThanOrEqual(640);

    // Where the report draws them, the page shows the photo's red and the signature's ink.
    const words = await pdfWords(file);
    const before = words.find((word) => word.text === 'Before:');
    expect(before).toBeTruthy();
    const photo = await medianGrey(file, {
      x: before?.xMin ?? 0,
      y: (before?.yMin ?? 0) - 100,
      width: 100,
      height: 60,
    });
    // Red (200, 30, 30) is a grey of about 80: not the page's white, not the empty box's grey.
    expect(photo.median).toBeGreaterThan(50);
    expect(photo.median).toBeLessThan(120);
    const signer = words.filter((word) => word.text === 'Meera').at(-1);
    expect(signer).toBeTruthy();
    const signature = await medianGrey(file, {
      x: (signer?.xMin ?? 0) - 215,
      y: (signer?.yMin ?? 0) - 12,
      width: 190,
      height: 70,
    });
    expect(signature.darkest).toBeLessThan(60);

    // The same report as a page to print, opened from the dialog in a new tab.
    const [sheet] = await Promise.all([
      manager.context().waitForEvent('page'),
      approve.getByRole('link', { name: 'Printable page' }).click(),
    ]);
    await expectPrintablePage(sheet, order.orderId);
    await sheet.close();

    await approve.getByLabel('Approval Note*').fill('Lock fitted and tested with the customer');
    await approve.getByRole('button', { name: 'Approve Project' }).click();
    await seeNotice(manager, 'Project approved successfully');
  });

  await test.step('the customer downloads it from the job-status page', async () => {
    const link = await dataOf<{ path: string }>(
      team.manager.api,
      'POST',
      '/api/work-order-status-link',
      { orderId: order.orderId },
    );
    const context = await browser.newContext({ baseURL: base });
    const page: Page = await context.newPage();
    await page.goto(link.path);
    const report = page.getByRole('region', { name: 'Service report' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      report.getByRole('button', { name: 'Service report download karein' }).click(),
    ]);
    const file = await saved(download, testInfo.outputPath('service-report-customer.pdf'));
    const text = await pdfText(file);
    expect(text).toContain('Service Report');
    expect(text).toContain(SIGNER);
    expect(text).toContain('Completed');
    expect((await pdfImages(file)).filter((image) => image.type === 'image')).toHaveLength(3);
    await page.goto(`${link.path}/report`);
    await expectPrintablePage(page, order.orderId);
    await expect(page.getByRole('article', { name: 'Service Report' })).toContainText('Completed');
    await context.close();
  });
  await manager.context().close();
});
