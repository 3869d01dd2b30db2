import {
  assignOrder,
  billLine,
  confirmBill,
  createBill,
  createItem,
  createOrder,
  dataOf,
} from '@karya/test-factories';
import { expect, type Page, test } from '@playwright/test';
import { ADMIN, adminApi } from '../support/api';
import { seeNotice } from '../support/notice';
import { openAs, seedWorkOrderTeam, signOnPhone, startOnPhone } from '../support/work-orders';

/*
 * Issue 22, the checklist: an admin gives a project type two items, one required; the
 * technician's 'Complete Project & Send for Approval' is refused until it is answered; the
 * manager reads the answers on the project details and on the approval dialog. The project
 * type is one no other journey completes, and its checklist is emptied at the end, so the
 * journeys running beside this one complete their orders as before.
 */

const PROJECT_TYPE = 'Home/Office Automation';
const REQUIRED = 'Switches wired to the hub';
const OPTIONAL = 'Scenes set up';
const REFUSAL = `Please complete the checklist before sending for approval: ${REQUIRED}`;

const checklistCard = (page: Page) =>
  page.getByRole('region', { name: `${PROJECT_TYPE} checklist` });

test.afterEach(async ({ baseURL }) => {
  const admin = await adminApi(baseURL ?? '');
  await dataOf(admin, 'PUT', '/api/checklist-templates', { projectType: PROJECT_TYPE, items: [] });
  await admin.dispose();
});

