import {
  type ActivationChoices,
  AMC_DEFAULT_TERM_MONTHS,
  AMC_FREQUENCY_LABELS,
  AMC_MAX_TERM_MONTHS,
  AMC_RENEWAL_WINDOW_DAYS,
  AMC_VISIT_FREQUENCIES,
  type AmcStatus,
  addDays,
  contractEndDate,
  isRenewalDue,
  layOutVisits,
  monthBounds,
  moveVisit,
  orderOpensOn,
  planActivation,
  renewalStartDate,
  visitIntervalMonths,
  visitState,
} from '@karya/domain/amc';
import {
  type AmcActivationPlan,
  type AmcContract,
  type AmcContractDetail,
  type AmcOffer,
  type AmcOrderCoverage,
  type AmcOverdueVisit,
  type AmcReport,
  type AmcVisit,
  type CreateAmcContractInput,
  AMC_MESSAGES as M,
  type MoveAmcVisitInput,
  type UpdateAmcContractInput,
} from '@karya/domain/amc-schemas';
import { percentToBasisPoints } from '@karya/domain/gst';
import { toPaise, toRupees } from '@karya/domain/money';
import { isUuid } from '@karya/domain/user-schemas';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { recordAudit } from '../../audit/record-audit';
import type { Actor } from '../../auth/guard';
import { deskBranchOf, inScope, type Scope, seesWork } from '../../auth/scope';
import { type Clock, todayOf } from '../../clock';
import type { Database, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { amcContracts, amcVisits } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { OrderCoverage } from '../billing';
import { issueServiceInvoice } from '../billing';
import { findInstallation, findWorkOrderRow } from '../work-orders';
import {
  type ContractListRow,
  type ContractRow,
  findContractRow,
  findCoverage,
  findCustomerRef,
  findItemCodes,
  findItemRefs,
  findVisitOfOrder,
  installedSerials,
  listContractRows,
  listInstallationContracts,
  listInvoiceRows,
  listOverdueRows,
  listVisitRows,
  lockContract,
  nextContractNumber,
  reportRows,
  type VisitRow,
} from './amc.queries';
import { invoiceAnswers } from './amc-payments';
import {
  AMC_SCHEDULER_LOCK,
  dueVisits,
  insertContractInvoice,
  openVisitOrder,
} from './amc-scheduler';

/** What every contract call needs besides the request: the clock and the lead time. */
export interface AmcContext {
  db: Database;
  clock: Clock;
  leadDays: number;
}

const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

/* ------------------------------------------------------------- answers */

function toVisit(row: VisitRow, today: string, leadDays: number): AmcVisit {
  return {
    _id: row.id,
    number: row.number,
    dueDate: row.dueDate,
    state: visitState(
      {
        dueDate: row.dueDate,
        workOrderStatus: row.orderStatus,
        doneBeforeKarya: row.doneBeforeKarya,
      },
      today,
      leadDays,
    ),
    opensOn: orderOpensOn(row.dueDate, leadDays),
    movedFrom: row.movedFrom,
    moveReason: row.moveReason,
    workOrder:
      row.workOrderId && row.orderId
        ? {
            _id: row.workOrderId,
            orderId: row.orderId,
            status: row.orderStatus ?? 'pending',
            technician: row.technicianId
              ? {
                  _id: row.technicianId,
                  firstName: row.technicianFirst ?? '',
                  lastName: row.technicianLast ?? '',
                }
              : null,
          }
        : null,
  };
}

async function toContracts(
  db: Database,
  rows: readonly ContractListRow[],
  today: string,
): Promise<AmcContract[]> {
  const itemIds = [...new Set(rows.flatMap((row) => row.contract.coveredItemIds))];
  const items = new Map((await findItemRefs(db, itemIds)).map((item) => [item.id, item.name]));
  return rows.map((row) => {
    const c = row.contract;
    return {
      _id: c.id,
      contractNumber: c.contractNumber,
      status: c.status,
      branch: { _id: c.branchId, name: row.branchName },
      customer: { _id: c.customerId, name: row.customerName, phoneNumber: row.customerPhone },
      installation:
        c.workOrderId && row.installationOrderId
          ? {
              _id: c.workOrderId,
              orderId: row.installationOrderId,
              projectId: row.installationProjectId ?? '',
            }
          : null,
      projectType: c.projectType,
      serialNumbers: c.serialNumbers,
      startDate: c.startDate,
      endDate: c.endDate,
      termMonths: c.termMonths,
      visitsPerTerm: c.visitsPerTerm,
      price: toRupees(c.pricePaise),
      priceIncludesTax: c.priceIncludesTax,
      gstRate: c.gstRateBp / 100,
      coverage: c.coverage,
      coveredItems: c.coveredItemIds.map((id) => ({ _id: id, name: items.get(id) ?? '' })),
      billing: c.billing,
      notes: c.notes,
      slaHours: c.slaHours,
      renewalDue: c.status === 'active' && isRenewalDue(c.endDate, today),
      renewedFromId: c.renewedFromId,
      renewedById: row.renewedById,
      renewedFrom:
        c.renewedFromId && row.renewedFromNumber
          ? { _id: c.renewedFromId, contractNumber: row.renewedFromNumber }
          : null,
      renewedBy:
        row.renewedById && row.renewedByNumber && row.renewedByStatus
          ? {
              _id: row.renewedById,
              contractNumber: row.renewedByNumber,
              status: row.renewedByStatus,
            }
          : null,
      nextVisitDue: c.status === 'active' ? row.nextVisitDue : null,
      overdueVisits: c.status === 'active' || c.status === 'expired' ? row.overdueVisits : 0,
      cancellationReason: c.cancellationReason,
      createdBy: c.createdBy
        ? { _id: c.createdBy, firstName: row.creatorFirst ?? '', lastName: row.creatorLast ?? '' }
        : null,
      createdAt: c.createdAt.toISOString(),
      activatedAt: isoOrNull(c.activatedAt),
      cancelledAt: isoOrNull(c.cancelledAt),
    };
  });
}

/* --------------------------------------------------------------- reads */

/** A contract the scope may see; another branch's reads as absent (404). */
async function visibleRow(db: Database, scope: Scope, id: string, today: string) {
  if (!isUuid(id)) throw notFound(M.contractNotFound);
  const row = await findContractRow(db, id, today);
  if (!row || !inScope(scope, row.contract.branchId)) throw notFound(M.contractNotFound);
  return row;
}

export async function getContract(
  ctx: AmcContext,
  scope: Scope,
  id: string,
): Promise<AmcContractDetail> {
  const today = todayOf(ctx.clock);
  const row = await visibleRow(ctx.db, scope, id, today);
  const [[contract], visits, invoices] = await Promise.all([
    toContracts(ctx.db, [row], today),
    listVisitRows(ctx.db, [id]),
    listInvoiceRows(ctx.db, id),
  ]);
  if (!contract) throw notFound(M.contractNotFound);
  return {
    ...contract,
    visits: visits.map((visit) => toVisit(visit, today, ctx.leadDays)),
    invoices: await invoiceAnswers(ctx.db, invoices),
  };
}

export interface ContractListQuery {
  statuses: readonly AmcStatus[];
  renewalsDue: boolean;
  customerId?: string | undefined;
  search?: string | undefined;
  limit: number;
  offset: number;
}

export async function listContracts(ctx: AmcContext, scope: Scope, query: ContractListQuery) {
  const today = todayOf(ctx.clock);
  const { rows, total } = await listContractRows(
    ctx.db,
    {
      branchId: deskBranchOf(scope),
      statuses: query.statuses,
      renewalsDue: query.renewalsDue
        ? { today, until: addDays(today, AMC_RENEWAL_WINDOW_DAYS) }
        : undefined,
      customerId: query.customerId,
      search: query.search,
      limit: query.limit,
      offset: query.offset,
    },
    today,
  );
  return { items: await toContracts(ctx.db, rows, today), total };
}

export async function listOverdueVisits(
  ctx: AmcContext,
  scope: Scope,
  paging: { limit: number; offset: number },
): Promise<{ items: AmcOverdueVisit[]; total: number }> {
  const today = todayOf(ctx.clock);
  const { rows, total } = await listOverdueRows(ctx.db, {
    branchId: deskBranchOf(scope),
    today,
    ...paging,
  });
  const visits = new Map(
    (await listVisitRows(ctx.db, [...new Set(rows.map((row) => row.contractId))])).map((v) => [
      v.id,
      v,
    ]),
  );
  const items = rows.flatMap((row) => {
    const visit = visits.get(row.visitId);
    if (!visit) return [];
    return [
      {
        ...toVisit(visit, today, ctx.leadDays),
        contractId: row.contractId,
        contractNumber: row.contractNumber,
        customer: { _id: row.customerId, name: row.customerName, phoneNumber: row.customerPhone },
        branch: { _id: row.branchId, name: row.branchName },
        daysOverdue: -daysUntil(today, visit.dueDate),
      },
    ];
  });
  return { items, total };
}

const daysUntil = (today: string, day: string) =>
  Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);

