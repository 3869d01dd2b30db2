import {
  acceptTransfer,
  assignOrder,
  type BranchTeam,
  changeStatus,
  createBranchTeam,
  createOrder,
  type Member,
  startOrder,
  type UserFields,
  unique,
} from '@karya/test-factories';
import { expect, type Locator, type Page } from '@playwright/test';
import { type Api, adminApi } from './api';

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

export type DashboardBranch = BranchTeam<Api, UserFields[]>;

const REASON = 'Customer asked us to come back next week';

/**
 * One order taken to `journey` through the same calls the screens make: the manager assigns
 * and accepts a transfer, the technician starts, pauses and stops. A technician may have one
 * project in progress at a time, so the caller orders the journeys of one technician with
 * the one left in progress last.
 */
async function takeOrder(
  team: DashboardBranch,
  technician: Member<Api>,
  journey: Exclude<Journey, 'pending'>,
): Promise<void> {
  const order = await createOrder(team.manager.api);
  await assignOrder(team.manager.api, order, technician.id);
  if (journey === 'assigned') return;
  await startOrder(technician.api, order);
  if (journey === 'in-progress') return;
  if (journey === 'paused') {
    await changeStatus(technician.api, order, 'paused', REASON);
    return;
  }
  await changeStatus(technician.api, order, 'transferring', REASON);
  if (journey === 'transferring') return;
  await acceptTransfer(team.manager.api, order);
}

/** A branch of its own with a manager and `technicianCount` technicians, all signed in. */
export async function seedDashboardBranch(
  baseURL: string,
  technicianCount: number,
): Promise<DashboardBranch> {
  const admin = await adminApi(baseURL);
  const team = await createBranchTeam(admin, {
    branch: { name: unique('Dash Branch ') },
    technicians: Array.from({ length: technicianCount }, (): UserFields => ({})),
  });
  await admin.dispose();
  return team;
}

/**
 * Work orders of one technician, taken in this order (leave 'in-progress' last: it is the
 * technician's one active project).
 */
export async function seedOrders(
  team: DashboardBranch,
  technician: Member<Api> | null,
  journeys: readonly Journey[],
): Promise<void> {
  for (const journey of journeys) {
    if (journey === 'pending') await createOrder(team.manager.api);
    else if (technician) await takeOrder(team, technician, journey);
    else throw new Error(`${journey} needs a technician`);
  }
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
