import { gstinChecksumChar } from '@karya/domain/gst';
import {
  billLine,
  changeStatus,
  confirmBill,
  createBill,
  createBranchTeam,
  createItem,
  createStartedOrder,
} from '@karya/test-factories';
import { eq } from 'drizzle-orm';
import { bills } from '../../src/db/schema';
import { type Client, client } from '../helpers/http';
import { ADMIN, createTestApp, loginAs, type TestApp } from '../helpers/test-app';

/**
 * Confirmed bills made the way the technician makes them (create-customer, assign, start,
 * create-bill, confirm-order-bill), for the dues and the accountant's reports.
 */

export const SERVER_UPI = { vpa: 'karya.central@okaxis', name: 'Karya Services' };

/** A valid GSTIN of a state: the PAN-like body and its checksum. */
export function gstinOf(stateCode: string, pan = 'AABCK1234F'): string {
  const first14 = `${stateCode}${pan}1Z`;
  return `${first14}${gstinChecksumChar(first14)}`;
}

export async function expectOk(response: { statusCode: number; body: string }) {
  if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body}`);
  return JSON.parse(response.body).data;
}

let seq = 0;
export const uid = () => {
  seq += 1;
  return `${Date.now().toString(36)}${seq}`;
};
const nextPhone = () => {
  seq += 1;
  return `97${String(10_000_000 + seq * 7919 + (Date.now() % 1000)).slice(-8)}`;
};

export interface Crew {
  branchId: string;
  branchName: string;
  manager: Client;
  technician: Client;
  technicianId: string;
}

export interface Scene {
  t: TestApp;
  admin: Client;
}

export async function openScene(): Promise<Scene> {
  const t = await createTestApp({ UPI_VPA: SERVER_UPI.vpa, UPI_NAME: SERVER_UPI.name });
  const admin = client(t.app, await loginAs(t.app, ADMIN.username, ADMIN.password));
  return { t, admin };
}

/** A branch made by the admin (with its UPI payee and tax identity), its manager and technician. */
export async function crewOf(
  scene: Scene,
  branch: Record<string, unknown> & { name: string },
): Promise<Crew> {
  const team = await createBranchTeam(scene.admin, { branch });
  const [technician] = team.technicians;
  return {
    branchId: team.branch.id,
    branchName: team.branch.name,
    manager: team.manager.api,
    technician: technician.api,
    technicianId: technician.id,
  };
}

/** A catalogue service (needs no stock), priced in rupees, with its tax data when given. */
export async function serviceItem(
  admin: Client,
  name: string,
  salePrice: number,
  tax: { hsnSac?: string; gstRate?: number } = {},
) {
  return createItem(admin, 'service', {
    name,
    mrp: salePrice,
    purchasePrice: 0,
    salePrice,
    ...tax,
  });
}

export interface ConfirmedBill {
  billId: string;
  invoiceNumber: string;
  customerId: string;
  customerName: string;
  customerPhone: string;
  total: number;
  paid: number;
}

/**
 * A customer of the crew's branch, an order the technician starts and bills with the given
 * services, confirmed with `paid` rupees in cash; the order is then handed back so the
 * technician may start the next.
 */
export async function confirmedBill(
  crew: Crew,
  lines: Array<{ item: { id: string; name: string }; quantity?: number }>,
  paid: number,
  customer: { name?: string; phone?: string; stateCode?: string } = {},
): Promise<ConfirmedBill> {
  const phone = customer.phone ?? nextPhone();
  const order = await createStartedOrder(
    crew.manager,
    { id: crew.technicianId, api: crew.technician },
    {
      name: customer.name ?? `Customer ${uid()}`,
      phoneNumber: `+91${phone}`,
      email: '',
      address: 'Baner Road, Pune',
      ...(customer.stateCode ? { stateCode: customer.stateCode } : {}),
      initialRemark: 'Install cameras',
    },
  );
  const bill = await createBill(
    crew.technician,
    order,
    lines.map(({ item, quantity = 1 }) => billLine(item, { quantity })),
  );
  const confirmed = await confirmBill(crew.technician, bill._id, paid);
  await changeStatus(
    crew.technician,
    order,
    'transferring',
    'Billed; the manager follows up the payment',
  );
  return {
    billId: confirmed._id,
    invoiceNumber: confirmed.invoice?.number ?? confirmed.billNumber ?? '',
    customerId: order.customerId,
    customerName: order.customerName,
    customerPhone: `+91${phone}`,
    total: confirmed.total,
    paid: confirmed.paidAmount,
  };
}

/** The India day `days` before today, 'YYYY-MM-DD'. */
export function indiaDaysAgo(days: number): string {
  const india = new Date(Date.now() + (5 * 60 + 30) * 60 * 1000);
  india.setUTCDate(india.getUTCDate() - days);
  return india.toISOString().slice(0, 10);
}

/**
 * Test data setup, not a mock: invoices are issued today, so an older one is made by moving
 * its invoice date back in the test database, as if it had been confirmed that day.
 */
export async function ageInvoice(scene: Scene, billId: string, days: number): Promise<void> {
  await scene.t.db
    .update(bills)
    .set({ invoiceDate: indiaDaysAgo(days) })
    .where(eq(bills.id, billId));
}