/**
 * The AMC report of a month ('2026-04'; this month when absent): visits done in it, still due
 * in it (from today on), overdue in it (due before today, not done), and the covered parts
 * that moved to customers in it.
 */
export async function amcReport(ctx: AmcContext, scope: Scope, month?: string): Promise<AmcReport> {
  const today = todayOf(ctx.clock);
  const { first, last } = monthBounds(month ? `${month}-01` : today);
  const rows = await reportRows(ctx.db, { branchId: deskBranchOf(scope), today, first, last });
  return {
    month: first.slice(0, 7),
    today,
    rows: rows.map((row) => ({
      branch: { _id: row.branchId, name: row.branchName },
      activeContracts: row.activeContracts,
      activeValue: toRupees(row.activeValuePaise),
      visitsDone: row.visitsDone,
      visitsDue: row.visitsDue,
      visitsOverdue: row.visitsOverdue,
      partsValue: toRupees(row.partsValuePaise),
      // What the shop paid for stock reaches admins only (issue 33 item 1).
      ...(scope.kind === 'all' ? { partsCost: toRupees(row.partsCostPaise) } : {}),
    })),
  };
}

/** 'Offer AMC': what the form is filled with from a completed installation of the customer. */
export async function getOffer(
  ctx: AmcContext,
  scope: Scope,
  customerId: string,
  orderReference: string,
): Promise<AmcOffer> {
  const customer = await findCustomerRef(ctx.db, customerId);
  if (!customer || !inScope(scope, customer.branchId)) throw notFound(M.customerNotFound);
  const installation = await findInstallation(ctx.db, customer.id, orderReference);
  if (!installation) throw notFound(M.installationNotFound);
  if (installation.status !== 'completed') throw conflict(M.installationNotCompleted);
  const [serialNumbers, existing] = await Promise.all([
    installedSerials(ctx.db, installation.id),
    listInstallationContracts(ctx.db, installation.id),
  ]);
  return {
    customer: { _id: customer.id, name: customer.name, phoneNumber: customer.phoneNumber },
    installation: {
      _id: installation.id,
      orderId: installation.orderId,
      projectId: installation.projectId,
      projectType: installation.projectType,
      completedAt: isoOrNull(installation.completedAt),
    },
    serialNumbers,
    startDate: todayOf(ctx.clock),
    termMonths: AMC_DEFAULT_TERM_MONTHS,
    existingContracts: existing.map((c) => ({
      _id: c.id,
      contractNumber: c.contractNumber,
      status: c.status,
    })),
  };
}

