import { CONTACT_MESSAGES } from '@karya/domain/contact-schemas';
import { formatDate } from '@karya/domain/format';
import type { JobStatusUnit } from '@karya/domain/job-status';
import { toRupees } from '@karya/domain/money';
import { isUuid } from '@karya/domain/user-schemas';
import { warrantyState } from '@karya/domain/warranty';
import {
  type CompleteReplacementInput,
  type InstalledUnit,
  WARRANTY_MESSAGES as M,
  type RegisterReplacementInput,
  type Replacement,
  type ReplacementStatus,
  type WarrantyClaimInput,
  type WarrantyStatus,
} from '@karya/domain/warranty-schemas';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { recordAudit } from '../../audit/record-audit';
import type { Actor } from '../../auth/guard';
import { inScope, type Scope } from '../../auth/scope';
import type { Database, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { warrantyIssues, warrantyReplacements } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { moveStock } from '../inventory';
import { appendHistory, closeComplaintOrder, touchWorkOrder } from '../work-orders';
import {
  branchOfUnit,
  customerBranch,
  findComplaintOfInstallation,
  findRecordById,
  findRecordOfCurrentUnit,
  findRecordReplacedBy,
  findRecordsHolding,
  findUnit,
  type IssueRow,
  issuesOf,
  isTechniciansCustomer,
  listRecords,
  lockRecord,
  type RecordFilter,
  type RecordRow,
  type UnitRow,
  unitsAtCustomer,
  unitsInstalledByOrder,
} from './warranty.queries';

/**
 * Warranty replacement by serial number (spec 2 §3–§5, issue 13, decision 011). A record
 * follows one installed unit through its replacements; completing one is a single
 * transaction on the stock ledger: the new unit goes to the customer keeping the original
 * installation date, the faulty one to the branch's faulty shelf.
 */

const fullName = (first: string | null, last: string | null) =>
  first === null && last === null ? null : `${first ?? ''} ${last ?? ''}`.trim();

/** A unit the scope may see; anything else reads as unknown, so nothing leaks across branches. */
export async function visibleUnit(db: Database | Tx, scope: Scope, serialNumber: string) {
  const unit = await findUnit(db, serialNumber.trim());
  if (!unit) throw notFound(M.productNotFound);
  if (scope.kind !== 'own' && !inScope(scope, branchOfUnit(unit)))
    throw notFound(M.productNotFound);
  if (scope.kind === 'own') {
    const holds = unit.location === 'technician' && unit.technicianId === scope.technicianId;
    const ownCustomer =
      unit.customerId !== null &&
      (await isTechniciansCustomer(db, scope.technicianId, unit.customerId));
    if (!holds && !ownCustomer) throw notFound(M.productNotFound);
  }
  return unit;
}

export function statusOf(
  unit: UnitRow,
  record: RecordRow | undefined,
  now = new Date(),
): WarrantyStatus {
  const state = warrantyState(unit.installedAt, unit.warranty, now);
  return {
    serialNumber: unit.serialNumber,
    productName: unit.productName,
    itemId: unit.itemCode,
    _id: unit.itemUuid,
    price: toRupees(unit.salePricePaise),
    installationDate: unit.installedAt?.toISOString() ?? null,
    warranty: unit.warranty,
    technicianName: fullName(unit.installerFirstName, unit.installerLastName),
    customerName: unit.location === 'customer' ? unit.customerName : null,
    customerPhone: unit.location === 'customer' ? unit.customerPhone : null,
    workOrderId: unit.location === 'customer' ? unit.orderId : null,
    branchName: unit.branchName,
    location: unit.location,
    underWarranty: state.underWarranty,
    expiryDate: state.expiryDate?.toISOString() ?? null,
    daysLeft: state.daysLeft,
    warrantyDays: state.warrantyDays,
    replacementId: record?.id ?? null,
    replacementStatus: record?.status ?? null,
  };
}

export function toReplacement(row: RecordRow, issues: IssueRow[]): Replacement {
  const own = issues.filter((i) => i.replacementId === row.id);
  const replacements = own.flatMap((i) =>
    i.replacementSerialNumber ? [i.replacementSerialNumber] : [],
  );
  return {
    _id: row.id,
    serialNumber: row.serialNumber,
    productName: row.productName,
    itemId: row.itemCode,
    customerName: row.customerName,
    customerPhone: row.customerPhone,
    workOrderId: row.orderId,
    customerId: row.customerId,
    branchId: row.branchId,
    branchName: row.branchName,
    registeredAt: row.registeredAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    status: row.status,
    replacementSerialNumber: row.replacementSerialNumber,
    currentSerialNumber: row.replacementSerialNumber ?? row.serialNumber,
    chain: [row.serialNumber, ...replacements],
    complaint:
      row.complaintOrderId && row.complaintStatus
        ? { orderId: row.complaintOrderId, status: row.complaintStatus }
        : null,
    issues: own.map((i) => ({
      _id: i.id,
      reportedAt: i.reportedAt.toISOString(),
      issueDescription: i.issueDescription,
      issueCheckedBy: i.issueCheckedBy,
      faultySerialNumber: i.faultySerialNumber,
      replacementSerialNumber: i.replacementSerialNumber,
      replacedAt: i.replacedAt?.toISOString() ?? null,
      reportedBy: fullName(i.reporterFirstName, i.reporterLastName),
      replacedBy: fullName(i.replacerFirstName, i.replacerLastName),
    })),
  };
}

async function replacementsOf(db: Database | Tx, rows: RecordRow[]) {
  const issues = await issuesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toReplacement(row, issues));
}

