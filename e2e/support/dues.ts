import type { APIRequestContext } from '@playwright/test';
import { ADMIN, answer, apiAs, type SeededUser, seedUser, unique } from './api';
import { uniquePhone } from './contacts';
import { changeStatus } from './work-orders';

/** The payee of the dues branch: its reminders' links must carry this '@' as written. */
export const DUES_UPI = { vpa: 'kothrud.shop@okaxis', name: 'Kothrud Shop' } as const;

/** A valid GSTIN of Maharashtra (27): PAN-like body and its checksum. */
const BRANCH_GSTIN = '27AABCK1234F1ZZ';

export interface SeededDue {
  billId: string;
  customerId: string;
  invoiceNumber: string;
  customerName: string;
  phone: string;
  /** Rupees. */
  total: number;
  paid: number;
}

export interface DuesScene {
  branch: { _id: string; name: string };
  manager: SeededUser;
  technician: SeededUser;
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
  const admin = await apiAs(baseURL, ADMIN.username, ADMIN.password);
  const branch = await answer<{ _id: string; name: string }>(
    await admin.post('/api/add-branches', {
      data: {
        name: unique('Kothrud '),
        location: 'Pune',
        address: 'Shop 4, Paud Road, Kothrud, Pune',
        phone: '020 2538 1234',
        status: 'active',
        upiVpa: DUES_UPI.vpa,
        upiName: DUES_UPI.name,
        gstin: BRANCH_GSTIN,
        stateCode: '27',
      },
    }),
  );
  const manager = await seedUser(admin, 'manager', branch._id);
  const technician = await seedUser(admin, 'technician', branch._id);
  // 4,720 with 18 % GST included: 4,000 taxable.
  const installation = await answer<{ id: string; name: string }>(
    await admin.post('/api/create-inventory', {
      data: {
        id: unique('ITEM-'),
        type: 'service',
        name: unique('CCTV Installation '),
        unit: 'Service',
        warranty: '',
        mrp: 4720,
        purchasePrice: 0,
        salePrice: 4720,
        hsnSac: '998739',
        gstRate: 18,
      },
    }),
  );
  await admin.dispose();

  const managerApi = await apiAs(baseURL, manager.username, manager.password);
  const technicianApi = await apiAs(baseURL, technician.username, technician.password);
  const dues: SeededDue[] = [];
  for (const customer of customers) {
    dues.push(
      await billedCustomer(managerApi, technicianApi, technician._id, installation, customer),
    );
  }
  await managerApi.dispose();
  await technicianApi.dispose();
  return { branch, manager, technician, dues };
}

async function billedCustomer(
  managerApi: APIRequestContext,
  technicianApi: APIRequestContext,
  technicianId: string,
  item: { id: string; name: string },
  customer: { name: string; paid: number },
): Promise<SeededDue> {
  const phone = uniquePhone();
  const created = await answer<{ _id: string; workOrders: Array<{ orderId: string }> }>(
    await managerApi.post('/api/create-customer', {
      data: {
        name: customer.name,
        phoneNumber: `+91${phone}`,
        address: 'Karve Nagar, Pune',
        projectType: 'CCTV Camera',
        initialRemark: 'Four cameras at the shop',
      },
    }),
  );
  const order = { customerId: created._id, orderId: created.workOrders[0]?.orderId ?? '' };
  await answer(
    await managerApi.post('/api/assign-technician', {
      data: { ...order, technicianId, instructions: 'Call before visiting' },
    }),
  );
  await changeStatus(technicianApi, order, 'in-progress');
  const bill = await answer<{ _id: string }>(
    await technicianApi.post('/api/create-bill', {
      data: {
        ...order,
        items: [{ itemId: item.id, name: item.name, quantity: 1, serialNumber: null }],
      },
    }),
  );
  const confirmed = await answer<{
    total: number;
    paidAmount: number;
    billNumber: string;
    invoice: { number: string } | null;
  }>(
    await technicianApi.post('/api/confirm-order-bill', {
      data: {
        billId: bill._id,
        paymentMethod: 'cash',
        transactionId: null,
        paidAmount: customer.paid,
      },
    }),
  );
  // Handed back so the technician may start the next customer's order.
  await changeStatus(technicianApi, order, 'transferring', 'Installed; the balance is due');
  return {
    billId: bill._id,
    customerId: created._id,
    invoiceNumber: confirmed.invoice?.number ?? confirmed.billNumber,
    customerName: customer.name,
    phone,
    total: confirmed.total,
    paid: confirmed.paidAmount,
  };
}
