import {
  assignOrder,
  changeStatus,
  type SeededOrder,
  type SeededUser,
  startOrder,
  unique,
} from '@karya/test-factories';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { nameOf } from '../support/api';
import { countsRow, expectCards, expectRow, type StatusCounts } from '../support/dashboards';
import { seeNotice } from '../support/notice';
import { expectReachableWithoutSidewaysScroll, pageWidth } from '../support/phone-width';
import { shot } from '../support/shots';
import { openAs, seedWorkOrderTeam } from '../support/work-orders';

type ChipCounts = {
  All: number;
  'Pending Approval': number;
  'In Progress': number;
  Transferred: number;
  Completed: number;
};

/**
 * The manager looks again at /manager-dashboard (a reload, as after walking away): the
 * chips count the branch's projects and the order's row shows its status.
 */
async function seeManagerProjects(
  manager: Page,
  customerName: string,
  counts: ChipCounts,
  status: string,
): Promise<void> {
  await manager.goto('/manager-dashboard');
  // The row first: the page shows its cached copy until the server answers (spec 2 §4).
  await expect(projectRow(manager, customerName, status)).toBeVisible();
  const chips = manager.getByRole('group', { name: 'Project status' });
  for (const [label, count] of Object.entries(counts)) {
    await expect(chips.getByRole('button', { name: new RegExp(`^${label}`) })).toHaveText(
      new RegExp(`^${label}\\s*${count}$`),
    );
  }
}

const NO_WORK: StatusCounts = {
  assigned: 0,
  inProgress: 0,
  pendingApproval: 0,
  completed: 0,
  transferring: 0,
  transferred: 0,
};

/**
 * The manager's /dashboard (spec 1 §2.4): the Pending Work Orders and Assigned Projects cards
 * and the Technicians Overview Total row of the journey's own branch.
 */
async function seeManagerDashboard(
  manager: Page,
  cards: { pending: number; assignedProjects: number },
  total: Partial<StatusCounts>,
): Promise<void> {
  await manager.goto('/dashboard');
  const overview = manager.getByRole('table', { name: 'Technicians Overview' });
  // The Total row first: it changes once the server's answer replaces the cached one.
  await expectRow(overview, 'Total', countsRow('Total', { ...NO_WORK, ...total }));
  await expectCards(manager, {
    'Pending Work Orders': cards.pending,
    'Assigned Projects': cards.assignedProjects,
  });
}

function projectRow(manager: Page, customerName: string, status: string): Locator {
  return manager
    .getByRole('table', { name: 'Projects' })
    .getByRole('row')
    .filter({ hasText: customerName })
    .filter({ hasText: status });
}

/** The bottom bar of the technician dashboard. */
function bottomBar(technician: Page): Locator {
  return technician.getByRole('navigation', { name: 'Dashboard' });
}

/** A project card in one of the dashboard's lists. */
function card(technician: Page, list: string, order: Pick<SeededOrder, 'customerName'>): Locator {
  return technician
    .getByRole('list', { name: list })
    .getByRole('listitem')
    .filter({ hasText: order.customerName });
}