async function replacementById(db: Database | Tx, id: string): Promise<Replacement> {
  const row = await findRecordById(db, id);
  if (!row) throw notFound(M.replacementNotFound);
  const [answer] = await replacementsOf(db, [row]);
  if (!answer) throw notFound(M.replacementNotFound);
  return answer;
}

/* -------------------------------------------------------------- reads */

/** GET /api/check-warranty-status/{serial} */
export async function checkWarrantyStatus(db: Database, scope: Scope, serial: string) {
  const unit = await visibleUnit(db, scope, serial);
  const [record] = await findRecordsHolding(db, unit.serialNumber);
  return statusOf(unit, record);
}

/** GET /api/get-replacements */
export async function listReplacements(
  db: Database,
  scope: Scope,
  filter: Omit<RecordFilter, 'branchId'>,
): Promise<{ items: Replacement[]; total: number }> {
  if (scope.kind === 'own') throw forbidden('You do not have permission to do this');
  const { rows, total } = await listRecords(db, { ...filter, branchId: scope.branchId });
  return { items: await replacementsOf(db, rows), total };
}

/** GET /api/get-replacements/{serial}: the records whose chain holds the serial. */
export async function replacementsOfSerial(db: Database, scope: Scope, serial: string) {
  const rows = await findRecordsHolding(db, serial.trim());
  return replacementsOf(
    db,
    rows.filter((r) => inScope(scope, r.branchId)),
  );
}

/** GET /api/replaced-serial-number/{serial}: the record in which this serial replaced a unit. */
export async function replacementBySerial(db: Database, scope: Scope, serial: string) {
  const row = await findRecordReplacedBy(db, serial.trim());
  if (!row || !inScope(scope, row.branchId)) throw notFound(M.replacementNotFound);
  const [answer] = await replacementsOf(db, [row]);
  if (!answer) throw notFound(M.replacementNotFound);
  return answer;
}

/** GET /api/get-installed-units?customerId= */
export async function installedUnits(
  db: Database,
  scope: Scope,
  customerId: string,
): Promise<InstalledUnit[]> {
  // Issue 33 item 8: an unknown customer, another branch's or (for a technician) one of no
  // order of theirs answers 404 as the customer's own read does, never an empty list.
  if (!isUuid(customerId)) throw notFound(CONTACT_MESSAGES.customerNotFound);
  const customer = await customerBranch(db, customerId);
  if (!customer) throw notFound(CONTACT_MESSAGES.customerNotFound);
  const visible =
    scope.kind === 'own'
      ? await isTechniciansCustomer(db, scope.technicianId, customerId)
      : inScope(scope, customer.branchId);
  if (!visible) throw notFound(CONTACT_MESSAGES.customerNotFound);
  const serials = await unitsAtCustomer(db, customerId);
  const answers: InstalledUnit[] = [];
  for (const { serialNumber } of serials) {
    const unit = await findUnit(db, serialNumber);
    if (!unit) continue;
    const [record] = await findRecordsHolding(db, serialNumber);
    const status = statusOf(unit, record);
    answers.push({
      serialNumber,
      productName: unit.productName,
      installationDate: status.installationDate,
      workOrderId: unit.orderId ?? '',
      warranty: unit.warranty,
      underWarranty: status.underWarranty,
      expiryDate: status.expiryDate,
      daysLeft: status.daysLeft,
      replacementStatus: record?.status ?? null,
    });
  }
  return answers;
}

/**
 * The units an order installed, with their warranty, for its customer's job-status page
 * (issue 21). Unscoped by design: the caller holds the order's status-link token.
 */
