import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { ADMIN, apiAs, type SeededUser, seedBranch, seedUser, unique } from './api';
import { seedCustomer, uniquePhone } from './contacts';

type Response = Awaited<ReturnType<APIRequestContext['post']>>;

async function answer<T>(response: Response): Promise<T> {
  const body = (await response.json()) as { data: T };
  expect(response.ok(), JSON.stringify(body)).toBe(true);
  return body.data;
}

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

interface Order {
  customerId: string;
  orderId: string;
}

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

/** A new customer of the branch and the pending New Installation their creation opened. */
async function newPendingOrder(managerApi: APIRequestContext): Promise<Order> {
  const name = unique('Customer ');
  const customer = await seedCustomer(managerApi, { name, phone: uniquePhone() });
  const pending = await answer<Array<{ orderId: string }>>(
    await managerApi.get('/api/get-work-orders', { params: { search: name } }),
  );
  expect(pending, 'the new customer has one pending work order').toHaveLength(1);
  const [order] = pending;
  if (!order) throw new Error('no pending work order for the seeded customer');
  return { customerId: customer._id, orderId: order.orderId };
}

async function post(api: APIRequestContext, path: string, data: object): Promise<void> {
  await answer(await api.post(path, { data }));
}

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
  const order = await newPendingOrder(team.managerApi);
  await post(team.managerApi, '/api/assign-technician', {
    ...order,
    technicianId: technician._id,
    instructions: 'Call before visiting',
  });
  if (journey === 'assigned') return;
  await post(technician.api, '/api/update-work-status', { ...order, status: 'in-progress' });
  if (journey === 'in-progress') return;
  if (journey === 'paused') {
    await post(technician.api, '/api/update-work-status', {
      ...order,
      status: 'paused',
      remark: REASON,
    });
    return;
  }
  await post(technician.api, '/api/update-work-status', {
    ...order,
    status: 'transferring',
    remark: REASON,
  });
  if (journey === 'transferring') return;
  await post(team.managerApi, '/api/accept-technician-project-transfer', {
    ...order,
    remark: 'Another technician will take this over',
  });
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
    if (journey === 'pending') await newPendingOrder(team.managerApi);
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
