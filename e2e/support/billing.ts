import type { APIRequestContext } from '@playwright/test';
import { ADMIN, answer, apiAs, type SeededUser, seedUser, unique } from './api';
import { type SeededItem, seedAssignment, seedItem, seedStock, uniqueSerials } from './inventory';
import { assignOrder, changeStatus, type SeededOrder, seedPendingOrder } from './work-orders';

/** The UPI payee the seeded branches collect to, so the wizard can draw its QR code. */
export const BRANCH_UPI = { vpa: 'karya.billing@okaxis', name: 'Karya Billing' } as const;

export interface StockLine {
  item: SeededItem;
  /** Rupees. */
  salePrice: number;
}

export interface BillingScene {
  branch: { _id: string; name: string };
  manager: SeededUser;
  technician: SeededUser;
  managerApi: APIRequestContext;
  order: SeededOrder;
  /** Serials handed to the technician. */
  serials: string[];
  camera: StockLine;
  cable: StockLine & { held: number };
  service: StockLine;
}

/**
 * A branch of its own (with a UPI payee), its manager and technician, the technician's
 * stock (2 serials of a camera, 3 units of a cable) and a catalogue service, and a New
 * Installation assigned to the technician and started: the wizard can bill at once.
 */
export async function seedBillingScene(
  baseURL: string,
  prices: { camera?: number; cable?: number; service?: number } = {},
): Promise<BillingScene> {
  const admin = await apiAs(baseURL, ADMIN.username, ADMIN.password);
  const branch = await answer<{ _id: string; name: string }>(
    await admin.post('/api/add-branches', {
      data: {
        name: unique('Branch '),
        location: 'Pune',
        address: 'Shop 4, MG Road, Pune',
        phone: '020 2612 3456',
        status: 'active',
        upiVpa: BRANCH_UPI.vpa,
        upiName: BRANCH_UPI.name,
      },
    }),
  );
  const manager = await seedUser(admin, 'manager', branch._id);
  const technician = await seedUser(admin, 'technician', branch._id);
  const camera = {
    item: await seedItem(admin, 'serialized-product', unique('Dome Camera '), {
      salePrice: prices.camera ?? 2500,
    }),
    salePrice: prices.camera ?? 2500,
  };
  const cable = {
    item: await seedItem(admin, 'generic-product', unique('Cable '), {
      salePrice: prices.cable ?? 12.5,
    }),
    salePrice: prices.cable ?? 12.5,
    held: 3,
  };
  const service = {
    item: await seedItem(admin, 'service', unique('Installation '), {
      salePrice: prices.service ?? 499.99,
    }),
    salePrice: prices.service ?? 499.99,
  };
  await admin.dispose();

  const managerApi = await apiAs(baseURL, manager.username, manager.password);
  const serials = uniqueSerials(2, 'CAM');
  await seedStock(managerApi, camera.item._id, { serials });
  await seedStock(managerApi, cable.item._id, { quantity: 10 });
  await seedAssignment(managerApi, technician._id, camera.item._id, { serials });
  await seedAssignment(managerApi, technician._id, cable.item._id, { quantity: cable.held });

  const order = await seedPendingOrder(managerApi);
  await assignOrder(managerApi, order, technician._id);
  const technicianApi = await apiAs(baseURL, technician.username, technician.password);
  await changeStatus(technicianApi, order, 'in-progress');
  await technicianApi.dispose();

  return { branch, manager, technician, managerApi, order, serials, camera, cable, service };
}

/** '₹1,234.50': rupees as the screens show them. */
export function rupees(amount: number): string {
  return new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: 2,
  }).format(amount);
}
