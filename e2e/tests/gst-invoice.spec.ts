import { confirmBill, createBill } from '@karya/test-factories';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { rupees } from '../support/billing';
import {
  BRANCH_GSTIN,
  CAMERA_HSN,
  firstGlyph,
  INSTALLATION_SAC,
  pdfPng,
  pdfRegion,
  pdfText,
  pdfWords,
  seedGstScene,
} from '../support/gst';
import { seeNotice } from '../support/notice';
import { shot } from '../support/shots';
import { openAs } from '../support/work-orders';

const wizardStep = (page: Page, title: string): Locator =>
  page.getByRole('dialog', { name: title, exact: true });

/*
 * The sale: a camera at ₹2,950 and its installation at ₹799.50, both with 18 % GST inside the
 * price, to a customer in Karnataka from a branch in Maharashtra: IGST. Backed out per line,
 * the camera's IGST is ₹450.00 and the installation's ₹121.96 (799.50 × 18/118, to the
 * paisa): taxable value ₹3,177.54, IGST ₹571.96, lines ₹3,749.50, rounded to ₹3,750 (+₹0.50).
 */
const SALE = {
  taxable: 3177.54,
  igst: 571.96,
  roundOff: 0.5,
  total: 3750,
  inWords: 'Rupees Three Thousand Seven Hundred Fifty Only',
  cash: 1000,
} as const;
const DUE = SALE.total - SALE.cash;