export async function unitsForStatusPage(
  db: Database,
  workOrderId: string,
): Promise<JobStatusUnit[]> {
  const units: JobStatusUnit[] = [];
  for (const { serialNumber } of await unitsInstalledByOrder(db, workOrderId)) {
    const unit = await findUnit(db, serialNumber);
    if (!unit) continue;
    const [record] = await findRecordsHolding(db, serialNumber);
    const status = statusOf(unit, record);
    units.push({
      productName: unit.productName,
      serialNumber,
      installationDate: status.installationDate,
      expiryDate: status.expiryDate,
      underWarranty: status.underWarranty,
    });
  }
  return units;
}

/* ------------------------------------------------------------- changes */

/** A unit at a customer of the manager's branch, still under warranty: or a clear refusal. */
function assertClaimable(unit: UnitRow, branchId: string) {
  if (unit.location !== 'customer' || unit.orderBranchId !== branchId) {
    throw conflict(M.notAtCustomer);
  }
  const state = warrantyState(unit.installedAt, unit.warranty);
  if (state.warrantyDays === null) throw conflict(M.noWarranty);
  if (!state.underWarranty) throw conflict(M.expired(formatDate(state.expiryDate)));
}

async function addIssue(
  tx: Tx,
  actor: Actor,
  record: { id: string; workOrderUuid: string },
  serialNumber: string,
  input: { issueDescription: string; issueCheckedBy: string },
) {
  await tx.insert(warrantyIssues).values({
    replacementId: record.id,
    faultySerialNumber: serialNumber,
    issueDescription: input.issueDescription,
    issueCheckedBy: input.issueCheckedBy,
    reportedBy: actor.id,
  });
  await appendHistory(tx, {
    workOrderId: record.workOrderUuid,
    status: 'remark',
    remark: `Warranty issue registered on ${serialNumber}: ${input.issueDescription}`,
    updatedBy: actor.id,
  });
  await touchWorkOrder(tx, record.workOrderUuid);
  await recordAudit(tx, {
    actorId: actor.id,
    action: 'warranty.issue',
    entityType: 'warranty_replacement',
    entityId: record.id,
    summary: `Warranty issue on ${serialNumber}`,
    changes: { issueDescription: input.issueDescription, issueCheckedBy: input.issueCheckedBy },
  });
}

/**
 * The complaint a registration answers (issue 39 item 17): a Repair order about this unit's
 * installation in the manager's branch, not yet completed. Anything else is refused.
 */
async function complaintToLink(
  tx: Tx,
  reference: string | null | undefined,
  unit: UnitRow,
  branchId: string,
): Promise<string | null> {
  const wanted = reference?.trim();
  if (!wanted) return null;
  if (!unit.workOrderUuid || !unit.projectId) throw notFound(M.complaintNotFound);
  const complaint = await findComplaintOfInstallation(
    tx,
    wanted,
    unit.workOrderUuid,
    unit.projectId,
  );
  if (!complaint || complaint.branchId !== branchId) throw notFound(M.complaintNotFound);
  if (complaint.status === 'completed' || complaint.status === 'transferred')
    throw badRequest(M.complaintClosed(complaint.orderId, complaint.status));
  return complaint.id;
}

/** Sets a locked record's status from one of the expected ones; answers whether it did. */
async function setStatus(
  tx: Tx,
  id: string,
  from: ReplacementStatus[],
  to: ReplacementStatus,
  extra: Partial<typeof warrantyReplacements.$inferInsert> = {},
) {
  const rows = await tx
    .update(warrantyReplacements)
    .set({ status: to, updatedAt: sql`now()`, ...extra })
    .where(
      and(
        eq(warrantyReplacements.id, id),
        sql`${warrantyReplacements.status} in (${sql.join(
          from.map((s) => sql`${s}`),
          sql`, `,
        )})`,
      ),
    )
    .returning({ id: warrantyReplacements.id });
  return rows.length === 1;
}

/** The refusal for a record not in the status an action needs. */
const wrongStatus = (status: ReplacementStatus) =>
  conflict(status === 'replaced' ? M.alreadyReplaced : M.claimOpen);

/**
 * POST /api/register-replacement. A serial whose unit already has a record (it is a
 * replacement, or was claimed before) adds its issue to that record, so one chain follows
 * the unit at the customer; a record still open refuses a second claim.
 */
