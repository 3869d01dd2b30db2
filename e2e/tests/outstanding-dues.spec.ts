import { readFile } from 'node:fs/promises';
import { dataOf } from '@karya/test-factories';
import { expect, test } from '@playwright/test';
import { ADMIN, adminApi } from '../support/api';
import { rupees } from '../support/billing';
import { DUES_UPI, seedDuesScene } from '../support/dues';
import { seeNotice } from '../support/notice';
import { expectReachableWithoutSidewaysScroll, pageWidth } from '../support/phone-width';
import { shot } from '../support/shots';
import { openAs } from '../support/work-orders';

/** The header row of the sales register CSV (GSTR-1 preparers' order). */
const REGISTER_HEADER =
  'Invoice Number,Invoice date,Receiver Name,GSTIN/UIN of Recipient,Place Of Supply,Taxable Value,Integrated Tax Amount,Central Tax Amount,State/UT Tax Amount,Cess Amount,Round Off,Invoice Value';

test.describe('outstanding dues and the accountant’s reports (desk)', () => {
  test('the manager sees what customers owe, sends a reminder, records the rest by UPI, and downloads the sales register', async ({
    browser,
    baseURL,
  }) => {
    const scene = await seedDuesScene(baseURL ?? '', [
      { name: 'Meera Joshi', paid: 1720 },
      { name: 'Anil Kulkarni', paid: 3220 },
      { name: 'Sunita Patil', paid: 0 },
    ]);
    const [meera, anil, sunita] = scene.dues;
    if (!meera || !anil || !sunita) throw new Error('dues not seeded');
    const dueOf = (due: typeof meera) => due.total - due.paid;
    const totalDue = dueOf(meera) + dueOf(anil) + dueOf(sunita);
    const manager = await openAs(browser, baseURL ?? '', scene.manager, 'desktop');
    const table = manager.getByRole('table', { name: 'Outstanding Dues' });
    const rowOf = (due: typeof meera) => table.getByRole('row', { name: due.invoiceNumber });

    await test.step('Outstanding Dues lists the branch’s dues with the total and its ageing', async () => {
      await manager
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Outstanding Dues' })
        .click();
      await expect(manager.getByRole('heading', { name: 'Outstanding Dues' })).toBeVisible();
      await expect(manager.getByRole('group', { name: 'Total Outstanding' })).toContainText(
        rupees(totalDue),
      );
      await expect(manager.getByRole('group', { name: 'Total Outstanding' })).toContainText(
        '3 invoices',
      );
      await expect(manager.getByRole('group', { name: '0–30 days' })).toContainText(
        rupees(totalDue),
      );
      await expect(manager.getByRole('group', { name: '90+ days' })).toContainText(rupees(0));
      const row = rowOf(meera);
      await expect(row).toContainText('Meera Joshi');
      await expect(row).toContainText(rupees(3000));
      await expect(row).toContainText('0 days');
      await expect(table.getByRole('row')).toHaveCount(4);
      await shot(manager, 'outstanding-dues');
    });

    await test.step('a search finds a due by the customer’s phone', async () => {
      await manager.getByRole('searchbox', { name: 'Search dues' }).fill(anil.phone);
      await expect(table.getByRole('row')).toHaveCount(2);
      await expect(rowOf(anil)).toBeVisible();
      await manager.getByRole('searchbox', { name: 'Search dues' }).fill('');
      await expect(table.getByRole('row')).toHaveCount(4);
    });

    await test.step('Send Reminder fills the admin’s Due reminder with the due, the branch and the status link (never a upi:// link WhatsApp cannot open), and keeps it in the order’s history', async () => {
      // The admin's own English wording; Hinglish stays the one Karya ships.
      const admin = await adminApi(baseURL ?? '');
      await dataOf(admin, 'PUT', '/api/customer-update-templates', {
        event: 'dueReminder',
        language: 'en',
        body: 'Dear {customerName}, {due} is still open with {branchName} on order {orderId}.\nInvoice: {invoiceLink}\nUPI: {upiLink}\nSee the bill: {statusLink}',
      });

      // The order's status link, the same one every update about it carries.
      const { path } = await dataOf<{ path: string }>(
        scene.manager.api,
        'POST',
        '/api/work-order-status-link',
        { orderId: meera.orderId },
      );
      const statusLink = `${baseURL}${path}`;
      // Exactly the due, the invoice as the note, the VPA's '@' as written.
      const upi = `upi://pay?pa=${DUES_UPI.vpa}&pn=Kothrud%20Shop&am=3000.00&cu=INR&tn=${encodeURIComponent(meera.invoiceNumber)}`;

      await rowOf(meera).getByRole('button', { name: 'Send Reminder' }).click();
      const dialog = manager.getByRole('dialog', { name: 'Send Reminder' });
      const message = dialog.getByRole('figure').getByText(/Meera Joshi/);
      // It opens in the customer's update language (Hinglish unless their contact says English).
      await expect(dialog.getByRole('button', { name: 'Hinglish' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await dialog.getByRole('button', { name: 'English' }).click();
      // An admin's {upiLink}, saved before issue 39, gets the status link: its Pay by UPI works.
      await expect(message).toHaveText(
        `Dear Meera Joshi, ${rupees(3000)} is still open with ${scene.branch.name} on order ${meera.orderId}.\nInvoice: ${statusLink}\nUPI: ${statusLink}\nSee the bill: ${statusLink}`,
      );
      const whatsapp = dialog.getByRole('link', { name: 'Open WhatsApp' });
      await expect(whatsapp).toHaveAttribute('target', '_blank');
      // Back to Karya's wording for every later reminder (this screen has read the admin's).
      await dataOf(admin, 'DELETE', '/api/customer-update-templates', {
        event: 'dueReminder',
        language: 'en',
      });
      await admin.dispose();

      await dialog.getByRole('button', { name: 'Hinglish' }).click();
      await expect(message).toHaveText(
        `Namaste Meera Joshi ji, ${scene.branch.name} ke order ${meera.orderId} ka ${rupees(3000)} baaki hai.\nInvoice dekhein aur UPI se pay karein: ${statusLink}\nMadad ke liye call karein: 020 2538 1234\nDhanyavaad.`,
      );
      const text = (await message.textContent()) ?? '';
      const href = (await whatsapp.getAttribute('href')) ?? '';
      expect(text).not.toContain('upi://');
      expect(href.startsWith(`https://wa.me/91${meera.phone}?text=`)).toBe(true);
      expect(new URL(href).searchParams.get('text')).toBe(text);
      expect(text).not.toContain('%40');
      await shot(manager, 'send-reminder');

      // Opening WhatsApp keeps the reminder in the order's history; the tab gets a blank page.
      await manager
        .context()
        .route('https://wa.me/**', (route) =>
          route.fulfill({ contentType: 'text/html', body: '<p>WhatsApp</p>' }),
        );
      const opened = manager.waitForEvent('popup');
      await whatsapp.click();
      await (await opened).close();
      await expect
        .poll(async () => {
          const detail = await dataOf<{ statusHistory: { status: string; remark: string }[] }>(
            scene.manager.api,
            'GET',
            `/api/get-work-order-details/${meera.customerId}/${meera.orderId}`,
          );
          return detail.statusHistory
            .filter((entry) => entry.status === 'communication')
            .map((entry) => entry.remark);
        })
        .toEqual(['WhatsApp update sent: Due reminder (Hinglish)']);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);

      // The status link in the message: the customer's page offers the UPI payment of the due.
      const customer = await browser.newPage();
      await customer.goto(statusLink);
      await expect(
        customer.getByRole('link', { name: `${rupees(3000)} UPI se pay karein` }),
      ).toHaveAttribute('href', upi);
      await customer.close();
    });

    await test.step('Record Payment takes the rest by UPI, offers the receipt on WhatsApp, and the due leaves the list', async () => {
      await rowOf(meera).getByRole('button', { name: 'Record Payment' }).click();
      const dialog = manager.getByRole('dialog', { name: 'Record Payment' });
      await expect(dialog.getByLabel('Amount (₹)')).toHaveValue(/^3,?000(\.00)?$/);
      await dialog.getByText('UPI', { exact: true }).click();
      await dialog.getByLabel('UPI Transaction ID*').fill(`UPI${Date.now()}`);
      await dialog.getByRole('button', { name: 'Record Payment' }).click();
      await seeNotice(manager, 'Payment recorded successfully');
      await expect(dialog).toHaveCount(0);
      // Issue 39 item 13: the receipt, as the technician's Payment Successful offers it.
      const recorded = manager.getByRole('dialog', { name: 'Payment Recorded' });
      await expect(recorded).toContainText(rupees(3000));
      await expect(recorded).toContainText('received · paid in full');
      const receipt = recorded.getByRole('link', { name: 'Send receipt on WhatsApp' });
      await expect(receipt).toHaveAttribute(
        'href',
        new RegExp(`^https://wa\\.me/91${meera.phone}\\?text=`),
      );
      const receiptText = new URL((await receipt.getAttribute('href')) ?? '').searchParams.get(
        'text',
      );
      expect(receiptText).toMatch(
        new RegExp(
          `^Namaste Meera Joshi ji, order ${meera.orderId} ke liye ${rupees(3000).replace(/[.]/g, '\\.')} mil gaye\\. Dhanyavaad!\nInvoice: ${baseURL}/s/[A-Za-z0-9_-]{32}$`,
        ),
      );
      await shot(manager, 'record-payment-receipt');
      const sent = manager.waitForEvent('popup');
      await receipt.click();
      await (await sent).close();
      await expect
        .poll(async () => {
          const detail = await dataOf<{ statusHistory: { status: string; remark: string }[] }>(
            scene.manager.api,
            'GET',
            `/api/get-work-order-details/${meera.customerId}/${meera.orderId}`,
          );
          return detail.statusHistory
            .filter((entry) => entry.status === 'communication')
            .map((entry) => entry.remark);
        })
        .toContain('WhatsApp update sent: Payment received (Hinglish)');
      await recorded.getByRole('button', { name: 'Done' }).click();
      await expect(recorded).toHaveCount(0);
      await expect(rowOf(meera)).toHaveCount(0);
      await expect(table.getByRole('row')).toHaveCount(3);
      await expect(manager.getByRole('group', { name: 'Total Outstanding' })).toContainText(
        rupees(totalDue - 3000),
      );
    });

    await test.step('GST Reports lists the invoice and downloads the sales register CSV', async () => {
      await manager
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'GST Reports' })
        .click();
      await expect(manager.getByRole('heading', { name: 'GST Reports' })).toBeVisible();
      const register = manager.getByRole('table', { name: 'Sales Register' });
      for (const due of [meera, anil, sunita])
        await expect(register.getByRole('row', { name: due.invoiceNumber })).toBeVisible();
      await expect(register.getByRole('row', { name: 'Totals' })).toContainText(
        rupees(meera.total + anil.total + sunita.total),
      );
      await shot(manager, 'gst-sales-register');

      const [download] = await Promise.all([
        manager.waitForEvent('download'),
        manager.getByRole('button', { name: 'Download CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(
        /^gst-sales-register-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.csv$/,
      );
      const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
      const lines = csv.split('\r\n');
      expect(lines[0]).toBe(REGISTER_HEADER);
      const meeraLine = lines.find((line) => line.startsWith(`${meera.invoiceNumber},`));
      expect(meeraLine).toContain(',Meera Joshi,');
      expect(meeraLine).toContain(',27-Maharashtra,');
      expect(meeraLine?.endsWith(',4720.00')).toBe(true);

      await manager.getByRole('tab', { name: 'HSN Summary' }).click();
      const hsn = manager.getByRole('table', { name: 'HSN Summary' });
      // The total value is the same whether the branch charged GST or issued a bill of supply
      // (prices include tax); the business profile other journeys set decides which.
      await expect(hsn.getByRole('row', { name: /998739/ })).toContainText(
        rupees(meera.total + anil.total + sunita.total),
      );
      await shot(manager, 'gst-hsn-summary');
    });
  });

  test('the admin reads every branch’s dues or picks one', async ({ browser, baseURL }) => {
    const scene = await seedDuesScene(baseURL ?? '', [{ name: 'Rohit Pawar', paid: 720 }]);
    const [rohit] = scene.dues;
    if (!rohit) throw new Error('due not seeded');
    const admin = await openAs(browser, baseURL ?? '', ADMIN, 'desktop');
    await admin
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Outstanding Dues' })
      .click();
    const table = admin.getByRole('table', { name: 'Outstanding Dues' });
    // Every branch: the row names its branch.
    await expect(table.getByRole('row', { name: rohit.invoiceNumber })).toContainText(
      scene.branch.name,
    );
    await admin.getByRole('combobox', { name: 'Branch' }).selectOption(scene.branch.id);
    await expect(admin).toHaveURL(new RegExp(`branch=${scene.branch.id}`));
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('row', { name: rohit.invoiceNumber })).toContainText(rupees(4000));
    await expect(admin.getByRole('group', { name: 'Total Outstanding' })).toContainText(
      rupees(4000),
    );
    await shot(admin, 'outstanding-dues-admin');
  });

  test('on a phone the manager’s dues are cards whose Record Payment and Send Reminder need no sideways scroll', async ({
    browser,
    baseURL,
  }) => {
    // Issue 39 item 23: a manager on a 360 px phone reaches a due's actions as they stand.
    const scene = await seedDuesScene(baseURL ?? '', [{ name: 'Kavita Deshmukh', paid: 220 }]);
    const [kavita] = scene.dues;
    if (!kavita) throw new Error('due not seeded');
    const manager = await openAs(browser, baseURL ?? '', scene.manager, 'phone');
    await manager.goto('/outstanding-dues');
    const card = manager
      .getByRole('table', { name: 'Outstanding Dues' })
      .getByRole('row', { name: kavita.invoiceNumber });
    await expect(card).toContainText('Kavita Deshmukh');
    await expect(card).toContainText(`Due: ${rupees(4500)}`);
    await shot(manager, 'outstanding-dues-phone');

    const reminder = card.getByRole('button', { name: 'Send Reminder' });
    await expectReachableWithoutSidewaysScroll(manager, reminder);
    await reminder.click();
    const reminderDialog = manager.getByRole('dialog', { name: 'Send Reminder' });
    await expect(reminderDialog).toContainText('Kavita Deshmukh');
    await reminderDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(reminderDialog).toHaveCount(0);

    const payment = card.getByRole('button', { name: 'Record Payment' });
    await expectReachableWithoutSidewaysScroll(manager, payment);
    await payment.click();
    const paymentDialog = manager.getByRole('dialog', { name: 'Record Payment' });
    await expect(paymentDialog.getByLabel('Amount (₹)')).toHaveValue(/^4,?500(\.00)?$/);
    await paymentDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(paymentDialog).toHaveCount(0);
    expect(await pageWidth(manager)).toBeLessThanOrEqual(360);
  });

  test('GST Reports says so when a period has no invoices', async ({ browser, baseURL }) => {
    const scene = await seedDuesScene(baseURL ?? '', []);
    const manager = await openAs(browser, baseURL ?? '', scene.manager, 'desktop');
    await manager.goto('/gst-reports');
    await expect(manager.getByText('No invoices in this period')).toBeVisible();
    await manager.goto('/outstanding-dues');
    await expect(manager.getByText('No outstanding dues')).toBeVisible();
  });
});
