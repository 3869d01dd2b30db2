import type { ComplaintCoverage } from '@karya/domain/complaint-schemas';
import { indiaDayOf } from '@karya/domain/schedule';
import { warrantyState } from '@karya/domain/warranty';
import { and, desc, eq, gte, lte, or, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { amcContracts, inventoryItems, serialUnits } from '../../db/schema';

type Db = Database | Tx;

export interface CoverageReading {
  coverage: ComplaintCoverage;
  /** The AMC contract covering it, when 'amc'. */
  amcContractId: string | null;
  /** That contract's own response target; null: the branch's AMC hours. */
  contractSlaHours: number | null;
}

export interface CoverageQuestion {
  customerId: string;
  /** The installation (project order) the complaint is about. */
  installationId: string;
  serialNumber?: string | null | undefined;
  /** The instant it is read at: the complaint's opening. */
  at: Date;
}

/**
 * What covers a complaint when it is raised: an active AMC contract whose term includes
 * India's day and that names the installation or the serial; else the unit's warranty; else
 * nothing ('chargeable').
 */
export async function coverageOf(db: Db, question: CoverageQuestion): Promise<CoverageReading> {
  const contract = await findCoveringContract(db, question);
  if (contract) {
    return { coverage: 'amc', amcContractId: contract.id, contractSlaHours: contract.slaHours };
  }
  const underWarranty = await isUnderWarranty(db, question);
  return {
    coverage: underWarranty ? 'warranty' : 'chargeable',
    amcContractId: null,
    contractSlaHours: null,
  };
}

async function findCoveringContract(db: Db, question: CoverageQuestion) {
  const today = indiaDayOf(question.at);
  const serial = question.serialNumber?.trim();
  const names = serial
    ? or(
        eq(amcContracts.workOrderId, question.installationId),
        sql`${amcContracts.serialNumbers} @> jsonb_build_array(${serial}::text)`,
      )
    : eq(amcContracts.workOrderId, question.installationId);
  const [row] = await db
    .select({ id: amcContracts.id, slaHours: amcContracts.slaHours })
    .from(amcContracts)
    .where(
      and(
        // The customer's own contracts: a serial typed into another customer's contract
        // covers nothing of this one's.
        eq(amcContracts.customerId, question.customerId),
        eq(amcContracts.status, 'active'),
        lte(amcContracts.startDate, today),
        gte(amcContracts.endDate, today),
        names,
      ),
    )
    .orderBy(desc(amcContracts.endDate))
    .limit(1);
  return row;
}

/**
 * With a serial, that unit's warranty (installation date and its item's warranty text, as the
 * warranty pages read it). Without one the complaint names only the installation, so it
 * counts as under warranty when any unit that installation fitted still is: the customer
 * should not pay for the shop not knowing which unit failed.
 */
async function isUnderWarranty(db: Db, question: CoverageQuestion): Promise<boolean> {
  const serial = question.serialNumber?.trim();
  const units = await db
    .select({ installedAt: serialUnits.installedAt, warranty: inventoryItems.warranty })
    .from(serialUnits)
    .innerJoin(inventoryItems, eq(inventoryItems.id, serialUnits.itemId))
    .where(
      serial
        ? eq(serialUnits.serialNumber, serial)
        : and(
            eq(serialUnits.workOrderId, question.installationId),
            eq(serialUnits.location, 'customer'),
          ),
    );
  return units.some(
    (unit) => warrantyState(unit.installedAt, unit.warranty, question.at).underWarranty,
  );
}
