import {
  createItem,
  createLead,
  saveBusinessProfile,
  type Transport,
  unique,
  uniquePhone,
} from '@karya/test-factories';
import { expect, type Page, test } from '@playwright/test';
import { ADMIN, adminApi, answer, apiAs, seedPerson } from '../support/api';
import { BRANCH_GSTIN } from '../support/gst';
import { signIn } from '../support/login';
import { seeNotice } from '../support/notice';
import { expectReachableWithoutSidewaysScroll } from '../support/phone-width';
import { shot } from '../support/shots';
import { PHONE } from '../support/work-orders';

/*
 * Issue 35, the desk's half: a manager makes a quotation for a lead from Lead Details — two
 * options ('Good' and 'Better'), a line common to both and an optional hard disk — in a couple
 * of minutes, saves it, sends it (the number appears), downloads its PDF, revises it to R2,
 * and finds it again in the Quotations list by status and by search. On a 360 px phone the
 * builder is usable without sideways scrolling.
 */

const DESK = { width: 1366, height: 900 } as const;

/** The business's quotation terms: every test here saves the same words, so none upsets another. */
const TERMS = '50% advance with the order, the rest on installation.';

interface Scene {
  manager: { username: string; password: string };
  lead: { _id: string; name: string };
  items: { camera: string; bullet: string; disk: string; install: string };
}

/** A GST branch in Maharashtra with its manager, four catalogue items and a lead. */
async function seedScene(baseURL: string): Promise<Scene> {
  const { person: manager } = await seedPerson(baseURL, 'manager', {
    gstin: BRANCH_GSTIN,
    address: 'Paud Road, Kothrud, Pune',
    phone: '020 2545 0000',
  });
  const admin = await adminApi(baseURL);
  await saveBusinessProfile(admin, { quoteTerms: TERMS });
  const item = async (
    type: 'generic-product' | 'service',
    name: string,
    salePrice: number,
    hsnSac: string,
  ) =>
    (
      await createItem(admin as Transport, type, {
        name: unique(name),
        salePrice,
        hsnSac,
        gstRate: 18,
        priceIncludesTax: false,
      })
    ).name;
  const items = {
    camera: await item('generic-product', 'Dome camera 2MP ', 2500, '85258900'),
    bullet: await item('generic-product', 'Bullet camera 5MP ', 4000, '85258900'),
    disk: await item('generic-product', 'Hard disk 1TB ', 3900, '84717020'),
    install: await item('service', 'Installation ', 1500, '995461'),
  };
  await admin.dispose();
  const managerApi = await apiAs(baseURL, manager.username, manager.password);
  const lead = await createLead(managerApi, { name: unique('Anita Deshpande ') });
  await managerApi.dispose();
  return { manager, lead, items };
}

async function openLeadDetails(page: Page, name: string) {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Customers' })
    .click();
  await page.getByRole('searchbox', { name: 'Search contacts' }).fill(name);
  const row = page
    .getByRole('table', { name: 'Leads and customers' })
    .getByRole('row')
    .filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await page.getByRole('button', { name: `Show actions for ${name}` }).click();
  await page.getByRole('button', { name: 'View Details' }).click();
  return page.getByRole('dialog', { name: 'Lead Details' });
}