/** The customer's row on /work-orders, opened to show its details and Assign Technician. */
async function expandPendingRow(manager: Page, customerName: string): Promise<Locator> {
  const table = manager.getByRole('table', { name: 'Pending work orders' });
  const row = table.getByRole('row').filter({ hasText: customerName });
  await expect(row).toContainText('Pending');
  await expect(row).toContainText('Not Assigned');
  await row.click();
  await expect(row.getByRole('button', { name: /^Show details of/ })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  return table;
}

/** Through the Assign Technician dialog of the expanded pending row. */
async function assignExpanded(
  manager: Page,
  customerName: string,
  branchName: string,
  technician: SeededUser,
  instructions: string,
): Promise<void> {
  await manager.getByRole('button', { name: 'Assign Technician' }).click();
  const dialog = manager.getByRole('dialog', { name: 'Assign Technician' });
  await expect(dialog).toContainText(customerName);
  await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(dialog.getByText('Please select a technician')).toBeVisible();
  await dialog
    .getByLabel('Select Technician*')
    .selectOption({ label: `${nameOf(technician)} - ${branchName}` });
  await dialog.getByLabel('Instructions for Technician').fill(instructions);
  await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
  await seeNotice(manager, 'Technician assigned successfully');
  await expect(dialog).toHaveCount(0);
  await expect(
    manager.getByRole('table', { name: 'Pending work orders' }).getByText(customerName),
  ).toHaveCount(0);
}

/** A box of the All projects tab, e.g. '1 Assigned assigned, in progress, rejected'. */
function countButton(technician: Page, label: string): Locator {
  return technician
    .getByRole('region', { name: 'Project counts' })
    .getByRole('button', { name: new RegExp(`^\\d+\\s*${label}\\b`) });
}

test('a work order goes from the pending list through a technician and back for reassignment', async ({
  browser,
  baseURL,
}) => {
  // The whole lifecycle with three people, each in their own browser.
  test.setTimeout(150_000);
  const team = await seedWorkOrderTeam(baseURL as string);
  const { order, technicians } = team;
  const [first, second] = technicians;
  const instructions = unique('Bring the ladder ');
  const pauseReason = unique('Customer not at home ');
  const stopReason = unique('Needs a senior installer ');
  const acceptRemark = unique('Second technician takes over ');

  const manager = await openAs(browser, baseURL as string, team.manager, 'desktop');
  await seeManagerDashboard(manager, { pending: 1, assignedProjects: 0 }, {});
  await manager.goto('/work-orders');
  await expect(manager.getByRole('heading', { name: 'Pending Work Orders' })).toBeVisible();
  await manager.getByLabel('Search work orders').fill(order.customerName);
  await expandPendingRow(manager, order.customerName);
  await shot(manager, 'pending-work-orders-desk', { fullPage: false });
  await assignExpanded(manager, order.customerName, team.branch.name, first, instructions);

  await seeManagerProjects(
    manager,
    order.customerName,
    { All: 1, 'Pending Approval': 0, 'In Progress': 1, Transferred: 0, Completed: 0 },
    'Assigned',
  );
  await expect(projectRow(manager, order.customerName, 'Assigned')).toContainText(nameOf(first));
  await shot(manager, 'projects-desk', { fullPage: false });
  await seeManagerDashboard(manager, { pending: 0, assignedProjects: 1 }, { assigned: 1 });

  // Technician 1, on a phone: the order waits on Home and under Assigned.
  const tech = await openAs(browser, baseURL as string, first, 'phone');
  await tech.goto('/technician-dashboard');
  await expect(card(tech, 'Your Tasks', order)).toContainText('Assigned');
  await expect(tech.getByRole('button', { name: /Active Assignments/ })).toContainText('1');
  await shot(tech, '01-home-assigned', { fullPage: false });
  await bottomBar(tech).getByRole('button', { name: 'All' }).click();
  await countButton(tech, 'Assigned').click();
  await expect(tech.getByRole('heading', { name: 'Assigned Projects' })).toBeVisible();
  await card(tech, 'Assigned Projects', order).click();

  const details = tech.getByRole('dialog', { name: order.projectType });
  await expect(details).toContainText(order.orderId);
  await expect(details.getByText('Assigned', { exact: true }).first()).toBeVisible();
  await expect(details).toContainText(instructions);
  await shot(tech, '02-details-assigned', { fullPage: false });
  await details.getByRole('button', { name: 'Start Project' }).click();
  await seeNotice(tech, 'Project started');
  await expect(details.getByText('In Progress', { exact: true }).first()).toBeVisible();
  await details.getByRole('button', { name: 'Open Current Project' }).click();
  await expect(details).toHaveCount(0);

  // The current project, where pause and stop live.
  await expect(tech.getByRole('heading', { name: 'Current Project' })).toBeVisible();
  const current = tech.getByRole('region', { name: order.projectType });
  await expect(current).toContainText(order.customerName);
  await expect(current).toContainText('In Progress');
  await shot(tech, '03-current-in-progress', { fullPage: false });

  await seeManagerProjects(
    manager,
    order.customerName,
    { All: 1, 'Pending Approval': 0, 'In Progress': 1, Transferred: 0, Completed: 0 },
    'In Progress',
  );
  await seeManagerDashboard(manager, { pending: 0, assignedProjects: 1 }, { inProgress: 1 });

  await tech.getByRole('button', { name: 'Pause Project' }).scrollIntoViewIfNeeded();
  await shot(tech, '03b-current-actions', { fullPage: false });
  await tech.getByRole('button', { name: 'Pause Project' }).click();
  const pause = tech.getByRole('dialog', { name: 'Pause Project' });
  await expect(pause.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await pause.getByLabel('Reason for Pausing Project*').fill('   ');
  await expect(pause.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await pause.getByLabel('Reason for Pausing Project*').fill(pauseReason);
  await shot(tech, '04-pause-dialog', { fullPage: false });
  await pause.getByRole('button', { name: 'Submit' }).click();
  await seeNotice(tech, 'Project paused');
  await expect(pause).toHaveCount(0);
  await expect(tech.getByText('No Active Project')).toBeVisible();
  await expect(
    tech.getByText("You don't have any in-progress project at the moment"),
  ).toBeVisible();

  await seeManagerProjects(
    manager,
    order.customerName,
    { All: 1, 'Pending Approval': 0, 'In Progress': 1, Transferred: 0, Completed: 0 },
    'Paused',
  );
  // Paused counts as in progress in the overview and as an assigned project (spec 1 §4).
  await seeManagerDashboard(manager, { pending: 0, assignedProjects: 1 }, { inProgress: 1 });

  // Paused: under the Paused count of All, with the reason in the dialog and the history.
  await bottomBar(tech).getByRole('button', { name: 'All' }).click();
  await countButton(tech, 'Paused').click();
  await expect(tech.getByRole('heading', { name: 'Paused Projects' })).toBeVisible();
  await expect(card(tech, 'Paused Projects', order)).toContainText('Paused');
  await card(tech, 'Paused Projects', order).click();
  await expect(details.getByText('Project Paused')).toBeVisible();
  await expect(details).toContainText(`Pause reason: ${pauseReason}`);
  const history = details.getByRole('list').filter({ hasText: pauseReason });
  await expect(history.getByRole('listitem').filter({ hasText: pauseReason })).toContainText(
    'Paused',
  );
  await shot(tech, '05-details-paused', { fullPage: false });

  await details.getByRole('button', { name: 'Resume Project' }).click();
  const resume = tech.getByRole('dialog', { name: 'Resume Project' });
  await expect(resume).toContainText(
    `Do you want to resume ${order.projectType} for ${order.customerName}?`,
  );
  await resume.getByRole('button', { name: 'Yes' }).click();
  await seeNotice(tech, 'Project resumed');
  await expect(resume).toHaveCount(0);
  await expect(details.getByText('In Progress', { exact: true }).first()).toBeVisible();
  await expect(details).toContainText('Project resumed by technician');
  await details.getByRole('button', { name: 'Close' }).first().click();
  await expect(details).toHaveCount(0);

  await seeManagerProjects(
    manager,
    order.customerName,
    { All: 1, 'Pending Approval': 0, 'In Progress': 1, Transferred: 0, Completed: 0 },
    'In Progress',
  );

  // Stop: the reason goes to the manager as a transfer request.
  await bottomBar(tech).getByRole('button', { name: 'Current' }).click();
  await expect(current).toContainText('In Progress');
  await expect(tech.getByRole('region', { name: 'Report History' })).toContainText(
    'Project resumed by technician',
  );
  await tech.getByRole('button', { name: 'Stop Project' }).click();
  const stop = tech.getByRole('dialog', { name: 'Stop Project' });
  await expect(stop.getByRole('button', { name: 'Stop Project' })).toBeDisabled();
  await stop.getByLabel('Reason for Stopping Project*').fill(stopReason);
  await shot(tech, '06-stop-dialog', { fullPage: false });
  await stop.getByRole('button', { name: 'Stop Project' }).click();
  await seeNotice(tech, 'Transfer request sent to your manager');
  await expect(stop).toHaveCount(0);
  await expect(tech.getByText('No Active Project')).toBeVisible();

  await bottomBar(tech).getByRole('button', { name: 'Home' }).click();
  await expect(card(tech, 'Your Tasks', order)).toContainText('Transfer Pending');
  await bottomBar(tech).getByRole('button', { name: 'All' }).click();
  await expect(countButton(tech, 'Assigned')).toHaveText(/^0/);
  // Issue 15: the transfer pending project is in a box of its own; the boxes add up.
  await expect(countButton(tech, 'Transferred')).toHaveText(/^1/);
  await shot(tech, '07a-all-projects', { fullPage: false });
  await countButton(tech, 'Transferred').click();
  await expect(tech.getByRole('heading', { name: 'Transferred Projects' })).toBeVisible();
  await expect(card(tech, 'Transferred Projects', order)).toContainText('Transfer Pending');
  await card(tech, 'Transferred Projects', order).click();
  await expect(details.getByText('Transfer Pending', { exact: true }).first()).toBeVisible();
  await expect(details).toContainText('waiting for your manager to approve the transfer');
  await expect(details.getByRole('listitem').filter({ hasText: stopReason }).first()).toContainText(
    'Transfer Requested',
  );
  await expect(details.getByRole('button', { name: 'Start Project' })).toHaveCount(0);
  await shot(tech, '07-details-transfer-pending', { fullPage: false });
  await tech.keyboard.press('Escape');
  await expect(details).toHaveCount(0);

  await seeManagerProjects(
    manager,
    order.customerName,
    { All: 1, 'Pending Approval': 0, 'In Progress': 0, Transferred: 1, Completed: 0 },
    'Transferring',
  );
  await seeManagerDashboard(manager, { pending: 0, assignedProjects: 0 }, { transferring: 1 });

  // The manager accepts the transfer and lands on the pending list to reassign.
  await manager.goto('/transferred-projects');
  const request = manager
    .getByRole('table', { name: 'Transfer requests' })
    .getByRole('row')
    .filter({ hasText: order.customerName });
  await expect(request).toContainText(stopReason);
  await expect(request).toContainText(nameOf(first));
  await request.click();
  await manager.getByRole('button', { name: 'Accept', exact: true }).click();
  const accept = manager.getByRole('dialog', { name: 'Accept Transfer Request' });
  await expect(accept).toContainText(stopReason);
  await accept.getByLabel('Remark*').fill(acceptRemark);
  await accept.getByRole('button', { name: 'Accept Transfer' }).click();
  await seeNotice(manager, 'Transfer request accepted successfully');
  await expect(manager).toHaveURL(/\/work-orders$/);

  await manager.getByLabel('Search work orders').fill(order.customerName);
  const pendingTable = await expandPendingRow(manager, order.customerName);
  await expect(pendingTable).toContainText('Transferred project');
  await expect(pendingTable).toContainText(`Reason for transfer: ${stopReason}`);
  await expect(pendingTable).toContainText(`Manager's note: ${acceptRemark}`);
  await shot(manager, '10-pending-transfer-notice', { fullPage: false });
  await assignExpanded(
    manager,
    order.customerName,
    team.branch.name,
    second,
    'Take over from the first visit',
  );

  await seeManagerProjects(
    manager,
    order.customerName,
    { All: 2, 'Pending Approval': 0, 'In Progress': 1, Transferred: 1, Completed: 0 },
    'Transferred',
  );
  await expect(projectRow(manager, order.customerName, 'Assigned')).toContainText(nameOf(second));
  await seeManagerDashboard(
    manager,
    { pending: 0, assignedProjects: 1 },
    { assigned: 1, transferred: 1 },
  );

  // Technician 2 finds it under Assigned; technician 1 no longer has it on their plate.
  const tech2 = await openAs(browser, baseURL as string, second, 'phone');
  await tech2.goto('/technician-dashboard');
  await expect(card(tech2, 'Your Tasks', order)).toContainText('Assigned');
  await bottomBar(tech2).getByRole('button', { name: 'All' }).click();
  await countButton(tech2, 'Assigned').click();
  await expect(card(tech2, 'Assigned Projects', order)).toContainText('Assigned');
  await shot(tech2, '08-tech2-assigned', { fullPage: false });

  // Technician 1 keeps it only as a completed transfer, with the manager's remark.
  await tech.reload();
  await bottomBar(tech).getByRole('button', { name: 'Home' }).click();
  await expect(tech.getByText('No tasks assigned yet')).toBeVisible();
  await bottomBar(tech).getByRole('button', { name: 'All' }).click();
  await countButton(tech, 'Transferred').click();
  await expect(card(tech, 'Transferred Projects', order)).toContainText('Transferred');
  await card(tech, 'Transferred Projects', order).click();
  await expect(details.getByText('Transfer Complete')).toBeVisible();
  await expect(details).toContainText(acceptRemark);
  await expect(details.getByRole('button', { name: 'Start Project' })).toHaveCount(0);
  await shot(tech, '11-details-transferred', { fullPage: false });
});

test('a rejected transfer goes back to the technician, who starts it again', async ({
  browser,
  baseURL,
}) => {
  // Two people in two browsers: slower than one page when the machine is busy.
  test.setTimeout(90_000);
  const team = await seedWorkOrderTeam(baseURL as string);
  const { order } = team;
  const [first] = team.technicians;
  const stopReason = unique('Part missing ');
  const rejectReason = unique('The part arrives today, please continue ');
  await assignOrder(team.manager.api, order, first.id);
  await startOrder(first.api, order);
  await changeStatus(first.api, order, 'transferring', stopReason);

  const manager = await openAs(browser, baseURL as string, team.manager, 'desktop');
  await manager.goto('/transferred-projects');
  const request = manager
    .getByRole('table', { name: 'Transfer requests' })
    .getByRole('row')
    .filter({ hasText: order.customerName });
  await request.click();
  await manager.getByRole('button', { name: 'Reject', exact: true }).click();
  const reject = manager.getByRole('dialog', { name: 'Reject Transfer Request' });
  await reject.getByRole('button', { name: 'Reject Transfer' }).click();
  await expect(reject.getByText('Reject reason cannot be empty')).toBeVisible();
  await reject.getByLabel('Reason for Rejection*').fill(rejectReason);
  await reject.getByRole('button', { name: 'Reject Transfer' }).click();
  await seeNotice(manager, 'Transfer request rejected successfully');
  await expect(reject).toHaveCount(0);
  await expect(request).toHaveCount(0);

  await seeManagerProjects(
    manager,
    order.customerName,
    { All: 1, 'Pending Approval': 0, 'In Progress': 0, Transferred: 0, Completed: 0 },
    'Rejected',
  );

  const tech = await openAs(browser, baseURL as string, first, 'phone');
  await tech.goto('/technician-dashboard');
  await expect(card(tech, 'Your Tasks', order)).toContainText('Rejected');
  await card(tech, 'Your Tasks', order).click();
  const details = tech.getByRole('dialog', { name: order.projectType });
  await expect(details.getByText('Transfer Rejected').first()).toBeVisible();
  await expect(details).toContainText(`Reject reason: ${rejectReason}`);
  await shot(tech, '09-details-rejected', { fullPage: false });
  await details.getByRole('button', { name: 'Start Project' }).click();
  await seeNotice(tech, 'Project started');
  await expect(details.getByText('In Progress', { exact: true }).first()).toBeVisible();
  await details.getByRole('button', { name: 'Open Current Project' }).click();
  await expect(tech.getByRole('region', { name: order.projectType })).toContainText(
    order.customerName,
  );

  await seeManagerProjects(
    manager,
    order.customerName,
    { All: 1, 'Pending Approval': 0, 'In Progress': 1, Transferred: 0, Completed: 0 },
    'In Progress',
  );
});

test('on a phone the manager assigns a pending order and opens a project without scrolling sideways', async ({
  browser,
  baseURL,
}) => {
  // Issue 39 item 23: at 360 px the lists are cards, their actions on the screen as it stands.
  const team = await seedWorkOrderTeam(baseURL as string);
  const { order } = team;
  const [first] = team.technicians;
  const manager = await openAs(browser, baseURL as string, team.manager, 'phone');

  await manager.goto('/work-orders');
  await expect(manager.getByRole('heading', { name: 'Pending Work Orders' })).toBeVisible();
  await manager.getByLabel('Search work orders').fill(order.customerName);
  const pending = await expandPendingRow(manager, order.customerName);
  await expect(pending).toContainText('Date created:');
  const assign = manager.getByRole('button', { name: 'Assign Technician' });
  await expectReachableWithoutSidewaysScroll(manager, assign);
  await shot(manager, 'pending-work-orders-phone', { fullPage: false });
  await assignExpanded(
    manager,
    order.customerName,
    team.branch.name,
    first,
    unique('Phone assignment '),
  );

  await manager.goto('/manager-dashboard');
  const project = projectRow(manager, order.customerName, 'Assigned');
  await expect(project).toContainText(`Technician: ${nameOf(first)}`);
  await project.click();
  const view = manager.getByRole('button', { name: 'View Details' });
  await expectReachableWithoutSidewaysScroll(manager, view);
  await shot(manager, 'projects-phone', { fullPage: false });
  await view.click();
  await expect(manager.getByRole('dialog')).toContainText(order.orderId);
  expect(await pageWidth(manager)).toBeLessThanOrEqual(360);
});

test('Refresh on Projects counts the chips with the list it shows', async ({
  browser,
  baseURL,
}) => {
  const team = await seedWorkOrderTeam(baseURL as string);
  const { order } = team;
  const [first] = team.technicians;
  await assignOrder(team.manager.api, order, first.id);
  await startOrder(first.api, order);

  const manager = await openAs(browser, baseURL as string, team.manager, 'desktop');
  await seeManagerProjects(
    manager,
    order.customerName,
    { All: 1, 'Pending Approval': 0, 'In Progress': 1, Transferred: 0, Completed: 0 },
    'In Progress',
  );

  // Meanwhile, on the technician's phone: the job is handed back for transfer.
  await changeStatus(first.api, order, 'transferring', unique('Needs a ladder '));
  await manager.getByRole('button', { name: 'Refresh' }).click();
  await expect(projectRow(manager, order.customerName, 'Transferring')).toBeVisible();
  const chips = manager.getByRole('group', { name: 'Project status' });
  await expect(chips.getByRole('button', { name: /^In Progress/ })).toHaveText(/^In Progress\s*0$/);
  await expect(chips.getByRole('button', { name: /^Transferred/ })).toHaveText(/^Transferred\s*1$/);
});

test("a technician neither sees nor moves another technician's order", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const team = await seedWorkOrderTeam(baseURL as string);
  const { order } = team;
  const [first, second] = team.technicians;
  await assignOrder(team.manager.api, order, first.id);

  const other = await openAs(browser, baseURL as string, second, 'phone');
  await other.goto('/technician-dashboard');
  await expect(other.getByText('No tasks assigned yet')).toBeVisible();
  await bottomBar(other).getByRole('button', { name: 'All' }).click();
  await expect(other.getByText('No active assignments')).toBeVisible();

  // The same browser session asks the server directly: the order is not theirs to see or start.
  const details = await other.request.get(
    `/api/get-work-order-details/${order.customerId}/${order.orderId}`,
  );
  expect(details.ok()).toBe(false);
  const start = await other.request.post('/api/update-work-status', {
    data: { customerId: order.customerId, orderId: order.orderId, status: 'in-progress' },
  });
  expect(start.ok()).toBe(false);

  // The owner still finds it untouched.
  const owner = await openAs(browser, baseURL as string, first, 'phone');
  await owner.goto('/technician-dashboard');
  await expect(card(owner, 'Your Tasks', order)).toContainText('Assigned');
});