export function amcSettings(ctx: AmcContext) {
  return {
    leadDays: ctx.leadDays,
    renewalWindowDays: AMC_RENEWAL_WINDOW_DAYS,
    defaultTermMonths: AMC_DEFAULT_TERM_MONTHS,
    maxTermMonths: AMC_MAX_TERM_MONTHS,
    visitFrequencies: AMC_VISIT_FREQUENCIES.map((n) => ({
      visitsPerTerm: n,
      label: AMC_FREQUENCY_LABELS[n],
    })),
  };
}

/**
 * Whether an order is a contract's visit and what it covers: for whoever sees the order (its
 * technician, the branch's managers, admins); another's order reads as absent.
 */
export async function getOrderCoverage(
  ctx: AmcContext,
  scope: Scope,
  orderReference: string,
): Promise<AmcOrderCoverage> {
  const order = await findWorkOrderRow(ctx.db, orderReference);
  if (!order || !seesWork(scope, order)) throw notFound(M.workOrderNotFound);
  const visit = await findVisitOfOrder(ctx.db, order.id);
  if (!visit) return null;
  const covered = visit.coverage === 'labour-and-parts' ? visit.coveredItemIds : [];
  const items = await findItemCodes(ctx.db, covered);
  return {
    contractId: visit.contractId,
    contractNumber: visit.contractNumber,
    visitNumber: visit.visitNumber,
    visitsPerTerm: visit.visitsPerTerm,
    dueDate: visit.dueDate,
    coverage: visit.coverage,
    labourCovered: true,
    coveredItems: items.map((item) => ({ _id: item.id, itemId: item.code, name: item.name })),
  };
}

