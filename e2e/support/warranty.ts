import {
  approveOrder,
  assignOrder,
  assignStock,
  billLine,
  completeOrder,
  confirmBill,
  createBill,
  createBranchTeam,
  createItem,
  createOrderFor,
  createStartedOrder,
  type Member,
  type SeededBranch,
  type SeededItem,
  type SeededOrder,
  stockIn,
  unique,
  uniqueSerials,
} from '@karya/test-factories';
import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import { type Api, adminApi } from './api';

export interface WarrantyScene {
  branch: SeededBranch;
  manager: Member<Api>;
  technician: Member<Api>;
  /** The manager's API client, for the journey's own requests. */
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
  const admin = await adminApi(baseURL);
  const {
    branch,
    manager,
    technicians: [technician],
  } = await createBranchTeam(admin);
  const price = 2500;
  const item = await createItem(admin, 'serialized-product', {
    name: unique('Bullet Camera '),
    warranty: '1 year',
    mrp: 3200,
    purchasePrice: 1800,
    salePrice: price,
  });
  await admin.dispose();

  const [installed, ...spares] = uniqueSerials(3, 'WRN');
  if (!installed) throw new Error('no serial seeded');
  await stockIn(manager.api, item._id, { serials: [installed, ...spares] });
  await assignStock(manager.api, technician.id, item._id, { serials: [installed] });

  const order = await createStartedOrder(manager.api, technician);
  const bill = await createBill(technician.api, order, [
    billLine(item, { serialNumber: installed }),
  ]);
  await confirmBill(technician.api, bill.billId, price);
  await completeOrder(technician.api, order);
  await approveOrder(manager.api, order, 'Camera installed and tested with the customer');

  const repair = await seedComplaint(manager.api, order);
  await assignOrder(manager.api, repair, technician.id, 'Check the camera under warranty');
  return {
    branch,
    manager,
    technician,
    managerApi: manager.api.request,
    item,
    price,
    installed,
    spares,
    order,
    repair,
  };
}

/** A complaint (Repair) on the customer's completed installation, as Customer Details files it. */
async function seedComplaint(manager: Api, order: SeededOrder): Promise<SeededOrder> {
  const customer = await manager.send('GET', `/api/get-single-customer/${order.customerId}`);
  const { projects } = (
    customer.body as { data: { projects: Array<{ _id: string; status: string }> } }
  ).data;
  const project = projects.find((item) => item.status === 'completed');
  expect(project, 'the installation is completed').toBeDefined();
  return createOrderFor(manager, order.customerId, {
    projectCategory: 'Repair',
    existingProjectId: project?._id,
    initialRemark: 'The camera shows no picture at night',
  });
}
