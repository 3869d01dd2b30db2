import { expect, type Locator, type Page, test } from '@playwright/test';
import { type BillingScene, BRANCH_UPI, rupees, seedBillingScene } from '../support/billing';
import { expectCards } from '../support/dashboards';
import { pdfText } from '../support/gst';
import { seeNotice } from '../support/notice';
import { shot } from '../support/shots';
import { openAs, signOnPhone } from '../support/work-orders';

/** The wizard is one dialog whose title is the step's name. */
const wizardStep = (page: Page, title: string): Locator =>
  page.getByRole('dialog', { name: title, exact: true });

function bottomBar(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Dashboard' });
}

async function openCurrentProject(page: Page, scene: BillingScene): Promise<void> {
  await page.goto('/technician-dashboard');
  await bottomBar(page).getByRole('button', { name: 'Current' }).click();
  await expect(page.getByRole('heading', { name: scene.order.projectType })).toBeVisible();
}

/**
 * The customer's copy: the invoice a confirmed bill became (issue 19). The scene's branch has
 * no GSTIN, so it is a Bill of Supply.
 */
const customerCopy = (page: Page): Locator =>
  page.getByRole('article', { name: /^Bill of Supply No\. / });

/** The Completed chip of /manager-dashboard, as a number. */
async function completedCount(manager: Page): Promise<number> {
  const chip = manager
    .getByRole('group', { name: 'Project status' })
    .getByRole('button', { name: /^Completed/ });
  await expect(chip).toHaveText(/^Completed\s*\d+$/);
  return Number((await chip.innerText()).replace(/\D/g, ''));
}

