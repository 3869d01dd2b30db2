import { gstinChecksumChar } from '@karya/domain/gst';
import * as factory from '@karya/test-factories';
import { type Client, client } from '../helpers/http';
import { ADMIN, createTestApp, loginAs, type TestApp } from '../helpers/test-app';

/**
 * The setting of the invoice and payment tests (issue 19): a business, branches with or
 * without a GSTIN, items with HSN/SAC and rates, customers in a state, all through the API
 * (@karya/test-factories).
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
/** Phones of the tests' own series: +91 96…, as the invoices print them. */
const nextPhone = () => {
  seq += 1;
  return `+9196${String(10_000_000 + seq * 7919).slice(-8)}`;
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
export const saveBusiness = (world: World, gstRegistered = true) =>
  factory.saveBusinessProfile(world.admin, { gstRegistered });

/** A branch with its manager; its GSTIN, state and UPI payee as the admin sets them. */
export async function openBranch(
  world: World,
  name: string,
  tax: { gstin?: string | null; stateCode?: string | null; upiVpa?: string } = {},
): Promise<Branch> {
  const { branch, manager } = await factory.createBranchTeam(world.admin, {
    branch: { name, ...tax },
    technicians: [],
  });
  return { id: branch.id, name, manager: manager.api };
}

export async function hireTechnician(world: World, branch: Branch): Promise<Technician> {
  const user = await factory.createUser(world.admin, 'technician', branch.id);
  return { id: user.id, http: await world.admin.signIn(user.username, user.password) };
}

export const createItem = (
  world: World,
  item: {
    type: factory.ItemType;
    name: string;
    salePrice: number;
    hsnSac?: string | null;
    gstRate?: number | null;
    priceIncludesTax?: boolean;
  },
): Promise<Item> =>
  factory.createItem(world.admin, item.type, {
    mrp: item.salePrice + 100,
    purchasePrice: Math.round(item.salePrice / 2),
    ...item,
  });

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
  const first = await factory.createOrder(branch.manager, {
    name,
    phoneNumber: nextPhone(),
    email: 'meera@example.com',
    address: 'Baner Road, Pune',
    initialRemark: 'Install 2 cameras',
    ...tax,
  });
  const order = site
    ? await factory.createOrderFor(branch.manager, first.customerId, {
        projectType: 'CCTV Camera',
        initialRemark: 'Install at the factory',
        siteAddress: site.address,
        siteStateCode: site.stateCode,
      })
    : first;
  await factory.assignOrder(branch.manager, order, technician.id, '');
  await factory.startOrder(technician.http, order);
  return order;
}

/** Serials of an item into the branch and then into the technician's hands. */
export const giveSerials = (
  branch: Branch,
  technician: Technician,
  item: Item,
  serials: string[],
) => factory.stockTechnician(branch.manager, technician.id, item.id, { serials });

export const giveQuantity = (
  branch: Branch,
  technician: Technician,
  item: Item,
  quantity: number,
) => factory.stockTechnician(branch.manager, technician.id, item.id, { quantity });

export const line = (item: Item, extra: { quantity?: number; serialNumber?: string } = {}) =>
  factory.billLine(item, extra);

// biome-ignore lint/suspicious/noExplicitAny: the bill answer is checked by the route's schema
export type BillAnswer = any;

export const createBill = (technician: Technician, order: Order, items: unknown[]) =>
  factory.createBill<BillAnswer>(technician.http, order, items);

export const confirmBill = (technician: Technician, billId: string, paidAmount?: number) =>
  factory.confirmBill<BillAnswer>(technician.http, billId, paidAmount);

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
