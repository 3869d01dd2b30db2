import type { importCustomerSchema } from '@karya/domain/import-kinds/customers';
import type { z } from 'zod';
import {
  contactIdsByPhone,
  contactTaxOf,
  insertImportedCustomers,
  saveImportedCustomer,
} from '../contacts';
import { branchOf, type ImportWriter } from './kind-writer';

type Input = z.output<typeof importCustomerSchema>;

/** Customers: the same by phone (national digits) in the branch; no work order is opened. */
export const customersWriter: ImportWriter<Input> = {
  noun: 'customer',
  existing: (db, context, keys) => contactIdsByPhone(db, 'customers', branchOf(context), keys),
  createMany: (tx, context, inputs) =>
    insertImportedCustomers(tx, context.actorId, branchOf(context), inputs),
  async save(tx, context, input, existingId) {
    const existing = existingId
      ? ((await contactTaxOf(tx, 'customers', [existingId])).get(existingId) ?? null)
      : null;
    return {
      id: await saveImportedCustomer(tx, context.actorId, branchOf(context), input, existing),
    };
  },
};
