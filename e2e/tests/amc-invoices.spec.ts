import type { AmcContractDetail } from '@karya/domain/amc-schemas';
import { createBranchTeam, createCustomer, unique } from '@karya/test-factories';
import { test as base, expect } from '@playwright/test';
import { type Api, adminApi, answer } from '../support/api';
import { rupees } from '../support/billing';
import { pdfText } from '../support/gst';
import { seeNotice } from '../support/notice';
import { type OwnServer, startOwnServer } from '../support/own-server';
import { shot } from '../support/shots';
import { openAs } from '../support/work-orders';

/*
 * Issue 23, decision 037: the money of a maintenance contract. The manager downloads the
 * contract's invoice as a PDF from its page, finds it in Outstanding Dues beside the bills and
 * records its payment there. Contract invoices are dated by the server's test clock, so the
 * file runs against a server of its own, as amc.spec.ts does.
 */

const SHOTS = process.env.E2E_SHOTS;

const test = base.extend<object, { amcServer: OwnServer }>({
  amcServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their deps first
    async ({}, use) => {
      const server = await startOwnServer({ KARYA_TEST_CLOCK: '1', AMC_SCHEDULER_MINUTES: '0' });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ amcServer }, use) => use(amcServer.baseURL),
});

async function moveClockTo(admin: Api, day: string): Promise<void> {
  const moved = await answer<{ today: string }>(
    await admin.request.post('/api/test-clock', { data: { now: day } }),
  );
  expect(moved.today).toBe(day);
}

