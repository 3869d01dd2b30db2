import { addDays, instalmentAmounts } from '@karya/domain/amc';
import { dayMonthYear } from '@karya/domain/day-text';
import { printedDate } from '@karya/domain/format';
import { and, eq, isNull, lt, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { recordAudit } from '../../audit/record-audit';
import { type Clock, todayOf } from '../../clock';
import type { Database, Tx } from '../../db/client';
import { amcContracts, amcInvoices, amcVisits } from '../../db/schema';
import { issueServiceInvoice } from '../billing';
import { addDailySales, invoicedDelta } from '../report-rollups';
import { openMaintenanceOrder } from '../work-orders';

/**
 * The maintenance scheduler (issue 23, decision 035): for active contracts, every visit due
 * within the lead time gets its pending work order of category Maintenance, once. Each run is
 * one transaction under a transaction-level advisory lock (PGlite and PostgreSQL alike): a
 * run that finds the lock taken does nothing, since the one holding it does the work. Beside
 * the lock, a visit's order is linked by an update that finds work_order_id still null, and
 * the link is unique, so even a run without the lock could never give a visit two orders.
 */

/** Any fixed number: it names the lock that lets one scheduler run at a time. */
export const AMC_SCHEDULER_LOCK = 7_023_023;
/** The most visits one run opens; the next run takes the rest. */
const BATCH = 500;

export interface SchedulerRun {
  /** false: another run held the lock, this one did nothing. */
  ran: boolean;
  opened: number;
  expired: number;
}

export interface DueVisit {
  visitId: string;
  number: number;
  dueDate: string;
  /** Its instalment was billed outside Karya (issue 39 item 7): its order issues none. */
  billedOutside: boolean;
  contract: typeof amcContracts.$inferSelect;
}

/**
 * Opens the order of one visit in the caller's transaction, links it (only if still unlinked)
 * and, for a contract billed in instalments, issues that visit's instalment. Throws when the
 * visit was linked meanwhile, so the caller's transaction rolls the order back.
 */
export async function openVisitOrder(tx: Tx, visit: DueVisit, at: Date): Promise<string> {
  const { contract } = visit;
  const order = await openMaintenanceOrder(tx, {
    customerId: contract.customerId,
    branchId: contract.branchId,
    projectType: contract.projectType,
    installationId: contract.workOrderId,
    initialRemark: `Maintenance visit ${visit.number} of ${contract.visitsPerTerm} under contract ${contract.contractNumber}, due ${dayMonthYear(visit.dueDate, ' ')}`,
    createdBy: contract.activatedBy ?? contract.createdBy,
  });
  const linked = await tx
    .update(amcVisits)
    .set({ workOrderId: order.id })
    .where(and(eq(amcVisits.id, visit.visitId), isNull(amcVisits.workOrderId)))
    .returning({ id: amcVisits.id });
  if (linked.length !== 1) {
    throw new Error(`AMC visit ${visit.visitId} already has a work order`);
  }
  if (contract.billing === 'instalments' && !visit.billedOutside) {
    const amounts = instalmentAmounts(contract.pricePaise, contract.visitsPerTerm);
    const amount = amounts[visit.number - 1] ?? 0;
    const invoice = await issueServiceInvoice(tx, {
      branchId: contract.branchId,
      customerId: contract.customerId,
      amountPaise: amount,
      gstRateBp: contract.gstRateBp,
      priceIncludesTax: contract.priceIncludesTax,
      at,
    });
    await insertContractInvoice(tx, contract, visit.number, contract.visitsPerTerm, invoice, null);
  }
  await recordAudit(tx, {
    actorId: null,
    action: 'amc.visit-order',
    entityType: 'amc_contract',
    entityId: contract.id,
    summary: `${contract.contractNumber}: visit ${visit.number} opened as a Maintenance order`,
    changes: { visit: visit.number, dueDate: visit.dueDate, workOrderId: order.id },
  });
  return order.id;
}

type IssuedInvoice = Awaited<ReturnType<typeof issueServiceInvoice>>;

export async function insertContractInvoice(
  tx: Tx,
  contract: typeof amcContracts.$inferSelect,
  instalment: number,
  instalments: number,
  invoice: IssuedInvoice,
  issuedBy: string | null,
): Promise<void> {
  await tx.insert(amcInvoices).values({
    contractId: contract.id,
    branchId: contract.branchId,
    instalment,
    instalments,
    invoiceNumber: invoice.invoiceNumber,
    invoiceKind: invoice.invoiceKind,
    invoiceDate: invoice.invoiceDate,
    financialYear: invoice.financialYear,
    placeOfSupply: invoice.placeOfSupply,
    supplier: invoice.supplier,
    recipient: invoice.recipient,
    description:
      instalments > 1
        ? `Annual maintenance contract ${contract.contractNumber}, instalment ${instalment} of ${instalments}`
        : `Annual maintenance contract ${contract.contractNumber}, ${printedDate(contract.startDate)} to ${printedDate(contract.endDate)}`,
    hsnSac: contract.hsnSac,
    gstRateBp: contract.gstRateBp,
    taxablePaise: invoice.taxablePaise,
    cgstPaise: invoice.cgstPaise,
    sgstPaise: invoice.sgstPaise,
    igstPaise: invoice.igstPaise,
    roundOffPaise: invoice.roundOffPaise,
    totalPaise: invoice.totalPaise,
    issuedBy,
  });
  // The GST register counts contract invoices: so does the owner's sales report (issue 38).
  await addDailySales(tx, contract.branchId, invoice.invoiceDate, invoicedDelta(invoice));
}

/** The active contracts' visits without an order, due on or before `until`. */
export function dueVisits(tx: Tx, until: string, contractId?: string): Promise<DueVisit[]> {
  return tx
    .select({
      visitId: amcVisits.id,
      number: amcVisits.number,
      dueDate: amcVisits.dueDate,
      billedOutside: amcVisits.billedOutside,
      contract: amcContracts,
    })
    .from(amcVisits)
    .innerJoin(amcContracts, eq(amcContracts.id, amcVisits.contractId))
    .where(
      and(
        isNull(amcVisits.workOrderId),
        eq(amcVisits.doneBeforeKarya, false),
        lte(amcVisits.dueDate, until),
        eq(amcContracts.status, 'active'),
        contractId ? eq(amcContracts.id, contractId) : undefined,
      ),
    )
    .orderBy(amcVisits.dueDate, amcVisits.id)
    .limit(BATCH);
}

/** One run: open what is due within the lead time, then expire contracts past their end. */
export async function runAmcScheduler(
  db: Database,
  clock: Clock,
  leadDays: number,
): Promise<SchedulerRun> {
  return db.transaction(async (tx) => {
    const result = await tx.execute<{ locked: boolean }>(
      sql`select pg_try_advisory_xact_lock(${AMC_SCHEDULER_LOCK}) as locked`,
    );
    const locked = (result as unknown as { rows: Array<{ locked: boolean }> }).rows[0]?.locked;
    if (!locked) return { ran: false, opened: 0, expired: 0 };
    const now = clock.now();
    const today = todayOf(clock);
    let opened = 0;
    for (const visit of await dueVisits(tx, addDays(today, leadDays))) {
      await openVisitOrder(tx, visit, now);
      opened += 1;
    }
    const expired = await tx
      .update(amcContracts)
      .set({ status: 'expired', updatedAt: now })
      .where(and(eq(amcContracts.status, 'active'), lt(amcContracts.endDate, today)))
      .returning({ id: amcContracts.id });
    return { ran: true, opened, expired: expired.length };
  });
}

/**
 * Runs the scheduler now and then every `minutes` (0: only now) until stopped. A failed run
 * is logged and the next one tries again; runs never overlap within a process.
 */
export function startAmcScheduler(
  db: Database,
  clock: Clock,
  options: { leadDays: number; minutes: number },
  log:
    | FastifyBaseLogger
    | { info(o: object, m?: string): void; error(o: object, m?: string): void },
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    running = running.then(async () => {
      try {
        const run = await runAmcScheduler(db, clock, options.leadDays);
        if (run.opened > 0 || run.expired > 0) {
          log.info(run, 'AMC scheduler: visits opened, contracts expired');
        }
      } catch (error) {
        log.error({ err: error }, 'AMC scheduler run failed; the next run tries again');
      }
    });
  };
  tick();
  const timer = options.minutes > 0 ? setInterval(tick, options.minutes * 60_000) : null;
  timer?.unref();
  return async () => {
    stopped = true;
    if (timer) clearInterval(timer);
    await running;
  };
}
