import { gstinChecksumChar } from '@karya/domain/gst';
import { createBranch, createUser } from '../helpers/factories';
import { type Client, client } from '../helpers/http';
import { ADMIN, createTestApp, loginAs, type TestApp } from '../helpers/test-app';

/**
 * The setting of the invoice and payment tests (issue 19): a business, branches with or
 * without a GSTIN, items with HSN/SAC and rates, customers in a state, all through the API
 * where it has an endpoint.
 */

export const UPI_DEFAULT = { vpa: 'karya.central@okaxis', name: 'Karya Services' };

/** A valid GSTIN of a state: the 14 characters given and their check digit. */
export const gstin = (first14: string) => `${first14}${gstinChecksumChar(first14)}`;
export const MAHARASHTRA_GSTIN = gstin('27AAPFU0939F1Z');
export const MAHARASHTRA_GSTIN_2 = gstin('27AAPFU0939F2Z');
export const KARNATAKA_CUSTOMER_GSTIN = gstin('29AAGCB1286Q1Z');

export interface World {
  t: TestApp;
  admin: Client;
}

export interface Branch {
  id: string;
  name: string;
  manager: Client;
}

export interface Technician {
  id: string;
  http: Client;
}

export interface Item {
  _id: string;
  id: string;
  name: string;
}

export interface Order {
  _id: string;
  orderId: string;
  customerId: string;
}

let seq = 0;
const next = () => {
  seq += 1;
  return seq;
};