/** Adds a catalogue item by searching for it, into the given option ('All options' if none). */
async function addItem(page: Page, name: string, option?: string) {
  await page.getByRole('searchbox', { name: 'Search the catalogue' }).fill(name);
  await page.getByRole('button', { name: `Add ${name}` }).click();
  const line = page.getByRole('group', { name: new RegExp(`: ${literal(name)}$`) });
  await expect(line).toBeVisible();
  if (option) await line.getByLabel('Option', { exact: true }).selectOption({ label: option });
  return line;
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('a manager builds a two-option quote for a lead, sends it, downloads its PDF, revises it and finds it in the list', async ({
  page,
  baseURL,
}) => {
  const scene = await seedScene(baseURL as string);
  await page.setViewportSize(DESK);
  await signIn(page, scene.manager.username, scene.manager.password);

  // Lead Details: the Quotations section is empty and offers 'New quotation'.
  const details = await openLeadDetails(page, scene.lead.name);
  const section = details.getByRole('region', { name: 'Quotations' });
  await expect(section.getByText('No quotations yet.')).toBeVisible();
  await section.getByRole('link', { name: 'New quotation' }).click();

  // The builder: the lead on top, two options named Good and Better.
  await expect(page.getByRole('heading', { name: 'New quotation' })).toBeVisible();
  await expect(page.getByText(scene.lead.name)).toBeVisible();
  await page.getByRole('button', { name: '2 options' }).click();
  await expect(page.getByLabel('Option 1 name')).toHaveValue('Good');
  await expect(page.getByLabel('Option 2 name')).toHaveValue('Better');

  // A new quote starts with the business profile's quotation terms.
  await expect(page.getByLabel('Terms', { exact: true })).toHaveValue(TERMS);
  await addItem(page, scene.items.install);
  const camera = await addItem(page, scene.items.camera, 'Good');
  await camera.getByLabel(/^Quantity/).fill('4');
  const bullet = await addItem(page, scene.items.bullet, 'Better');
  await bullet.getByLabel(/^Quantity/).fill('4');
  await bullet.getByLabel('Discount (₹)').fill('1000');
  const disk = await addItem(page, scene.items.disk, 'Better');
  await disk.getByRole('checkbox', { name: /Optional/ }).check();

  // Live totals with the bill's tax: Good 1500 + 10000 = 11500 + 18% = 13570;
  // Better 1500 + 16000 − 1000 = 16500 + 18% = 19470; with the disk 3900 more + 18% = 24072.
  const good = page.getByRole('region', { name: 'Good total' });
  const better = page.getByRole('region', { name: 'Better total' });
  await expect(good).toContainText('₹13,570.00');
  await expect(good).toContainText('CGST');
  await expect(better).toContainText('₹19,470.00');
  await expect(better).toContainText('₹24,072.00 with every optional line ticked');
  await shot(page, 'quote-builder-desk');

  await page.getByRole('button', { name: 'Save draft' }).click();
  await seeNotice(page, 'Quotation saved');
  await expect(page).toHaveURL(/\/quotations\/[^/]+\/edit$/);
  await page.getByLabel('Notes').fill('Site survey done; cable runs through the ceiling.');
  await page.getByRole('button', { name: 'Save and preview' }).click();

  // Details: a draft with no number until it is sent.
  await expect(page.getByRole('heading', { name: 'Quotation Draft' })).toBeVisible();
  await expect(page.getByText(TERMS)).toBeVisible();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await seeNotice(page, 'Quotation sent');
  const heading = page.getByRole('heading', { name: /^Quotation Q[A-Z0-9]+\/\d\d-\d\d\/\d{4}$/ });
  await expect(heading).toBeVisible();
  const number = ((await heading.textContent()) ?? '').replace('Quotation ', '');
  const whatsapp = page.getByRole('link', { name: 'Send quote on WhatsApp' });
  await expect(whatsapp).toHaveAttribute('href', /^https:\/\/wa\.me\/\d+\?text=/);
  const message = decodeURIComponent(
    new URL((await whatsapp.getAttribute('href')) ?? '').searchParams.get('text') ?? '',
  );
  expect(message).toContain(number);
  expect(message).toContain('₹13,570.00');
  expect(message).toMatch(/\/q\/\S+/);
  await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible();
  await shot(page, 'quote-details-desk');

  // Download PDF: a file named after the number.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${number.replace(/\//g, '-')}.pdf`);

  // Revise: version 2 under the same number, edited and sent as -R2.
  await page.getByRole('button', { name: 'Revise' }).click();
  await expect(page.getByRole('heading', { name: `Revise ${number}-R2` })).toBeVisible();
  await page
    .getByRole('group', { name: new RegExp(`: ${literal(scene.items.camera)}$`) })
    .getByLabel(/^Quantity/)
    .fill('5');
  await expect(page.getByRole('region', { name: 'Good total' })).toContainText('₹16,520.00');
  await page.getByRole('button', { name: 'Save and preview' }).click();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await seeNotice(page, 'Quotation sent');
  await expect(page.getByRole('heading', { name: `Quotation ${number}-R2` })).toBeVisible();
  // The first version stays readable.
  await page.getByLabel('Version').selectOption({ index: 0 });
  await expect(page.getByText('An earlier version.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Good total' })).toContainText('₹13,570.00');

  // The list: Sent finds it, so does the number and the lead's name.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Quotations' })
    .click();
  await expect(page.getByRole('heading', { name: 'Quotations' })).toBeVisible();
  await page.getByRole('button', { name: 'Sent', exact: true }).click();
  const search = page.getByRole('searchbox', { name: 'Search quotations' });
  await search.fill(number);
  const table = page.getByRole('table', { name: 'Sent quotations' });
  const row = table.getByRole('row').filter({ hasText: scene.lead.name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`${number}-R2`);
  await expect(row).toContainText('₹16,520.00');
  await search.fill(scene.lead.name);
  await expect(row).toHaveCount(1);
  await page.getByRole('button', { name: 'Draft', exact: true }).click();
  await expect(page.getByText('No quotations match')).toBeVisible();
  await page.getByRole('button', { name: 'Sent', exact: true }).click();
  await expect(row).toHaveCount(1);
  await shot(page, 'quote-list-desk');

  // Back on Lead Details the quote is listed.
  const again = await openLeadDetails(page, scene.lead.name);
  await expect(again.getByRole('region', { name: 'Quotations' })).toContainText(`${number}-R2`);
});

test('on a 360 px phone the builder is usable: lines, options and Save without sideways scrolling', async ({
  page,
  baseURL,
}) => {
  const scene = await seedScene(baseURL as string);
  await page.setViewportSize(PHONE);
  await signIn(page, scene.manager.username, scene.manager.password);
  await page.goto(`/quotations/new?leadId=${scene.lead._id}`);
  await expect(page.getByRole('heading', { name: 'New quotation' })).toBeVisible();
  await page.getByRole('button', { name: '2 options' }).click();
  const camera = await addItem(page, scene.items.camera, 'Good');
  await camera.getByLabel(/^Quantity/).fill('2');
  await page.getByRole('button', { name: 'Add free line' }).click();
  const free = page.getByRole('group', { name: /New free line$/ });
  await free.getByLabel('Line name').fill('Custom wall bracket');
  await page
    .getByRole('group', { name: /Custom wall bracket$/ })
    .getByLabel('Price (₹)')
    .fill('350');
  await expect(page.getByRole('region', { name: 'Good total' })).toContainText('₹6,313.00');
  await shot(page, 'quote-builder-phone');
  await expectReachableWithoutSidewaysScroll(
    page,
    page.getByRole('button', { name: 'Save draft' }),
  );

  // A mistake shows at its box, and nothing typed is lost.
  await page
    .getByRole('group', { name: /Custom wall bracket$/ })
    .getByLabel('Price (₹)')
    .fill('abc');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(
    page.getByRole('group', { name: /Custom wall bracket$/ }).getByText('Please enter a number'),
  ).toBeVisible();
  await expect(camera.getByLabel(/^Quantity/)).toHaveValue('2');
  await page
    .getByRole('group', { name: /Custom wall bracket$/ })
    .getByLabel('Price (₹)')
    .fill('350');
  await page.getByRole('button', { name: 'Save and preview' }).click();
  await expect(page.getByRole('heading', { name: 'Quotation Draft' })).toBeVisible();
  await expectReachableWithoutSidewaysScroll(
    page,
    page.getByRole('button', { name: 'Send', exact: true }),
  );
  await shot(page, 'quote-details-phone');
  await page.goto('/quotations');
  await expect(page.getByRole('heading', { name: 'Quotations' })).toBeVisible();
  await shot(page, 'quote-list-phone');
});

test('the admin keeps the quotation terms on the Business Profile', async ({ page, baseURL }) => {
  const admin = await adminApi(baseURL as string);
  await saveBusinessProfile(admin, { quoteTerms: TERMS });
  await admin.dispose();
  await page.setViewportSize(DESK);
  await signIn(page, ADMIN.username, ADMIN.password);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Business Profile' })
    .click();
  const terms = page.getByLabel('Quotation terms');
  await expect(terms).toHaveValue(TERMS);
  // Saving the profile keeps them; what is typed is what a reload shows.
  await terms.fill(`  ${TERMS}  `);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await seeNotice(page, 'Business profile saved successfully');
  await page.reload();
  await expect(page.getByLabel('Quotation terms')).toHaveValue(TERMS);
  await shot(page, 'business-profile-desk');
  await page.setViewportSize(PHONE);
  await page.getByLabel('Quotation terms').scrollIntoViewIfNeeded();
  await shot(page, 'business-profile-phone', { fullPage: false });
});

/** A 1×1 PNG, as the signature pad's data: URL would be. */
const SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

test('the manager reads the acceptance, opens the order it made and confirms the advance', async ({
  page,
  baseURL,
}) => {
  const scene = await seedScene(baseURL as string);
  const api = await apiAs(baseURL as string, scene.manager.username, scene.manager.password);
  const catalogue = await answer<{ _id: string; name: string }[]>(
    await api.request.get('/api/get-all-inventory'),
  );
  const idOf = (name: string) => catalogue.find((item) => item.name === name)?._id;
  const quote = await answer<{ _id: string }>(
    await api.request.post('/api/quotations', {
      data: {
        leadId: scene.lead._id,
        projectType: 'CCTV Camera',
        options: [
          { option: 1, name: 'Good' },
          { option: 2, name: 'Better' },
        ],
        lines: [
          { itemId: idOf(scene.items.install), quantity: 1 },
          { itemId: idOf(scene.items.camera), quantity: 4, option: 1 },
          { itemId: idOf(scene.items.bullet), quantity: 4, option: 2 },
          { itemId: idOf(scene.items.disk), quantity: 1, option: 2, optional: true },
        ],
      },
    }),
  );
  const sent = await answer<{ token: string }>(
    await api.request.post(`/api/quotations/${quote._id}/send`),
  );
  const full = await answer<{ lines: { _id: string; optional: boolean }[] }>(
    await api.request.get(`/api/quotations/${quote._id}`),
  );
  const disk = full.lines.find((line) => line.optional)?._id;
  // The customer accepts Better with the disk on their phone (the customer's page's journey).
  await answer(
    await api.request.post(`/api/quote/${sent.token}/accept`, {
      data: { name: 'Anita D', option: 2, optionalLineIds: [disk], signature: SIGNATURE },
    }),
  );
  await api.dispose();

  await page.setViewportSize(DESK);
  await signIn(page, scene.manager.username, scene.manager.password);
  await page.goto(`/quotations/${quote._id}`);
  await expect(page.getByText('Accepted', { exact: true }).first()).toBeVisible();
  const accepted = page.getByRole('region', { name: 'Accepted' });
  // Better 1500 + 16000 + disk 3900 = 21400 + 18% = 25252.
  await expect(accepted).toContainText('Anita D');
  await expect(accepted).toContainText('Better');
  await expect(accepted).toContainText(scene.items.disk);
  await expect(accepted).toContainText('₹25,252.00');
  await expect(accepted.getByRole('img', { name: 'Signature of Anita D' })).toBeVisible();
  // A sent link is no longer offered once the customer has answered.
  await expect(page.getByRole('link', { name: 'Send quote on WhatsApp' })).toHaveCount(0);

  // The order acceptance opened: its Project Details, as a customer's orders open.
  await accepted.getByRole('button', { name: /^WO-/ }).click();
  const order = page.getByRole('dialog', { name: 'Project Details' });
  await expect(order).toContainText('New Installation');
  await order.getByRole('button', { name: 'Close' }).last().click();
  await expect(order).toHaveCount(0);

  // The customer paid 30 % by UPI: the manager confirms it against the transaction id.
  await page.getByRole('button', { name: 'Confirm advance' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm advance' });
  await expect(dialog.getByLabel('Amount received (₹)')).toHaveValue('7576');
  await dialog.getByRole('button', { name: 'Confirm advance' }).click();
  await expect(dialog.getByText('Please enter the UPI transaction id')).toBeVisible();
  // A UPI transaction id is recorded once in the whole system: each run pays with its own.
  const upiId = `41${uniquePhone()}`;
  await dialog.getByLabel('UPI transaction id').fill(upiId);
  await dialog.getByRole('button', { name: 'Confirm advance' }).click();
  await seeNotice(page, 'Advance confirmed');
  await expect(accepted).toContainText(`Advance of ₹7,576.00 confirmed (UPI ${upiId})`);
  await expect(page.getByRole('button', { name: 'Confirm advance' })).toHaveCount(0);
  await shot(page, 'quote-accepted-desk');
  await page.setViewportSize(PHONE);
  await expect(accepted).toBeVisible();
  await shot(page, 'quote-accepted-phone', { fullPage: false });
});

test('the customer asks for changes: the manager reads their note and revises', async ({
  page,
  baseURL,
}) => {
  const scene = await seedScene(baseURL as string);
  const api = await apiAs(baseURL as string, scene.manager.username, scene.manager.password);
  const catalogue = await answer<{ _id: string; name: string }[]>(
    await api.request.get('/api/get-all-inventory'),
  );
  const camera = catalogue.find((item) => item.name === scene.items.camera)?._id;
  const quote = await answer<{ _id: string }>(
    await api.request.post('/api/quotations', {
      data: {
        leadId: scene.lead._id,
        projectType: 'CCTV Camera',
        lines: [{ itemId: camera, quantity: 2 }],
      },
    }),
  );
  const sent = await answer<{ token: string; number: string }>(
    await api.request.post(`/api/quotations/${quote._id}/send`),
  );
  await answer(
    await api.request.post(`/api/quote/${sent.token}/request-changes`, {
      data: { note: 'Please add one more camera for the gate.' },
    }),
  );
  await api.dispose();

  await page.setViewportSize(PHONE);
  await signIn(page, scene.manager.username, scene.manager.password);
  await page.goto('/quotations?status=changes-requested');
  const row = page
    .getByRole('table', { name: 'Changes requested quotations' })
    .getByRole('row')
    .filter({ hasText: scene.lead.name });
  await row.getByRole('link', { name: sent.number }).click();
  const note = page.getByRole('region', { name: 'Changes requested' });
  await expect(note).toContainText('Please add one more camera for the gate.');
  await shot(page, 'quote-changes-phone', { fullPage: false });
  await page.getByRole('button', { name: 'Revise' }).click();
  await expect(page.getByRole('heading', { name: `Revise ${sent.number}-R2` })).toBeVisible();
  const line = page.getByRole('group', { name: new RegExp(`: ${literal(scene.items.camera)}$`) });
  await line.getByLabel(/^Quantity/).fill('3');
  // 3 × 2500 + 18% = 8850, in the phone's save bar as the manager types.
  await expect(page.getByText('Total ₹8,850.00')).toBeVisible();
  await page.getByRole('button', { name: 'Save and preview' }).click();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await seeNotice(page, 'Quotation sent');
  await expect(page.getByRole('heading', { name: `Quotation ${sent.number}-R2` })).toBeVisible();
});
