import { expect, type Locator, type Page, test } from '@playwright/test';
import { ADMIN, answer } from '../support/api';
import { rupees } from '../support/billing';
import { seeNotice } from '../support/notice';
import { shot } from '../support/shots';
import { seedWarrantyScene, type WarrantyScene } from '../support/warranty';
import { openAs } from '../support/work-orders';

/**
 * The camera of a phone held over a label: a fake video device and a BarcodeDetector that
 * reads whatever `holdUpLabel` put in front of it. Everything after the camera (the
 * scanner component, the search it starts) is the app's own.
 */
async function fakeCamera(page: Page): Promise<void> {
  // A script string: this project's TypeScript has no DOM types, the page has.
  await page.addInitScript({
    content: `
      window.__label = null;
      window.BarcodeDetector = class {
        async detect() { return window.__label ? [{ rawValue: window.__label }] : []; }
      };
      if (navigator.mediaDevices) {
        navigator.mediaDevices.getUserMedia = async () => {
          const canvas = document.createElement('canvas');
          canvas.width = 64;
          canvas.height = 48;
          const context = canvas.getContext('2d');
          setInterval(() => context.fillRect(0, 0, 64, 48), 50);
          return canvas.captureStream(10);
        };
      }
    `,
  });
}

async function holdUpLabel(page: Page, serial: string): Promise<void> {
  await page.evaluate(`window.__label = ${JSON.stringify(serial)}`);
}

const productCard = (page: Page, serial: string): Locator =>
  page.getByRole('article', { name: `Product details ${serial}` });

async function searchSerial(page: Page, serial: string): Promise<Locator> {
  const form = page.getByRole('form', { name: 'Serial number search' });
  await form.getByLabel('Serial Number', { exact: true }).fill(serial);
  await form.getByLabel('Serial Number', { exact: true }).press('Enter');
  const card = productCard(page, serial);
  await expect(card).toBeVisible();
  return card;
}

/** 'Valid until dd/mm/yy · n days left' of a card: the replacement keeps the original's. */
async function validUntil(card: Locator): Promise<string> {
  const verdict = card.getByRole('region', { name: 'Warranty status' });
  await expect(verdict).toContainText('Under Warranty');
  const text = await verdict.innerText();
  const match = /Valid until (\S+)/.exec(text);
  if (!match?.[1]) throw new Error(`no expiry in "${text}"`);
  return match[1];
}

