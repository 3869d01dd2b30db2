import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { ADMIN, answer, apiAs, type SeededUser, seedBranch, seedUser, unique } from './api';
import { seedCustomer, uniquePhone } from './contacts';
import { signIn } from './login';

/** A phone in portrait, as technicians carry on site. */
export const PHONE = { width: 360, height: 740 } as const;

export interface SeededOrder {
  customerId: string;
  customerName: string;
  orderId: string;
  projectType: string;
}

/** What the work-order endpoints take to name an order. */
type OrderKey = Pick<SeededOrder, 'customerId' | 'orderId'>;

export interface WorkOrderTeam {
  branch: { _id: string; name: string };
  manager: SeededUser;
  technicians: [SeededUser, SeededUser];
  /** The manager's API client, for fast-forwarding an order in the shorter journeys. */
  managerApi: APIRequestContext;
  order: SeededOrder;
}

/**
 * A branch of its own with a manager, two technicians and a customer whose New Installation
 * waits in the pending list; parallel journeys never share any of it.
 */
export async function seedWorkOrderTeam(baseURL: string): Promise<WorkOrderTeam> {
  const admin = await apiAs(baseURL, ADMIN.username, ADMIN.password);
  const branch = await seedBranch(admin);
  const manager = await seedUser(admin, 'manager', branch._id);
  const first = await seedUser(admin, 'technician', branch._id);
  const second = await seedUser(admin, 'technician', branch._id);
  await admin.dispose();

  const managerApi = await apiAs(baseURL, manager.username, manager.password);
  const order = await seedPendingOrder(managerApi);
  return { branch, manager, technicians: [first, second], managerApi, order };
}

/** A new customer of the manager's branch and the pending New Installation it opened. */
export async function seedPendingOrder(managerApi: APIRequestContext): Promise<SeededOrder> {
  const customerName = unique('Customer ');
  const customer = await seedCustomer(managerApi, { name: customerName, phone: uniquePhone() });
  const pending = await answer<Array<{ orderId: string; projectType: string }>>(
    await managerApi.get('/api/get-work-orders', { params: { search: customerName } }),
  );
  expect(pending, 'the new customer has one pending work order').toHaveLength(1);
  const [order] = pending;
  if (!order) throw new Error('no pending work order for the seeded customer');
  return {
    customerId: customer._id,
    customerName,
    orderId: order.orderId,
    projectType: order.projectType,
  };
}

/** The manager hands the order to a technician, as the Assign Technician dialog does. */
export async function assignOrder(
  managerApi: APIRequestContext,
  order: OrderKey,
  technicianId: string,
  instructions = 'Call before visiting',
): Promise<void> {
  await answer(
    await managerApi.post('/api/assign-technician', {
      data: {
        customerId: order.customerId,
        orderId: order.orderId,
        technicianId,
        instructions,
      },
    }),
  );
}

/** The technician moves their own order (start, pause, stop), as the dashboard does. */
export async function changeStatus(
  technicianApi: APIRequestContext,
  order: OrderKey,
  status: 'in-progress' | 'paused' | 'transferring',
  remark?: string,
): Promise<void> {
  await answer(
    await technicianApi.post('/api/update-work-status', {
      data: {
        customerId: order.customerId,
        orderId: order.orderId,
        status,
        ...(remark === undefined ? {} : { remark }),
      },
    }),
  );
}

/** A person of the journey in their own browser; technicians on a phone-sized screen. */
export async function openAs(
  browser: Browser,
  baseURL: string,
  user: Pick<SeededUser, 'username' | 'password'>,
  device: 'desktop' | 'phone',
): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    ...(device === 'phone' ? { viewport: PHONE, hasTouch: true, isMobile: true } : {}),
  });
  const page = await context.newPage();
  await signIn(page, user.username, user.password);
  return page;
}
