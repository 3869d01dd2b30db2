import {
  createBranchTeam,
  createItem,
  createStartedOrder,
  dataOf,
  unique,
} from '@karya/test-factories';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { adminApi, disposeTeam } from '../support/api';
import { seeNotice } from '../support/notice';
import { shot } from '../support/shots';
import { openAs, PHONE, signOnPhone } from '../support/work-orders';

/*
 * Issue 39 item 1: nothing the technician types may widen the phone's page. A checklist
 * answer of a sentence, another of one 60-character word and a remark of one long word are
 * saved on a 360 px phone; then every sheet of the job is opened in turn (history, remark,
 * pause, stop, signature, the bill's items, Add Service, summary, payment with its QR,
 * payment done, Complete Project) and neither the page nor the sheet is wider than the
 * screen. The project type is one no other journey completes; its checklist is emptied
 * at the end.
 */

// A project type no other journey gives a checklist, so journeys running beside it are untouched.
const PROJECT_TYPE = 'IT & Networking Services';
const SENTENCE_ITEM = 'Admin password';
const WORD_ITEM = 'Hub serial';
const SENTENCE = 'Password changed; admin password shared with Mr Anil only.';
const WORD = 'HUB-7F3A9C21D4E8B6A0F1C3E5D7B9A2C4E6F8A1B3C5D7E9F2A4B6C8D0E1F';
const REMARK = 'CableRunThroughFalseCeilingAboveReceptionDeskToTheServerRackX';

test.afterEach(async ({ baseURL }) => {
  const admin = await adminApi(baseURL ?? '');
  await dataOf(admin, 'PUT', '/api/checklist-templates', { projectType: PROJECT_TYPE, items: [] });
  await admin.dispose();
});

/**
 * The page is no wider than the screen, and no open sheet sticks out of it or hides part of
 * what it holds sideways (its scrolling body included). As a string: this package's
 * TypeScript has no DOM.
 */
async function expectFitsScreen(page: Page, where: string): Promise<void> {
  const measure = `(() => {
    const viewport = window.innerWidth;
    const wide = [];
    if (document.documentElement.scrollWidth > viewport) {
      wide.push('page ' + document.documentElement.scrollWidth);
    }
    for (const dialog of document.querySelectorAll('[role="dialog"]')) {
      const box = dialog.getBoundingClientRect();
      if (box.left < -0.5 || box.right > viewport + 0.5) wide.push('sheet ' + Math.round(box.right));
      for (const part of [dialog, ...dialog.querySelectorAll('*')]) {
        const overflow = getComputedStyle(part).overflowX;
        if (overflow !== 'visible' && part.scrollWidth > part.clientWidth + 1) {
          const edge = part.getBoundingClientRect().right;
          const culprit = [...part.querySelectorAll('*')].find(
            (inner) => inner.getBoundingClientRect().right > edge + 1,
          );
          wide.push(
            (part.className || part.tagName) + ' ' + part.scrollWidth + '>' + part.clientWidth +
              (culprit ? ' by ' + culprit.tagName + '.' + culprit.className + ': ' + (culprit.textContent || '').slice(0, 60) : ''),
          );
        }
      }
    }
    return wide;
  })()`;
  // Measured once the screen has settled (fonts, images), by polling what the user sees.
  await expect.poll(() => page.evaluate<string[]>(measure), { message: where }).toEqual([]);
}

/** Opens a sheet with `open`, checks it fits the screen, then closes it with its X. */
async function checkSheet(
  page: Page,
  name: string,
  open: () => Promise<void>,
  check?: (sheet: Locator) => Promise<void>,
): Promise<void> {
  await open();
  const sheet = page.getByRole('dialog', { name, exact: true });
  await expect(sheet).toBeVisible();
  await check?.(sheet);
  await expectFitsScreen(page, name);
  await sheet.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(sheet).toBeHidden();
}

