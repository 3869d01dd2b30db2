import type { BusinessProfileInput } from '@karya/domain/invoice-schemas';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { businessProfile, gstRates } from '../../db/schema';

export type BusinessProfileRow = typeof businessProfile.$inferSelect;

export async function findBusinessProfileRow(
  db: Database | Tx,
): Promise<BusinessProfileRow | null> {
  const [row] = await db.select().from(businessProfile).limit(1);
  return row ?? null;
}

/** The table holds at most one row (its key is always true): the first save inserts it. */
export async function upsertBusinessProfile(
  tx: Tx,
  input: BusinessProfileInput,
  updatedBy: string,
): Promise<BusinessProfileRow> {
  const values = { ...input, updatedBy, updatedAt: sql`now()` };
  const [row] = await tx
    .insert(businessProfile)
    .values({ singleton: true, ...values })
    .onConflictDoUpdate({ target: businessProfile.singleton, set: values })
    .returning();
  if (!row) throw new Error('business profile upsert returned no row');
  return row;
}

/** The GST slabs an item may carry now, lowest first, in basis points. */
export async function listActiveGstRateBps(db: Database | Tx): Promise<number[]> {
  const rows = await db
    .select({ rateBp: gstRates.rateBp })
    .from(gstRates)
    .where(eq(gstRates.active, true))
    .orderBy(asc(gstRates.rateBp));
  return rows.map((row) => row.rateBp);
}