test.describe('GST invoice (issue 19)', () => {
  test('the technician bills a customer in another state with IGST and takes part in cash; the manager records the rest by UPI, and the PDF shows GSTIN, HSN, IGST and ₹', async ({
    browser,
    baseURL,
  }, testInfo) => {
    // Two people in their own browsers, the Outstanding Dues list and a PDF read by poppler.
    test.setTimeout(150_000);
    const base = baseURL ?? '';
    const scene = await seedGstScene(base);
    const tech = await openAs(browser, base, scene.technician, 'phone');
    let invoicePath = '';

    await test.step('the technician picks the camera and its installation', async () => {
      await tech.goto('/technician-dashboard');
      await tech
        .getByRole('navigation', { name: 'Dashboard' })
        .getByRole('button', { name: 'Current' })
        .click();
      await tech.getByRole('button', { name: 'Generate Bill' }).click();
      const select = wizardStep(tech, 'Select Items');
      await select.getByRole('button', { name: 'Scan Barcode' }).click();
      const scan = tech.getByRole('dialog', { name: 'Scan Barcode' });
      await scan.getByLabel('Serial Number').fill(scene.serial);
      await scan.getByRole('button', { name: 'Add Serial' }).click();
      await expect(scan).toBeHidden();
      await select.getByRole('button', { name: 'Add Service' }).click();
      const picker = tech.getByRole('dialog', { name: 'Add Service' });
      await picker.getByRole('searchbox', { name: 'Search services' }).fill(scene.service.name);
      await picker.getByRole('button', { name: `Add ${scene.service.name}` }).click();
      await expect(select.getByRole('list', { name: 'Selected items' })).toContainText(
        scene.serial,
      );
    });

    await test.step('the Bill Summary shows IGST at 18 % before payment, and the rounded total', async () => {
      await wizardStep(tech, 'Select Items').getByRole('button', { name: 'Review Bill' }).click();
      const summary = wizardStep(tech, 'Bill Summary');
      await expect(summary.getByRole('list', { name: 'Bill lines' })).toContainText(
        rupees(scene.camera.salePrice),
      );
      await expect(summary.getByTestId('bill-taxable')).toHaveText(rupees(SALE.taxable));
      await expect(summary.getByText('IGST @ 18%')).toBeVisible();
      await expect(summary.getByTestId('bill-igst')).toHaveText(rupees(SALE.igst));
      await expect(summary.getByTestId('bill-round-off')).toHaveText(rupees(SALE.roundOff));
      await expect(summary.getByText('Place of supply: Karnataka (29)')).toBeVisible();
      // Within a state the summary would split CGST and SGST instead.
      await expect(summary.getByText(/^CGST|^SGST/)).toHaveCount(0);
      await expect(summary.getByTestId('bill-total')).toHaveText(rupees(SALE.total));
      await shot(tech, 'gst-1-summary');
    });

    await test.step(`the customer pays ${rupees(SALE.cash)} in cash now`, async () => {
      await wizardStep(tech, 'Bill Summary')
        .getByRole('button', { name: 'Proceed to Payment' })
        .click();
      const pay = wizardStep(tech, 'Select Payment Method');
      await pay.getByText('Cash', { exact: true }).click();
      const amount = pay.getByLabel('Amount Paid (₹)');
      await expect(amount).toHaveValue(SALE.total.toFixed(2));
      await amount.fill(String(SALE.cash));
      await expect(pay.getByTestId('due-amount')).toHaveText(rupees(DUE));
      await pay.getByRole('button', { name: 'Continue' }).click();
      await wizardStep(tech, 'Confirm Payment')
        .getByRole('button', { name: 'Confirm Payment' })
        .click();
      const success = wizardStep(tech, 'Payment Successful');
      await expect(success).toContainText(`Due Amount${rupees(DUE)}`);
      invoicePath =
        (await success.getByRole('link', { name: 'View Bill' }).getAttribute('href')) ?? '';
      expect(invoicePath).toMatch(/^\/bills\//);
      await shot(tech, 'gst-2-paid-in-part');
    });

    const manager = await openAs(browser, base, scene.manager, 'desktop');
    const invoice = manager.getByRole('article', { name: /^Tax Invoice No\. / });
    let invoiceNumber = '';

    await test.step('the manager sees the due under Outstanding Dues and opens its invoice', async () => {
      await manager
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Outstanding Dues' })
        .click();
      const due = manager
        .getByRole('table', { name: 'Outstanding Dues' })
        .getByRole('row')
        .filter({ hasText: scene.order.customerName });
      await expect(due).toContainText(`${rupees(DUE)}of ${rupees(SALE.total)}`);
      await due.getByRole('link').click();
      await expect(manager).toHaveURL(new RegExp(`${invoicePath}$`));
    });

    await test.step('the tax invoice: Rule 46 fields, IGST, the due and its QR', async () => {
      await expect(invoice.getByRole('heading', { name: 'Tax Invoice' })).toBeVisible();
      invoiceNumber = ((await invoice.getAttribute('aria-label')) ?? '').replace(
        'Tax Invoice No. ',
        '',
      );
      // The branch's series, this financial year, five digits: at most 16 characters.
      expect(invoiceNumber).toMatch(/^[A-Z0-9]{1,4}\/\d{2}-\d{2}\/\d{5}$/);
      for (const text of [
        `GSTIN:${BRANCH_GSTIN}`,
        'State:Maharashtra (27)',
        scene.order.customerName,
        'State:Karnataka (29)',
        'Place of supply:Karnataka (29)',
        'Reverse charge:No',
        SALE.inWords,
        'Authorised Signatory',
      ])
        await expect(invoice).toContainText(text);
      const camera = invoice.getByRole('row').filter({ hasText: scene.serial });
      await expect(camera).toContainText(CAMERA_HSN);
      await expect(camera).toContainText('Warranty: 2 years');
      await expect(camera).toContainText(`18%${rupees(450)}`);
      await expect(invoice.getByRole('row').filter({ hasText: scene.service.name })).toContainText(
        INSTALLATION_SAC,
      );
      await expect(invoice.getByRole('columnheader', { name: 'IGST' })).toBeVisible();
      await expect(invoice.getByRole('columnheader', { name: 'CGST' })).toHaveCount(0);
      await expect(invoice.getByTestId('invoice-igst')).toHaveText(rupees(SALE.igst));
      await expect(invoice.getByTestId('invoice-round-off')).toHaveText(rupees(SALE.roundOff));
      await expect(invoice.getByTestId('bill-total')).toHaveText(rupees(SALE.total));
      await expect(invoice.getByTestId('bill-paid')).toHaveText(rupees(SALE.cash));
      await expect(invoice.getByTestId('bill-due')).toHaveText(rupees(DUE));
      const qr = invoice.getByRole('img', { name: `UPI QR code for ${rupees(DUE)}` });
      await expect(qr).toHaveAttribute('data-qr-value', new RegExp(`am=${DUE.toFixed(2)}&`));
      await shot(manager, 'gst-3-invoice-due');
    });

    await test.step('Record Payment takes no more than the due, and UPI needs its transaction id', async () => {
      await manager.getByRole('button', { name: 'Record Payment' }).click();
      const dialog = manager.getByRole('dialog', { name: 'Record Payment' });
      const amount = dialog.getByLabel('Amount (₹)');
      await expect(amount).toHaveValue(DUE.toFixed(2));
      await amount.fill(String(DUE + 1));
      await dialog.getByRole('button', { name: 'Record Payment' }).click();
      await expect(dialog).toContainText(
        `The amount cannot be more than the amount due (${rupees(DUE)})`,
      );
      await amount.fill(String(DUE));
      await dialog.getByText('UPI', { exact: true }).click();
      const transactionId = dialog.getByLabel('UPI Transaction ID*');
      await transactionId.fill('UPI12345678');
      await dialog.getByRole('button', { name: 'Record Payment' }).click();
      await expect(dialog).toContainText(
        'Please enter a valid UPI transaction ID (min 12 characters).',
      );
      await transactionId.fill(`UPI${Date.now()}${process.pid}`);
      await shot(manager, 'gst-4-record-payment');
      await dialog.getByRole('button', { name: 'Record Payment' }).click();
      await seeNotice(manager, 'Payment recorded successfully');
      await expect(dialog).toBeHidden();
      // Issue 39 item 13: the receipt on WhatsApp is offered, then Done.
      const recorded = manager.getByRole('dialog', { name: 'Payment Recorded' });
      await expect(recorded.getByRole('link', { name: 'Send receipt on WhatsApp' })).toBeVisible();
      await recorded.getByRole('button', { name: 'Done' }).click();
      await expect(recorded).toBeHidden();
    });

    await test.step('the invoice shows both receipts and nothing due', async () => {
      await expect(invoice.getByTestId('bill-paid')).toHaveText(rupees(SALE.total));
      await expect(invoice.getByTestId('bill-due')).toHaveText(rupees(0));
      const receipts = invoice.getByRole('region', { name: 'Receipts' }).getByRole('row');
      await expect(receipts).toHaveCount(3);
      await expect(receipts.nth(1)).toContainText(`Cash${rupees(SALE.cash)}`);
      await expect(receipts.nth(2)).toContainText('Online (UPI)');
      await expect(receipts.nth(2)).toContainText(rupees(DUE));
      await expect(invoice.getByRole('img', { name: /^UPI QR code/ })).toHaveCount(0);
      await expect(manager.getByRole('button', { name: 'Record Payment' })).toHaveCount(0);
      await shot(manager, 'gst-5-invoice-paid');
    });

    await test.step('the PDF, turned into text and pixels, shows GSTIN, HSN, IGST and ₹', async () => {
      const [download] = await Promise.all([
        manager.waitForEvent('download'),
        manager.getByRole('button', { name: 'Download PDF' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`${invoiceNumber.replaceAll('/', '-')}.pdf`);
      const file = testInfo.outputPath('invoice.pdf');
      await download.saveAs(file);
      await testInfo.attach('invoice page 1', {
        body: await pdfPng(file),
        contentType: 'image/png',
      });

      const text = await pdfText(file);
      for (const expected of [
        'TAX INVOICE',
        `Invoice No.: ${invoiceNumber}`,
        `GSTIN: ${BRANCH_GSTIN}`,
        CAMERA_HSN,
        INSTALLATION_SAC,
        'IGST',
        'Place of supply: Karnataka (29)',
        'Reverse charge: No',
        rupees(SALE.igst),
        rupees(SALE.total),
        SALE.inWords,
        'Authorised Signatory',
      ])
        expect(text, expected).toContain(expected);
      expect(text).not.toContain('Rs.');
      // The shop's file holds the customer's original and its own duplicate, a page each.
      expect(text).toContain('ORIGINAL FOR RECIPIENT');
      expect(text).toContain('DUPLICATE FOR SUPPLIER');
      expect(text.indexOf('ORIGINAL FOR RECIPIENT')).toBeLessThan(
        text.indexOf('DUPLICATE FOR SUPPLIER'),
      );

      // The total's first glyph, drawn at 600 dpi: the rupee sign's two full-width bars at the
      // top, above a leg that does not span the glyph (an empty box, what a font without the
      // glyph draws, has full-width rows at its foot too; a missing glyph has no ink).
      const total = (await pdfWords(file)).find((word) => word.text === rupees(SALE.total));
      if (!total) throw new Error(`${rupees(SALE.total)} not found on page 1`);
      const glyph = firstGlyph(
        await pdfRegion(
          file,
          {
            x: total.xMin - 1,
            y: total.yMin,
            width: total.xMax - total.xMin + 2,
            height: total.yMax - total.yMin,
          },
          600,
        ),
      );
      expect(glyph.length, 'the rupee sign has ink').toBeGreaterThan(20);
      const full = glyph.map((row) => row.filter(Boolean).length >= 0.9 * row.length);
      const bars = full.filter((isFull, y) => isFull && !full[y - 1]).length;
      expect(bars, 'two full-width bars').toBe(2);
      expect(full.slice(Math.floor(glyph.length / 2)).some(Boolean), 'a leg, not a box').toBe(
        false,
      );
    });

    await test.step('Outstanding Dues no longer lists the bill', async () => {
      await manager.getByRole('button', { name: 'Back' }).click();
      await expect(manager.getByRole('heading', { name: 'Outstanding Dues' })).toBeVisible();
      await expect(
        manager
          .getByRole('table', { name: 'Outstanding Dues' })
          .getByRole('row')
          .filter({ hasText: scene.order.customerName }),
      ).toHaveCount(0);
    });
  });

  test('the manager cancels an invoice: it keeps its number, says CANCELLED with the reason and takes no more payments', async ({
    browser,
    baseURL,
  }, testInfo) => {
    const base = baseURL ?? '';
    const scene = await seedGstScene(base);
    // The technician bills and is paid part in cash through the API, as the wizard does.
    const created = await createBill(scene.technician.api, scene.order, [
      { itemId: scene.camera._id, serialNumber: scene.serial },
    ]);
    const confirmed = await confirmBill<{ invoice: { number: string } }>(
      scene.technician.api,
      created.billId,
      500,
    );
    const reason = 'Billed to the wrong customer; re-issued';

    const manager = await openAs(browser, base, scene.manager, 'desktop');
    await manager.goto(`/bills/${created.billId}`);
    const invoice = manager.getByRole('article', {
      name: `Tax Invoice No. ${confirmed.invoice.number}`,
    });
    await expect(invoice.getByTestId('bill-due')).toHaveText(rupees(2950 - 500));

    const dialog = manager.getByRole('dialog', { name: 'Cancel Invoice' });
    // Changing one's mind leaves the invoice as it was.
    await manager.getByRole('button', { name: 'Cancel Invoice' }).click();
    await dialog.getByRole('button', { name: 'Keep Invoice' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(invoice.getByTestId('bill-due')).toHaveText(rupees(2950 - 500));

    await manager.getByRole('button', { name: 'Cancel Invoice' }).click();
    const submit = dialog.getByRole('button', { name: 'Cancel Invoice' });
    await expect(submit).toBeDisabled();
    await dialog.getByLabel('Reason*').fill(reason);
    // The ₹500 received stays as the customer's advance (issue 39 item 6, decision 041).
    await expect(dialog.getByTestId('cancel-received')).toContainText(rupees(500));
    await dialog.getByText('Keep as advance', { exact: true }).click();
    await submit.click();
    await seeNotice(manager, 'Invoice cancelled; its number stays in the series');

    await expect(invoice.getByRole('status')).toContainText('CANCELLED');
    await expect(invoice.getByRole('status')).toContainText(`Reason: ${reason}`);
    await expect(invoice.getByRole('img', { name: /^UPI QR code/ })).toHaveCount(0);
    await expect(manager.getByRole('button', { name: 'Record Payment' })).toHaveCount(0);
    await expect(manager.getByRole('button', { name: 'Cancel Invoice' })).toHaveCount(0);
    await shot(manager, 'gst-6-cancelled');

    const [download] = await Promise.all([
      manager.waitForEvent('download'),
      manager.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    const file = testInfo.outputPath('cancelled.pdf');
    await download.saveAs(file);
    const text = await pdfText(file);
    expect(text).toContain('CANCELLED');
    expect(text).toContain(`Reason: ${reason}`);
    expect(text).toContain(`Invoice No.: ${confirmed.invoice.number}`);
  });
});
