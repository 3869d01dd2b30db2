import { dataOf, type Transport } from './transport';
import { unique, uniquePhone } from './unique';

/** Anything POST /api/create-Lead or /api/create-customer takes; what is not given is made up. */
export type ContactFields = Record<string, unknown> & { name?: string; phoneNumber?: string };

export interface SeededLead {
  _id: string;
  name: string;
  phoneNumber: string;
}

/** A lead of the signed-in manager's branch, as Add Lead makes it. */
export async function createLead(
  manager: Transport,
  fields: ContactFields = {},
): Promise<SeededLead> {
  return dataOf<SeededLead>(manager, 'POST', '/api/create-Lead', {
    name: unique('Lead '),
    phoneNumber: `+91${uniquePhone()}`,
    initialRemark: { text: 'First call', status: 'neutral' },
    ...fields,
  });
}

export interface SeededCustomer {
  _id: string;
  name: string;
  phoneNumber: string;
  /** The installations, newest first. */
  projects: Array<{ _id: string; projectId: string; status: string }>;
  /** Its first work order, a pending New Installation of its project type. */
  workOrders: Array<{ _id: string; orderId: string; projectType: string }>;
}

/** A customer of the signed-in manager's branch with its first pending work order. */
export async function createCustomer(
  manager: Transport,
  fields: ContactFields = {},
): Promise<SeededCustomer> {
  return dataOf<SeededCustomer>(manager, 'POST', '/api/create-customer', {
    name: unique('Customer '),
    phoneNumber: `+91${uniquePhone()}`,
    projectType: 'CCTV Camera',
    initialRemark: 'Site visit booked',
    ...fields,
  });
}
