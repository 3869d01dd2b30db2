import {
  type CreateCustomerInput,
  type CreateLeadInput,
  normalizePhone,
} from '@karya/domain/contact-schemas';
import { DEFAULT_UPDATE_LANGUAGE } from '@karya/domain/customer-updates';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { customers, leads } from '../../db/schema';
import {
  insertCustomer,
  insertLead,
  insertRemark,
  updateCustomerRow,
  updateLeadRow,
} from './contacts.queries';
import { contactTax } from './contacts.service';

/**
 * Customers and leads from an import (issue 36), written inside the import's batch transaction
 * with the add forms' columns and rules (contactTax, normalizePhone). An imported customer opens
 * no work order: it is one the shop already served. A blank cell leaves an existing record's
 * field as it is.
 */

type Db = Database | Tx;
type ImportedCustomer = Omit<CreateCustomerInput, 'projectType' | 'initialRemark' | 'branch'>;
type ImportedLead = Omit<CreateLeadInput, 'branch'>;

/** The branch's customers or open leads of these phones' national digits, as the search matches. */
export async function contactIdsByPhone(
  db: Db,
  kind: 'customers' | 'leads',
  branchId: string,
  nationals: readonly string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (nationals.length === 0) return found;
  const rows =
    kind === 'customers'
      ? await db
          .select({ id: customers.id, national: customers.phoneNational })
          .from(customers)
          .where(
            and(eq(customers.branchId, branchId), inArray(customers.phoneNational, [...nationals])),
          )
      : await db
          .select({ id: leads.id, national: leads.phoneNational })
          .from(leads)
          .where(
            and(
              eq(leads.branchId, branchId),
              isNull(leads.convertedAt),
              inArray(leads.phoneNational, [...nationals]),
            ),
          );
  for (const row of rows) if (!found.has(row.national)) found.set(row.national, row.id);
  return found;
}

/** The phones a customer of any branch has: a lead of one is refused, as the add-lead form does. */
export async function customerPhones(db: Db, nationals: readonly string[]): Promise<Set<string>> {
  if (nationals.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ national: customers.phoneNational })
    .from(customers)
    .where(inArray(customers.phoneNational, [...nationals]));
  return new Set(rows.map((row) => row.national));
}

function contactColumns(input: ImportedCustomer | ImportedLead) {
  const phone = normalizePhone(input.phoneNumber);
  return {
    name: input.name,
    phoneNumber: input.phoneNumber,
    phoneNormalized: phone.e164,
    phoneNational: phone.national,
    ...(input.whatsappNumber !== undefined ? { whatsappNumber: input.whatsappNumber } : {}),
    ...(input.email !== undefined ? { email: input.email } : {}),
    ...(input.address !== undefined ? { address: input.address } : {}),
    ...(input.age !== null && input.age !== undefined ? { age: input.age } : {}),
    ...(input.preferredLanguage ? { preferredLanguage: input.preferredLanguage } : {}),
  };
}

export async function saveImportedCustomer(
  tx: Tx,
  actorId: string,
  branchId: string,
  input: ImportedCustomer,
  existing: { id: string; stateCode: string | null; gstin: string | null } | null,
): Promise<string> {
  if (existing) {
    await updateCustomerRow(tx, existing.id, {
      ...contactColumns(input),
      ...contactTax(input, existing),
      ...(input.status ? { status: input.status } : {}),
    });
    return existing.id;
  }
  const row = await insertCustomer(tx, {
    preferredLanguage: DEFAULT_UPDATE_LANGUAGE,
    ...contactColumns(input),
    ...contactTax(input),
    branchId,
    status: input.status ?? 'active',
    createdBy: actorId,
  });
  return row.id;
}

/**
 * New customers of one batch in one INSERT: the same columns saveImportedCustomer writes, for
 * the thousands a shop moves in at once. PostgreSQL returns a multi-row VALUES insert's rows
 * in the order given.
 */
export async function insertImportedCustomers(
  tx: Tx,
  actorId: string,
  branchId: string,
  inputs: readonly ImportedCustomer[],
): Promise<string[]> {
  if (inputs.length === 0) return [];
  const rows = await tx
    .insert(customers)
    .values(
      inputs.map((input) => ({
        preferredLanguage: DEFAULT_UPDATE_LANGUAGE,
        ...contactColumns(input),
        ...contactTax(input),
        branchId,
        status: input.status ?? 'active',
        createdBy: actorId,
      })),
    )
    .returning({ id: customers.id });
  return rows.map((row) => row.id);
}

export async function saveImportedLead(
  tx: Tx,
  actorId: string,
  branchId: string,
  input: ImportedLead,
  existing: { id: string; stateCode: string | null; gstin: string | null } | null,
): Promise<string> {
  const remarkText = input.initialRemark?.text ?? '';
  const status =
    (remarkText ? input.initialRemark?.status : undefined) ?? input.status ?? 'neutral';
  if (existing) {
    await updateLeadRow(tx, existing.id, {
      ...contactColumns(input),
      ...contactTax(input, existing),
      ...(input.status ? { status: input.status } : {}),
    });
    return existing.id;
  }
  const created = await insertLead(tx, {
    preferredLanguage: DEFAULT_UPDATE_LANGUAGE,
    ...contactColumns(input),
    ...contactTax(input),
    branchId,
    status,
    initialRemark: remarkText,
    createdBy: actorId,
  });
  if (remarkText) {
    await insertRemark(tx, { leadId: created.id, text: remarkText, status, createdBy: actorId });
  }
  return created.id;
}

/** The tax columns an update keeps (contactTax reads them to fill a state from a GSTIN). */
export async function contactTaxOf(
  db: Db,
  kind: 'customers' | 'leads',
  ids: readonly string[],
): Promise<Map<string, { id: string; stateCode: string | null; gstin: string | null }>> {
  if (ids.length === 0) return new Map();
  const table = kind === 'customers' ? customers : leads;
  const rows = await db
    .select({ id: table.id, stateCode: table.stateCode, gstin: table.gstin })
    .from(table)
    .where(inArray(table.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row]));
}
