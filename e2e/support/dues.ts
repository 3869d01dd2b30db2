import {
  billLine,
  changeStatus,
  confirmBill,
  createBill,
  createBranchTeam,
  createItem,
  createStartedOrder,
  type Member,
  type SeededBranch,
  type SeededItem,
  unique,
  uniquePhone,
} from '@karya/test-factories';
import { type Api, adminApi } from './api';

/** The payee of the dues branch: its reminders' links must carry this '@' as written. */
export const DUES_UPI = { vpa: 'kothrud.shop@okaxis', name: 'Kothrud Shop' } as const;

/** A valid GSTIN of Maharashtra (27): PAN-like body and its checksum. */
const BRANCH_GSTIN = '27AABCK1234F1ZZ';

export interface SeededDue {
  billId: string;
  /** The work order the bill is on: its history keeps the reminders. */
  orderId: string;
  customerId: string;
  invoiceNumber: string;
  customerName: string;
  phone: string;
  /** Rupees. */
  total: number;
  paid: number;
}

export interface DuesScene {
  branch: SeededBranch;
  manager: Member<Api>;
  technician: Member<Api>;
  dues: SeededDue[];
}

/**
 * A branch of its own (GSTIN, UPI payee), its manager and technician, a taxed catalogue service,
 * and customers billed by the technician and confirmed with part (or none) of the bill paid in
 * cash: each leaves a due, as a site visit does.
 */
export async function seedDuesScene(
  baseURL: string,
  customers: ReadonlyArray<{ name: string; paid: number }>,
): Promise<DuesScene> {
  const admin = await adminApi(baseURL);
  const {
    branch,
    manager,
    technicians: [technician],
  } = await createBranchTeam(admin, {
    branch: {
      name: unique('Kothrud '),
      address: 'Shop 4, Paud Road, Kothrud, Pune',
      phone: '020 2538 1234',
      upiVpa: DUES_UPI.vpa,
      upiName: DUES_UPI.name,
      gstin: BRANCH_GSTIN,
      stateCode: '27',
    },
  });
  // 4,720 with 18 % GST included: 4,000 taxable.
  const installation = await createItem(admin, 'service', {
    name: unique('CCTV Installation '),
    mrp: 4720,
    purchasePrice: 0,
    salePrice: 4720,
    hsnSac: '998739',
    gstRate: 18,
  });
  await admin.dispose();

  const dues: SeededDue[] = [];
  for (const customer of customers) {
    dues.push(await billedCustomer(manager, technician, installation, customer));
  }
  return { branch, manager, technician, dues };
}

async function billedCustomer(
  manager: Member<Api>,
  technician: Member<Api>,
  item: SeededItem,
  customer: { name: string; paid: number },
): Promise<SeededDue> {
  const phone = uniquePhone();
  const order = await createStartedOrder(manager.api, technician, {
    name: customer.name,
    phoneNumber: `+91${phone}`,
    address: 'Karve Nagar, Pune',
    initialRemark: 'Four cameras at the shop',
  });
  const bill = await createBill(technician.api, order, [billLine(item)]);
  const confirmed = await confirmBill(technician.api, bill._id, customer.paid);
  // Handed back so the technician may start the next customer's order.
  await changeStatus(technician.api, order, 'transferring', 'Installed; the balance is due');
  return {
    billId: bill._id,
    orderId: order.orderId,
    customerId: order.customerId,
    invoiceNumber: confirmed.invoice?.number ?? confirmed.billNumber ?? '',
    customerName: customer.name,
    phone,
    total: confirmed.total,
    paid: confirmed.paidAmount,
  };
}
