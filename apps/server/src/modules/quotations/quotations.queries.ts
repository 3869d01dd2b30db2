import { isUuid } from '@karya/domain/user-schemas';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '../../db/client';
import { quotations, quotationVersions, workOrderPlannedItems } from '../../db/quotations-schema';
import { branches, customers, documentNumberCounters, leads, users } from '../../db/schema';

type Db = Database | Tx;

export type QuotationRow = typeof quotations.$inferSelect;
export type VersionRow = typeof quotationVersions.$inferSelect;
export type PlannedItemRow = typeof workOrderPlannedItems.$inferSelect;

export async function findQuotationRow(db: Db, id: string): Promise<QuotationRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(quotations).where(eq(quotations.id, id)).limit(1);
  return row ?? null;
}

/** The quote, locked for the rest of the transaction: every change of a quote takes this. */
export async function lockQuotationRow(tx: Tx, id: string): Promise<QuotationRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await tx.select().from(quotations).where(eq(quotations.id, id)).for('update');
  return row ?? null;
}

export async function findQuotationByToken(db: Db, token: string): Promise<QuotationRow | null> {
  const [row] = await db.select().from(quotations).where(eq(quotations.token, token)).limit(1);
  return row ?? null;
}

export async function lockQuotationByToken(tx: Tx, token: string): Promise<QuotationRow | null> {
  const [row] = await tx.select().from(quotations).where(eq(quotations.token, token)).for('update');
  return row ?? null;
}

export async function insertQuotation(tx: Tx, values: typeof quotations.$inferInsert) {
  const [row] = await tx.insert(quotations).values(values).returning();
  if (!row) throw new Error('quotation insert returned no row');
  return row;
}

export async function updateQuotationRow(
  db: Db,
  id: string,
  values: Partial<typeof quotations.$inferInsert>,
): Promise<void> {
  await db
    .update(quotations)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(quotations.id, id));
}

export async function findVersionRow(
  db: Db,
  quotationId: string,
  version: number,
): Promise<VersionRow | null> {
  const [row] = await db
    .select()
    .from(quotationVersions)
    .where(
      and(eq(quotationVersions.quotationId, quotationId), eq(quotationVersions.version, version)),
    )
    .limit(1);
  return row ?? null;
}

export async function listVersionSummaries(db: Db, quotationId: string) {
  return db
    .select({
      version: quotationVersions.version,
      sentAt: quotationVersions.sentAt,
      totalPaise: quotationVersions.totalPaise,
    })
    .from(quotationVersions)
    .where(eq(quotationVersions.quotationId, quotationId))
    .orderBy(asc(quotationVersions.version));
}

export async function insertVersion(tx: Tx, values: typeof quotationVersions.$inferInsert) {
  await tx.insert(quotationVersions).values(values);
}

export async function updateVersionRow(
  tx: Tx,
  quotationId: string,
  version: number,
  values: Partial<typeof quotationVersions.$inferInsert>,
): Promise<void> {
  await tx
    .update(quotationVersions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(
      and(eq(quotationVersions.quotationId, quotationId), eq(quotationVersions.version, version)),
    );
}

/** The contact a quote is for, with what its answer and its tax need. */
export interface ContactOf {
  kind: 'lead' | 'customer';
  id: string;
  name: string;
  phoneNumber: string;
  whatsappNumber: string;
  stateCode: string | null;
  preferredLanguage: 'hinglish' | 'en';
  branchId: string;
  address: string;
  convertedAt: Date | null;
}

export async function findLeadContact(db: Db, id: string): Promise<ContactOf | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({
      id: leads.id,
      name: leads.name,
      phoneNumber: leads.phoneNumber,
      whatsappNumber: leads.whatsappNumber,
      stateCode: leads.stateCode,
      preferredLanguage: leads.preferredLanguage,
      branchId: leads.branchId,
      address: leads.address,
      convertedAt: leads.convertedAt,
    })
    .from(leads)
    .where(eq(leads.id, id));
  return row ? { kind: 'lead', ...row } : null;
}