export async function expectOk(response: { statusCode: number; body: string }) {
  if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body}`);
}

export async function openWorld(): Promise<World> {
  const t = await createTestApp({ UPI_VPA: UPI_DEFAULT.vpa, UPI_NAME: UPI_DEFAULT.name });
  const admin = client(t.app, await loginAs(t.app, ADMIN.username, ADMIN.password));
  return { t, admin };
}

/** The business, GST-registered unless told otherwise (PUT /api/business-profile). */
export async function saveBusiness(world: World, gstRegistered = true) {
  await expectOk(
    await world.admin.put('/api/business-profile', {
      legalName: 'Karya Installers Private Limited',
      tradeName: 'Karya Security',
      address: '12 FC Road, Pune 411004',
      phone: '020 2555 1234',
      email: 'accounts@karya.example',
      gstRegistered,
    }),
  );
}

/** A branch with its manager; its GSTIN and state set by the admin (update-branch). */
export async function openBranch(
  world: World,
  name: string,
  tax: { gstin?: string | null; stateCode?: string | null; upiVpa?: string } = {},
): Promise<Branch> {
  const branch = await createBranch(world.t.db, { name });
  if (Object.keys(tax).length > 0) {
    await expectOk(await world.admin.post(`/api/update-branch/${branch.id}`, tax));
  }
  const manager = await createUser(world.t.db, 'manager', { branchId: branch.id });
  return {
    id: branch.id,
    name,
    manager: client(world.t.app, await loginAs(world.t.app, manager.username, manager.password)),
  };
}

export async function hireTechnician(world: World, branch: Branch): Promise<Technician> {
  const user = await createUser(world.t.db, 'technician', { branchId: branch.id });
  return {
    id: user.id,
    http: client(world.t.app, await loginAs(world.t.app, user.username, user.password)),
  };
}

export async function createItem(
  world: World,
  item: {
    type: 'serialized-product' | 'generic-product' | 'service';
    name: string;
    salePrice: number;
    hsnSac?: string | null;
    gstRate?: number | null;
    priceIncludesTax?: boolean;
  },
): Promise<Item> {
  const response = await world.admin.post('/api/create-inventory', {
    id: `ITEM-${Date.now()}${next()}`,
    unit: item.type === 'service' ? 'Service' : 'Piece',
    warranty: item.type === 'service' ? '' : '1 year',
    mrp: item.salePrice + 100,
    purchasePrice: Math.round(item.salePrice / 2),
    ...item,
  });
  await expectOk(response);
  return response.json().data;
}

export interface CustomerSetting {
  name?: string;
  stateCode?: string | null;
  gstin?: string | null;
  /** Where the work is done, when not at the customer's address: the place of supply. */
  site?: { address: string; stateCode: string };
}

/**
 * A customer of the branch with a work order the technician has started; with a site, the
 * order is a second one, made for that site (create-work-orders).
 */
export async function startedOrder(
  branch: Branch,
  technician: Technician,
  customer: CustomerSetting = {},
): Promise<Order> {
  const { name = 'Meera Joshi', site, ...tax } = customer;
  const created = await branch.manager.post('/api/create-customer', {
    name,
    phoneNumber: `+9196${String(10_000_000 + next() * 7919).slice(-8)}`,
    email: 'meera@example.com',
    address: 'Baner Road, Pune',
    projectType: 'CCTV Camera',
    initialRemark: 'Install 2 cameras',
    ...tax,
  });
  await expectOk(created);
  const data = created.json().data;
  let order: Order = {
    _id: data.workOrders[0]._id,
    orderId: data.workOrders[0].orderId,
    customerId: data._id,
  };
  if (site) {
    const atSite = await branch.manager.post('/api/create-work-orders', {
      customerId: data._id,
      projectType: 'CCTV Camera',
      initialRemark: 'Install at the factory',
      siteAddress: site.address,
      siteStateCode: site.stateCode,
    });
    await expectOk(atSite);
    order = {
      _id: atSite.json().data._id,
      orderId: atSite.json().data.orderId,
      customerId: data._id,
    };
  }
  const key = { customerId: order.customerId, orderId: order.orderId };
  await expectOk(
    await branch.manager.post('/api/assign-technician', {
      ...key,
      technicianId: technician.id,
      instructions: '',
    }),
  );
  await expectOk(
    await technician.http.post('/api/update-work-status', { ...key, status: 'in-progress' }),
  );
  return order;
}

/** Serials of an item into the branch and then into the technician's hands. */
export async function giveSerials(
  branch: Branch,
  technician: Technician,
  item: Item,
  serials: string[],
) {
  for (const serialNumber of serials) {
    await expectOk(
      await branch.manager.post('/api/add-stock', {
        itemId: item.id,
        serialNumber,
        quantity: 1,
        remark: 'Purchase',
        date: '2026-11-20',
      }),
    );
    await expectOk(
      await branch.manager.post('/api/assign-inventory-technician', {
        technicianId: technician.id,
        type: 'serialized-product',
        itemId: item.id,
        serialNumber,
      }),
    );
  }
}

export async function giveQuantity(
  branch: Branch,
  technician: Technician,
  item: Item,
  quantity: number,
) {
  await expectOk(
    await branch.manager.post('/api/add-stock', {
      itemId: item.id,
      quantity,
      remark: 'Purchase',
      date: '2026-11-20',
    }),
  );
  await expectOk(
    await branch.manager.post('/api/assign-inventory-technician', {
      technicianId: technician.id,
      type: 'generic-product',
      itemId: item.id,
      quantity,
    }),
  );
}

export const line = (item: Item, extra: { quantity?: number; serialNumber?: string } = {}) => ({
  itemId: item.id,
  name: item.name,
  quantity: extra.quantity ?? 1,
  serialNumber: extra.serialNumber ?? null,
});

// biome-ignore lint/suspicious/noExplicitAny: the bill answer is checked by the route's schema
export type BillAnswer = any;

export async function createBill(
  technician: Technician,
  order: Order,
  items: unknown[],
): Promise<BillAnswer> {
  const response = await technician.http.post('/api/create-bill', {
    customerId: order.customerId,
    orderId: order.orderId,
    items,
  });
  await expectOk(response);
  return response.json().data;
}

export const cash = (billId: string, paidAmount?: number) => ({
  billId,
  paymentMethod: 'cash',
  transactionId: null,
  ...(paidAmount !== undefined ? { paidAmount } : {}),
});

export async function confirmBill(
  technician: Technician,
  billId: string,
  paidAmount?: number,
): Promise<BillAnswer> {
  const response = await technician.http.post('/api/confirm-order-bill', cash(billId, paidAmount));
  await expectOk(response);
  return response.json().data;
}

/** A confirmed bill of one service line, with what the technician collected in cash. */
export async function confirmedServiceBill(
  world: World,
  branch: Branch,
  service: Item,
  paidAmount: number,
  customer: CustomerSetting = {},
) {
  const technician = await hireTechnician(world, branch);
  const order = await startedOrder(branch, technician, customer);
  const draft = await createBill(technician, order, [line(service)]);
  const bill = await confirmBill(technician, draft._id, paidAmount);
  return { technician, order, bill };
}
