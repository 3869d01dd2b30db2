import { confirmBill, createBill } from '@karya/test-factories';
import { expect, type Page, test } from '@playwright/test';
import { rupees } from '../support/billing';
import { pdfText, seedGstScene } from '../support/gst';
import { seeNotice } from '../support/notice';
import { pageWidth } from '../support/phone-width';
import { shot } from '../support/shots';
import { openAs } from '../support/work-orders';

/*
 * Issue 39 item 6, 'money' (decision 041): cancelling a paid invoice says what was received
 * and asks what becomes of it. Kept as the customer's advance, it pays the corrected invoice;
 * refunded, a voucher records it. A Tax Invoice is reversed by a credit note.
 *
 * The sale (seedGstScene): a camera at ₹2,950 and its installation at ₹799.50, GST inside the
 * price, to a customer in Karnataka: ₹3,749.50 rounded to ₹3,750, all paid in cash.
 */
const TOTAL = 3750;

/** The page is no wider than the screen: nothing makes a phone scroll sideways. */
async function fitsScreen(page: Page) {
  expect(await pageWidth(page)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 360);
}

async function paidInvoice(base: string, paid: number) {
  const scene = await seedGstScene(base);
  const created = await createBill(scene.technician.api, scene.order, [
    { itemId: scene.camera._id, serialNumber: scene.serial },
    { itemId: scene.service._id },
  ]);
  const confirmed = await confirmBill<{
    invoice: { number: string };
    payments: { receiptNumber: string }[];
  }>(scene.technician.api, created.billId, paid);
  return { scene, billId: created.billId, confirmed };
}

