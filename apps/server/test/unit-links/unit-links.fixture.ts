import { type UnitLink, unitLinkSchema } from '@karya/domain/complaint-schemas';
import {
  approveOrder,
  assignStock,
  billLine,
  completeOrder,
  confirmBill,
  createBill,
  createBranchTeam,
  createItem,
  createStartedOrder,
  type SeededOrder,
  saveBusinessProfile,
  stockIn,
  uniquePhone,
  uniqueSerials,
} from '@karya/test-factories';
import { expect } from 'vitest';
import { type Client, client } from '../helpers/http';
import { ADMIN, createTestApp, loginAs, type TestApp } from '../helpers/test-app';

/**
 * The world of the unit-link tests (issue 37): two branches, Kothrud with a manager and a
 * technician who installs cameras, Baner with its own manager; the business's trade name.
 */
export interface UnitWorld {
  t: TestApp;
  admin: Client;
  managerA: Client;
  /** Manager A's session cookie, for requests the client does not shape (a Host header). */
  managerACookie: string;
  managerB: Client;
  techA: Client;
  techAId: string;
  camera: { id: string; _id: string; name: string };
  /** Serials put into Kothrud's stock. */
  stock(count: number, prefix?: string): Promise<string[]>;
  /** The serials (already in Kothrud's stock) installed, billed and approved for a new customer. */
  install(serials: readonly string[]): Promise<Installed>;
  /** A new unit in stock, installed. */
  installNew(prefix?: string): Promise<Installed & { serial: string }>;
  linkOf(serial: string, as?: Client): Promise<UnitLink>;
}

export interface Installed {
  order: SeededOrder;
  phone: string;
  customerName: string;
}

export const BRANCH_PHONE = '+91 20 2543 0000';
export const TRADE_NAME = 'Sai Security Systems';

export async function unitWorld(env: Record<string, string> = {}): Promise<UnitWorld> {
  const t = await createTestApp(env);
  const admin = client(t.app, await loginAs(t.app, ADMIN.username, ADMIN.password));
  await saveBusinessProfile(admin, { tradeName: TRADE_NAME });
  const kothrud = await createBranchTeam(admin, {
    branch: { name: 'Kothrud', phone: BRANCH_PHONE },
    technicians: [{ firstName: 'Suresh', lastName: 'Patil', phone: '+91 98220 12345' }],
  });
  const baner = await createBranchTeam(admin, { branch: { name: 'Baner' }, technicians: [] });
  const managerA = kothrud.manager.api;
  const [{ id: techAId, api: techA }] = kothrud.technicians;
  const camera = await createItem(admin, 'serialized-product', {
    name: 'Dome Camera 4MP',
    warranty: '1 year',
    salePrice: 3000,
  });

  const stock = async (count: number, prefix = 'UL') => {
    const serials = uniqueSerials(count, prefix);
    await stockIn(managerA, camera.id, { serials });
    return serials;
  };

  let customers = 0;
  const install = async (serials: readonly string[]): Promise<Installed> => {
    customers += 1;
    const phone = `+91${uniquePhone()}`;
    const customerName = `Meera Joshi ${customers}`;
    await assignStock(managerA, techAId, camera.id, { serials });
    const order = await createStartedOrder(
      managerA,
      { id: techAId, api: techA },
      { name: customerName, phoneNumber: phone, address: 'Baner Road', initialRemark: 'Gate 2' },
    );
    const bill = await createBill(
      techA,
      order,
      serials.map((serialNumber) => billLine(camera, { serialNumber })),
    );
    await confirmBill(techA, bill._id);
    await completeOrder(techA, order);
    await approveOrder(managerA, order, 'All cameras recording well now');
    return { order, phone, customerName };
  };

  return {
    t,
    admin,
    managerA,
    managerACookie: await loginAs(t.app, kothrud.manager.username, kothrud.manager.password),
    managerB: baner.manager.api,
    techA,
    techAId,
    camera,
    stock,
    install,
    async installNew(prefix = 'UL') {
      const [serial = ''] = await stock(1, prefix);
      return { ...(await install([serial])), serial };
    },
    async linkOf(serial, as = managerA) {
      const response = await as.post('/api/unit-link', { serial });
      expect(response.statusCode, response.body).toBe(200);
      return unitLinkSchema.parse(response.json().data);
    },
  };
}

/** A caller without a session, from one address (each test its own, so limits stay apart). */
export const visitor = (t: TestApp, ip: string) => ({
  get: (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: ip }),
  post: (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: ip }),
});
