import {
  assignStock,
  createBranchTeam,
  createItem,
  createLead,
  type ItemType,
  saveBusinessProfile,
  stockIn,
  stockTechnician,
  type Transport,
  unique,
  uniqueSerials,
} from '@karya/test-factories';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { adminApi, disposeTeam, nameOf } from '../support/api';
import { BRANCH_UPI, rupees } from '../support/billing';
import { BRANCH_GSTIN } from '../support/gst';
import { signIn } from '../support/login';
import { seeNotice } from '../support/notice';
import { shot } from '../support/shots';
import { drawSignature, openAs, PHONE, startOnPhone } from '../support/work-orders';

/**
 * Issue 35's journey: a manager quotes a lead two options and an optional line in the desk's
 * builder and sends it; the customer, on a phone with no login, picks the better option,
 * ticks the extra, watches the total follow and accepts with their name and signature; the
 * manager sees it accepted and its New Installation order pending, assigns it; the
 * technician's bill starts from the quote's lines and charges the quoted prices.
 */

const DESK = { width: 1366, height: 768 } as const;

/** A catalogue item with 18 % GST inside its price, as a GST-registered shop lists them. */
async function taxedItem(
  admin: Transport,
  type: ItemType,
  fields: { name: string; salePrice: number; hsnSac: string; unit?: string },
) {
  const item = await createItem(admin, type, {
    ...fields,
    warranty: type === 'service' ? 'No Warranty' : '1 year',
    mrp: fields.salePrice,
    purchasePrice: type === 'service' ? 0 : Math.round(fields.salePrice * 0.6),
    gstRate: 18,
    priceIncludesTax: true,
  });
  return { ...item, salePrice: fields.salePrice };
}

async function seedQuoteScene(baseURL: string) {
  const admin = await adminApi(baseURL);
  await saveBusinessProfile(admin, { gstRegistered: true });
  const team = await createBranchTeam(admin, {
    branch: {
      name: unique('Kothrud '),
      address: 'Shop 4, Paud Road, Kothrud, Pune 411038',
      phone: '020 2543 7788',
      upiVpa: BRANCH_UPI.vpa,
      upiName: BRANCH_UPI.name,
      gstin: BRANCH_GSTIN,
      stateCode: '27',
    },
  });
  const good = await taxedItem(admin, 'serialized-product', {
    name: unique('Dome Camera 2MP '),
    salePrice: 2000,
    hsnSac: '85258900',
  });
  const better = await taxedItem(admin, 'serialized-product', {
    name: unique('Dome Camera 5MP '),
    salePrice: 3000,
    hsnSac: '85258900',
  });
  const installation = await taxedItem(admin, 'service', {
    name: unique('Camera Installation '),
    salePrice: 1500,
    hsnSac: '995461',
  });
  const cable = await taxedItem(admin, 'generic-product', {
    name: unique('CCTV Cable '),
    salePrice: 20,
    hsnSac: '85444999',
    unit: 'Meter',
  });
  await admin.dispose();
  const [technician] = team.technicians;
  if (!technician) throw new Error('no technician seeded');
  const serials = uniqueSerials(2, 'CAM5');
  await stockTechnician(team.manager.api, technician.id, better._id, { serials });
  await stockIn(team.manager.api, cable._id, { quantity: 50 });
  await assignStock(team.manager.api, technician.id, cable._id, { quantity: 20 });
  const lead = await createLead(team.manager.api, {
    name: unique('Asha Patil '),
    address: '21 Karve Road, Pune 411004',
  });
  return { team, technician, lead, good, better, installation, cable, serials };
}

async function openDesk(
  browser: Browser,
  baseURL: string,
  user: { username: string; password: string },
) {
  const context = await browser.newContext({ baseURL, viewport: DESK });
  const page = await context.newPage();
  await signIn(page, user.username, user.password);
  return page;
}

/** The builder's row of a line, by the catalogue item's name. */
const lineRow = (page: Page, name: string): Locator =>
  page.getByRole('group', { name: new RegExp(`^Line \\d+: ${name}$`) });