test.describe('money on a cancelled invoice (issue 39 item 6)', () => {
  test('the manager cancels a paid invoice keeping the money as advance, issues the corrected invoice, and the dues show what is left', async ({
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(120_000);
    const base = baseURL ?? '';
    const { scene, billId, confirmed } = await paidInvoice(base, TOTAL);
    const number = confirmed.invoice.number;
    const receipt = confirmed.payments[0]?.receiptNumber ?? '';
    const manager = await openAs(browser, base, scene.manager, 'desktop');
    await manager.setViewportSize({ width: 1366, height: 900 });
    await manager.goto(`/bills/${billId}`);
    const invoice = manager.getByRole('article', { name: `Tax Invoice No. ${number}` });
    await expect(invoice.getByTestId('bill-paid')).toHaveText(rupees(TOTAL));

    const dialog = manager.getByRole('dialog', { name: 'Cancel Invoice' });
    await test.step('Cancel Invoice says what was received and how before anything changes', async () => {
      await manager.getByRole('button', { name: 'Cancel Invoice' }).click();
      await expect(dialog.getByTestId('cancel-received')).toHaveText(
        `${rupees(TOTAL)} has been received on this invoice`,
      );
      await expect(dialog).toContainText(`Cash ${rupees(TOTAL)}`);
      await expect(dialog).toContainText(`receipt ${receipt}`);
      await dialog.getByLabel('Reason*').fill('Customer GSTIN missing; re-issue');
      // Without a word on the money the dialog asks for it.
      await dialog.getByRole('button', { name: 'Cancel Invoice' }).click();
      await expect(dialog).toContainText('Please choose Refund or Keep as advance');
      await dialog.getByText('Keep as advance', { exact: true }).click();
      await shot(manager, 'money-1-cancel-paid-desk');
      await dialog.getByRole('button', { name: 'Cancel Invoice' }).click();
      await seeNotice(manager, 'Invoice cancelled; its number stays in the series');
    });

    const panel = manager.getByTestId('cancellation-panel');
    await test.step('the cancelled invoice keeps the money as advance and has its credit note', async () => {
      await expect(invoice.getByRole('status')).toContainText('CANCELLED');
      await expect(panel.getByTestId('cancellation-money')).toContainText(
        `${rupees(TOTAL)} received is kept as the customer’s advance`,
      );
      await expect(panel.getByTestId('cancellation-credit-note')).toContainText(/Credit note C/);
      await panel.getByRole('button', { name: 'View credit note' }).click();
      const note = manager.getByRole('article', { name: /^Credit Note No\. C/ });
      await expect(note).toContainText(`Against Tax Invoice ${number}`);
      await expect(note).toContainText(rupees(TOTAL));
      await shot(manager, 'money-2-credit-note-desk');
      const [download] = await Promise.all([
        manager.waitForEvent('download'),
        manager.getByRole('button', { name: 'Download PDF' }).click(),
      ]);
      const file = testInfo.outputPath('credit-note.pdf');
      await download.saveAs(file);
      const text = await pdfText(file);
      expect(text).toContain('CREDIT NOTE');
      expect(text).toMatch(/Credit Note No\.: CKOT/);
      expect(text).toContain(`Against Tax Invoice ${number}`);
      expect(text).toContain('ORIGINAL FOR RECIPIENT');
      await panel.getByRole('button', { name: 'Show invoice' }).click();
      await expect(invoice).toBeVisible();
    });

    const corrected = manager.getByRole('dialog', { name: 'Issue corrected invoice' });
    await test.step('Issue corrected invoice prefills the lines; the installation is re-priced', async () => {
      await manager.getByRole('button', { name: 'Issue corrected invoice' }).click();
      await expect(corrected.getByLabel('Line 1 description')).toHaveValue(scene.camera.name);
      await expect(corrected.getByLabel('Line 2 description')).toHaveValue(scene.service.name);
      await expect(corrected).toContainText(`The advance of ${rupees(TOTAL)} kept from ${number}`);
      await expect(corrected).toContainText(scene.serial);
      await corrected
        .getByLabel(/^Price \(₹\)/)
        .nth(1)
        .fill('899.50');
      await shot(manager, 'money-3-corrected-dialog-desk');
      await corrected.getByRole('button', { name: 'Issue corrected invoice' }).click();
      await seeNotice(manager, 'Corrected invoice issued');
    });

    let correctedNumber = '';
    await test.step('the corrected invoice has a new number, the advance applied, ₹100 due', async () => {
      const article = manager.getByRole('article', { name: /^Tax Invoice No\. / });
      await expect(manager.getByTestId('cancellation-panel')).toContainText(
        `Corrected invoice for cancelled ${number}`,
      );
      const label = (await article.getAttribute('aria-label')) ?? '';
      correctedNumber = label.replace('Tax Invoice No. ', '');
      expect(correctedNumber).not.toBe(number);
      await expect(article.getByTestId('bill-paid')).toHaveText(rupees(TOTAL));
      await expect(article.getByTestId('bill-due')).toHaveText(rupees(100));
      await expect(article).toContainText(`advance from ${number}`);
      await expect(manager.getByRole('button', { name: 'Record Payment' })).toBeVisible();
      await shot(manager, 'money-4-corrected-invoice-desk');
    });

    await test.step('Outstanding Dues shows the corrected invoice’s ₹100, not the cancelled one', async () => {
      await manager.goto('/outstanding-dues');
      const table = manager.getByRole('table', { name: 'Outstanding Dues' });
      const row = table.getByRole('row', { name: correctedNumber });
      await expect(row).toContainText(rupees(100));
      await expect(table.getByRole('row', { name: number })).toHaveCount(0);
    });

    await test.step('GST Reports list the credit note as a negative row of its own', async () => {
      await manager.goto('/gst-reports');
      const register = manager.getByRole('table', { name: 'Sales Register' });
      const noteRow = register.getByRole('row', { name: /Credit note for/ });
      await expect(noteRow).toContainText(`Credit note for ${number}`);
      await expect(noteRow).toContainText(`-${rupees(TOTAL)}`);
      await expect(register.getByRole('row', { name: number }).first()).toContainText('Cancelled');
      // The invoice, its credit note and the corrected invoice: what is counted is the correction.
      await expect(register.getByRole('row', { name: 'Totals' })).toContainText(rupees(3850));
      await shot(manager, 'money-gst-register-desk');
      await manager.getByRole('tab', { name: 'HSN Summary' }).click();
      const hsn = manager.getByRole('table', { name: 'HSN Summary' });
      await expect(hsn.getByRole('row', { name: /Credit notes:/ })).toHaveCount(2);
      await shot(manager, 'money-gst-hsn-desk');
    });

    await test.step('at 360 px the cancelled invoice and its corrected one fit the screen', async () => {
      const phone = await openAs(browser, base, scene.manager, 'phone');
      await phone.goto(`/bills/${billId}`);
      await expect(phone.getByTestId('cancellation-panel')).toContainText(
        `Corrected by ${correctedNumber}`,
      );
      await fitsScreen(phone);
      await shot(phone, 'money-5-cancelled-phone');
      await phone
        .getByTestId('cancellation-panel')
        .getByRole('link', { name: correctedNumber })
        .click();
      await expect(
        phone.getByRole('article', { name: `Tax Invoice No. ${correctedNumber}` }),
      ).toBeVisible();
      await fitsScreen(phone);
      await shot(phone, 'money-6-corrected-phone');
    });
  });

  test('the manager refunds the money by UPI on cancelling; the voucher is shown and downloads as a PDF', async ({
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(120_000);
    const base = baseURL ?? '';
    const { scene, billId, confirmed } = await paidInvoice(base, 1000);
    const manager = await openAs(browser, base, scene.manager, 'phone');
    await manager.goto(`/bills/${billId}`);
    const dialog = manager.getByRole('dialog', { name: 'Cancel Invoice' });
    const refundId = `RFND${Date.now()}`;

    await test.step('at 360 px the dialog asks how the ₹1,000 goes back', async () => {
      await manager.getByRole('button', { name: 'Cancel Invoice' }).click();
      await expect(dialog.getByTestId('cancel-received')).toContainText(rupees(1000));
      await dialog.getByText('Refund', { exact: true }).click();
      await dialog.getByText('UPI', { exact: true }).click();
      await dialog.getByLabel('UPI Transaction ID*').fill('short');
      await dialog.getByLabel('Reason*').fill('Wrong items billed');
      await dialog.getByRole('button', { name: 'Cancel Invoice' }).click();
      await expect(dialog).toContainText('UPI Transaction ID');
      await dialog.getByLabel('UPI Transaction ID*').fill(refundId);
      await fitsScreen(manager);
      await shot(manager, 'money-7-refund-phone');
      await dialog.getByRole('button', { name: 'Cancel Invoice' }).click();
      await seeNotice(manager, 'Invoice cancelled; its number stays in the series');
    });

    await test.step('the refund and its voucher are on the cancelled invoice', async () => {
      const refunds = manager.getByTestId('cancellation-refunds');
      await expect(refunds).toContainText(`Refunded ${rupees(1000)} by UPI (Txn ${refundId})`);
      await refunds.getByRole('button', { name: 'View refund voucher' }).click();
      const voucher = manager.getByRole('article', { name: /^Refund Voucher No\. V/ });
      await expect(voucher).toContainText(`Against cancelled invoice ${confirmed.invoice.number}`);
      await expect(voucher).toContainText(refundId);
      await fitsScreen(manager);
      await shot(manager, 'money-8-voucher-phone');
      const voucherNumber = ((await voucher.getAttribute('aria-label')) ?? '').replace(
        'Refund Voucher No. ',
        '',
      );
      const [download] = await Promise.all([
        manager.waitForEvent('download'),
        manager.getByRole('button', { name: 'Download PDF' }).click(),
      ]);
      const file = testInfo.outputPath('voucher.pdf');
      await download.saveAs(file);
      const text = await pdfText(file);
      expect(text).toContain('REFUND VOUCHER');
      expect(text).toContain(`Voucher No.: ${voucherNumber}`);
      expect(text).toContain(voucherNumber);
      expect(text).toContain(refundId);
    });

    await test.step('at 360 px the corrected invoice, with nothing kept, owes its whole total', async () => {
      await manager.getByRole('button', { name: 'Issue corrected invoice' }).click();
      const corrected = manager.getByRole('dialog', { name: 'Issue corrected invoice' });
      await expect(corrected.getByLabel('Line 1 description')).toHaveValue(scene.camera.name);
      // The money went back: no advance to apply, nothing to refund.
      await expect(corrected).not.toContainText('advance');
      await fitsScreen(manager);
      await shot(manager, 'money-9-corrected-dialog-phone');
      await corrected.getByRole('button', { name: 'Issue corrected invoice' }).click();
      await seeNotice(manager, 'Corrected invoice issued');
      const article = manager.getByRole('article', { name: /^Tax Invoice No\. / });
      await expect(manager.getByTestId('cancellation-panel')).toContainText(
        `Corrected invoice for cancelled ${confirmed.invoice.number}`,
      );
      await expect(article.getByTestId('bill-paid')).toHaveText(rupees(0));
      await expect(article.getByTestId('bill-due')).toHaveText(rupees(TOTAL));
      await fitsScreen(manager);
    });
  });
});
