import {
  assignStock,
  createBranchTeam,
  createItem,
  createStartedOrder,
  type Member,
  type SeededBranch,
  type SeededItem,
  type SeededOrder,
  stockIn,
  stockTechnician,
  unique,
  uniqueSerials,
} from '@karya/test-factories';
import type { APIRequestContext } from '@playwright/test';
import { type Api, adminApi } from './api';

/** The UPI payee the seeded branches collect to, so the wizard can draw its QR code. */
export const BRANCH_UPI = { vpa: 'karya.billing@okaxis', name: 'Karya Billing' } as const;

export interface StockLine {
  item: SeededItem;
  /** Rupees. */
  salePrice: number;
}

export interface BillingScene {
  branch: SeededBranch;
  manager: Member<Api>;
  technician: Member<Api>;
  /** The manager's API client, for the journey's own requests. */
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
  const admin = await adminApi(baseURL);
  const {
    branch,
    manager,
    technicians: [technician],
  } = await createBranchTeam(admin, {
    branch: {
      address: 'Shop 4, MG Road, Pune',
      phone: '020 2612 3456',
      upiVpa: BRANCH_UPI.vpa,
      upiName: BRANCH_UPI.name,
    },
  });
  const line = async (
    type: 'serialized-product' | 'generic-product' | 'service',
    name: string,
    salePrice: number,
  ) => ({
    item: await createItem(admin, type, { name: unique(name), salePrice }),
    salePrice,
  });
  const camera = await line('serialized-product', 'Dome Camera ', prices.camera ?? 2500);
  const cable = { ...(await line('generic-product', 'Cable ', prices.cable ?? 12.5)), held: 3 };
  const service = await line('service', 'Installation ', prices.service ?? 499.99);
  await admin.dispose();

  const serials = uniqueSerials(2, 'CAM');
  await stockTechnician(manager.api, technician.id, camera.item._id, { serials });
  await stockIn(manager.api, cable.item._id, { quantity: 10 });
  await assignStock(manager.api, technician.id, cable.item._id, { quantity: cable.held });
  const order = await createStartedOrder(manager.api, technician);
  return {
    branch,
    manager,
    technician,
    managerApi: manager.api.request,
    order,
    serials,
    camera,
    cable,
    service,
  };
}

/** '₹1,234.50': rupees as the screens show them. */
export function rupees(amount: number): string {
  return new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: 2,
  }).format(amount);
}
