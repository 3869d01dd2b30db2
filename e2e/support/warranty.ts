import { type APIRequestContext, expect } from '@playwright/test';
import { ADMIN, answer, apiAs, type SeededUser, seedBranch, seedUser, unique } from './api';
import { type SeededItem, seedAssignment, seedStock, uniqueSerials } from './inventory';
import { assignOrder, changeStatus, type SeededOrder, seedPendingOrder } from './work-orders';

export interface WarrantyScene {
  branch: { _id: string; name: string };
  manager: SeededUser;
  technician: SeededUser;
  managerApi: APIRequestContext;
  /** A serialized product with a '1 year' warranty, sold at `price` rupees. */
  item: SeededItem;
  price: number;
  /** The unit installed at the customer by a confirmed bill: under warranty from today. */
  installed: string;
  /** Units of the same product still in the branch's sellable stock. */
  spares: string[];
  /** The New Installation that put `installed` at the customer (completed). */
  order: SeededOrder;
  /** A complaint (Repair) on that installation, assigned to the same technician. */
  repair: SeededOrder;
}

/**
 * A branch of its own whose technician installed one unit of a product with a year's
 * warranty (stock in → van → bill confirmed → approved), a complaint on that installation
 * assigned back to the technician, and two more units of the product in the branch's stock.
 * Everything goes through the endpoints the screens use.
 */
export async function seedWarrantyScene(baseURL: string): Promise<WarrantyScene> {
  const admin = await apiAs(baseURL, ADMIN.username, ADMIN.password);
  const branch = await seedBranch(admin);
  const manager = await seedUser(admin, 'manager', branch._id);
  const technician = await seedUser(admin, 'technician', branch._id);
  const price = 2500;
  const item = await answer<SeededItem>(
    await admin.post('/api/create-inventory', {
      data: {
        id: unique('ITEM-'),
        type: 'serialized-product',
        name: unique('Bullet Camera '),
        unit: 'Piece',
        warranty: '1 year',
        mrp: 3200,
        purchasePrice: 1800,
        salePrice: price,
      },
    }),
  );
  await admin.dispose();

  const managerApi = await apiAs(baseURL, manager.username, manager.password);
  const [installed, ...spares] = uniqueSerials(3, 'WRN');
  if (!installed) throw new Error('no serial seeded');
  await seedStock(managerApi, item._id, { serials: [installed, ...spares] });
  await seedAssignment(managerApi, technician._id, item._id, { serials: [installed] });

  const order = await seedPendingOrder(managerApi);
  await assignOrder(managerApi, order, technician._id);
  const technicianApi = await apiAs(baseURL, technician.username, technician.password);
  await changeStatus(technicianApi, order, 'in-progress');
  const bill = await answer<{ billId: string }>(
    await technicianApi.post('/api/create-bill', {
      data: {
        customerId: order.customerId,
        orderId: order.orderId,
        items: [{ itemId: item._id, name: item.name, quantity: 1, serialNumber: installed }],
      },
    }),
  );
  await answer(
    await technicianApi.post('/api/confirm-order-bill', {
      data: { billId: bill.billId, paymentMethod: 'cash', transactionId: null, paidAmount: price },
    }),
  );
  const orderKey = { customerId: order.customerId, orderId: order.orderId };
  await answer(await technicianApi.post('/api/complete-work-order', { data: orderKey }));
  await answer(
    await managerApi.post('/api/approve-order', {
      data: { ...orderKey, remark: 'Camera installed and tested with the customer' },
    }),
  );
  await technicianApi.dispose();

  const repair = await seedComplaint(managerApi, order);
  await assignOrder(managerApi, repair, technician._id, 'Check the camera under warranty');
  return { branch, manager, technician, managerApi, item, price, installed, spares, order, repair };
}

/** A complaint (Repair) on the customer's completed installation, as Customer Details files it. */
async function seedComplaint(managerApi: APIRequestContext, order: SeededOrder) {
  const customer = await answer<{ projects: Array<{ _id: string; status: string }> }>(
    await managerApi.get(`/api/get-single-customer/${order.customerId}`),
  );
  const project = customer.projects.find((item) => item.status === 'completed');
  expect(project, 'the installation is completed').toBeDefined();
  await answer(
    await managerApi.post('/api/create-work-orders', {
      data: {
        customerId: order.customerId,
        projectCategory: 'Repair',
        existingProjectId: project?._id,
        initialRemark: 'The camera shows no picture at night',
      },
    }),
  );
  const pending = await answer<
    Array<{ orderId: string; projectType: string; projectCategory: string }>
  >(await managerApi.get('/api/get-work-orders', { params: { search: order.customerName } }));
  const complaint = pending.find((item) => item.projectCategory === 'Repair');
  if (!complaint) throw new Error('the complaint is not pending');
  return { ...order, orderId: complaint.orderId, projectType: complaint.projectType };
}