test.describe('billing and payment on site (phone)', () => {
  test('the technician bills a serial, 3 units and a service, is paid by UPI, completes, and the manager approves', async ({
    browser,
    baseURL,
  }) => {
    const base = baseURL ?? '';
    const scene = await seedBillingScene(base);
    const [serial] = scene.serials;
    if (!serial) throw new Error('no serial seeded');
    const linesTotal = scene.camera.salePrice + 3 * scene.cable.salePrice + scene.service.salePrice;
    // ₹3,037.49 of lines: the bill asks for the rupee, ₹3,037 (issue 19).
    const total = Math.round(linesTotal);
    const tech = await openAs(browser, base, scene.technician, 'phone');

    await test.step('Generate Bill opens the wizard, which needs at least one item', async () => {
      await openCurrentProject(tech, scene);
      await tech.getByRole('button', { name: 'Generate Bill' }).click();
      const select = wizardStep(tech, 'Select Items');
      await expect(select).toContainText('Step 1 of 5');
      await select.getByRole('button', { name: 'Review Bill' }).click();
      await expect(select.getByRole('alert')).toHaveText('No items selected for billing');
    });

    await test.step('a serial typed into Scan Barcode goes on once; a second time it is refused', async () => {
      const select = wizardStep(tech, 'Select Items');
      for (const attempt of [1, 2]) {
        await select.getByRole('button', { name: 'Scan Barcode' }).click();
        const scan = tech.getByRole('dialog', { name: 'Scan Barcode' });
        await scan.getByLabel('Serial Number').fill(serial.toLowerCase());
        await scan.getByRole('button', { name: 'Add Serial' }).click();
        if (attempt === 1) await expect(scan).toBeHidden();
        else {
          await expect(scan.getByRole('alert')).toHaveText('This serialized item is already added');
          await scan.getByRole('button', { name: 'Close' }).click();
        }
      }
      const selected = select.getByRole('list', { name: 'Selected items' });
      await expect(selected.getByRole('listitem')).toHaveCount(1);
      await expect(selected).toContainText(serial);
      // A billed serial is no longer offered; the other one still is.
      const stock = select.getByRole('list', { name: 'Your inventory' });
      await expect(stock.getByRole('button', { name: `Add serial ${serial}` })).toHaveCount(0);
      await expect(
        stock.getByRole('button', { name: `Add serial ${scene.serials[1]}` }),
      ).toBeVisible();
    });

    await test.step('the cable goes on up to the 3 units held, and no further', async () => {
      const select = wizardStep(tech, 'Select Items');
      await select
        .getByRole('searchbox', { name: 'Search your inventory' })
        .fill(scene.cable.item.name);
      const add = select.getByRole('button', { name: `Add ${scene.cable.item.name}` });
      for (let i = 0; i < 3; i++) await add.click();
      await expect(
        select.getByRole('spinbutton', { name: `Quantity of ${scene.cable.item.name}` }),
      ).toHaveValue('3');
      await select
        .getByRole('button', { name: `Increase quantity of ${scene.cable.item.name}` })
        .click();
      await expect(select.getByRole('alert')).toHaveText(
        `Maximum available quantity (${scene.cable.held}) reached for this item`,
      );
      await expect(
        select.getByRole('spinbutton', { name: `Quantity of ${scene.cable.item.name}` }),
      ).toHaveValue('3');
    });

    await test.step('a service comes from the Add Service picker, once', async () => {
      const select = wizardStep(tech, 'Select Items');
      for (const attempt of [1, 2]) {
        await select.getByRole('button', { name: 'Add Service' }).click();
        const picker = tech.getByRole('dialog', { name: 'Add Service' });
        await picker
          .getByRole('searchbox', { name: 'Search services' })
          .fill(scene.service.item.name);
        const choice = picker.getByRole('button', { name: `Add ${scene.service.item.name}` });
        await expect(choice).toContainText(rupees(scene.service.salePrice));
        await choice.click();
        if (attempt === 1) await expect(picker).toBeHidden();
        else {
          await expect(picker.getByRole('alert')).toHaveText('This service is already added');
          await picker.getByRole('button', { name: 'Close' }).click();
        }
      }
      await expect(select.getByTestId('bill-selection-total')).toHaveText(rupees(linesTotal));
      await shot(tech, 'bill-1-select-items', { fullPage: false });
    });

    await test.step('the Bill Summary lists the lines, the round-off and the total', async () => {
      await wizardStep(tech, 'Select Items').getByRole('button', { name: 'Review Bill' }).click();
      const summary = wizardStep(tech, 'Bill Summary');
      const lines = summary.getByRole('list', { name: 'Bill lines' }).getByRole('listitem');
      await expect(lines).toHaveCount(3);
      await expect(lines.filter({ hasText: serial })).toContainText(rupees(scene.camera.salePrice));
      await expect(lines.filter({ hasText: scene.cable.item.name })).toContainText(
        `3 × ${rupees(scene.cable.salePrice)}`,
      );
      await expect(summary.getByTestId('bill-round-off')).toHaveText(
        `-${rupees(linesTotal - total)}`,
      );
      // A branch without a GSTIN charges no tax.
      await expect(summary.getByText(/^(IGST|CGST|SGST)/)).toHaveCount(0);
      await expect(summary.getByTestId('bill-total')).toHaveText(rupees(total));
      await shot(tech, 'bill-2-summary', { fullPage: false });
    });

    await test.step('UPI: a 180 px QR for the total, and a transaction id of 12 characters', async () => {
      await wizardStep(tech, 'Bill Summary')
        .getByRole('button', { name: 'Proceed to Payment' })
        .click();
      const pay = wizardStep(tech, 'Select Payment Method');
      const qr = pay.getByRole('img', { name: `UPI QR code for ${rupees(total)}` });
      await expect(qr).toBeVisible();
      const box = await qr.boundingBox();
      expect(box?.width).toBe(180);
      const link = await qr.getAttribute('data-qr-value');
      expect(link).toContain(`pa=${BRANCH_UPI.vpa}`);
      expect(link).toContain(`am=${total.toFixed(2)}`);
      expect(link).toContain('cu=INR');
      expect(link).toContain(`tn=Bill-${scene.order.orderId}`);
      await shot(tech, 'bill-3-upi', { fullPage: false });

      const transactionId = pay.getByLabel('UPI Transaction ID*');
      await transactionId.fill('UPI12345678');
      await pay.getByRole('button', { name: 'Continue' }).click();
      await expect(pay.getByRole('alert')).toHaveText(
        'Please enter a valid UPI transaction ID (min 12 characters).',
      );
      await transactionId.fill('UPI123456789');
      await pay.getByRole('button', { name: 'Continue' }).click();
      const confirm = wizardStep(tech, 'Confirm Payment');
      await expect(confirm).toContainText('UPI123456789');
      await expect(confirm).toContainText(rupees(total));
      await shot(tech, 'bill-4-confirm', { fullPage: false });
      await confirm.getByRole('button', { name: 'Confirm Payment' }).click();
    });

    const success = wizardStep(tech, 'Payment Successful');
    let billPath = '';
    await test.step('Payment Successful, and the printable bill shows the lines and totals', async () => {
      await expect(success.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
      await shot(tech, 'bill-5-success', { fullPage: false });
      await expect(success).toContainText(`${rupees(total)}received for bill BILL-`);
      const [billPage] = await Promise.all([
        tech.waitForEvent('popup'),
        success.getByRole('link', { name: 'View Bill' }).click(),
      ]);
      const bill = customerCopy(billPage);
      await expect(bill.getByRole('heading', { name: 'Bill of Supply' })).toBeVisible();
      // The customer's copy names the shop and how to reach it, not the software (issue 15).
      await expect(bill).toContainText(scene.branch.name);
      await expect(bill).toContainText('Shop 4, MG Road, Pune');
      await expect(bill).toContainText('Phone: 020 2612 3456');
      await expect(bill).not.toContainText('Karya');
      await expect(bill).toContainText(scene.order.customerName);
      const rows = bill.getByRole('table', { name: 'Invoice lines' }).getByRole('row');
      await expect(rows).toHaveCount(4);
      await expect(rows.filter({ hasText: serial })).toContainText(scene.camera.item.name);
      await expect(rows.filter({ hasText: scene.cable.item.name })).toContainText(
        rupees(3 * scene.cable.salePrice),
      );
      await expect(rows.filter({ hasText: scene.service.item.name })).toContainText(
        rupees(scene.service.salePrice),
      );
      await expect(bill.getByTestId('bill-total')).toHaveText(rupees(total));
      await expect(bill.getByTestId('bill-paid')).toHaveText(rupees(total));
      await expect(bill.getByTestId('bill-due')).toHaveText(rupees(0));
      await expect(
        bill.getByRole('region', { name: 'Receipts' }).getByRole('row').nth(1),
      ).toContainText(`Online (UPI)Txn UPI123456789${rupees(total)}`);
      await shot(billPage, 'bill-6-printable', { fullPage: false });
      billPath = new URL(billPage.url()).pathname;
      await expect(billPage.getByRole('button', { name: 'Print' })).toBeVisible();
      await billPage.close();
    });

    await test.step('Complete Project & Send for Approval ends the current project', async () => {
      // The branch requires the customer's signature (issue 22): the sheet says so and
      // takes it there.
      const send = success.getByRole('button', { name: 'Complete Project & Send for Approval' });
      await expect(success).toContainText(
        "The customer's signature is needed before sending for approval",
      );
      await expect(send).toBeDisabled();
      await signOnPhone(tech, scene.order.customerName, { from: success });
      await expect(send).toBeEnabled();
      await success.getByLabel('Completion Notes (optional)').fill('Camera mounted and cable laid');
      await success.getByRole('button', { name: 'Complete Project & Send for Approval' }).click();
      await seeNotice(tech, 'Project completed and sent for approval');
      await expect(success).toBeHidden();
      await expect(tech.getByText('No Active Project')).toBeVisible();
      await bottomBar(tech).getByRole('button', { name: 'Approval' }).click();
      await expect(
        tech.getByRole('list', { name: 'Pending Approval' }).getByRole('listitem').filter({
          hasText: scene.order.customerName,
        }),
      ).toBeVisible();
    });

    await test.step('the manager approves it and Completed counts one more', async () => {
      const manager = await openAs(browser, base, scene.manager, 'desktop');
      // The scene's branch is its own: its dashboard holds just this order.
      await manager.goto('/dashboard');
      await expectCards(manager, { 'Pending Approvals': 1, 'Completed Projects': 0 });
      await manager.goto('/manager-dashboard');
      const before = await completedCount(manager);
      await manager
        .getByRole('button', { name: `Show actions for ${scene.order.orderId}` })
        .click();
      await manager.getByRole('button', { name: 'Approve Project' }).click();
      const dialog = manager.getByRole('dialog', { name: 'Approve Project' });
      await dialog.getByLabel('Approval Note*').fill('Checked the site and the bill today');
      await dialog.getByRole('button', { name: 'Approve Project' }).click();
      await seeNotice(manager, 'Project approved successfully');
      await expect.poll(async () => completedCount(manager)).toBe(before + 1);
      await manager.goto('/dashboard');
      await expectCards(manager, { 'Pending Approvals': 0, 'Completed Projects': 1 });

      // The branch's manager may open the customer's copy too.
      await manager.goto(billPath);
      await expect(customerCopy(manager).getByTestId('bill-total')).toHaveText(rupees(total));
    });
  });

  test('a bill paid partly in cash shows what is still due, on screen, on the bill and in its PDF', async ({
    browser,
    baseURL,
  }) => {
    // Two bills made (one dropped), a payment, completion, the copy and its PDF read by poppler.
    test.setTimeout(120_000);
    const base = baseURL ?? '';
    const scene = await seedBillingScene(base, { cable: 200 });
    const cable = scene.cable.item.name;
    const tech = await openAs(browser, base, scene.technician, 'phone');

    await openCurrentProject(tech, scene);
    await tech.getByRole('button', { name: 'Generate Bill' }).click();
    const select = wizardStep(tech, 'Select Items');
    await select.getByRole('searchbox', { name: 'Search your inventory' }).fill(cable);
    await select.getByRole('button', { name: `Add ${cable}` }).click();
    await select.getByRole('button', { name: `Add ${cable}` }).click();
    await select.getByRole('button', { name: 'Review Bill' }).click();

    await test.step('backing out of payment keeps the bill; Edit Items drops it, and a new one can be made', async () => {
      await wizardStep(tech, 'Bill Summary')
        .getByRole('button', { name: 'Proceed to Payment' })
        .click();
      const pay = wizardStep(tech, 'Select Payment Method');
      // A draft has no number yet (issue 15): the step names the order it bills.
      await expect(pay.getByText(/^Bill for WO-/)).toBeVisible();
      await pay.getByRole('button', { name: 'Back' }).click();
      const summary = wizardStep(tech, 'Bill Summary');
      await expect(summary.getByTestId('bill-total')).toHaveText(rupees(400));
      await summary.getByRole('button', { name: 'Edit Items' }).click();
      await wizardStep(tech, 'Select Items').getByRole('button', { name: 'Review Bill' }).click();
      await expect(summary.getByTestId('bill-total')).toHaveText(rupees(400));
      await summary.getByRole('button', { name: 'Proceed to Payment' }).click();
      await expect(pay.getByText(/^Bill for WO-/)).toBeVisible();
    });

    await test.step('cash: ₹150 of ₹400 leaves ₹250 due', async () => {
      const pay = wizardStep(tech, 'Select Payment Method');
      await pay.getByText('Cash', { exact: true }).click();
      const amount = pay.getByLabel('Amount Paid (₹)');
      await expect(amount).toHaveValue('400.00');
      await amount.fill('450');
      await pay.getByRole('button', { name: 'Continue' }).click();
      await expect(pay.getByRole('alert')).toHaveText(
        'The amount paid must be between 0 and the bill total',
      );
      await amount.fill('150');
      await expect(pay.getByTestId('due-amount')).toHaveText(rupees(250));
      await shot(tech, 'cash-1-due', { fullPage: false });
      await pay.getByRole('button', { name: 'Continue' }).click();
      const confirm = wizardStep(tech, 'Confirm Payment');
      await expect(confirm).toContainText(`Due Amount${rupees(250)}`);
      await confirm.getByRole('button', { name: 'Confirm Payment' }).click();
      const success = wizardStep(tech, 'Payment Successful');
      await expect(success).toContainText(`Due Amount${rupees(250)}`);
      // Issue 21: the customer's receipt on WhatsApp says what was paid and what is still due.
      const update = success.getByRole('link', { name: 'Send update on WhatsApp' });
      await expect(update).toHaveAttribute('href', /^https:\/\/wa\.me\/91\d{10}\?text=/);
      const text = new URL((await update.getAttribute('href')) ?? '').searchParams.get('text');
      expect(text).toContain(`order ${scene.order.orderId} ke liye ${rupees(150)} mil gaye`);
      expect(text).toContain(`Abhi baaki: ${rupees(250)}`);
      // The invoice is on the customer's status page, with its download.
      expect(text).toMatch(/Invoice: http:\/\/[^/\s]+\/s\/[\w-]{20,}/);
      await success.getByRole('button', { name: 'Close', exact: true }).first().click();
      await expect(success).toBeHidden();
    });

    await test.step('once paid, Pause is gone and the project can be sent for approval', async () => {
      await expect(tech.getByRole('button', { name: 'Pause Project' })).toHaveCount(0);
      await expect(tech.getByRole('button', { name: 'Generate Bill' })).toHaveCount(0);
      await signOnPhone(tech, scene.order.customerName);
      await tech.getByRole('button', { name: 'Complete Project & Send for Approval' }).click();
      const complete = tech.getByRole('dialog', { name: 'Complete Project' });
      await complete.getByRole('button', { name: 'Complete Project & Send for Approval' }).click();
      await seeNotice(tech, 'Project completed and sent for approval');
    });

    await test.step('the payment history links to the bill, which shows paid and due and downloads as PDF', async () => {
      await bottomBar(tech).getByRole('button', { name: 'Approval' }).click();
      await tech
        .getByRole('list', { name: 'Pending Approval' })
        .getByRole('listitem')
        .filter({ hasText: scene.order.customerName })
        .getByRole('button')
        .click();
      const details = tech.getByRole('dialog', { name: scene.order.projectType });
      await expect(details.getByText('Pending Approval', { exact: true }).first()).toBeVisible();
      await expect(details.getByRole('heading', { name: 'Inventory Management' })).toHaveCount(0);
      // Issue 21: sent for approval, the job is done for the customer; the update says so.
      const done = details.getByRole('link', { name: 'Send update on WhatsApp' });
      await expect(done).toHaveAttribute('href', /^https:\/\/wa\.me\/91\d{10}\?text=/);
      const doneText = new URL((await done.getAttribute('href')) ?? '').searchParams.get('text');
      expect(doneText).toContain(`order ${scene.order.orderId}) ka kaam poora ho gaya`);
      expect(doneText).toMatch(/Invoice: http:\/\/[^/\s]+\/s\/[\w-]{20,}/);
      // Issue 39 item 10: what the job came to and what the customer still owes, as the server
      // reads them; neither line is dropped.
      expect(doneText).toContain(`\nAmount: ${rupees(400)}\nBaaki: ${rupees(250)}`);
      await shot(tech, 'cash-3-details', { fullPage: false });
      const [billPage] = await Promise.all([
        tech.waitForEvent('popup'),
        details.getByRole('link', { name: /^View Bill BILL-/ }).click(),
      ]);
      const bill = customerCopy(billPage);
      await expect(bill.getByRole('row').filter({ hasText: cable })).toContainText(
        `2 Piece${rupees(200)}${rupees(400)}`,
      );
      await expect(bill.getByTestId('bill-total')).toHaveText(rupees(400));
      await expect(bill.getByTestId('bill-paid')).toHaveText(rupees(150));
      await expect(bill.getByTestId('bill-due')).toHaveText(rupees(250));
      await shot(billPage, 'cash-2-printable', { fullPage: false });
      await expect(
        bill.getByRole('region', { name: 'Receipts' }).getByRole('row').nth(1),
      ).toContainText(`Cash${rupees(150)}`);
      // The technician takes the rest on a later visit from here; the desk cancels invoices.
      await expect(billPage.getByRole('button', { name: 'Record Payment' })).toBeVisible();
      await expect(billPage.getByRole('button', { name: 'Cancel Invoice' })).toHaveCount(0);
      const [download] = await Promise.all([
        billPage.waitForEvent('download'),
        billPage.getByRole('button', { name: 'Download PDF' }).click(),
      ]);
      // Named after the invoice number, whose slashes a file name cannot hold.
      expect(download.suggestedFilename()).toMatch(/^[A-Z0-9]{1,4}-\d{2}-\d{2}-\d{5}\.pdf$/);
      // The customer's copy carries the same figures, in ₹ (decision 023).
      const pdf = await pdfText(await download.path());
      for (const text of [
        'BILL OF SUPPLY',
        scene.branch.name,
        'Shop 4, MG Road, Pune',
        scene.order.customerName,
        cable,
        rupees(400),
        rupees(150),
        rupees(250),
      ])
        expect(pdf).toContain(text);
    });
  });
});
