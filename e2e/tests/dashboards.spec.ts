import { expect, test } from '@playwright/test';
import { ADMIN, disposeTeam, nameOf } from '../support/api';
import {
  countsRow,
  type DashboardBranch,
  expectCards,
  expectRow,
  rowOf,
  type StatusCounts,
  seedDashboardBranch,
  seedOrders,
  summaryCard,
  tileValue,
} from '../support/dashboards';
import { signIn } from '../support/login';
import { shot } from '../support/shots';

/*
 * Spec 1 §2.4, §2.6, §2.7, §2.8: every dashboard figure comes from the server's counts of the
 * work orders. Two fresh branches get work orders in every status the API can reach before
 * billing exists (assigned, in progress, paused, transferring, transferred, pending); other
 * journeys add branches of their own in parallel, so only these branches' rows are checked.
 */

test.describe.configure({ mode: 'serial' });

let alpha: DashboardBranch;
let beta: DashboardBranch;

const NONE: StatusCounts = {
  assigned: 0,
  inProgress: 0,
  pendingApproval: 0,
  completed: 0,
  transferring: 0,
  transferred: 0,
};
/** Alpha's first technician: one assigned, one transferring, one in progress. */
const ALPHA_FIRST: StatusCounts = { ...NONE, assigned: 1, inProgress: 1, transferring: 1 };
/** Alpha's second technician: one transferred, one paused (counted in progress). */
const ALPHA_SECOND: StatusCounts = { ...NONE, inProgress: 1, transferred: 1 };
const ALPHA: StatusCounts = {
  ...NONE,
  assigned: 1,
  inProgress: 2,
  transferring: 1,
  transferred: 1,
};
/** Beta's technician: two assigned, one transferring. */
const BETA: StatusCounts = { ...NONE, assigned: 2, transferring: 1 };

/**
 * Alpha's pending list: the order nobody took plus the one the accepted transfer sent back.
 * Assigned projects (spec 1 §4) are assigned, in progress and paused: 1 + 1 + 1.
 * The branch tile's Assigned (spec 1 §9) leaves paused out: 1 + 1.
 */
const ALPHA_WORK_ORDERS = 2;
const ALPHA_ASSIGNED_PROJECTS = 3;
const ALPHA_ASSIGNED_TILE = 2;
const ALPHA_CUSTOMERS = 6;

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(120_000);
  alpha = await seedDashboardBranch(baseURL as string, 2);
  beta = await seedDashboardBranch(baseURL as string, 1);
  const [first, second] = alpha.technicians;
  const [betaTechnician] = beta.technicians;
  if (!first || !second || !betaTechnician) throw new Error('technicians not seeded');
  await seedOrders(alpha, first, ['assigned', 'transferring', 'in-progress']);
  await seedOrders(alpha, second, ['transferred', 'paused']);
  await seedOrders(alpha, null, ['pending']);
  await seedOrders(beta, betaTechnician, ['assigned', 'assigned', 'transferring']);
});

test.afterAll(async () => {
  await disposeTeam(alpha);
  await disposeTeam(beta);
});

/** The Status badge reads 'active' and is shown capitalised. */
const ACTIVE = /^active$/i;

