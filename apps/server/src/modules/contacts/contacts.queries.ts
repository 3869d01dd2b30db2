import { type LeadStatus, normalizePhone, PHONE_MIN_DIGITS } from '@karya/domain/contact-schemas';
import { and, count, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '../../db/client';
import { branches, customers, leadRemarks, leads, users } from '../../db/schema';
import { likeEscape } from '../../db/sql-text';

type Db = Database | Tx;

/** Escapes LIKE wildcards so typed text matches literally. */

/**
 * The search condition on a contact table: a name or email prefix, and from 8 digits a
 * phone match on the national digits, as a prefix or a suffix (typed with or without the
 * country code). Every branch of it is served by a btree text_pattern_ops index.
 */
export function searchCondition(
  table: typeof leads | typeof customers,
  search: string,
): SQL | undefined {
  const text = search.trim();
  if (!text) return undefined;
  const lowered = `${likeEscape(text.toLowerCase())}%`;
  const parts: SQL[] = [
    sql`lower(${table.name}) like ${lowered}`,
    sql`lower(${table.email}) like ${lowered}`,
  ];
  const digits = text.replace(/\D/g, '');
  if (digits.length >= PHONE_MIN_DIGITS && /^[\d\s+()-]+$/.test(text)) {
    const fragments = new Set([digits.replace(/^0+/, ''), normalizePhone(text).national]);
    for (const fragment of fragments) {
      if (fragment.length < PHONE_MIN_DIGITS) continue;
      parts.push(sql`${table.phoneNational} like ${`${fragment}%`}`);
      parts.push(
        sql`reverse(${table.phoneNational}) like ${`${[...fragment].reverse().join('')}%`}`,
      );
    }
  }
  return or(...parts);
}

export interface ListFilter {
  branchId?: string | undefined;
  search?: string | undefined;
  status?: string | undefined;
  limit: number;
  offset: number;
}

const leadColumns = {
  id: leads.id,
  name: leads.name,
  phoneNumber: leads.phoneNumber,
  phoneNormalized: leads.phoneNormalized,
  whatsappNumber: leads.whatsappNumber,
  email: leads.email,
  address: leads.address,
  age: leads.age,
  stateCode: leads.stateCode,
  gstin: leads.gstin,
  preferredLanguage: leads.preferredLanguage,
  branchId: leads.branchId,
  branchName: branches.name,
  status: leads.status,
  initialRemark: leads.initialRemark,
  source: leads.source,
  convertedAt: leads.convertedAt,
  createdAt: leads.createdAt,
  updatedAt: leads.updatedAt,
};
function leadWhere(filter: Omit<ListFilter, 'limit' | 'offset'>): SQL | undefined {
  return and(
    isNull(leads.convertedAt),
    filter.branchId ? eq(leads.branchId, filter.branchId) : undefined,
    filter.status ? eq(leads.status, filter.status as LeadStatus) : undefined,
    filter.search ? searchCondition(leads, filter.search) : undefined,
  );
}

/** Open (not converted) leads, most recently updated first. */
export async function listLeadRows(db: Db, filter: ListFilter) {
  const where = leadWhere(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select(leadColumns)
      .from(leads)
      .innerJoin(branches, eq(branches.id, leads.branchId))
      .where(where)
      .orderBy(desc(leads.updatedAt), desc(leads.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(leads).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function findLeadRow(db: Db, id: string) {
  const [row] = await db
    .select(leadColumns)
    .from(leads)
    .innerJoin(branches, eq(branches.id, leads.branchId))
    .where(eq(leads.id, id))
    .limit(1);
  return row ?? null;
}
export type LeadRow = NonNullable<Awaited<ReturnType<typeof findLeadRow>>>;

/** Locks the lead row for the rest of the transaction (conversion, remarks). */
export async function lockLead(tx: Tx, id: string) {
  const [row] = await tx
    .select({
      id: leads.id,
      branchId: leads.branchId,
      convertedAt: leads.convertedAt,
      stateCode: leads.stateCode,
      gstin: leads.gstin,
    })
    .from(leads)
    .where(eq(leads.id, id))
    .for('update');
  return row ?? null;
}

const remarkAuthor = alias(users, 'remark_author');

/** Remarks of one lead, newest first, with who added them. */
export function listRemarkRows(db: Db, leadId: string) {
  return db
    .select({
      id: leadRemarks.id,
      text: leadRemarks.text,
      status: leadRemarks.status,
      createdAt: leadRemarks.createdAt,
      authorId: remarkAuthor.id,
      authorFirstName: remarkAuthor.firstName,
      authorLastName: remarkAuthor.lastName,
    })
    .from(leadRemarks)
    .leftJoin(remarkAuthor, eq(remarkAuthor.id, leadRemarks.createdBy))
    .where(eq(leadRemarks.leadId, leadId))
    .orderBy(desc(leadRemarks.createdAt), desc(leadRemarks.id));
}
export type RemarkRow = Awaited<ReturnType<typeof listRemarkRows>>[number];

export async function insertLead(tx: Tx, values: typeof leads.$inferInsert) {
  const [row] = await tx.insert(leads).values(values).returning({ id: leads.id });
  if (!row) throw new Error('lead insert returned no row');
  return row;
}

export async function updateLeadRow(
  tx: Tx,
  id: string,
  values: Partial<typeof leads.$inferInsert>,
) {
  await tx
    .update(leads)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(leads.id, id));
}

export async function insertRemark(tx: Tx, values: typeof leadRemarks.$inferInsert) {
  await tx.insert(leadRemarks).values(values);
}

/**
 * Whether a customer of any branch has this phone number (normalised): deliberately across
 * branches: a lead may not take the phone of any of the business's customers.
 */
export async function customerHasPhoneAcrossBranches(
  db: Db,
  phone: { e164: string; national: string },
) {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(eq(customers.phoneNational, phone.national), eq(customers.phoneNormalized, phone.e164)),
    )
    .limit(1);
  return row !== undefined;
}

const customerColumns = {
  id: customers.id,
  name: customers.name,
  phoneNumber: customers.phoneNumber,
  phoneNormalized: customers.phoneNormalized,
  whatsappNumber: customers.whatsappNumber,
  email: customers.email,
  address: customers.address,
  age: customers.age,
  stateCode: customers.stateCode,
  gstin: customers.gstin,
  preferredLanguage: customers.preferredLanguage,
  branchId: customers.branchId,
  branchName: branches.name,
  status: customers.status,
  convertedFromLead: customers.convertedFromLead,
  leadId: customers.leadId,
  createdAt: customers.createdAt,
  updatedAt: customers.updatedAt,
};

function customerWhere(filter: Omit<ListFilter, 'limit' | 'offset'>): SQL | undefined {
  return and(
    filter.branchId ? eq(customers.branchId, filter.branchId) : undefined,
    filter.status === 'active' || filter.status === 'inactive'
      ? eq(customers.status, filter.status)
      : undefined,
    filter.search ? searchCondition(customers, filter.search) : undefined,
  );
}

export async function listCustomerRows(db: Db, filter: ListFilter) {
  const where = customerWhere(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select(customerColumns)
      .from(customers)
      .innerJoin(branches, eq(branches.id, customers.branchId))
      .where(where)
      .orderBy(desc(customers.updatedAt), desc(customers.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(customers).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}
export type CustomerRow = Awaited<ReturnType<typeof listCustomerRows>>['rows'][number];

export async function findCustomerRow(db: Db, id: string) {
  const [row] = await db
    .select(customerColumns)
    .from(customers)
    .innerJoin(branches, eq(branches.id, customers.branchId))
    .where(eq(customers.id, id))
    .limit(1);
  return row ?? null;
}

export async function insertCustomer(tx: Tx, values: typeof customers.$inferInsert) {
  const [row] = await tx.insert(customers).values(values).returning({ id: customers.id });
  if (!row) throw new Error('customer insert returned no row');
  return row;
}

export async function updateCustomerRow(
  tx: Tx,
  id: string,
  values: Partial<typeof customers.$inferInsert>,
) {
  await tx
    .update(customers)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(customers.id, id));
}

/**
 * The combined contact list: open leads and customers in one UNION ALL, most recently
 * updated first, with a derived contactType (customers count as 'positive', spec 1 §3).
 */
export async function listContactRows(
  db: Db,
  filter: ListFilter & { type: 'all' | 'leads' | 'customers' },
) {
  const wantLeads = filter.type !== 'customers';
  const wantCustomers =
    filter.type !== 'leads' && (filter.status === undefined || filter.status === 'positive');
  const leadFilter = { ...filter };
  const customerFilter = { ...filter, status: undefined };
  const leadSelect = db
    .select({
      id: leads.id,
      contactType: sql<'lead' | 'customer'>`'lead'`.as('contact_type'),
      name: leads.name,
      phoneNumber: leads.phoneNumber,
      whatsappNumber: leads.whatsappNumber,
      email: leads.email,
      address: leads.address,
      age: leads.age,
      branchId: leads.branchId,
      status: sql<string>`${leads.status}::text`.as('contact_status'),
      createdAt: leads.createdAt,
      updatedAt: leads.updatedAt,
    })
    .from(leads)
    .where(leadWhere(leadFilter));
  const customerSelect = db
    .select({
      id: customers.id,
      contactType: sql<'lead' | 'customer'>`'customer'`.as('contact_type'),
      name: customers.name,
      phoneNumber: customers.phoneNumber,
      whatsappNumber: customers.whatsappNumber,
      email: customers.email,
      address: customers.address,
      age: customers.age,
      branchId: customers.branchId,
      status: sql<string>`'positive'`.as('contact_status'),
      createdAt: customers.createdAt,
      updatedAt: customers.updatedAt,
    })
    .from(customers)
    .where(customerWhere(customerFilter));

  const counts = await Promise.all([
    wantLeads
      ? db.select({ n: count() }).from(leads).where(leadWhere(leadFilter))
      : Promise.resolve([{ n: 0 }]),
    wantCustomers
      ? db.select({ n: count() }).from(customers).where(customerWhere(customerFilter))
      : Promise.resolve([{ n: 0 }]),
  ]);
  const total = counts.reduce((sum, [row]) => sum + Number(row?.n ?? 0), 0);
  if (!wantLeads && !wantCustomers) return { rows: [], total };

  const source =
    wantLeads && wantCustomers
      ? leadSelect.unionAll(customerSelect).as('contacts')
      : (wantLeads ? leadSelect : customerSelect).as('contacts');
  const rows = await db
    .select({
      id: source.id,
      contactType: source.contactType,
      name: source.name,
      phoneNumber: source.phoneNumber,
      whatsappNumber: source.whatsappNumber,
      email: source.email,
      address: source.address,
      age: source.age,
      status: source.status,
      createdAt: source.createdAt,
      updatedAt: source.updatedAt,
      branchId: branches.id,
      branchName: branches.name,
    })
    .from(source)
    .innerJoin(branches, eq(branches.id, source.branchId))
    .orderBy(desc(source.updatedAt), desc(source.id))
    .limit(filter.limit)
    .offset(filter.offset);
  return { rows, total };
}

/** Touches the customer so it rises in the recently-updated lists. */
export async function touchCustomer(tx: Tx, id: string) {
  await tx.update(customers).set({ updatedAt: sql`now()` }).where(eq(customers.id, id));
}