export async function registerReplacement(
  db: Database,
  actor: Actor,
  scope: Scope,
  input: RegisterReplacementInput,
): Promise<Replacement> {
  if (scope.kind !== 'branch') throw forbidden('You do not have permission to do this');
  const serialNumber = input.serialNumber.trim();
  try {
    const id = await db.transaction(async (tx) => {
      const unit = await findUnit(tx, serialNumber);
      if (!unit) throw notFound(M.productNotFound);
      assertClaimable(unit, scope.branchId);
      if (!unit.workOrderUuid || !unit.customerId) throw conflict(M.notAtCustomer);
      const order = input.workOrderId?.trim();
      if (order && order !== unit.orderId && order !== unit.workOrderUuid)
        throw badRequest(M.workOrderMismatch);

      const complaintOrderId = await complaintToLink(
        tx,
        input.complaintOrderId,
        unit,
        scope.branchId,
      );

      const existing = await findRecordOfCurrentUnit(tx, serialNumber);
      if (existing) {
        const locked = await lockRecord(tx, existing.id);
        if (locked?.status !== 'replaced') throw conflict(M.claimOpen);
        await setStatus(tx, existing.id, ['replaced'], 'pending', { complaintOrderId });
        await addIssue(tx, actor, existing, serialNumber, input);
        return existing.id;
      }
      const [created] = await tx
        .insert(warrantyReplacements)
        .values({
          serialNumber,
          itemId: unit.itemUuid,
          branchId: scope.branchId,
          workOrderId: unit.workOrderUuid,
          customerId: unit.customerId,
          customerName: input.customerName?.trim() || unit.customerName || '',
          customerPhone: input.customerPhone?.trim() || unit.customerPhone || '',
          registeredBy: actor.id,
          complaintOrderId,
        })
        .returning({ id: warrantyReplacements.id });
      if (!created) throw new Error('replacement not created');
      await addIssue(
        tx,
        actor,
        { id: created.id, workOrderUuid: unit.workOrderUuid },
        serialNumber,
        input,
      );
      return created.id;
    });
    return replacementById(db, id);
  } catch (error) {
    // Two registrations of one serial at once: the unique serial lets one through.
    if (isUniqueViolation(error)) throw conflict(M.claimOpen);
    throw error;
  }
}

/** A record the scope may change (a manager's branch; a technician's own customer). */
async function changeableRecord(tx: Tx, scope: Scope, id: string) {
  const record = await findRecordById(tx, id);
  if (!record) throw notFound(M.replacementNotFound);
  if (scope.kind === 'branch' && record.branchId !== scope.branchId)
    throw notFound(M.replacementNotFound);
  if (scope.kind === 'own') {
    if (!(await isTechniciansCustomer(tx, scope.technicianId, record.customerId)))
      throw notFound(M.replacementNotFound);
  }
  if (scope.kind === 'all') throw forbidden('You do not have permission to do this');
  return record;
}

/** POST /api/warranty-claim: a new issue on a replaced unit still under warranty. */
export async function warrantyClaim(
  db: Database,
  actor: Actor,
  scope: Scope,
  input: WarrantyClaimInput,
): Promise<Replacement> {
  if (scope.kind !== 'branch') throw forbidden('You do not have permission to do this');
  await db.transaction(async (tx) => {
    const record = await changeableRecord(tx, scope, input.replacementId);
    const locked = await lockRecord(tx, record.id);
    if (locked?.status !== 'replaced') throw conflict(M.claimOpen);
    const current = record.replacementSerialNumber ?? record.serialNumber;
    const unit = await findUnit(tx, current);
    if (!unit) throw conflict(M.notAtCustomer);
    assertClaimable(unit, scope.branchId);
    await setStatus(tx, record.id, ['replaced'], 'pending');
    await addIssue(tx, actor, record, current, input);
  });
  return replacementById(db, input.replacementId);
}

/** POST /api/approve-replacement: the manager accepts the claim before the swap. */
export async function approveReplacement(
  db: Database,
  actor: Actor,
  scope: Scope,
  replacementId: string,
): Promise<Replacement> {
  if (scope.kind !== 'branch') throw forbidden('You do not have permission to do this');
  await db.transaction(async (tx) => {
    const record = await changeableRecord(tx, scope, replacementId);
    const locked = await lockRecord(tx, record.id);
    if (!locked) throw notFound(M.replacementNotFound);
    if (locked.status !== 'pending')
      throw conflict(locked.status === 'approved' ? M.alreadyApproved : M.alreadyReplaced);
    await setStatus(tx, record.id, ['pending'], 'approved');
    await appendHistory(tx, {
      workOrderId: record.workOrderUuid,
      status: 'remark',
      remark: `Warranty replacement approved for ${record.replacementSerialNumber ?? record.serialNumber}`,
      updatedBy: actor.id,
    });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'warranty.approve',
      entityType: 'warranty_replacement',
      entityId: record.id,
      summary: `Approved the warranty replacement of ${record.serialNumber}`,
    });
  });
  return replacementById(db, replacementId);
}