export async function findCustomerContact(db: Db, id: string): Promise<ContactOf | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({
      id: customers.id,
      name: customers.name,
      phoneNumber: customers.phoneNumber,
      whatsappNumber: customers.whatsappNumber,
      stateCode: customers.stateCode,
      preferredLanguage: customers.preferredLanguage,
      branchId: customers.branchId,
      address: customers.address,
    })
    .from(customers)
    .where(eq(customers.id, id));
  return row ? { kind: 'customer', ...row, convertedAt: null } : null;
}

/** The quote's contact: its customer once it has one (a converted lead), else its lead. */
export async function contactOfQuote(db: Db, row: QuotationRow): Promise<ContactOf> {
  const contact = row.customerId
    ? await findCustomerContact(db, row.customerId)
    : row.leadId
      ? await findLeadContact(db, row.leadId)
      : null;
  if (!contact) throw new Error(`quotation ${row.id} lost its contact`);
  return contact;
}

export async function findPerson(db: Db, id: string | null) {
  if (!id) return null;
  const [row] = await db
    .select({ _id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}

export async function findBranchName(db: Db, id: string) {
  const [row] = await db
    .select({ _id: branches.id, name: branches.name })
    .from(branches)
    .where(eq(branches.id, id));
  return row ?? { _id: id, name: '' };
}

/**
 * The branch's next quotation number of a financial year: the counter row is taken by the
 * upsert and held to the end of the sending transaction, so concurrent sends queue on it and
 * a rolled-back send gives its number back (gapless among sent quotes).
 */
export async function nextQuotationSequence(
  tx: Tx,
  branchId: string,
  financialYear: number,
): Promise<number> {
  const [row] = await tx
    .insert(documentNumberCounters)
    .values({ branchId, financialYear, series: 'quotation', last: 1 })
    .onConflictDoUpdate({
      target: [
        documentNumberCounters.branchId,
        documentNumberCounters.financialYear,
        documentNumberCounters.series,
      ],
      set: { last: sql`${documentNumberCounters.last} + 1` },
    })
    .returning({ last: documentNumberCounters.last });
  if (!row) throw new Error('quotation number counter returned no row');
  return row.last;
}

/* ----------------------------------------------------------------- list */

export interface QuotationListFilter {
  branchId: string | undefined;
  /** A stored status, or 'expired' / an open status read against today. */
  status: string | undefined;
  today: string;
  search: string | undefined;
  leadId: string | undefined;
  customerId: string | undefined;
  limit: number;
  offset: number;
}

const OPEN = ['sent', 'viewed', 'changes-requested'] as const;
const openStatus = sql`${quotations.status} in ('sent', 'viewed', 'changes-requested')`;

function statusCondition(status: string, today: string): SQL {
  if (status === 'expired') return and(openStatus, sql`${quotations.validUntil} < ${today}`) as SQL;
  if ((OPEN as readonly string[]).includes(status))
    return and(eq(quotations.status, status), sql`${quotations.validUntil} >= ${today}`) as SQL;
  return eq(quotations.status, status);
}

/**
 * Search by number, contact name (from its start) or phone digits: each a prefix range on an
 * index of its own (the number's unique index, the contacts' name and phone indexes), so a
 * search stays an index read at a million quotes.
 */
function searchCondition(search: string): SQL {
  const text = search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  const digits = search.replace(/\D/g, '');
  const nameLike = `${text}%`;
  const contactsLike = (table: typeof leads | typeof customers) => {
    const byName = sql`lower(${table.name}) like ${nameLike}`;
    return digits.length >= 3
      ? sql`(${byName} or ${table.phoneNational} like ${`${digits.slice(-10)}%`})`
      : byName;
  };
  return sql`(
    upper(${quotations.number}) like ${`${search.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}
    or ${quotations.customerId} in (select ${customers.id} from ${customers} where ${contactsLike(customers)})
    or (${quotations.customerId} is null and ${quotations.leadId} in (select ${leads.id} from ${leads} where ${contactsLike(leads)}))
  )`;
}

export async function listQuotationRows(db: Db, filter: QuotationListFilter) {
  const conditions: SQL[] = [];
  if (filter.branchId) conditions.push(eq(quotations.branchId, filter.branchId));
  if (filter.status) conditions.push(statusCondition(filter.status, filter.today));
  if (filter.leadId) conditions.push(eq(quotations.leadId, filter.leadId));
  if (filter.customerId) conditions.push(eq(quotations.customerId, filter.customerId));
  if (filter.search) conditions.push(searchCondition(filter.search));
  const where = conditions.length ? and(...conditions) : undefined;
  const lead = alias(leads, 'quote_lead');
  const customer = alias(customers, 'quote_customer');
  const rows = await db
    .select({
      row: quotations,
      branchName: branches.name,
      leadName: lead.name,
      leadPhone: lead.phoneNumber,
      customerName: customer.name,
      customerPhone: customer.phoneNumber,
    })
    .from(quotations)
    .innerJoin(branches, eq(branches.id, quotations.branchId))
    .leftJoin(lead, eq(lead.id, quotations.leadId))
    .leftJoin(customer, eq(customer.id, quotations.customerId))
    .where(where)
    .orderBy(desc(quotations.createdAt), desc(quotations.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(quotations).where(where);
  return { rows, total: Number(count?.n ?? 0) };
}

/* ------------------------------------------------------------- summary */

export async function countExpiringSoon(
  db: Db,
  branchId: string | undefined,
  today: string,
  lastDay: string,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(quotations)
    .where(
      and(
        openStatus,
        branchId ? eq(quotations.branchId, branchId) : undefined,
        sql`${quotations.validUntil} >= ${today}`,
        sql`${quotations.validUntil} <= ${lastDay}`,
      ),
    );
  return Number(row?.n ?? 0);
}

/** Per branch: quotes first sent in [start, end) and those of them accepted, with values. */
export async function monthFigures(db: Db, branchId: string | undefined, start: Date, end: Date) {
  return db
    .select({
      branchId: branches.id,
      branchName: branches.name,
      sent: sql<number>`count(${quotations.id})::int`,
      accepted: sql<number>`count(${quotations.id}) filter (where ${quotations.status} = 'accepted')::int`,
      sentValue: sql<string>`coalesce(sum(${quotations.totalPaise}), 0)`,
      acceptedValue: sql<string>`coalesce(sum(${quotations.acceptedTotalPaise}) filter (where ${quotations.status} = 'accepted'), 0)`,
    })
    .from(branches)
    .leftJoin(
      quotations,
      and(
        eq(quotations.branchId, branches.id),
        sql`${quotations.sentAt} >= ${start.toISOString()}`,
        sql`${quotations.sentAt} < ${end.toISOString()}`,
      ),
    )
    .where(branchId ? eq(branches.id, branchId) : eq(branches.status, 'active'))
    .groupBy(branches.id, branches.name)
    .orderBy(asc(branches.name));
}

/* -------------------------------------------------------- planned items */

export async function insertPlannedItems(
  tx: Tx,
  rows: (typeof workOrderPlannedItems.$inferInsert)[],
): Promise<void> {
  if (rows.length > 0) await tx.insert(workOrderPlannedItems).values(rows);
}

export async function listPlannedItemRows(db: Db, workOrderId: string): Promise<PlannedItemRow[]> {
  return db
    .select()
    .from(workOrderPlannedItems)
    .where(eq(workOrderPlannedItems.workOrderId, workOrderId))
    .orderBy(asc(workOrderPlannedItems.position));
}

export async function findQuotationOfOrder(db: Db, workOrderId: string) {
  const [row] = await db
    .select()
    .from(quotations)
    .where(eq(quotations.workOrderId, workOrderId))
    .limit(1);
  return row ?? null;
}
