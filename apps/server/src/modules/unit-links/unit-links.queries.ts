import { and, desc, eq, gte, inArray, isNull, lt, lte, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { complaintClocks, unitLinks } from '../../db/complaints-schema';
import { amcContracts, workOrders } from '../../db/schema';

type Db = Database | Tx;

/* ------------------------------------------------------------ the links */

/** The link of a chain's first serial, or null. */
export async function findLinkOfSerial(db: Db, serialNumber: string) {
  const [row] = await db
    .select({ token: unitLinks.token, serialNumber: unitLinks.serialNumber })
    .from(unitLinks)
    .where(eq(unitLinks.serialNumber, serialNumber));
  return row ?? null;
}

/**
 * Saves a new link unless the serial (or, in 2^-128, the token) has one: two first asks at
 * once both insert, the unique index keeps one and the other's insert does nothing; each
 * then reads the one kept. The new row's id, or null when another was kept.
 */
export async function saveLink(
  db: Db,
  link: { token: string; serialNumber: string; createdBy: string },
): Promise<string | null> {
  const [saved] = await db
    .insert(unitLinks)
    .values(link)
    .onConflictDoNothing()
    .returning({ id: unitLinks.id });
  return saved?.id ?? null;
}

/**
 * The serial a token is for. A guessed token and a real one's neighbour take the same one
 * index lookup and both find nothing, so neither answers faster than the other.
 */
export async function findLinkOfToken(db: Db, token: string) {
  const [row] = await db
    .select({ serialNumber: unitLinks.serialNumber })
    .from(unitLinks)
    .where(eq(unitLinks.token, token));
  return row ?? null;
}

/** The same, locked for the transaction: two complaints on one unit queue here. */
export async function lockLinkOfToken(tx: Tx, token: string) {
  const [row] = await tx
    .select({ serialNumber: unitLinks.serialNumber })
    .from(unitLinks)
    .where(eq(unitLinks.token, token))
    .for('update');
  return row ?? null;
}

/* ------------------------------------------------------------ the unit's orders */

/** An installation as the unit's page and complaint read it. */
export interface InstallationRef {
  id: string;
  projectId: string;
}

/** The installation's own order and every order continuing its project (complaints, visits). */
const ofInstallation = (installation: InstallationRef) =>
  or(
    eq(workOrders.id, installation.id),
    eq(workOrders.existingProjectId, installation.id),
    eq(workOrders.projectId, installation.projectId),
  );

/**
 * The unit's last service visits, newest first: its installation, complaints and maintenance
 * visits. A transferred order is left out: the order that took over its work is listed.
 */
export function lastVisitsOf(db: Db, installation: InstallationRef, limit: number) {
  const at = sql<Date>`coalesce(${workOrders.completedAt}, ${workOrders.createdAt})`.mapWith(
    workOrders.createdAt,
  );
  return db
    .select({
      orderId: workOrders.orderId,
      projectCategory: workOrders.projectCategory,
      status: workOrders.status,
      at,
    })
    .from(workOrders)
    .where(and(ofInstallation(installation), ne(workOrders.status, 'transferred')))
    .orderBy(desc(at), desc(workOrders.orderId))
    .limit(limit);
}

/**
 * The complaint open on the unit: a Repair order of its installation, neither completed nor
 * transferred, about one of the chain's serials or about the installation as a whole (raised
 * at the desk or on the status page without a serial). A complaint naming another unit of the
 * same installation is that unit's.
 */
export async function findOpenComplaint(
  db: Db,
  installation: InstallationRef,
  serials: readonly string[],
) {
  const [row] = await db
    .select({ id: workOrders.id, orderId: workOrders.orderId, createdAt: workOrders.createdAt })
    .from(workOrders)
    .leftJoin(complaintClocks, eq(complaintClocks.workOrderId, workOrders.id))
    .where(
      and(
        eq(workOrders.projectCategory, 'Repair'),
        or(
          eq(workOrders.existingProjectId, installation.id),
          eq(workOrders.projectId, installation.projectId),
        ),
        notInArray(workOrders.status, ['completed', 'transferred']),
        or(
          isNull(complaintClocks.serialNumber),
          inArray(complaintClocks.serialNumber, [...serials]),
        ),
      ),
    )
    .orderBy(desc(workOrders.createdAt), desc(workOrders.orderId))
    .limit(1);
  return row ?? null;
}

/* ------------------------------------------------------------ maintenance contracts */

/**
 * The customer's contracts naming the installation or one of the chain's serials: the one
 * covering `today` (active, in its term), else the one that ended last. Drafts and cancelled
 * contracts never covered it.
 */
export async function amcOfUnit(
  db: Db,
  unit: { customerId: string; installationId: string; serials: readonly string[]; today: string },
): Promise<{ until: string; active: boolean } | null> {
  const names = or(
    eq(amcContracts.workOrderId, unit.installationId),
    ...unit.serials.map(
      (serial) => sql`${amcContracts.serialNumbers} @> jsonb_build_array(${serial}::text)`,
    ),
  );
  const mine = and(eq(amcContracts.customerId, unit.customerId), names);
  const [covering] = await db
    .select({ until: amcContracts.endDate })
    .from(amcContracts)
    .where(
      and(
        mine,
        eq(amcContracts.status, 'active'),
        lte(amcContracts.startDate, unit.today),
        gte(amcContracts.endDate, unit.today),
      ),
    )
    .orderBy(desc(amcContracts.endDate))
    .limit(1);
  if (covering) return { until: covering.until, active: true };
  const [ended] = await db
    .select({ until: amcContracts.endDate })
    .from(amcContracts)
    .where(
      and(
        mine,
        inArray(amcContracts.status, ['active', 'expired']),
        lt(amcContracts.endDate, unit.today),
      ),
    )
    .orderBy(desc(amcContracts.endDate))
    .limit(1);
  return ended ? { until: ended.until, active: false } : null;
}
