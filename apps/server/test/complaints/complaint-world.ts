import { indiaDate } from '@karya/domain/financial-year';
import {
  approveOrder,
  assignStock,
  billLine,
  completeOrder,
  confirmBill,
  createBill,
  createItem,
  createStartedOrder,
  type SeededItem,
  type SeededOrder,
  stockIn,
  uniqueSerials,
} from '@karya/test-factories';
import { expect } from 'vitest';
import type { Client } from '../helpers/http';

/** What the complaint tests build on: a branch's manager and technician, and products. */
export interface Team {
  manager: Client;
  tech: Client;
  techId: string;
}

export const dataOfResponse = <T>(response: { statusCode: number; body: string }): T => {
  expect(response.statusCode, response.body).toBe(200);
  return (JSON.parse(response.body) as { data: T }).data;
};

export const messageOf = (response: { body: string }) =>
  (JSON.parse(response.body) as { message: string }).message;

export const productWith = (admin: Client, warranty: string): Promise<SeededItem> =>
  createItem(admin, 'serialized-product', {
    name: `Dome camera (${warranty})`,
    warranty,
    mrp: 3500,
    purchasePrice: 2000,
    salePrice: 3000,
  });

/** A unit installed, billed and approved for a new customer: what a complaint is raised on. */
export async function completedInstallation(
  team: Team,
  item: SeededItem,
): Promise<{ order: SeededOrder; serial: string }> {
  const [serial = ''] = uniqueSerials(1, 'CMP');
  await stockIn(team.manager, item.id, { serials: [serial] });
  await assignStock(team.manager, team.techId, item.id, { serials: [serial] });
  const order = await createStartedOrder(
    team.manager,
    { id: team.techId, api: team.tech },
    { name: 'Meera Iyer' },
  );
  const bill = await createBill(team.tech, order, [billLine(item, { serialNumber: serial })]);
  await confirmBill(team.tech, bill._id);
  await completeOrder(team.tech, order);
  await approveOrder(team.manager, order);
  return { order, serial };
}

/** An AMC contract over the installation (or only naming serials), active from today. */
export async function activeContract(
  manager: Client,
  order: SeededOrder,
  terms: Record<string, unknown> = {},
): Promise<{ _id: string; slaHours: number | null }> {
  const draft = dataOfResponse<{ _id: string }>(
    await manager.post('/api/amc-contracts', {
      customerId: order.customerId,
      fromOrderId: order._id,
      startDate: indiaDate(new Date()),
      visitsPerTerm: 2,
      price: 2400,
      ...terms,
    }),
  );
  return dataOfResponse(await manager.post(`/api/amc-contracts/${draft._id}/activate`));
}
