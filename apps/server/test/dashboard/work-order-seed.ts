import type { WorkOrderStatus } from '@karya/domain/contact-schemas';
import type { Database } from '../../src/db/client';
import { customers, workOrders } from '../../src/db/schema';

let sequence = 0;
const next = () => {
  sequence += 1;
  return `${Date.now().toString(36)}${sequence}`;
};

export async function createCustomer(db: Database, branchId: string, name = 'Meera Joshi') {
  sequence += 1;
  const national = String(9_000_000_000 + sequence);
  const [customer] = await db
    .insert(customers)
    .values({
      name,
      phoneNumber: `+91${national}`,
      phoneNormalized: `+91${national}`,
      phoneNational: national,
      branchId,
    })
    .returning({ id: customers.id });
  if (!customer) throw new Error('customer not created');
  return customer;
}

export interface SeedOrder {
  branchId: string;
  customerId: string;
  status: WorkOrderStatus;
  technicianId: string | null;
}

/** Inserts work orders straight into the table (fast: one statement per 500). */
export async function createWorkOrders(db: Database, orders: readonly SeedOrder[]) {
  for (let start = 0; start < orders.length; start += 500) {
    await db.insert(workOrders).values(
      orders.slice(start, start + 500).map((order) => {
        const number = next();
        return {
          orderId: `WO-SEED-${number}`,
          projectId: `PRJ-SEED-${number}`,
          projectType: 'CCTV Camera',
          branchId: order.branchId,
          customerId: order.customerId,
          status: order.status,
          technicianId: order.technicianId,
        };
      }),
    );
  }
}