test('the manager downloads a contract’s invoice and records its payment from Outstanding Dues', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const base = baseURL ?? '';
  const admin = await adminApi(base);
  await moveClockTo(admin, '2027-02-01');
  const team = await createBranchTeam(admin);
  const customer = await createCustomer(team.manager.api, { name: unique('Sharma Traders ') });
  const draft = await answer<AmcContractDetail>(
    await team.manager.api.request.post('/api/amc-contracts', {
      data: {
        customerId: customer._id,
        projectType: 'CCTV Camera',
        serialNumbers: ['AMC-INV-CAM-1'],
        startDate: '2027-02-01',
        visitsPerTerm: 4,
        price: 6000,
      },
    }),
  );
  const contract = await answer<AmcContractDetail>(
    await team.manager.api.request.post(`/api/amc-contracts/${draft._id}/activate`),
  );
  const [invoice] = contract.invoices;
  if (!invoice) throw new Error('activation issued no invoice');
  // Three weeks later the fee is still owed.
  await moveClockTo(admin, '2027-02-22');

  const manager = await openAs(browser, base, team.manager, 'desktop');

  await test.step('the contract page shows the invoice unpaid and downloads its PDF', async () => {
    await manager.goto(`/maintenance-contracts/${contract._id}`);
    const row = manager.getByRole('row', { name: `Invoice ${invoice.invoiceNumber}` });
    await expect(row).toContainText('Unpaid');
    await expect(row).toContainText(rupees(invoice.total));
    await shot(manager, 'amc-invoices-1-contract');
    const [download] = await Promise.all([
      manager.waitForEvent('download'),
      row.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${invoice.invoiceNumber.replaceAll('/', '-')}.pdf`);
    const file = testInfo.outputPath('contract-invoice.pdf');
    await download.saveAs(file);
    const text = await pdfText(file);
    expect(text).toContain(invoice.invoiceNumber);
    expect(text).toContain(`Contract: ${contract.contractNumber} · upfront`);
    expect(text).toContain(rupees(invoice.total).replace('₹', ''));
    expect(text).toContain(customer.name);
    expect(text).toContain('9987');
    expect(text).toMatch(/TAX INVOICE|BILL OF SUPPLY/);
  });

  await test.step('Outstanding Dues lists it as the contract’s, 21 days old', async () => {
    await manager.goto('/outstanding-dues');
    await manager.getByLabel('Search dues').fill(contract.contractNumber);
    const table = manager.getByRole('table', { name: 'Outstanding Dues' });
    const row = table.getByRole('row', { name: invoice.invoiceNumber });
    await expect(row).toContainText(`${contract.contractNumber} · upfront`);
    await expect(row).toContainText(customer.name);
    await expect(row).toContainText(rupees(invoice.total));
    await expect(row).toContainText('21 days');
    await expect(manager.getByRole('group', { name: 'Total Outstanding' })).toContainText(
      rupees(invoice.total),
    );
    await shot(manager, 'amc-invoices-2-dues');
  });

  await test.step('Send Reminder names the contract where a bill names its order', async () => {
    const row = manager
      .getByRole('table', { name: 'Outstanding Dues' })
      .getByRole('row', { name: invoice.invoiceNumber });
    await row.getByRole('button', { name: 'Send Reminder' }).click();
    const dialog = manager.getByRole('dialog', { name: 'Send Reminder' });
    await dialog.getByRole('button', { name: 'English' }).click();
    const message = dialog.getByRole('figure');
    await expect(message).toContainText(
      `${rupees(invoice.total)} is due on order ${contract.contractNumber}`,
    );
    await expect(message).not.toContainText('Your job and invoice');
    await expect(dialog.getByRole('link', { name: 'Open WhatsApp' })).toBeVisible();
    await shot(manager, 'amc-invoices-2b-reminder');
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(dialog).toHaveCount(0);
  });

  await test.step('Record Payment takes part in cash, then the rest by UPI; the row leaves', async () => {
    const table = manager.getByRole('table', { name: 'Outstanding Dues' });
    const row = table.getByRole('row', { name: invoice.invoiceNumber });
    await row.getByRole('button', { name: 'Record Payment' }).click();
    let dialog = manager.getByRole('dialog', { name: 'Record Payment' });
    await dialog.getByLabel('Amount (₹)').fill('1000');
    await shot(manager, 'amc-invoices-3-record-payment');
    await dialog.getByRole('button', { name: 'Record Payment' }).click();
    await seeNotice(manager, 'Payment recorded successfully');
    await expect(dialog).toHaveCount(0);
    await expect(row).toContainText(rupees(invoice.total - 1000));

    await row.getByRole('button', { name: 'Record Payment' }).click();
    dialog = manager.getByRole('dialog', { name: 'Record Payment' });
    await dialog.getByText('UPI', { exact: true }).click();
    await dialog.getByLabel('UPI Transaction ID*').fill(`UPI${Date.now()}`);
    await dialog.getByRole('button', { name: 'Record Payment' }).click();
    await seeNotice(manager, 'Payment recorded successfully');
    await expect(dialog).toHaveCount(0);
    await expect(row).toHaveCount(0);
  });

  await test.step('the contract page shows it paid, with both receipts on its PDF', async () => {
    await manager.goto(`/maintenance-contracts/${contract._id}`);
    const row = manager.getByRole('row', { name: `Invoice ${invoice.invoiceNumber}` });
    await expect(row).toContainText('Paid');
    await expect(row.getByRole('button', { name: 'Record Payment' })).toHaveCount(0);
    await shot(manager, 'amc-invoices-4-paid');
    if (SHOTS) {
      // A manager on the road: the invoices at phone width.
      await manager.setViewportSize({ width: 390, height: 844 });
      await row.scrollIntoViewIfNeeded();
      await manager.screenshot({ path: `${SHOTS}/amc-invoices-5-phone.png` });
      await manager.setViewportSize({ width: 1280, height: 800 });
    }
    const [download] = await Promise.all([
      manager.waitForEvent('download'),
      row.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    const file = testInfo.outputPath('contract-invoice-paid.pdf');
    await download.saveAs(file);
    const text = await pdfText(file);
    expect(text).toContain('Cash');
    expect(text).toContain('Online (UPI)');
  });
});
