import { type ContactFields, createCustomer } from './contacts';
import { dataOf, formDataOf, type Transport } from './transport';

export interface SeededOrder {
  /** The work order's row id. */
  _id: string;
  orderId: string;
  customerId: string;
  customerName: string;
  projectType: string;
}

/** What the work-order endpoints take to name an order. */
export type OrderKey = Pick<SeededOrder, 'customerId' | 'orderId'>;

export const orderKey = (order: OrderKey): OrderKey => ({
  customerId: order.customerId,
  orderId: order.orderId,
});

/** A new customer of the signed-in manager's branch and the pending New Installation it opened. */
export async function createOrder(
  manager: Transport,
  customer: ContactFields = {},
): Promise<SeededOrder> {
  const created = await createCustomer(manager, customer);
  const [order] = created.workOrders;
  if (!order) throw new Error(`customer ${created._id} has no work order`);
  return {
    _id: order._id,
    orderId: order.orderId,
    customerId: created._id,
    customerName: created.name,
    projectType: order.projectType,
  };
}

/**
 * Another pending order of an existing customer, as Customer Details makes it: a projectType
 * to install (at a siteAddress of its own, say), or a complaint (projectCategory 'Repair' on
 * an existingProjectId).
 */
export async function createOrderFor(
  manager: Transport,
  customerId: string,
  fields: Record<string, unknown> = {},
): Promise<SeededOrder> {
  const order = await dataOf<{
    _id: string;
    orderId: string;
    customerName: string;
    projectType: string;
  }>(manager, 'POST', '/api/create-work-orders', {
    customerId,
    initialRemark: 'Site visit booked',
    ...fields,
  });
  return {
    _id: order._id,
    orderId: order.orderId,
    customerId,
    customerName: order.customerName,
    projectType: order.projectType,
  };
}

/**
 * The manager hands the order to a technician, as the Assign Technician dialog does; the
 * answer is the order's details.
 */
export async function assignOrder<Details = unknown>(
  manager: Transport,
  order: OrderKey,
  technicianId: string,
  instructions = 'Call before visiting',
): Promise<Details> {
  return dataOf<Details>(manager, 'POST', '/api/assign-technician', {
    ...orderKey(order),
    technicianId,
    instructions,
  });
}

export type TechnicianMove = 'in-progress' | 'paused' | 'transferring' | 'pending-approval';

/** The technician moves their own order (start, pause, resume, stop), as their dashboard does. */
export async function changeStatus(
  technician: Transport,
  order: OrderKey,
  status: TechnicianMove,
  remark?: string,
): Promise<void> {
  await dataOf(technician, 'POST', '/api/update-work-status', {
    ...orderKey(order),
    status,
    ...(remark === undefined ? {} : { remark }),
  });
}

/** The technician starts (or resumes) the order: their one project in progress. */
export const startOrder = (technician: Transport, order: OrderKey) =>
  changeStatus(technician, order, 'in-progress');

/** A new customer's order, assigned to the technician and started by them. */
export async function createStartedOrder(
  manager: Transport,
  technician: { id: string; api: Transport },
  customer: ContactFields = {},
): Promise<SeededOrder> {
  const order = await createOrder(manager, customer);
  await assignOrder(manager, order, technician.id);
  await startOrder(technician.api, order);
  return order;
}

/** A small signature as a signature pad draws it: a 24×8 PNG with a black stroke. */
export const SIGNATURE_PNG = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAABgAAAAICAYAAADjoT9jAAAAFklEQVR42mNgGAUkgP9UxvS3YBRgBQAuKCfZvxzzDAAAAABJRU5ErkJggg==',
  ),
  (char) => char.charCodeAt(0),
);

/**
 * The customer signs on the technician's phone (issue 22): what a branch requires, by
 * default, before the order is sent for approval. The answer is the saved signature.
 */
export async function signAsCustomer(
  technician: Transport,
  order: Pick<OrderKey, 'orderId'>,
  signerName = 'Asha Customer',
): Promise<unknown> {
  return formDataOf(
    technician,
    '/api/work-order-signature',
    { orderId: order.orderId, signerName },
    { name: 'signature.png', type: 'image/png', bytes: SIGNATURE_PNG },
  );
}

/**
 * The technician gets the customer's signature and sends the finished order for the
 * manager's approval, as the phone does.
 */
export async function completeOrder(technician: Transport, order: OrderKey): Promise<void> {
  await signAsCustomer(technician, order);
  await dataOf(technician, 'POST', '/api/complete-work-order', orderKey(order));
}

export async function approveOrder(
  manager: Transport,
  order: OrderKey,
  remark = 'Work checked with the customer',
): Promise<void> {
  await dataOf(manager, 'POST', '/api/approve-order', { ...orderKey(order), remark });
}

/** The manager accepts a technician's hand-back: the order is transferred. */
export async function acceptTransfer(
  manager: Transport,
  order: OrderKey,
  remark = 'Another technician will take this over',
): Promise<void> {
  await dataOf(manager, 'POST', '/api/accept-technician-project-transfer', {
    ...orderKey(order),
    remark,
  });
}