test('an admin’s required checklist item keeps a job from approval until the technician answers it; the manager reads the answers', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const base = baseURL ?? '';
  const team = await seedWorkOrderTeam(base);
  const [technician] = team.technicians;
  const order = await createOrder(team.manager.api, { projectType: PROJECT_TYPE });
  await assignOrder(team.manager.api, order, technician.id);

  await test.step('the admin adds two items to the project type, one required', async () => {
    const admin = await openAs(browser, base, { ...ADMIN }, 'desktop');
    await admin.getByRole('link', { name: 'Job Checklists' }).click();
    await expect(admin.getByRole('heading', { name: 'Job Checklists' })).toBeVisible();
    await expect(checklistCard(admin)).toContainText('No items');
    await checklistCard(admin).getByRole('button', { name: 'Edit Checklist' }).click();
    const dialog = admin.getByRole('dialog', { name: `Edit Checklist: ${PROJECT_TYPE}` });
    await dialog.getByRole('button', { name: 'Add Item' }).click();
    await dialog.getByLabel('Item 1 label').fill(OPTIONAL);
    await dialog.getByLabel('Item 1 answer').selectOption('Number');
    await dialog.getByRole('button', { name: 'Add Item' }).click();
    await dialog.getByLabel('Item 2 label').fill(REQUIRED);
    await dialog.getByRole('listitem', { name: 'Item 2' }).getByLabel('Required').check();
    // The required one first.
    await dialog.getByRole('button', { name: 'Move item 2 up' }).click();
    await expect(dialog.getByLabel('Item 1 label')).toHaveValue(REQUIRED);
    await dialog.getByRole('button', { name: 'Save Checklist' }).click();
    await seeNotice(admin, 'Checklist saved');
    await expect(dialog).toBeHidden();
    await expect(checklistCard(admin).getByRole('listitem')).toHaveText([
      `${REQUIRED} · Yes / No · Required`,
      `${OPTIONAL} · Number`,
    ]);
    await admin.context().close();
  });

  const phone = await openAs(browser, base, technician, 'phone');
  await test.step('the technician starts the order on the phone and sees the checklist', async () => {
    await startOnPhone(phone, order.customerName);
    const checklist = phone.getByRole('region', { name: 'Checklist' });
    await expect(checklist).toContainText('0 of 2 answered');
    await expect(checklist).toContainText(`Required before sending for approval: ${REQUIRED}`);
    // The branch requires the customer's signature too (decision 033): taken first, so the
    // checklist alone stands between the job and its approval here.
    await signOnPhone(phone, order.customerName);
  });

  await test.step('paid, the technician tries to complete and reads the refusal', async () => {
    // The payment is the billing journeys' subject: here it is made through the API.
    const admin = await adminApi(base);
    const service = await createItem(admin, 'service');
    await admin.dispose();
    const bill = await createBill(technician.api, order, [billLine(service)]);
    await confirmBill(technician.api, bill._id);
    await phone.reload();
    await phone.getByRole('button', { name: 'Complete Project & Send for Approval' }).click();
    const complete = phone.getByRole('dialog', { name: 'Complete Project' });
    await complete.getByRole('button', { name: 'Complete Project & Send for Approval' }).click();
    await seeNotice(phone, REFUSAL);
    await complete.getByRole('button', { name: 'Close' }).first().click();
    await expect(complete).toBeHidden();
  });

  await test.step('the technician answers, then completes', async () => {
    const checklist = phone.getByRole('region', { name: 'Checklist' });
    await checklist
      .getByRole('group', { name: REQUIRED })
      .getByRole('button', { name: 'Yes' })
      .click();
    await expect(
      checklist.getByRole('group', { name: REQUIRED }).getByRole('button', { name: 'Yes' }),
    ).toHaveAttribute('aria-pressed', 'true');
    // With no signal the answer waits on the phone with the job's other actions.
    await phone.context().setOffline(true);
    await checklist.getByRole('textbox', { name: OPTIONAL }).fill('4');
    await checklist.getByRole('button', { name: `Save ${OPTIONAL}` }).click();
    await seeNotice(phone, 'Saved on this phone');
    await expect(checklist).toContainText('2 of 2 answered');
    const waiting = phone.getByRole('region', { name: 'Waiting to sync' });
    await expect(waiting).toContainText(`Checklist: ${OPTIONAL}: 4`);
    await phone.context().setOffline(false);
    await expect(waiting).toHaveCount(0);
    await expect(checklist).not.toContainText('Required before sending for approval');
    await phone.getByRole('button', { name: 'Complete Project & Send for Approval' }).click();
    await phone
      .getByRole('dialog', { name: 'Complete Project' })
      .getByRole('button', { name: 'Complete Project & Send for Approval' })
      .click();
    await seeNotice(phone, 'Project completed and sent for approval');
    await expect(phone.getByText('No Active Project')).toBeVisible();
  });

  await test.step('the manager reads the answers on the details and on approval', async () => {
    const manager = await openAs(browser, base, team.manager, 'desktop');
    await manager.goto('/manager-dashboard');
    await manager.getByRole('button', { name: `Show actions for ${order.orderId}` }).click();
    await manager.getByRole('button', { name: 'View Details' }).click();
    const details = manager.getByRole('dialog', { name: 'Project Details' });
    const answers = details.getByRole('region', { name: 'Checklist' });
    await expect(answers.getByRole('listitem')).toHaveCount(2);
    await expect(answers.getByRole('listitem').nth(0)).toContainText(`${REQUIRED} (required)`);
    await expect(answers.getByRole('listitem').nth(0)).toContainText('Yes');
    await expect(answers.getByRole('listitem').nth(1)).toContainText(OPTIONAL);
    await expect(answers.getByRole('listitem').nth(1)).toContainText('4');
    await details.getByRole('button', { name: 'Close' }).last().click();
    await expect(details).toBeHidden();

    // The row's actions are still open.
    await manager.getByRole('button', { name: 'Approve Project' }).click();
    const approve = manager.getByRole('dialog', { name: 'Approve Project' });
    await expect(approve.getByRole('region', { name: 'Checklist' })).toContainText(REQUIRED);
    await approve.getByLabel('Approval Note*').fill('Switches and hub checked with the customer');
    await approve.getByRole('button', { name: 'Approve Project' }).click();
    await seeNotice(manager, 'Project approved successfully');
  });
});