/**
 * POST /api/complete-replacement. The record's row lock queues completions of one record
 * (the later ones find it replaced); the ledger's conditional moves let one new serial go to
 * one customer only. Stock moves once.
 */
export async function completeReplacement(
  db: Database,
  actor: Actor,
  scope: Scope,
  input: CompleteReplacementInput,
): Promise<Replacement> {
  if (scope.kind === 'all') throw forbidden('You do not have permission to do this');
  const newSerial = input.newSerialNumber.trim();
  try {
    await db.transaction(async (tx) => {
      const record = await changeableRecord(tx, scope, input.replacementId);
      const locked = await lockRecord(tx, record.id);
      if (!locked) throw notFound(M.replacementNotFound);
      if (locked.status === 'replaced') throw wrongStatus(locked.status);
      const faulty = record.replacementSerialNumber ?? record.serialNumber;
      if (newSerial === faulty) throw badRequest(M.sameSerial);

      const [oldUnit, newUnit] = await Promise.all([findUnit(tx, faulty), findUnit(tx, newSerial)]);
      if (oldUnit?.location !== 'customer' || !oldUnit.customerId) throw conflict(M.notAtCustomer);
      if (!newUnit) throw conflict(M.newSerialNotInStock);
      if (newUnit.itemUuid !== record.itemId) throw badRequest(M.wrongProduct(record.productName));

      const from =
        scope.kind === 'own'
          ? { location: 'technician' as const, technicianId: scope.technicianId }
          : { location: 'branch' as const, branchId: scope.branchId };
      const remark = M.historyRemark(faulty, newSerial);
      const customer = { workOrderId: record.workOrderUuid, customerId: record.customerId };
      const takenBack = await moveStock(tx, {
        itemId: record.itemId,
        serialNumber: faulty,
        quantity: 1,
        from: { location: 'customer', ...customer },
        to: { location: 'faulty', branchId: record.branchId },
        branchId: record.branchId,
        actorId: actor.id,
        remark,
      });
      if (!takenBack.ok) throw conflict(M.notAtCustomer);
      const fitted = await moveStock(tx, {
        itemId: record.itemId,
        serialNumber: newSerial,
        quantity: 1,
        from,
        to: {
          location: 'customer',
          ...customer,
          // A swap never extends the warranty: the new unit keeps the first one's start.
          installedAt: oldUnit.installedAt ?? new Date(),
          installedBy: scope.kind === 'own' ? actor.id : oldUnit.installedBy,
        },
        branchId: record.branchId,
        actorId: actor.id,
        remark,
      });
      if (!fitted.ok) throw conflict(M.newSerialNotInStock);

      await tx
        .update(warrantyIssues)
        .set({ replacementSerialNumber: newSerial, replacedAt: sql`now()`, replacedBy: actor.id })
        .where(
          and(
            eq(warrantyIssues.replacementId, record.id),
            isNull(warrantyIssues.replacementSerialNumber),
          ),
        );
      if (
        !(await setStatus(tx, record.id, ['pending', 'approved'], 'replaced', {
          replacementSerialNumber: newSerial,
        }))
      )
        throw wrongStatus('replaced');
      await appendHistory(tx, {
        workOrderId: record.workOrderUuid,
        status: 'remark',
        remark,
        updatedBy: actor.id,
      });
      await touchWorkOrder(tx, record.workOrderUuid);
      // Issue 39 item 17: the complaint that reported the fault closes with the swap when
      // the manager asks and no technician has started it; otherwise it stays as it is.
      if (input.closeComplaint && record.complaintOrderUuid) {
        await closeComplaintOrder(tx, {
          workOrderId: record.complaintOrderUuid,
          actorId: actor.id,
          remark: M.complaintClosedRemark(faulty, newSerial),
        });
      }
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'warranty.replace',
        entityType: 'warranty_replacement',
        entityId: record.id,
        summary: remark,
        changes: { faultySerialNumber: faulty, replacementSerialNumber: newSerial },
      });
    });
  } catch (error) {
    // One new serial claimed for two replacements at once: the unique index lets one through.
    if (isUniqueViolation(error)) throw conflict(M.newSerialNotInStock);
    throw error;
  }
  return replacementById(db, input.replacementId);
}
