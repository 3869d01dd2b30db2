import { contractEndDate } from '@karya/domain/amc';
import { percentToBasisPoints } from '@karya/domain/gst';
import { toPaise } from '@karya/domain/money';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Database, Tx } from '../../db/client';
import { amcContracts, customers } from '../../db/schema';
import { lockContract } from './amc.queries';
import { activateLocked, insertDraftContract } from './amc.service';

/**
 * Running contracts brought over by an import (issue 36). Each is created as the form creates
 * a draft and activated by the service's own activation, with two of its steps left out: no
 * invoice (the old system billed the contract), and no order opened in the import's batch (the
 * scheduler opens the due visits' orders on its next run, with the configured lead time).
 * Visits already behind it are taken as done before Karya: the old system's history.
 */

export interface ImportedContractTerms {
  branchId: string;
  customerId: string;
  projectType: string;
  serialNumbers: readonly string[];
  startDate: string;
  termMonths: number;
  visitsPerTerm: number;
  price: number;
  priceIncludesTax: boolean;
  gstRate: number;
  coverage: 'labour' | 'labour-and-parts';
  notes: string;
}

const WITHOUT_INVOICES = { issueInvoices: false, openDueOrders: false } as const;
const PAST_BEFORE_KARYA = {
  pastVisits: 'done-before-karya',
  pastInstalments: 'billed-outside',
} as const;

/** The contract made active; the service's message (an end before today) is thrown as it is. */
export async function importActiveContract(
  tx: Tx,
  clock: Clock,
  actorId: string,
  terms: ImportedContractTerms,
): Promise<string> {
  const id = await insertDraftContract(
    tx,
    { clock },
    { id: actorId },
    {
      branchId: terms.branchId,
      customerId: terms.customerId,
      workOrderId: null,
      serialNumbers: [...new Set(terms.serialNumbers)],
      projectType: terms.projectType,
      startDate: terms.startDate,
      termMonths: terms.termMonths,
      visitsPerTerm: terms.visitsPerTerm,
      endDate: contractEndDate(terms.startDate, terms.termMonths),
      pricePaise: toPaise(terms.price),
      priceIncludesTax: terms.priceIncludesTax,
      gstRateBp: percentToBasisPoints(terms.gstRate),
      coverage: terms.coverage,
      coveredItemIds: [],
      billing: 'upfront',
      notes: terms.notes,
    },
    (contractNumber) => ({
      action: 'amc.import',
      summary: `${contractNumber} imported for ${terms.projectType}`,
      changes: { ...terms },
    }),
  );
  const row = await lockContract(tx, id);
  if (!row) throw new Error('imported contract vanished');
  await activateLocked(
    tx,
    { clock, leadDays: 0 },
    actorId,
    row,
    PAST_BEFORE_KARYA,
    WITHOUT_INVOICES,
  );
  return id;
}

/**
 * The branch's contracts, not cancelled, of these customers' phones (national digits) and
 * start dates, with their project type: what an import's row is matched against.
 */
export async function contractsOfPhones(
  db: Database | Tx,
  branchId: string,
  nationals: readonly string[],
  startDates: readonly string[],
) {
  if (nationals.length === 0 || startDates.length === 0) return [];
  return db
    .select({
      id: amcContracts.id,
      phoneNational: customers.phoneNational,
      startDate: amcContracts.startDate,
      projectType: amcContracts.projectType,
    })
    .from(amcContracts)
    .innerJoin(customers, eq(customers.id, amcContracts.customerId))
    .where(
      and(
        eq(amcContracts.branchId, branchId),
        ne(amcContracts.status, 'cancelled'),
        inArray(customers.phoneNational, [...nationals]),
        inArray(amcContracts.startDate, [...startDates]),
      ),
    );
}
