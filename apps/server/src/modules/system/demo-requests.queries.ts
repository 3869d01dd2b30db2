import type { DemoRequestStatus } from '@karya/domain/system-schemas';
import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '../../db/client';
import { branches, demoRequests, leads, users } from '../../db/schema';

type Db = Database | Tx;

const contactedBy = alias(users, 'contacted_by_user');
const leadBranch = alias(branches, 'lead_branch');

const rowColumns = {
  id: demoRequests.id,
  phoneNumber: demoRequests.phoneNumber,
  name: demoRequests.name,
  city: demoRequests.city,
  language: demoRequests.language,
  status: demoRequests.status,
  requestCount: demoRequests.requestCount,
  createdAt: demoRequests.createdAt,
  lastRequestedAt: demoRequests.lastRequestedAt,
  contactedAt: demoRequests.contactedAt,
  convertedAt: demoRequests.convertedAt,
  contactedById: contactedBy.id,
  contactedByFirstName: contactedBy.firstName,
  contactedByLastName: contactedBy.lastName,
  leadId: leads.id,
  leadName: leads.name,
  leadBranchId: leadBranch.id,
  leadBranchName: leadBranch.name,
};

function selectRows(db: Db) {
  return db
    .select(rowColumns)
    .from(demoRequests)
    .leftJoin(contactedBy, eq(contactedBy.id, demoRequests.contactedBy))
    .leftJoin(leads, eq(leads.id, demoRequests.leadId))
    .leftJoin(leadBranch, eq(leadBranch.id, leads.branchId));
}

export type DemoRequestRow = NonNullable<Awaited<ReturnType<typeof findDemoRequestRow>>>;

export async function findDemoRequestRow(db: Db, id: string) {
  const [row] = await selectRows(db).where(eq(demoRequests.id, id));
  return row;
}

/** Newest first; the total counts the same filter. */
export async function listDemoRequestRows(
  db: Db,
  filter: { status: DemoRequestStatus | undefined; limit: number; offset: number },
) {
  const where = filter.status ? eq(demoRequests.status, filter.status) : undefined;
  const [rows, [total]] = await Promise.all([
    selectRows(db)
      .where(where)
      .orderBy(desc(demoRequests.lastRequestedAt), desc(demoRequests.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(demoRequests).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Serialises requests of one number, so two at once merge instead of making two rows. */
export async function lockPhone(tx: Tx, phoneNormalized: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`demo-request:${phoneNormalized}`}))`,
  );
}

/** The number's request made since `since`, the latest, if any. */
export async function findRecentRequest(tx: Tx, phoneNormalized: string, since: Date) {
  const [row] = await tx
    .select({ id: demoRequests.id })
    .from(demoRequests)
    .where(
      and(
        eq(demoRequests.phoneNormalized, phoneNormalized),
        gt(demoRequests.lastRequestedAt, since),
      ),
    )
    .orderBy(desc(demoRequests.lastRequestedAt))
    .limit(1);
  return row;
}

export async function insertDemoRequest(tx: Tx, values: typeof demoRequests.$inferInsert) {
  const [row] = await tx.insert(demoRequests).values(values).returning({ id: demoRequests.id });
  if (!row) throw new Error('demo request not stored');
  return row;
}

/** Another ask of the same number: counted, and name or city filled in when given now. */
export async function mergeDemoRequest(
  tx: Tx,
  id: string,
  values: { name: string; city: string; language: string },
) {
  await tx
    .update(demoRequests)
    .set({
      requestCount: sql`${demoRequests.requestCount} + 1`,
      lastRequestedAt: sql`now()`,
      name: values.name ? values.name : sql`${demoRequests.name}`,
      city: values.city ? values.city : sql`${demoRequests.city}`,
      language: values.language,
    })
    .where(eq(demoRequests.id, id));
}

/** Locks the request's row for the rest of the transaction; its status, or undefined. */
export async function lockDemoRequest(tx: Tx, id: string) {
  const [row] = await tx
    .select({
      id: demoRequests.id,
      status: demoRequests.status,
      phoneNumber: demoRequests.phoneNumber,
      city: demoRequests.city,
    })
    .from(demoRequests)
    .where(eq(demoRequests.id, id))
    .for('update');
  return row;
}

export async function markDemoRequestContacted(tx: Tx, id: string, userId: string) {
  await tx
    .update(demoRequests)
    .set({ status: 'contacted', contactedAt: sql`now()`, contactedBy: userId })
    .where(eq(demoRequests.id, id));
}

export async function markDemoRequestConverted(
  tx: Tx,
  id: string,
  values: { userId: string; leadId: string },
) {
  await tx
    .update(demoRequests)
    .set({
      status: 'converted',
      convertedAt: sql`now()`,
      convertedBy: values.userId,
      leadId: values.leadId,
    })
    .where(eq(demoRequests.id, id));
}

export async function branchExists(db: Db, branchId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: branches.id })
    .from(branches)
    .where(eq(branches.id, branchId));
  return Boolean(row);
}