test('long answers, words and remarks wrap on a 360 px phone, and every sheet of the job fits the screen', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const base = baseURL ?? '';
  const admin = await adminApi(base);
  const team = await createBranchTeam(admin, {
    branch: { upiVpa: 'karya.layout@okaxis', upiName: 'Karya Layout' },
  });
  const [technician] = team.technicians;
  const service = await createItem(admin, 'service', {
    name: unique('Installation '),
    salePrice: 500,
  });
  await dataOf(admin, 'PUT', '/api/checklist-templates', {
    projectType: PROJECT_TYPE,
    items: [
      { label: SENTENCE_ITEM, kind: 'text', required: true },
      { label: WORD_ITEM, kind: 'text', required: false },
    ],
  });
  await admin.dispose();
  const order = await createStartedOrder(team.manager.api, technician, {
    projectType: PROJECT_TYPE,
  });

  const phone = await openAs(browser, base, technician, 'phone');
  expect(await phone.evaluate('window.innerWidth')).toBe(PHONE.width);
  await phone
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('button', { name: 'Current' })
    .click();
  await expect(phone.getByRole('heading', { name: PROJECT_TYPE })).toBeVisible();
  const checklist = phone.getByRole('region', { name: 'Checklist' });

  await test.step('a sentence and a 60-character word are saved as checklist answers', async () => {
    for (const [label, text] of [
      [SENTENCE_ITEM, SENTENCE],
      [WORD_ITEM, WORD],
    ] as const) {
      await checklist.getByRole('textbox', { name: label }).fill(text);
      await checklist.getByRole('button', { name: `Save ${label}` }).click();
      await expect(checklist).toContainText(`Saved: ${text}`);
    }
    await expect(checklist).toContainText('2 of 2 answered');
    // The label keeps its words on one line: it is not squeezed to a letter per line.
    const label = checklist.locator('label').filter({ hasText: SENTENCE_ITEM });
    expect((await label.boundingBox())?.height ?? 99).toBeLessThan(30);
    await expectFitsScreen(phone, 'the checklist');
    await shot(phone, 'long-text-1-checklist');
  });

  await test.step('a remark of one long word, and the sheets of the project', async () => {
    await phone.getByRole('button', { name: 'Add Remark' }).click();
    const remark = phone.getByRole('dialog', { name: 'Add Remark' });
    await remark.getByLabel('Remark*').fill(REMARK);
    await expectFitsScreen(phone, 'Add Remark');
    await remark.getByRole('button', { name: 'Add Remark' }).click();
    await seeNotice(phone, 'Remark added successfully');
    await expect(remark).toBeHidden();
    await expect(phone.getByRole('region', { name: 'Report History' })).toContainText(REMARK);
    await expectFitsScreen(phone, 'the remark in Report History');
    await checkSheet(phone, 'Complete History', () =>
      phone.getByRole('button', { name: 'View Complete History' }).click(),
    );
    await checkSheet(phone, 'Pause Project', () =>
      phone.getByRole('button', { name: 'Pause Project' }).click(),
    );
    await checkSheet(phone, 'Stop Project', () =>
      phone.getByRole('button', { name: 'Stop Project' }).click(),
    );
    await checkSheet(phone, 'Customer Signature', () =>
      phone.getByRole('button', { name: 'Get customer signature' }).click(),
    );
    await signOnPhone(phone, order.customerName);
    await expectFitsScreen(phone, 'the signature');
  });

  await test.step('the bill: items, Add Service, summary, the QR, payment done, Complete Project', async () => {
    await phone.getByRole('button', { name: 'Generate Bill' }).click();
    const select = phone.getByRole('dialog', { name: 'Select Items', exact: true });
    await expect(select).toContainText('Step 1 of 5');
    await expectFitsScreen(phone, 'Select Items');
    await select.getByRole('button', { name: 'Add Service' }).click();
    const picker = phone.getByRole('dialog', { name: 'Add Service' });
    await picker.getByRole('searchbox', { name: 'Search services' }).fill(service.name);
    await expectFitsScreen(phone, 'Add Service');
    await picker.getByRole('button', { name: `Add ${service.name}` }).click();
    await expect(picker).toBeHidden();
    await select.getByRole('button', { name: 'Review Bill' }).click();
    const summary = phone.getByRole('dialog', { name: 'Bill Summary', exact: true });
    await expect(summary.getByTestId('bill-total')).toBeVisible();
    await expectFitsScreen(phone, 'Bill Summary');
    await summary.getByRole('button', { name: 'Proceed to Payment' }).click();
    const pay = phone.getByRole('dialog', { name: 'Select Payment Method', exact: true });
    await expect(pay.getByRole('img', { name: /^UPI QR code for/ })).toBeVisible();
    await expectFitsScreen(phone, 'the payment with its QR');
    await shot(phone, 'long-text-2-payment', { fullPage: false });
    await pay.getByText('Cash', { exact: true }).click();
    await pay.getByRole('button', { name: 'Continue' }).click();
    const confirm = phone.getByRole('dialog', { name: 'Confirm Payment', exact: true });
    await expectFitsScreen(phone, 'Confirm Payment');
    await confirm.getByRole('button', { name: 'Confirm Payment' }).click();
    const success = phone.getByRole('dialog', { name: 'Payment Successful', exact: true });
    await expect(success.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
    await expectFitsScreen(phone, 'Payment Successful');
    await success.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(success).toBeHidden();

    await phone.getByRole('button', { name: 'Complete Project & Send for Approval' }).click();
    const complete = phone.getByRole('dialog', { name: 'Complete Project' });
    const send = complete.getByRole('button', { name: 'Complete Project & Send for Approval' });
    await send.scrollIntoViewIfNeeded();
    await expect(send).toBeInViewport({ ratio: 1 });
    await expectFitsScreen(phone, 'Complete Project');
    await shot(phone, 'long-text-3-complete', { fullPage: false });
    await send.click();
    await seeNotice(phone, 'Project completed and sent for approval');
    await expect(phone.getByText('No Active Project')).toBeVisible();
    await expectFitsScreen(phone, 'after completion');
  });

  await phone.context().close();

  await test.step('the manager reads the long answers in Project Details, at desk width and on a phone', async () => {
    for (const device of ['desktop', 'phone'] as const) {
      const manager = await openAs(browser, base, team.manager, device);
      await manager.goto('/manager-dashboard');
      await manager.getByRole('button', { name: `Show actions for ${order.orderId}` }).click();
      await manager.getByRole('button', { name: 'View Details' }).click();
      const details = manager.getByRole('dialog', { name: 'Project Details' });
      const answers = details.getByRole('region', { name: 'Checklist' });
      await expect(answers).toContainText(SENTENCE);
      await expect(answers).toContainText(WORD);
      await answers.scrollIntoViewIfNeeded();
      await expectFitsScreen(manager, `Project Details (${device})`);
      await shot(manager, `long-text-4-manager-${device}`, { fullPage: false });
      await manager.context().close();
    }
  });
  await disposeTeam(team);
});
