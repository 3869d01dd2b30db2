import { type APIRequestContext, expect } from '@playwright/test';

let phoneCounter = 0;
/**
 * A 10-digit Indian mobile number no other journey of this run uses: the worker's pid,
 * a per-worker counter and the clock, each in its own digits.
 */
export function uniquePhone(): string {
  phoneCounter += 1;
  const pid = String(process.pid % 1000).padStart(3, '0');
  const counter = String(phoneCounter % 100).padStart(2, '0');
  const clock = String(Date.now() % 10_000).padStart(4, '0');
  return `9${pid}${counter}${clock}`;
}

async function created(response: Awaited<ReturnType<APIRequestContext['post']>>) {
  const body = (await response.json()) as { data: { _id: string; name: string } };
  expect(response.ok(), JSON.stringify(body)).toBe(true);
  return body.data;
}

/** A lead in the signed-in manager's branch (spec 1 §7.3 create-Lead). */
export async function seedLead(
  manager: APIRequestContext,
  lead: { name: string; phone: string; remark?: string },
) {
  return created(
    await manager.post('/api/create-Lead', {
      data: {
        name: lead.name,
        phoneNumber: `+91${lead.phone}`,
        initialRemark: { text: lead.remark ?? 'First call', status: 'neutral' },
        status: 'neutral',
      },
    }),
  );
}

/** A customer with one pending New Installation in the signed-in manager's branch. */
export async function seedCustomer(
  manager: APIRequestContext,
  customer: { name: string; phone: string; projectType?: string },
) {
  return created(
    await manager.post('/api/create-customer', {
      data: {
        name: customer.name,
        phoneNumber: `+91${customer.phone}`,
        projectType: customer.projectType ?? 'CCTV Camera',
        initialRemark: 'Site visit booked',
      },
    }),
  );
}
