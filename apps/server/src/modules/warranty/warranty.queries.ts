import { isUuid } from '@karya/domain/user-schemas';
import type { ReplacementStatus } from '@karya/domain/warranty-schemas';
import { and, asc, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '../../db/client';
import {
  branches,
  customers,
  inventoryItems,
  serialUnits,
  stockMovements,
  users,
  warrantyIssues,
  warrantyReplacements,
  workOrders,
} from '../../db/schema';
import { likeEscape } from '../../db/sql-text';

type Db = Database | Tx;

const installer = alias(users, 'installer');
const holder = alias(users, 'holder');
const unitBranch = alias(branches, 'unit_branch');

/**
 * A serial unit with its product, where it is, and — at a customer — the work order,
 * customer, branch and fitter of its installation: one query.
 */
export async function findUnit(db: Db, serialNumber: string) {
  const [row] = await db
    .select({
      serialNumber: serialUnits.serialNumber,
      location: serialUnits.location,
      branchId: serialUnits.branchId,
      technicianId: serialUnits.technicianId,
      workOrderUuid: serialUnits.workOrderId,
      customerId: serialUnits.customerId,
      installedAt: serialUnits.installedAt,
      installedBy: serialUnits.installedBy,
      itemUuid: inventoryItems.id,
      itemCode: inventoryItems.code,
      productName: inventoryItems.name,
      warranty: inventoryItems.warranty,
      salePricePaise: inventoryItems.salePricePaise,
      orderId: workOrders.orderId,
      orderBranchId: workOrders.branchId,
      projectId: workOrders.projectId,
      customerName: customers.name,
      customerPhone: customers.phoneNumber,
      installerFirstName: installer.firstName,
      installerLastName: installer.lastName,
      holderFirstName: holder.firstName,
      holderLastName: holder.lastName,
      holderBranchId: holder.branchId,
      branchName: unitBranch.name,
    })
    .from(serialUnits)
    .innerJoin(inventoryItems, eq(inventoryItems.id, serialUnits.itemId))
    .leftJoin(workOrders, eq(workOrders.id, serialUnits.workOrderId))
    .leftJoin(customers, eq(customers.id, serialUnits.customerId))
    .leftJoin(installer, eq(installer.id, serialUnits.installedBy))
    .leftJoin(holder, eq(holder.id, serialUnits.technicianId))
    .leftJoin(
      unitBranch,
      eq(
        unitBranch.id,
        sql`coalesce(${workOrders.branchId}, ${serialUnits.branchId}, ${holder.branchId})`,
      ),
    )
    .where(eq(serialUnits.serialNumber, serialNumber));
  return row;
}
export type UnitRow = NonNullable<Awaited<ReturnType<typeof findUnit>>>;

/** The branch a unit belongs to now: its order's, its shelf's, or its holder's. */
export const branchOfUnit = (unit: UnitRow) =>
  unit.orderBranchId ?? unit.branchId ?? unit.holderBranchId;

/** Whether the technician works (or worked) an order of this customer. */
export async function isTechniciansCustomer(db: Db, technicianId: string, customerId: string) {
  const [row] = await db
    .select({ id: workOrders.id })
    .from(workOrders)
    .where(
      and(
        eq(workOrders.customerId, customerId),
        or(
          eq(workOrders.technicianId, technicianId),
          eq(workOrders.originalTechnicianId, technicianId),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/* ------------------------------------------------------------ records */

const orderOfRecord = alias(workOrders, 'record_order');
const complaintOfRecord = alias(workOrders, 'record_complaint');

function selectRecords(db: Db) {
  return db
    .select({
      id: warrantyReplacements.id,
      serialNumber: warrantyReplacements.serialNumber,
      replacementSerialNumber: warrantyReplacements.replacementSerialNumber,
      itemId: warrantyReplacements.itemId,
      itemCode: inventoryItems.code,
      productName: inventoryItems.name,
      warranty: inventoryItems.warranty,
      branchId: warrantyReplacements.branchId,
      branchName: branches.name,
      workOrderUuid: warrantyReplacements.workOrderId,
      orderId: orderOfRecord.orderId,
      projectId: orderOfRecord.projectId,
      customerId: warrantyReplacements.customerId,
      customerName: warrantyReplacements.customerName,
      customerPhone: warrantyReplacements.customerPhone,
      status: warrantyReplacements.status,
      registeredAt: warrantyReplacements.registeredAt,
      updatedAt: warrantyReplacements.updatedAt,
      complaintOrderUuid: warrantyReplacements.complaintOrderId,
      complaintOrderId: complaintOfRecord.orderId,
      complaintStatus: complaintOfRecord.status,
    })
    .from(warrantyReplacements)
    .innerJoin(inventoryItems, eq(inventoryItems.id, warrantyReplacements.itemId))
    .innerJoin(branches, eq(branches.id, warrantyReplacements.branchId))
    .innerJoin(orderOfRecord, eq(orderOfRecord.id, warrantyReplacements.workOrderId))
    .leftJoin(complaintOfRecord, eq(complaintOfRecord.id, warrantyReplacements.complaintOrderId));
}
export type RecordRow = Awaited<ReturnType<typeof selectRecords>>[number];

/** The record whose chain holds this serial: its first unit or any replacement. */
const chainHolds = (serialNumber: string): SQL =>
  or(
    eq(warrantyReplacements.serialNumber, serialNumber),
    inArray(
      warrantyReplacements.id,
      sql`(select ${warrantyIssues.replacementId} from ${warrantyIssues} where ${warrantyIssues.replacementSerialNumber} = ${serialNumber})`,
    ),
  ) as SQL;

export async function findRecordById(db: Db, id: string) {
  const [row] = await selectRecords(db).where(eq(warrantyReplacements.id, id));
  return row;
}

export async function findRecordsHolding(db: Db, serialNumber: string) {
  return selectRecords(db)
    .where(chainHolds(serialNumber))
    .orderBy(desc(warrantyReplacements.registeredAt));
}

/** The record in which this serial replaced another unit. */
export async function findRecordReplacedBy(db: Db, serialNumber: string) {
  const [row] = await selectRecords(db).where(
    inArray(
      warrantyReplacements.id,
      sql`(select ${warrantyIssues.replacementId} from ${warrantyIssues} where ${warrantyIssues.replacementSerialNumber} = ${serialNumber})`,
    ),
  );
  return row;
}

/** The record whose unit at the customer now is this serial (its current unit). */
export async function findRecordOfCurrentUnit(db: Db, serialNumber: string) {
  const [row] = await selectRecords(db).where(
    or(
      and(
        eq(warrantyReplacements.serialNumber, serialNumber),
        isNull(warrantyReplacements.replacementSerialNumber),
      ),
      eq(warrantyReplacements.replacementSerialNumber, serialNumber),
    ),
  );
  return row;
}

/** Locks a record: completions, claims and approvals of one record queue here. */
export async function lockRecord(tx: Tx, id: string) {
  const [row] = await tx
    .select({ id: warrantyReplacements.id, status: warrantyReplacements.status })
    .from(warrantyReplacements)
    .where(eq(warrantyReplacements.id, id))
    .for('update');
  return row;
}

export interface RecordFilter {
  branchId?: string;
  status?: ReplacementStatus;
  search?: string;
  limit: number;
  offset: number;
}

export async function listRecords(db: Db, filter: RecordFilter) {
  const where: (SQL | undefined)[] = [
    filter.branchId ? eq(warrantyReplacements.branchId, filter.branchId) : undefined,
    filter.status ? eq(warrantyReplacements.status, filter.status) : undefined,
  ];
  if (filter.search) {
    const like = `%${likeEscape(filter.search)}%`;
    where.push(
      or(
        ilike(warrantyReplacements.serialNumber, like),
        ilike(warrantyReplacements.customerName, like),
        ilike(warrantyReplacements.customerPhone, like),
        ilike(orderOfRecord.orderId, like),
        ilike(inventoryItems.name, like),
        inArray(
          warrantyReplacements.id,
          sql`(select ${warrantyIssues.replacementId} from ${warrantyIssues} where ${warrantyIssues.replacementSerialNumber} ilike ${like})`,
        ),
      ),
    );
  }
  const condition = and(...where);
  const [rows, [count]] = await Promise.all([
    selectRecords(db)
      .where(condition)
      .orderBy(desc(warrantyReplacements.registeredAt), desc(warrantyReplacements.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(warrantyReplacements)
      .innerJoin(inventoryItems, eq(inventoryItems.id, warrantyReplacements.itemId))
      .innerJoin(orderOfRecord, eq(orderOfRecord.id, warrantyReplacements.workOrderId))
      .where(condition),
  ]);
  return { rows, total: count?.total ?? 0 };
}

const reporter = alias(users, 'reporter');
const replacer = alias(users, 'replacer');

export async function issuesOf(db: Db, recordIds: string[]) {
  if (recordIds.length === 0) return [];
  return db
    .select({
      id: warrantyIssues.id,
      replacementId: warrantyIssues.replacementId,
      faultySerialNumber: warrantyIssues.faultySerialNumber,
      issueDescription: warrantyIssues.issueDescription,
      issueCheckedBy: warrantyIssues.issueCheckedBy,
      reportedAt: warrantyIssues.reportedAt,
      replacementSerialNumber: warrantyIssues.replacementSerialNumber,
      replacedAt: warrantyIssues.replacedAt,
      reporterFirstName: reporter.firstName,
      reporterLastName: reporter.lastName,
      replacerFirstName: replacer.firstName,
      replacerLastName: replacer.lastName,
    })
    .from(warrantyIssues)
    .leftJoin(reporter, eq(reporter.id, warrantyIssues.reportedBy))
    .leftJoin(replacer, eq(replacer.id, warrantyIssues.replacedBy))
    .where(inArray(warrantyIssues.replacementId, recordIds))
    .orderBy(asc(warrantyIssues.reportedAt), asc(warrantyIssues.id));
}
export type IssueRow = Awaited<ReturnType<typeof issuesOf>>[number];

/* ----------------------------------------------------- the unit's life */

const fromUser = alias(users, 'from_user');
const toUser = alias(users, 'to_user');
const byUser = alias(users, 'by_user');
const fromBranch = alias(branches, 'from_branch');
const toBranch = alias(branches, 'to_branch');

/** Every ledger movement of a serial, oldest first, with the names of both sides. */
export function movementsOfSerial(db: Db, serialNumber: string) {
  return db
    .select({
      at: stockMovements.createdAt,
      movedOn: stockMovements.movedOn,
      fromLocation: stockMovements.fromLocation,
      toLocation: stockMovements.toLocation,
      remark: stockMovements.remark,
      fromBranch: fromBranch.name,
      toBranch: toBranch.name,
      fromFirstName: fromUser.firstName,
      fromLastName: fromUser.lastName,
      toFirstName: toUser.firstName,
      toLastName: toUser.lastName,
      byFirstName: byUser.firstName,
      byLastName: byUser.lastName,
      customerName: customers.name,
      orderId: workOrders.orderId,
      billId: stockMovements.billId,
    })
    .from(stockMovements)
    .leftJoin(fromBranch, eq(fromBranch.id, stockMovements.fromBranchId))
    .leftJoin(toBranch, eq(toBranch.id, stockMovements.toBranchId))
    .leftJoin(fromUser, eq(fromUser.id, stockMovements.fromTechnicianId))
    .leftJoin(toUser, eq(toUser.id, stockMovements.toTechnicianId))
    .leftJoin(byUser, eq(byUser.id, stockMovements.actorId))
    .leftJoin(customers, eq(customers.id, stockMovements.customerId))
    .leftJoin(workOrders, eq(workOrders.id, stockMovements.workOrderId))
    .where(eq(stockMovements.serialNumber, serialNumber))
    .orderBy(asc(stockMovements.createdAt), asc(stockMovements.id));
}

const complaintTechnician = alias(users, 'complaint_technician');

/** Complaint (Repair) orders about the project a unit was installed on. */
export function complaintsOfProject(db: Db, installationOrderId: string, projectId: string) {
  return db
    .select({
      orderId: workOrders.orderId,
      status: workOrders.status,
      projectType: workOrders.projectType,
      createdAt: workOrders.createdAt,
      technicianFirstName: complaintTechnician.firstName,
      technicianLastName: complaintTechnician.lastName,
    })
    .from(workOrders)
    .leftJoin(complaintTechnician, eq(complaintTechnician.id, workOrders.technicianId))
    .where(
      and(
        eq(workOrders.projectCategory, 'Repair'),
        or(
          eq(workOrders.existingProjectId, installationOrderId),
          eq(workOrders.projectId, projectId),
        ),
      ),
    )
    .orderBy(desc(workOrders.createdAt));
}

/**
 * A complaint (Repair) order about the installation a unit came from (its order or project),
 * by its readable id or _id (issue 39 item 17).
 */
export async function findComplaintOfInstallation(
  db: Db,
  reference: string,
  installationOrderId: string,
  projectId: string,
) {
  const [row] = await db
    .select({
      id: workOrders.id,
      orderId: workOrders.orderId,
      status: workOrders.status,
      branchId: workOrders.branchId,
    })
    .from(workOrders)
    .where(
      and(
        isUuid(reference)
          ? or(eq(workOrders.id, reference), eq(workOrders.orderId, reference))
          : eq(workOrders.orderId, reference),
        eq(workOrders.projectCategory, 'Repair'),
        or(
          eq(workOrders.existingProjectId, installationOrderId),
          eq(workOrders.projectId, projectId),
        ),
      ),
    )
    .limit(1);
  return row;
}

/** The units at a customer's site. */
export function unitsAtCustomer(db: Db, customerId: string) {
  return db
    .select({ serialNumber: serialUnits.serialNumber })
    .from(serialUnits)
    .where(and(eq(serialUnits.customerId, customerId), eq(serialUnits.location, 'customer')))
    .orderBy(asc(serialUnits.installedAt), asc(serialUnits.serialNumber));
}

/** The units an order installed that are still at its customer, oldest first. */
export function unitsInstalledByOrder(db: Db, workOrderId: string) {
  return db
    .select({ serialNumber: serialUnits.serialNumber })
    .from(serialUnits)
    .where(and(eq(serialUnits.workOrderId, workOrderId), eq(serialUnits.location, 'customer')))
    .orderBy(asc(serialUnits.installedAt), asc(serialUnits.serialNumber));
}

export async function customerBranch(db: Db, customerId: string) {
  const [row] = await db
    .select({ branchId: customers.branchId })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row;
}