test('the admin sees every branch in Branch Overview and can narrow the dashboard to one', async ({
  page,
}) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  const overview = page.getByRole('table', { name: 'Branch Overview' });
  await expectRow(overview, alpha.branch.name, countsRow(alpha.branch.name, ALPHA));
  await expectRow(overview, beta.branch.name, countsRow(beta.branch.name, BETA));
  await expect(rowOf(overview, 'Total')).toBeVisible();
  await shot(page, 'dashboard-admin');

  await page.getByRole('combobox', { name: 'Branch' }).selectOption({ label: alpha.branch.name });
  await expect(page).toHaveURL(new RegExp(`branch=${alpha.branch.id}`));
  await expectCards(page, {
    'Total Branches': 1,
    'Total Technicians': 2,
    'Inventory Items': 0,
    'Total Customers': ALPHA_CUSTOMERS,
    'Work Orders': ALPHA_WORK_ORDERS,
    'Assigned Projects': ALPHA_ASSIGNED_PROJECTS,
    'Pending Approvals': 0,
    'Completed Projects': 0,
  });
  await expect(overview.getByRole('row')).toHaveCount(3);
  await expectRow(overview, alpha.branch.name, countsRow(alpha.branch.name, ALPHA));
  await expectRow(overview, 'Total', countsRow('Total', ALPHA));

  await page.getByRole('combobox', { name: 'Branch' }).selectOption({ label: beta.branch.name });
  await expectCards(page, { 'Total Technicians': 1, 'Work Orders': 0, 'Assigned Projects': 2 });
  await expectRow(overview, 'Total', countsRow('Total', BETA));

  // Admin cards navigate, keeping the branch.
  await summaryCard(page, 'Work Orders').getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/work-orders\\?branch=${beta.branch.id}$`));
});

test("the manager's dashboard counts their branch and each technician, with a Total row", async ({
  page,
}) => {
  await signIn(page, alpha.manager.username, alpha.manager.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectCards(page, {
    'Active Leads': 0,
    Customers: ALPHA_CUSTOMERS,
    Technicians: 2,
    'Inventory Items': 0,
    'Pending Work Orders': ALPHA_WORK_ORDERS,
    'Assigned Projects': ALPHA_ASSIGNED_PROJECTS,
    'Pending Approvals': 0,
    'Completed Projects': 0,
  });
  // Manager cards only show their counts.
  await expect(page.getByRole('list', { name: 'Summary' }).getByRole('link')).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Branch' })).toHaveCount(0);

  const [first, second] = alpha.technicians;
  if (!first || !second) throw new Error('technicians not seeded');
  const overview = page.getByRole('table', { name: 'Technicians Overview' });
  await expect(overview.getByRole('row')).toHaveCount(4);
  await expectRow(overview, nameOf(first), countsRow(nameOf(first), ALPHA_FIRST));
  await expectRow(overview, nameOf(second), countsRow(nameOf(second), ALPHA_SECOND));
  await expectRow(overview, 'Total', countsRow('Total', ALPHA));
  await shot(page, 'dashboard-manager');
});

test('branch details and manager details show the same counts as the dashboard', async ({
  page,
}) => {
  const [first, second] = alpha.technicians;
  if (!first || !second) throw new Error('technicians not seeded');
  await signIn(page, ADMIN.username, ADMIN.password);

  // From the Branch Overview to the branch's own page.
  await rowOf(page.getByRole('table', { name: 'Branch Overview' }), alpha.branch.name)
    .getByRole('link', { name: alpha.branch.name })
    .click();
  await expect(page).toHaveURL(new RegExp(`/branches/${alpha.branch.id}$`));
  await expect(page.getByRole('heading', { name: 'Branch Details' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(tileValue(main, 'Technicians')).toHaveText('2');
  await expect(tileValue(main, 'Work Orders')).toHaveText(String(ALPHA_WORK_ORDERS));
  await expect(tileValue(main, 'Assigned')).toHaveText(String(ALPHA_ASSIGNED_TILE));
  const technicians = page.getByRole('table', { name: 'Technicians Overview' });
  await expectRow(technicians, nameOf(first), [...countsRow(nameOf(first), ALPHA_FIRST), ACTIVE]);
  await expectRow(technicians, nameOf(second), [
    ...countsRow(nameOf(second), ALPHA_SECOND),
    ACTIVE,
  ]);
  await expectRow(technicians, 'Total', [...countsRow('Total', ALPHA), '']);

  // The Branch Manager card leads to Manager Details.
  await main.getByText(nameOf(alpha.manager), { exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/users/managers/${alpha.manager.id}$`));
  await expect(page.getByRole('heading', { name: 'Manager Details' })).toBeVisible();
  const performance = page.getByRole('region', { name: 'Branch Performance' });
  await expect(tileValue(performance, 'Team Size')).toHaveText('2');
  await expect(tileValue(performance, 'Work Orders')).toHaveText(String(ALPHA_WORK_ORDERS));
  await expect(tileValue(performance, 'Assigned')).toHaveText(String(ALPHA_ASSIGNED_PROJECTS));
  await expect(tileValue(performance, 'Pending Approval')).toHaveText('0');
  await expect(tileValue(performance, 'Completed')).toHaveText('0');
  await expect(tileValue(performance, 'Transferring')).toHaveText(String(ALPHA.transferring));
  await expect(tileValue(performance, 'Transferred')).toHaveText(String(ALPHA.transferred));
  const team = page.getByRole('table', { name: 'Team Overview' });
  await expectRow(team, nameOf(first), countsRow(nameOf(first), ALPHA_FIRST));
  await expectRow(team, nameOf(second), countsRow(nameOf(second), ALPHA_SECOND));
  await expectRow(team, 'Total', countsRow('Total', ALPHA));
});

test("the Technician Details modal lists the technician's projects", async ({ page }) => {
  const [first] = alpha.technicians;
  if (!first) throw new Error('technicians not seeded');
  await signIn(page, alpha.manager.username, alpha.manager.password);
  await page.goto('/users/technicians');
  await page.getByRole('button', { name: `Show actions for ${nameOf(first)}` }).click();
  await page.getByRole('button', { name: 'View Details' }).click();
  const dialog = page.getByRole('dialog', { name: 'Technician Details' });
  const projects = dialog.getByRole('table', { name: 'Projects' });
  // Header, then the three projects newest first: in progress, transferring, assigned.
  await expect(projects.getByRole('row')).toHaveCount(4);
  await expect(projects.getByRole('row').nth(1)).toContainText('In Progress');
  await expect(projects.getByRole('row').nth(2)).toContainText('Transferring');
  await expect(projects.getByRole('row').nth(3)).toContainText('Assigned');
  await expect(projects.getByRole('row').nth(1)).toContainText('New Installation');

  await projects.getByRole('row').nth(1).click();
  await dialog.getByRole('button', { name: 'View Details' }).click();
  await expect(page.getByRole('dialog', { name: 'Project Details' })).toBeVisible();
});