/** For billing: what the contract of a visit's order covers (decision 035). */
export async function coverageOfOrder(tx: Tx, workOrderId: string): Promise<OrderCoverage | null> {
  const row = await findCoverage(tx, workOrderId);
  if (!row) return null;
  return {
    contractNumber: row.contractNumber,
    labour: true,
    itemIds: new Set(row.coverage === 'labour-and-parts' ? row.coveredItemIds : []),
  };
}

/* -------------------------------------------------------------- changes */

/** Covered parts must be catalogue products (not services). */
async function checkCoveredItems(tx: Tx, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  const found = await findItemRefs(tx, unique);
  if (found.length !== unique.length) throw badRequest(M.coveredItemNotFound);
  if (found.some((item) => item.type === 'service')) throw badRequest(M.coveredItemIsService);
  return unique;
}

/**
 * A new draft contract under the next number of the year: created (or renewed) by the
 * actor now, with its audit entry; its id.
 */
export async function insertDraftContract(
  tx: Tx,
  ctx: Pick<AmcContext, 'clock'>,
  actor: Pick<Actor, 'id'>,
  terms: Omit<
    typeof amcContracts.$inferInsert,
    'contractNumber' | 'createdBy' | 'createdAt' | 'updatedAt'
  >,
  audit: (contractNumber: string) => {
    action: string;
    summary: string;
    changes: Record<string, unknown>;
  },
): Promise<string> {
  const now = ctx.clock.now();
  const contractNumber = await nextContractNumber(tx, Number(todayOf(ctx.clock).slice(0, 4)));
  const [row] = await tx
    .insert(amcContracts)
    .values({ ...terms, contractNumber, createdBy: actor.id, createdAt: now, updatedAt: now })
    .returning({ id: amcContracts.id });
  if (!row) throw new Error('contract insert returned no row');
  await recordAudit(tx, {
    actorId: actor.id,
    entityType: 'amc_contract',
    entityId: row.id,
    ...audit(contractNumber),
  });
  return row.id;
}

/** A lock on the contract the scope may change; another branch's reads as absent. */
async function lockVisible(tx: Tx, scope: Scope, id: string): Promise<ContractRow> {
  if (!isUuid(id)) throw notFound(M.contractNotFound);
  const row = await lockContract(tx, id);
  if (!row || !inScope(scope, row.branchId)) throw notFound(M.contractNotFound);
  return row;
}

