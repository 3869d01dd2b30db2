import { expect, test } from '@playwright/test';
import { answer } from '../support/api';
import { shot } from '../support/shots';
import { seedWarrantyScene } from '../support/warranty';
import { openAs } from '../support/work-orders';

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Issue 13: a unit taken back from a customer under warranty is on the branch's faulty shelf,
 * not in its stock. The Inventory page lists it in its own section and marks its item, and the
 * transfer history names the place 'Faulty Stock'. (The warranty journey drives the
 * replacement itself; here it is done through the API the warranty screen calls.)
 */
test('a unit taken back under warranty is shown apart from sellable stock', async ({
  browser,
  baseURL,
}) => {
  if (!baseURL) throw new Error('no baseURL');
  const scene = await seedWarrantyScene(baseURL);
  const [spare] = scene.spares;
  if (!spare) throw new Error('no spare unit seeded');
  const record = await answer<{ _id: string }>(
    await scene.managerApi.post('/api/register-replacement', {
      data: {
        serialNumber: scene.installed,
        issueDescription: 'No picture at night',
        issueCheckedBy: 'Site engineer',
      },
    }),
  );
  await answer(
    await scene.managerApi.post('/api/complete-replacement', {
      data: { replacementId: record._id, newSerialNumber: spare },
    }),
  );

  const page = await openAs(browser, baseURL, scene.manager, 'desktop');
  await page.goto('/inventory');

  await test.step("the faulty unit has its own section, and the item's stock leaves it out", async () => {
    const faulty = page.getByRole('table', { name: 'Faulty (warranty return)' });
    await expect(faulty.getByRole('row').filter({ hasText: scene.installed })).toContainText(
      scene.item.name,
    );
    await expect(faulty.getByRole('row')).toHaveCount(2);
    const item = page
      .getByRole('table', { name: 'Serialized Products' })
      .getByRole('row')
      .filter({ hasText: scene.item.name });
    // Three were stocked: one installed (now faulty), one fitted in its place, one left.
    await expect(item).toContainText(/1 Piece\s*1 Faulty \(warranty return\)/);
    await shot(page, 'faulty-1-inventory');
    await item.getByRole('button', { name: `Show actions for ${scene.item.name}` }).click();
    await page.getByRole('button', { name: 'View Details' }).click();
    const details = page.getByRole('dialog', { name: scene.item.name });
    await expect(details).toContainText('Faulty (warranty return) (1)');
    await shot(page, 'faulty-2-details');
  });

  await test.step("the transfer history names the place 'Faulty Stock'", async () => {
    await page.goto('/inventory-transfer-history');
    const rows = page.getByRole('table', { name: 'Inventory Transfer History' }).getByRole('row');
    const takenBack = rows.filter({ hasText: `S/N: ${scene.installed}` }).filter({
      // The customer is named, with the order (issue 15 §10).
      hasText: new RegExp(
        `Customer: ${escaped(scene.order.customerName)} \\(WO-[\\d-]+\\)\\s*to\\s*${escaped('Faulty Stock')}`,
      ),
    });
    await expect(takenBack).toHaveCount(1);
    await expect(takenBack).toContainText('Warranty return');
    await expect(
      rows.filter({ hasText: `S/N: ${spare}` }).filter({ hasText: 'Warranty replacement' }),
    ).toHaveCount(1);
    await shot(page, 'faulty-3-history');
  });
});