test.describe('warranty replacement by serial number', () => {
  test('a manager finds an installed unit, registers an issue and replaces it from branch stock', async ({
    browser,
    baseURL,
  }) => {
    // Seeding alone (stock, van, bill, approval, complaint) takes a while on a busy machine.
    test.setTimeout(120_000);
    const base = baseURL ?? '';
    const scene: WarrantyScene = await seedWarrantyScene(base);
    const [spare, other] = scene.spares;
    if (!spare || !other) throw new Error('no spare seeded');
    const manager = await openAs(browser, base, scene.manager, 'desktop');

    const original =
      await test.step('the menu opens the screen; the typed serial is under warranty', async () => {
        await manager
          .getByRole('navigation', { name: 'Main' })
          .getByRole('link', { name: 'Replacement Warranty' })
          .click();
        await expect(manager.getByRole('heading', { name: 'Replacement Warranty' })).toBeVisible();
        await expect(manager.getByText('No warranty replacements yet')).toBeVisible();

        const form = manager.getByRole('form', { name: 'Serial number search' });
        await form.getByRole('button', { name: 'Search' }).click();
        await expect(form).toContainText('Please enter or scan a serial number');

        const card = await searchSerial(manager, scene.installed);
        await expect(card).toContainText(scene.item.name);
        await expect(card).toContainText(rupees(scene.price));
        await expect(card).toContainText('1 year');
        await expect(card).toContainText('Warranty: 365 days');
        await expect(card).toContainText(scene.order.customerName);
        await expect(card).toContainText(scene.order.orderId);
        await expect(card).toContainText(
          `${scene.technician.firstName} ${scene.technician.lastName}`,
        );
        await expect(card.getByRole('region', { name: 'Warranty status' })).toContainText(
          /days? left/,
        );
        await shot(manager, 'w01-under-warranty');
        return validUntil(card);
      });

    await test.step('Register Issue asks for the issue and the checker, then opens a pending record', async () => {
      await productCard(manager, scene.installed)
        .getByRole('button', { name: 'Register Issue' })
        .click();
      const dialog = manager.getByRole('dialog', { name: 'Register Warranty Issue' });
      await expect(dialog.getByLabel('Customer Name')).toHaveValue(scene.order.customerName);
      await dialog.getByRole('button', { name: 'Register Issue' }).click();
      await expect(dialog).toContainText('Please describe the issue to register warranty');
      await expect(dialog).toContainText('Please enter who checked the issue');
      await dialog.getByLabel('Issue Description*').fill('No picture at night; IR LEDs dead');
      await dialog.getByLabel('Checked By*').fill('Ravi (bench test)');
      // Issue 39 item 17: the installation's open complaint is the one this issue answers.
      await expect(dialog.getByLabel('Complaint')).toHaveValue(scene.repair.orderId);
      await shot(manager, 'w02-register-issue');
      await dialog.getByRole('button', { name: 'Register Issue' }).click();
      await seeNotice(manager, 'Warranty issue registered successfully');

      const record = manager.getByRole('dialog', { name: 'Warranty Replacement' });
      await expect(record).toContainText('Pending');
      await expect(record.getByRole('list', { name: 'Issues' })).toContainText(
        'No picture at night; IR LEDs dead',
      );
      await expect(record.getByRole('list', { name: 'Issues' })).toContainText('Ravi (bench test)');
    });

    await test.step('Approve, then Complete Replacement with a unit from the branch stock', async () => {
      const record = manager.getByRole('dialog', { name: 'Warranty Replacement' });
      await record.getByRole('button', { name: 'Approve' }).click();
      await seeNotice(manager, 'Warranty replacement approved');
      await expect(record).toContainText('Approved');
      await record.getByRole('button', { name: 'Complete Replacement' }).click();

      const complete = manager.getByRole('dialog', { name: 'Complete Replacement' });
      await complete.getByRole('button', { name: 'Complete Replacement' }).click();
      await expect(complete).toContainText('New serial number is required');
      // The branch's units of this product are offered; the faulty one is not.
      const offered = complete.getByRole('list', { name: 'Serial numbers in branch stock' });
      await expect(offered).toContainText(spare);
      await expect(offered).not.toContainText(scene.installed);
      await complete.getByLabel('New Serial Number*').fill(spare);
      // The linked complaint closes with the swap unless the manager unticks it.
      await expect(
        complete.getByRole('checkbox', { name: `Close complaint ${scene.repair.orderId}` }),
      ).toBeChecked();
      await shot(manager, 'w03-complete');
      await complete.getByRole('button', { name: 'Complete Replacement' }).click();
      await seeNotice(manager, 'Product replacement completed successfully!');

      const done = manager.getByRole('dialog', { name: 'Warranty Replacement' });
      await expect(done).toContainText('Replaced');
      await expect(done.getByRole('list', { name: 'Chain of serial numbers' })).toContainText(
        `${scene.installed}`,
      );
      await expect(done.getByRole('list', { name: 'Chain of serial numbers' })).toContainText(
        spare,
      );
      await expect(done.getByRole('list', { name: 'Issues' })).toContainText(spare);
      // Still covered: the new unit may take a new issue later.
      await expect(done.getByRole('button', { name: 'Register New Issue' })).toBeVisible();
      await shot(manager, 'w04-replaced');
      await done.getByRole('button', { name: 'Close' }).first().click();
      await expect(done).toHaveCount(0);
    });

    await test.step('the history lists the record; the new serial finds the chain', async () => {
      const history = manager.getByRole('table', { name: 'Replacement History' });
      const row = history.getByRole('row').filter({ hasText: `${scene.installed} → ${spare}` });
      await expect(row).toContainText('Replaced');
      await expect(row).toContainText(scene.order.customerName);

      await manager.getByRole('searchbox', { name: 'Search replacements' }).fill(spare);
      await expect(history.getByRole('row')).toHaveCount(2);
      await manager.getByRole('searchbox', { name: 'Search replacements' }).fill('NO-SUCH-SERIAL');
      await expect(manager.getByText('No warranty replacements match your search')).toBeVisible();
      await manager.getByRole('searchbox', { name: 'Search replacements' }).fill('');

      const card = await searchSerial(manager, spare);
      await expect(card).toContainText('At customer');
      // The swap does not extend the warranty: the new unit ends when the original would have.
      expect(await validUntil(card)).toBe(original);
      const chain = manager.getByRole('region', { name: 'Warranty replacements of this unit' });
      await expect(chain).toContainText(`${scene.installed} → ${spare}`);
      await shot(manager, 'w05-chain-from-new-serial');
    });

    await test.step('the unit record: the new unit at the customer, the faulty one on the shelf', async () => {
      await productCard(manager, spare).getByRole('link', { name: 'View Unit Record' }).click();
      await expect(manager.getByRole('heading', { name: 'Unit Record' })).toBeVisible();
      await expect(manager.getByRole('region', { name: 'Where it is now' })).toContainText(
        'At customer',
      );
      await expect(manager.getByRole('list', { name: 'Timeline' })).not.toBeEmpty();
      await expect(manager.getByRole('list', { name: 'Chain of serial numbers' })).toContainText(
        scene.installed,
      );
      await shot(manager, 'w06-unit-record');
      await manager
        .getByRole('list', { name: 'Chain of serial numbers' })
        .getByRole('link', { name: scene.installed })
        .click();
      await expect(manager).toHaveURL(new RegExp(`/serial/${scene.installed}$`));
      await expect(manager.getByRole('region', { name: 'Where it is now' })).toContainText(
        'Faulty (warranty return)',
      );
    });

    await test.step('the branch stock holds the faulty unit apart from sellable stock', async () => {
      const stock = await answer<Array<{ _id: string; stock: Array<{ serialNumber?: string }> }>>(
        await scene.managerApi.get('/api/inventory-by-type/serialized-product'),
      );
      const sellable = (stock.find((item) => item._id === scene.item._id)?.stock ?? []).map(
        (entry) => entry.serialNumber,
      );
      expect(sellable).toEqual([other]);
      const faulty = await answer<{ location: string }>(
        await scene.managerApi.get(`/api/check-warranty-status/${scene.installed}`),
      );
      expect(faulty.location).toBe('faulty');
    });

    await test.step('the complaint that reported the fault is completed by the replacement', async () => {
      const complaint = await answer<{ status: string }>(
        await scene.managerApi.get(
          `/api/get-work-order-details/${scene.repair.customerId}/${scene.repair._id}`,
        ),
      );
      expect(complaint.status).toBe('completed');
    });

    await test.step("the customer's details list the installed unit with its warranty", async () => {
      await manager
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Customers' })
        .click();
      await manager
        .getByRole('searchbox', { name: 'Search contacts' })
        .fill(scene.order.customerName);
      await manager
        .getByRole('button', { name: `Show actions for ${scene.order.customerName}` })
        .click();
      await manager.getByRole('button', { name: 'View Details' }).click();
      const installed = manager
        .getByRole('dialog', { name: 'Customer Details' })
        .getByRole('table', { name: 'Installed Products' });
      const row = installed.getByRole('row').filter({ hasText: spare });
      await expect(row).toContainText('Under Warranty');
      await expect(row).toContainText('Replaced');
      await shot(manager, 'w07-customer-installed');
      await row.getByRole('link', { name: spare }).click();
      await expect(manager).toHaveURL(new RegExp(`/serial/${spare}$`));
    });

    await test.step("the transfer history's serial opens the same record", async () => {
      await manager
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Logs' })
        .click();
      const log = manager.getByRole('table', { name: 'Inventory Transfer History' });
      await log.getByRole('link', { name: scene.installed }).first().click();
      await expect(manager).toHaveURL(new RegExp(`/serial/${scene.installed}$`));
      await expect(manager.getByRole('heading', { name: 'Unit Record' })).toBeVisible();
    });
    await scene.managerApi.dispose();
  });

  test('a manager scans the serial with the camera; an admin reads every branch', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const base = baseURL ?? '';
    const scene = await seedWarrantyScene(base);
    const manager = await openAs(browser, base, scene.manager, 'desktop');
    await fakeCamera(manager);
    await manager.goto('/replacement-warranty');

    await test.step('Scan reads the label and looks the serial up', async () => {
      const form = manager.getByRole('form', { name: 'Serial number search' });
      await holdUpLabel(manager, scene.installed);
      await form.getByRole('button', { name: 'Scan' }).click();
      const card = productCard(manager, scene.installed);
      await expect(card.getByRole('region', { name: 'Warranty status' })).toContainText(
        'Under Warranty',
      );
      await expect(form.getByLabel('Serial Number', { exact: true })).toHaveValue(scene.installed);
    });

    await test.step('an unknown serial cannot be loaded', async () => {
      const form = manager.getByRole('form', { name: 'Serial number search' });
      await form.getByLabel('Serial Number', { exact: true }).fill('NOT-A-UNIT-123');
      await form.getByRole('button', { name: 'Search' }).click();
      await expect(manager.getByRole('alert')).toHaveText('Could not load product details');
    });

    await test.step('the admin reads the record with a branch filter and no actions', async () => {
      await answer(
        await scene.managerApi.post('/api/register-replacement', {
          data: {
            serialNumber: scene.installed,
            issueDescription: 'Lens cracked',
            issueCheckedBy: 'Front desk',
          },
        }),
      );
      const admin = await openAs(browser, base, ADMIN, 'desktop');
      await admin.goto('/replacement-warranty');
      await admin.getByRole('combobox', { name: 'Branch' }).selectOption(scene.branch.id);
      await expect(admin).toHaveURL(new RegExp(`branch=${scene.branch.id}`));
      const history = admin.getByRole('table', { name: 'Replacement History' });
      const row = history.getByRole('row').filter({ hasText: scene.installed });
      await expect(row).toContainText('Pending');
      await expect(row).toContainText(scene.branch.name);
      await shot(admin, 'w08-admin-history');
      await row.getByRole('button', { name: `View replacement ${scene.installed}` }).click();
      const record = admin.getByRole('dialog', { name: 'Warranty Replacement' });
      await expect(record.getByRole('list', { name: 'Issues' })).toContainText('Lens cracked');
      await expect(record.getByRole('button', { name: 'Complete Replacement' })).toHaveCount(0);
      await expect(record.getByRole('button', { name: 'Approve' })).toHaveCount(0);
      await shot(admin, 'w09-admin-record');
      await record.getByRole('button', { name: 'Close' }).first().click();

      const card = await searchSerial(admin, scene.installed);
      await expect(card).toContainText(scene.branch.name);
      await expect(card.getByRole('button', { name: 'Register Issue' })).toHaveCount(0);
      await admin.context().close();
    });
    await scene.managerApi.dispose();
  });

  test('a technician checks the warranty on a complaint from the phone', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const base = baseURL ?? '';
    const scene = await seedWarrantyScene(base);
    const tech = await openAs(browser, base, scene.technician, 'phone');
    await tech.goto('/technician-dashboard');
    await tech
      .getByRole('list', { name: 'Your Tasks' })
      .getByRole('listitem')
      .filter({ hasText: 'Complaint' })
      .click();
    const details = tech.getByRole('dialog', { name: scene.repair.projectType });
    await expect(details).toContainText(scene.repair.orderId);
    await details.getByRole('button', { name: 'Check Warranty' }).click();

    const sheet = tech.getByRole('dialog', { name: 'Check Warranty' });
    await sheet.getByLabel('Serial Number', { exact: true }).fill(scene.installed);
    await sheet.getByRole('button', { name: 'Search' }).click();
    const card = productCard(tech, scene.installed);
    await expect(card.getByRole('region', { name: 'Warranty status' })).toContainText(
      'Under Warranty',
    );
    await expect(card).toContainText(scene.item.name);
    await expect(card).not.toContainText('Register Issue');
    await shot(tech, 'w10-tech-check');

    await sheet.getByLabel('Serial Number', { exact: true }).fill('NOT-A-UNIT-123');
    await sheet.getByRole('button', { name: 'Search' }).click();
    await expect(sheet.getByRole('alert')).toHaveText('Could not load product details');
    await scene.managerApi.dispose();
  });
});