export async function createContract(
  ctx: AmcContext,
  actor: Actor,
  scope: Scope,
  input: CreateAmcContractInput,
): Promise<AmcContractDetail> {
  const id = await ctx.db.transaction(async (tx) => {
    const customer = await findCustomerRef(tx, input.customerId);
    if (!customer || !inScope(scope, customer.branchId)) throw notFound(M.customerNotFound);
    let installationId: string | null = null;
    let projectType = input.projectType?.trim() ?? '';
    let serialNumbers = input.serialNumbers;
    if (input.fromOrderId) {
      const installation = await findInstallation(tx, customer.id, input.fromOrderId);
      if (!installation) throw notFound(M.installationNotFound);
      if (installation.status !== 'completed') throw conflict(M.installationNotCompleted);
      installationId = installation.id;
      projectType ||= installation.projectType;
      serialNumbers ??= await installedSerials(tx, installation.id);
    }
    if (!projectType) throw badRequest(M.projectTypeRequired);
    const coveredItemIds = await checkCoveredItems(tx, input.coveredItemIds);
    return insertDraftContract(
      tx,
      ctx,
      actor,
      {
        branchId: customer.branchId,
        customerId: customer.id,
        workOrderId: installationId,
        serialNumbers: [...new Set(serialNumbers ?? [])],
        projectType,
        startDate: input.startDate,
        termMonths: input.termMonths,
        visitsPerTerm: input.visitsPerTerm,
        endDate: contractEndDate(input.startDate, input.termMonths),
        pricePaise: toPaise(input.price),
        priceIncludesTax: input.priceIncludesTax,
        gstRateBp: percentToBasisPoints(input.gstRate),
        coverage: input.coverage,
        coveredItemIds,
        billing: input.billing,
        notes: input.notes,
        slaHours: input.slaHours ?? null,
      },
      (contractNumber) => ({
        action: 'amc.create',
        summary: `${contractNumber} drafted for ${projectType}`,
        changes: { ...input },
      }),
    );
  });
  return getContract(ctx, scope, id);
}

export async function updateContract(
  ctx: AmcContext,
  actor: Actor,
  scope: Scope,
  id: string,
  input: UpdateAmcContractInput,
): Promise<AmcContractDetail> {
  await ctx.db.transaction(async (tx) => {
    const row = await lockVisible(tx, scope, id);
    if (row.status !== 'draft') throw conflict(M.onlyDraftEdited);
    const termMonths = input.termMonths ?? row.termMonths;
    const visitsPerTerm = input.visitsPerTerm ?? row.visitsPerTerm;
    if (visitIntervalMonths(termMonths, visitsPerTerm) === null) {
      throw badRequest(M.termNotDivisible);
    }
    const coverage = input.coverage ?? row.coverage;
    const coveredItemIds =
      input.coveredItemIds !== undefined
        ? await checkCoveredItems(tx, input.coveredItemIds)
        : coverage === 'labour'
          ? []
          : row.coveredItemIds;
    if (coverage === 'labour' && coveredItemIds.length > 0) {
      throw badRequest(M.coveredItemsNeedParts);
    }
    const projectType = input.projectType?.trim() ?? row.projectType;
    if (!projectType) throw badRequest(M.projectTypeRequired);
    const startDate = input.startDate ?? row.startDate;
    await tx
      .update(amcContracts)
      .set({
        projectType,
        serialNumbers:
          input.serialNumbers !== undefined ? [...new Set(input.serialNumbers)] : undefined,
        startDate,
        termMonths,
        visitsPerTerm,
        endDate: contractEndDate(startDate, termMonths),
        pricePaise: input.price !== undefined ? toPaise(input.price) : undefined,
        priceIncludesTax: input.priceIncludesTax,
        gstRateBp: input.gstRate !== undefined ? percentToBasisPoints(input.gstRate) : undefined,
        coverage,
        coveredItemIds,
        billing: input.billing,
        notes: input.notes,
        slaHours: input.slaHours,
        updatedAt: ctx.clock.now(),
      })
      .where(eq(amcContracts.id, row.id));
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'amc.update',
      entityType: 'amc_contract',
      entityId: row.id,
      summary: `${row.contractNumber} changed`,
      changes: { ...input },
    });
  });
  return getContract(ctx, scope, id);
}