async function addFromCatalogue(page: Page, name: string): Promise<Locator> {
  await page.getByRole('searchbox', { name: 'Search the catalogue' }).fill(name);
  await page.getByRole('button', { name: `Add ${name}` }).click();
  const row = lineRow(page, name);
  await expect(row).toBeVisible();
  return row;
}

test('a lead is quoted, accepts on the phone, and the job and its bill follow the quote', async ({
  browser,
  baseURL,
}) => {
  const base = baseURL ?? '';
  const scene = await seedQuoteScene(base);
  const { team, technician, lead, good, better, installation, cable } = scene;
  // Tax inside every price: the quote's totals are its amounts (CGST + SGST within).
  const goodTotal = 2 * good.salePrice + 1200;
  const betterTotal = 2 * better.salePrice + 1200;
  const acceptedTotal = betterTotal + 15 * cable.salePrice;
  const manager = await openDesk(browser, base, team.manager);
  let link = '';
  let quoteNumber = '';

  await test.step('the manager builds a quote for the lead: two options, an optional line', async () => {
    await manager.goto('/contacts');
    await manager.getByRole('searchbox', { name: 'Search contacts' }).fill(lead.name);
    await manager.getByRole('button', { name: `Show actions for ${lead.name}` }).click();
    await manager.getByRole('button', { name: 'View Details' }).click();
    const details = manager.getByRole('dialog', { name: 'Lead Details' });
    await details.getByRole('link', { name: 'New quotation' }).click();
    await expect(manager.getByRole('heading', { name: 'New quotation' })).toBeVisible();

    await manager
      .getByRole('group', { name: 'How many options' })
      .getByRole('button', { name: '2 options' })
      .click();
    await expect(manager.getByLabel('Option 1 name')).toHaveValue('Good');
    await expect(manager.getByLabel('Option 2 name')).toHaveValue('Better');

    const goodRow = await addFromCatalogue(manager, good.name);
    await goodRow.getByLabel(/^Quantity/).fill('2');
    await goodRow.getByLabel('Option', { exact: true }).selectOption({ label: 'Good' });
    const betterRow = await addFromCatalogue(manager, better.name);
    await betterRow.getByLabel(/^Quantity/).fill('2');
    await betterRow.getByLabel('Option', { exact: true }).selectOption({ label: 'Better' });
    // Installation in every option, at a price agreed below the catalogue's ₹1,500.
    const fitting = await addFromCatalogue(manager, installation.name);
    await fitting.getByLabel('Price (₹)').fill('1200');
    const extra = await addFromCatalogue(manager, cable.name);
    await extra.getByLabel(/^Quantity/).fill('15');
    await extra.getByRole('checkbox', { name: 'Optional (the customer may tick it)' }).check();
    await shot(manager, 'quote-1-builder-desk');

    await manager.getByRole('button', { name: 'Save and preview' }).click();
    await seeNotice(manager, 'Quotation saved');
    await expect(manager.getByRole('heading', { name: /^Quotation / })).toBeVisible();
    await manager.getByRole('button', { name: 'Send', exact: true }).click();
    await seeNotice(manager, 'Quotation sent');
    const shown = manager.getByText(/\/q\/[\w-]+$/);
    await expect(shown).toBeVisible();
    link = new URL((await shown.innerText()).trim(), base).pathname;
  });

  const phoneContext = await browser.newContext({
    baseURL: base,
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
  });
  const customer = await phoneContext.newPage();

  await test.step('the customer opens the link on a phone, in their language, no login', async () => {
    await customer.goto(link);
    // A lead reads Hinglish unless they said otherwise; the switch turns the page to English.
    await expect(customer.getByText('Ek option chunein')).toBeVisible();
    await customer.getByRole('button', { name: 'English' }).click();
    await expect(customer.getByText('Choose one option')).toBeVisible();
    await expect(customer.getByRole('heading', { level: 1 })).toHaveText(/^Q.+\/\d{4}$/);
    quoteNumber = (await customer.getByRole('heading', { level: 1 }).innerText()).trim();
    const total = customer.getByTestId('quote-total');
    await expect(customer.getByRole('radio', { name: /^Good/ })).toBeChecked();
    await expect(total).toHaveText(rupees(goodTotal));
    await expect(customer.getByText(good.name)).toBeVisible();
    await shot(customer, 'quote-2-customer-phone');
  });

  await test.step('picks Better, ticks the cable, and the total and tax follow', async () => {
    const total = customer.getByTestId('quote-total');
    await customer.getByRole('radio', { name: /^Better/ }).check();
    await expect(total).toHaveText(rupees(betterTotal));
    await expect(customer.getByText(better.name)).toBeVisible();
    await expect(customer.getByText(good.name)).toHaveCount(0);
    await customer.getByRole('checkbox', { name: new RegExp(`^${cable.name}`) }).check();
    await expect(total).toHaveText(rupees(acceptedTotal));
    // Within Maharashtra: CGST and SGST, as the bill will charge them.
    const totals = customer.getByRole('region', { name: 'Total' });
    await expect(totals.getByText('CGST')).toBeVisible();
    await expect(totals.getByText('SGST')).toBeVisible();
    await expect(totals.getByText('IGST')).toHaveCount(0);
  });

  await test.step('accepts with a typed name and a signature drawn on the pad', async () => {
    await customer.getByRole('button', { name: `Accept for ${rupees(acceptedTotal)}` }).click();
    const form = customer.getByRole('form', { name: 'Accept' });
    await form.getByRole('button', { name: `Accept for ${rupees(acceptedTotal)}` }).click();
    await expect(form.getByText('Please type your name to accept')).toBeVisible();
    await form.getByLabel('Your name').fill(lead.name);
    await drawSignature(customer, form.getByTestId('signature-pad'));
    await shot(customer, 'quote-3-accept-phone');
    // A double tap sends one acceptance.
    const accepts: string[] = [];
    customer.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/accept'))
        accepts.push(request.url());
    });
    await form.getByRole('button', { name: `Accept for ${rupees(acceptedTotal)}` }).dblclick();
    const accepted = customer.getByRole('region', { name: 'Accepted' });
    await expect(accepted).toContainText(`Accepted by ${lead.name}`);
    await expect(accepted.getByTestId('accepted-total')).toHaveText(rupees(acceptedTotal));
    await expect(customer.getByRole('button', { name: /^Accept/ })).toHaveCount(0);
    expect(accepts).toHaveLength(1);
    // Where the branch takes UPI: 30 % of the accepted total, exactly, as a QR and a link.
    const advance = customer.getByRole('region', { name: 'Pay 30% advance (optional)' });
    const amount = (acceptedTotal * 0.3).toFixed(2);
    await expect(advance.getByRole('img', { name: /UPI QR code/ })).toHaveAttribute(
      'data-qr-value',
      new RegExp(`am=${amount.replace('.', '\\.')}&`),
    );
    await expect(advance.getByRole('link', { name: /by UPI$/ })).toHaveAttribute(
      'href',
      new RegExp(`^upi://pay\\?pa=${BRANCH_UPI.vpa}.*am=${amount.replace('.', '\\.')}`),
    );
    await shot(customer, 'quote-4-accepted-phone');
  });

  await test.step('the manager sees it accepted and the new order pending; assigns it', async () => {
    await manager.reload();
    // The details' 'Accepted' card: who, the total and the signature.
    const answer = manager
      .locator('section')
      .filter({ has: manager.getByRole('heading', { name: 'Accepted', exact: true }) });
    await expect(answer).toContainText(lead.name);
    await expect(answer).toContainText(rupees(acceptedTotal));
    await expect(answer.getByRole('img', { name: `Signature of ${lead.name}` })).toBeVisible();
    // The order it opened, with the accepted lines as its planned items.
    const orderId = (await answer.getByRole('button', { name: /^WO-/ }).innerText()).trim();
    await answer.getByRole('button', { name: orderId }).click();
    const details = manager.getByRole('dialog', { name: 'Project Details' });
    const planned = details.getByRole('region', { name: 'Planned items' });
    await expect(planned).toContainText(`from quotation ${quoteNumber}`);
    await expect(planned).toContainText(better.name);
    await expect(planned).toContainText(cable.name);
    await expect(planned).not.toContainText(good.name);
    await planned.scrollIntoViewIfNeeded();
    await shot(manager, 'quote-5-planned-items-desk', { fullPage: false });
    await details.getByRole('button', { name: 'Close' }).last().click();
    await answer.getByRole('link', { name: 'Pending Work Orders' }).click();
    await expect(manager.getByRole('heading', { name: 'Pending Work Orders' })).toBeVisible();
    await manager.getByLabel('Search work orders').fill(lead.name);
    const table = manager.getByRole('table', { name: 'Pending work orders' });
    const row = table.getByRole('row').filter({ hasText: lead.name });
    await expect(row).toContainText('Pending');
    await expect(row).toContainText('New Installation');
    await row.click();
    await manager.getByRole('button', { name: 'Assign Technician' }).click();
    const dialog = manager.getByRole('dialog', { name: 'Assign Technician' });
    await dialog
      .getByLabel('Select Technician*')
      .selectOption({ label: `${nameOf(technician)} - ${team.branch.name}` });
    await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
    await seeNotice(manager, 'Technician assigned successfully');
  });

  const tech = await openAs(browser, base, technician, 'phone');

  await test.step('the technician sees the planned items, and the bill starts from them', async () => {
    await startOnPhone(tech, lead.name);
    const planned = tech.getByRole('region', { name: 'Planned items' });
    await expect(planned).toContainText(`from quotation ${quoteNumber}`);
    await expect(planned).toContainText(better.name);
    await expect(planned).toContainText(cable.name);
    await expect(planned).not.toContainText(good.name);
    await planned.scrollIntoViewIfNeeded();
    await shot(tech, 'quote-6-current-project-phone', { fullPage: false });
    await tech.getByRole('button', { name: 'Generate Bill' }).click();
    const select = tech.getByRole('dialog', { name: 'Select Items', exact: true });
    await expect(select).toContainText('Started from quotation');
    const selected = select.getByRole('list', { name: 'Selected items' });
    await expect(selected.getByRole('listitem')).toHaveCount(4);
    await expect(selected.getByText('Serial needed: pick one below or scan it')).toHaveCount(2);
    await expect(select.getByRole('spinbutton', { name: `Quantity of ${cable.name}` })).toHaveValue(
      '15',
    );
    await expect(select.getByTestId('bill-selection-total')).toHaveText(rupees(acceptedTotal));
    await select.getByRole('button', { name: 'Review Bill' }).click();
    await expect(select.getByRole('alert')).toContainText(`Pick a serial for ${better.name}`);
    await shot(tech, 'quote-7-planned-lines-phone', { fullPage: false });
    const stock = select.getByRole('list', { name: 'Your inventory' });
    for (const serial of scene.serials) {
      await stock.getByRole('button', { name: `Add serial ${serial}` }).click();
    }
    await expect(selected.getByText('Serial needed: pick one below or scan it')).toHaveCount(0);
    await expect(selected.getByRole('listitem')).toHaveCount(4);
    await shot(tech, 'quote-8-serials-picked-phone', { fullPage: false });
    await select.getByRole('button', { name: 'Review Bill' }).click();
    const summary = tech.getByRole('dialog', { name: 'Bill Summary', exact: true });
    const lines = summary.getByRole('list', { name: 'Bill lines' }).getByRole('listitem');
    await expect(lines).toHaveCount(4);
    // The quoted ₹1,200, not the catalogue's ₹1,500: the bill follows the quote.
    await expect(lines.filter({ hasText: installation.name })).toContainText(`1 × ${rupees(1200)}`);
    await expect(summary.getByTestId('bill-total')).toHaveText(rupees(acceptedTotal));
    await shot(tech, 'quote-9-bill-summary-phone', { fullPage: false });
  });

  await disposeTeam(team);
});
