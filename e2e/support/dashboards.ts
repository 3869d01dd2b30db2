import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { ADMIN, answer, apiAs, type SeededUser, seedBranch, seedUser, unique } from './api';
import { assignOrder, changeStatus, seedPendingOrder } from './work-orders';

/** The six overview columns, as the tables show them left to right. */
export interface StatusCounts {
  assigned: number;
  inProgress: number;
  pendingApproval: number;
  completed: number;
  transferring: number;
  transferred: number;
}

/** Where a seeded order is taken: each step is what a manager or technician does on screen. */
type Journey = 'pending' | 'assigned' | 'in-progress' | 'paused' | 'transferring' | 'transferred';

export interface SeededTechnician extends SeededUser {
  api: APIRequestContext;
}

export interface DashboardBranch {
  branch: { _id: string; name: string };
  manager: SeededUser;
  technicians: SeededTechnician[];
  managerApi: APIRequestContext;
}

const REASON = 'Customer asked us to come back next week';

/**
 * One order taken to `journey` through the same calls the screens make: the manager assigns
 * and accepts a transfer, the technician starts, pauses and stops. A technician may have one
 * project in progress at a time, so the caller orders the journeys of one technician with
 * the one left in progress last.
 */
async function takeOrder(
  team: DashboardBranch,
  technician: SeededTechnician,
  journey: Exclude<Journey, 'pending'>,
): Promise<void> {
  const order = await seedPendingOrder(team.managerApi);
  await assignOrder(team.managerApi, order, technician._id);
  if (journey === 'assigned') return;
  await changeStatus(technician.api, order, 'in-progress');
  if (journey === 'in-progress') return;
  if (journey === 'paused') {
    await changeStatus(technician.api, order, 'paused', REASON);
    return;
  }
  await changeStatus(technician.api, order, 'transferring', REASON);
  if (journey === 'transferring') return;
  await answer(
    await team.managerApi.post('/api/accept-technician-project-transfer', {
      data: {
        customerId: order.customerId,
        orderId: order.orderId,
        remark: 'Another technician will take this over',
      },
    }),
  );
}

/** A branch of its own with a manager and `technicianCount` technicians, all signed in. */
export async function seedDashboardBranch(
  baseURL: string,
  technicianCount: number,
): Promise<DashboardBranch> {
  const admin = await apiAs(baseURL, ADMIN.username, ADMIN.password);
  const branch = await seedBranch(admin, unique('Dash Branch '));
  const manager = await seedUser(admin, 'manager', branch._id);
  const technicians: SeededTechnician[] = [];
  for (let index = 0; index < technicianCount; index += 1) {
    const technician = await seedUser(admin, 'technician', branch._id);
    technicians.push({
      ...technician,
      api: await apiAs(baseURL, technician.username, technician.password),
    });
  }
  await admin.dispose();
  return {
    branch,
    manager,
    technicians,
    managerApi: await apiAs(baseURL, manager.username, manager.password),
  };
}

/**
 * Work orders of one technician, taken in this order (leave 'in-progress' last: it is the
 * technician's one active project).
 */
export async function seedOrders(
  team: DashboardBranch,
  technician: SeededTechnician | null,
  journeys: readonly Journey[],
): Promise<void> {
  for (const journey of journeys) {
    if (journey === 'pending') await seedPendingOrder(team.managerApi);
    else if (technician) await takeOrder(team, technician, journey);
    else throw new Error(`${journey} needs a technician`);
  }
}

export async function disposeBranch(team: DashboardBranch): Promise<void> {
  await team.managerApi.dispose();
  for (const technician of team.technicians) await technician.api.dispose();
}

/** Row values of an overview table in column order: name, the six counts (and Status). */
export function countsRow(name: string, counts: StatusCounts): string[] {
  return [
    name,
    String(counts.assigned),
    String(counts.inProgress),
    String(counts.pendingApproval),
    String(counts.completed),
    String(counts.transferring),
    String(counts.transferred),
  ];
}

/** A stat card or tile: its label and, under it, the number (a column heading is no tile). */
export function tileValue(scope: Locator, label: string): Locator {
  return scope
    .locator('p')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=../following-sibling::p');
}

export function summaryCard(page: Page, label: string): Locator {
  return page
    .getByRole('list', { name: 'Summary' })
    .getByRole('listitem')
    .filter({ has: page.getByText(label, { exact: true }) });
}

export function rowOf(table: Locator, name: string): Locator {
  return table.getByRole('row').filter({ has: table.page().getByText(name, { exact: true }) });
}

export async function expectRow(
  table: Locator,
  name: string,
  cells: Array<string | RegExp>,
): Promise<void> {
  await expect(rowOf(table, name).getByRole('cell')).toHaveText(cells);
}

export async function expectCards(page: Page, cards: Record<string, number>): Promise<void> {
  for (const [label, value] of Object.entries(cards)) {
    await expect(tileValue(summaryCard(page, label), label), label).toHaveText(String(value));
  }
}