/** The plan of activating `row` today with `choices` (issue 39 item 7). */
const planOf = (
  ctx: Pick<AmcContext, 'clock' | 'leadDays'>,
  row: ContractRow,
  choices: ActivationChoices,
) =>
  planActivation(
    {
      startDate: row.startDate,
      termMonths: row.termMonths,
      visitsPerTerm: row.visitsPerTerm,
      billing: row.billing,
      pricePaise: row.pricePaise,
    },
    todayOf(ctx.clock),
    ctx.leadDays,
    choices,
  );

/** GET /api/amc-contracts/{id}/activation-plan: what activating now would issue and open. */
export async function activationPlan(
  ctx: AmcContext,
  scope: Scope,
  id: string,
  choices: ActivationChoices,
): Promise<AmcActivationPlan> {
  const { contract: row } = await visibleRow(ctx.db, scope, id, todayOf(ctx.clock));
  if (row.status !== 'draft') throw conflict(M.onlyDraftActivated);
  const plan = planOf(ctx, row, choices);
  return {
    ...plan,
    invoices: plan.invoices.map(({ amountPaise, ...invoice }) => ({
      ...invoice,
      amount: toRupees(amountPaise),
    })),
  };
}

/**
 * What activation does besides laying out the visits. A contract brought over by an import
 * (issue 36) was billed in the old system, so it issues no invoice; and its due visits' orders
 * are left to the scheduler's next run, which reads the process's clock and lead time.
 */
export interface ActivationSteps {
  /** The upfront invoice, or the instalments of visits done before Karya, issued now. */
  issueInvoices: boolean;
  /** The orders of visits within the lead time opened now. */
  openDueOrders: boolean;
}
const EVERY_STEP: ActivationSteps = { issueInvoices: true, openDueOrders: true };

/**
 * Draft → active: the visits are laid out over the term, the invoice is issued (upfront: the
 * whole price now; instalments: one with each visit's order), and any visit already within
 * the lead time gets its order at once.
 */
export async function activateContract(
  ctx: AmcContext,
  actor: Actor,
  scope: Scope,
  id: string,
  choices: ActivationChoices = {},
): Promise<AmcContractDetail> {
  await ctx.db.transaction(async (tx) => {
    const row = await lockVisible(tx, scope, id);
    await activateLocked(tx, ctx, actor.id, row, choices, EVERY_STEP);
  });
  return getContract(ctx, scope, id);
}

/** The activation of a draft the caller has locked, in its transaction. */
export async function activateLocked(
  tx: Tx,
  ctx: Pick<AmcContext, 'clock' | 'leadDays'>,
  actorId: string,
  row: ContractRow,
  choices: ActivationChoices,
  steps: ActivationSteps,
): Promise<void> {
  if (row.status !== 'draft') throw conflict(M.onlyDraftActivated);
  const today = todayOf(ctx.clock);
  if (row.endDate < today) throw conflict(M.activeEnded);
  // A back-dated contract says what became of the visits (and instalments) behind it.
  const plan = planOf(ctx, row, choices);
  if (plan.needsPastVisitsChoice) throw conflict(M.pastVisitsChoice);
  if (plan.needsPastInstalmentsChoice) throw conflict(M.pastInstalmentsChoice);
  const doneBefore = new Set(plan.doneBeforeKarya.map((visit) => visit.number));
  const outside = new Set(plan.billedOutside);
  const now = ctx.clock.now();
  const [active] = await tx
    .update(amcContracts)
    .set({ status: 'active', activatedAt: now, activatedBy: actorId, updatedAt: now })
    .where(and(eq(amcContracts.id, row.id), eq(amcContracts.status, 'draft')))
    .returning();
  if (!active) throw conflict(M.onlyDraftActivated);
  await tx.insert(amcVisits).values(
    layOutVisits(row.startDate, row.termMonths, row.visitsPerTerm).map((visit) => ({
      contractId: row.id,
      branchId: row.branchId,
      number: visit.number,
      dueDate: visit.dueDate,
      doneBeforeKarya: doneBefore.has(visit.number),
      billedOutside: outside.has(visit.number),
    })),
  );
  let invoiceNumber: string | null = null;
  if (steps.issueInvoices && row.billing === 'upfront') {
    const invoice = await issueServiceInvoice(tx, {
      branchId: row.branchId,
      customerId: row.customerId,
      amountPaise: row.pricePaise,
      gstRateBp: row.gstRateBp,
      priceIncludesTax: row.priceIncludesTax,
      at: now,
    });
    await insertContractInvoice(tx, active, 1, 1, invoice, actorId);
    invoiceNumber = invoice.invoiceNumber;
  } else if (steps.issueInvoices) {
    // Instalments of visits done before Karya and not billed outside it: issued now.
    for (const due of plan.invoices.filter((invoice) => doneBefore.has(invoice.instalment))) {
      const invoice = await issueServiceInvoice(tx, {
        branchId: row.branchId,
        customerId: row.customerId,
        amountPaise: due.amountPaise,
        gstRateBp: row.gstRateBp,
        priceIncludesTax: row.priceIncludesTax,
        at: now,
      });
      await insertContractInvoice(tx, active, due.instalment, due.instalments, invoice, actorId);
    }
  }
  if (steps.openDueOrders) {
    for (const visit of await dueVisits(tx, addDays(today, ctx.leadDays), row.id)) {
      await openVisitOrder(tx, visit, now);
    }
  }
  await recordAudit(tx, {
    actorId,
    action: 'amc.activate',
    entityType: 'amc_contract',
    entityId: row.id,
    summary: `${row.contractNumber} activated${invoiceNumber ? `, invoice ${invoiceNumber}` : ''}`,
    changes: {
      billing: row.billing,
      invoiceNumber,
      ...(plan.pastVisits.length ? choices : {}),
      ...(steps.issueInvoices ? {} : { invoices: 'none: billed before Karya' }),
    },
  });
}

export async function cancelContract(
  ctx: AmcContext,
  actor: Actor,
  scope: Scope,
  id: string,
  reason: string,
): Promise<AmcContractDetail> {
  await ctx.db.transaction(async (tx) => {
    // Waits for a scheduler run in progress, which might be opening this contract's visit.
    await tx.execute(sql`select pg_advisory_xact_lock(${AMC_SCHEDULER_LOCK})`);
    const row = await lockVisible(tx, scope, id);
    if (row.status !== 'draft' && row.status !== 'active') throw conflict(M.cannotCancel);
    const now = ctx.clock.now();
    await tx
      .update(amcContracts)
      .set({
        status: 'cancelled',
        cancelledAt: now,
        cancelledBy: actor.id,
        cancellationReason: reason,
        updatedAt: now,
      })
      .where(eq(amcContracts.id, row.id));
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'amc.cancel',
      entityType: 'amc_contract',
      entityId: row.id,
      summary: `${row.contractNumber} cancelled`,
      changes: { from: row.status, reason },
    });
  });
  return getContract(ctx, scope, id);
}

/** A new draft from an active or expired contract, starting the day after it ends. */
export async function renewContract(
  ctx: AmcContext,
  actor: Actor,
  scope: Scope,
  id: string,
): Promise<AmcContractDetail> {
  let renewalId: string;
  try {
    renewalId = await ctx.db.transaction(async (tx) => {
      const old = await lockVisible(tx, scope, id);
      if (old.status !== 'active' && old.status !== 'expired') {
        throw conflict(M.renewOnlyActiveOrExpired);
      }
      const existing = await tx
        .select({ id: amcContracts.id })
        .from(amcContracts)
        .where(
          and(
            eq(amcContracts.renewedFromId, old.id),
            inArray(amcContracts.status, ['draft', 'active', 'expired']),
          ),
        )
        .limit(1);
      if (existing.length > 0) throw conflict(M.alreadyRenewed);
      const startDate = renewalStartDate(old.endDate);
      return insertDraftContract(
        tx,
        ctx,
        actor,
        {
          branchId: old.branchId,
          customerId: old.customerId,
          workOrderId: old.workOrderId,
          serialNumbers: old.serialNumbers,
          projectType: old.projectType,
          startDate,
          termMonths: old.termMonths,
          visitsPerTerm: old.visitsPerTerm,
          endDate: contractEndDate(startDate, old.termMonths),
          pricePaise: old.pricePaise,
          priceIncludesTax: old.priceIncludesTax,
          gstRateBp: old.gstRateBp,
          hsnSac: old.hsnSac,
          coverage: old.coverage,
          coveredItemIds: old.coveredItemIds,
          billing: old.billing,
          notes: old.notes,
          slaHours: old.slaHours,
          renewedFromId: old.id,
        },
        (contractNumber) => ({
          action: 'amc.renew',
          summary: `${contractNumber} drafted as the renewal of ${old.contractNumber}`,
          changes: { renewedFrom: old.id, startDate },
        }),
      );
    });
  } catch (error) {
    if (isUniqueViolation(error, 'amc_contracts_renewed_from_key')) {
      throw conflict(M.alreadyRenewed);
    }
    throw error;
  }
  return getContract(ctx, scope, renewalId);
}

/** Grace after the end within which a visit may still be moved (a late last visit). */
const MOVE_GRACE_DAYS = 60;

export async function moveContractVisit(
  ctx: AmcContext,
  actor: Actor,
  scope: Scope,
  id: string,
  number: number,
  input: MoveAmcVisitInput,
): Promise<AmcContractDetail> {
  await ctx.db.transaction(async (tx) => {
    // A visit moved into its lead time gets its order now, so this waits for a scheduler run
    // in progress (taken first, before any row lock, so the two never wait on each other).
    await tx.execute(sql`select pg_advisory_xact_lock(${AMC_SCHEDULER_LOCK})`);
    const contract = await lockVisible(tx, scope, id);
    if (contract.status !== 'active') throw conflict(M.moveOnlyActive);
    const visits = await listVisitRows(tx, [contract.id]);
    const decision = moveVisit(
      visits.map((visit) => ({
        number: visit.number,
        dueDate: visit.dueDate,
        done: visit.orderStatus === 'completed' || visit.doneBeforeKarya,
      })),
      number,
      input.dueDate,
      input.shiftLaterVisits,
    );
    if (!decision.ok) {
      switch (decision.reason) {
        case 'not-found':
          throw notFound(M.visitNotFound);
        case 'done':
          throw conflict(M.visitDone);
        case 'unchanged':
          throw badRequest(M.visitUnchanged);
        case 'before-previous':
          throw badRequest(M.visitBeforePrevious);
        case 'after-next':
          throw badRequest(M.visitAfterNext);
      }
    }
    const latest = addDays(contract.endDate, MOVE_GRACE_DAYS);
    if (decision.changes.some((c) => c.to < contract.startDate || c.to > latest)) {
      throw badRequest(M.visitOutsideContract);
    }
    const now = ctx.clock.now();
    for (const change of decision.changes) {
      const visit = visits.find((v) => v.number === change.number);
      if (!visit) continue;
      await tx
        .update(amcVisits)
        .set({
          dueDate: change.to,
          movedFrom: change.from,
          moveReason:
            change.number === number ? input.reason : `${input.reason} (with visit ${number})`,
          movedBy: actor.id,
          movedAt: now,
        })
        .where(eq(amcVisits.id, visit.id));
    }
    const today = todayOf(ctx.clock);
    for (const visit of await dueVisits(tx, addDays(today, ctx.leadDays), contract.id)) {
      await openVisitOrder(tx, visit, now);
    }
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'amc.move-visit',
      entityType: 'amc_contract',
      entityId: contract.id,
      summary: `${contract.contractNumber}: visit ${number} moved to ${input.dueDate}`,
      changes: { reason: input.reason, changes: decision.changes },
    });
  });
  return getContract(ctx, scope, id);
}
